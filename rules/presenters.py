"""The rules pages' data: engine results turned into what a page shows.

Value tables, a typed grid checked slot by slot, worked examples and cases, and the
figures the reading pages quote. Plain functions of rules and text: the views in
``views.py`` read the request, call these and render a template."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from golfsite.lists import in_words
from golfsite.numbers import points
from golfsite.wording import sentence
from scoring.engine import (
    JOKER_OPTIONS,
    VARIANTS,
    Card,
    CardError,
    Grid,
    GridError,
    GridScore,
    HoleScore,
    HouseRule,
    Problem,
    Rank,
    RuleSet,
    Suit,
    TableError,
    apply_hole_rules,
    check_grid,
    check_table,
    score_grid,
    score_hole,
)
from scoring.engine.deal import deal_grid, shoe
from scoring.engine.grid import EMPTY_SLOT, empty_slots_message
from scoring.engine.rules import (
    COPIES_PER_RANK,
    DECK_RANKS,
    END_OF_HOLE_INFO,
    FLIP_ON_DISCARD_INFO,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAY_RULE_INFO,
    ZSA_CARDS_SOLD,
    DeckKind,
)
from scoring.engine.slots import grid_cells

from .content.examples import Example
from .content.house_rules import HOUSE_RULE_TEXT, JOKER_TEXT, PLAY_RULE_TEXT, Case, RuleText
from .content.variants import VariantText
from .forms import MAX_SEED, query_string, rules_from_dict, rules_query_items

# -- numbers the words quote -----------------------------------------------------------


def _signed(value: int) -> str:
    """``+10``, ``−5``, ``0``: points a rule adds or takes off."""
    return f"+{value}" if value > 0 else points(value)


def _finisher_change(rules: RuleSet, lowest: bool) -> int:
    """What the rules add to the score of a player who went out, with the lowest score
    of a two-player hole or without it (the engine scores a sample hole)."""
    totals = [10, 20] if lowest else [20, 10]
    return apply_hole_rules(totals, rules, went_out=0).scores[0] - totals[0]


def second_deck_from(rules: RuleSet | None = None) -> int:
    """The fewest players the engine deals two decks for, under the usual rules."""
    rules = rules or RuleSet()
    return next(n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if rules.deck_count(n) > 1)


def text_facts() -> dict[str, str]:
    """The numbers the rule pages' sentences quote (``{knock_penalty}`` in a content
    text), each worked out by the engine, written as the pages write numbers."""
    penalty = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY}))
    bonus = RuleSet(house_rules=frozenset({HouseRule.KNOCK_BONUS}))
    both = RuleSet(house_rules=penalty.house_rules | bonus.house_rules)
    zsa = RuleSet(deck=DeckKind.ZSA)
    dealt = zsa.shoe_size()
    return {
        "knock_penalty": _signed(_finisher_change(penalty, lowest=False)),
        "knock_bonus": _signed(_finisher_change(bonus, lowest=True)),
        "knocks_not_lowest": _signed(_finisher_change(both, lowest=False)),
        "knocks_lowest": _signed(_finisher_change(both, lowest=True)),
        "second_deck_from": str(second_deck_from()),
        "zsa_cards": str(dealt),
        "zsa_ranks": str(len(DECK_RANKS[DeckKind.ZSA])),
        "zsa_copies": str(COPIES_PER_RANK[DeckKind.ZSA]),
        "zsa_sold": str(ZSA_CARDS_SOLD),
        "zsa_other": str(ZSA_CARDS_SOLD - dealt),
    }


def filled(text: str) -> str:
    """A content sentence with the engine's numbers in its ``{name}`` places."""
    return text.format(**text_facts()) if "{" in text else text


#: The grid the home page shows scored: the six-card example every guide starts from.
HOME_EXAMPLE = "8 5 7 / 8 3 9"
#: Anything typed that is more than empty slots and separators.
_TYPED = re.compile(r"[^\s,/?]")


def _score(text: str, rules: RuleSet) -> GridScore:
    return score_grid(check_grid(text, rules), rules)


def home_example(rules: RuleSet) -> dict[str, Any]:
    """The worked example grid scored under ``rules``, and its try-it link."""
    return {
        "example": _score(HOME_EXAMPLE, rules),
        "example_query": query_string(rules_query_items(rules) + [("grid", HOME_EXAMPLE)]),
    }


#: The same six cards with the twos in one column, then in two: why twos are kept apart.
TWOS_PAIRED = "2 3 4 / 2 5 6"
TWOS_APART = "2 2 4 / 3 5 6"


def twos_example(rules: RuleSet) -> dict[str, Any]:
    """The twos example: both grids scored, and what one two takes off its column."""
    paired, apart = check_grid(TWOS_PAIRED, rules), check_grid(TWOS_APART, rules)
    return {
        "twos_pair": score_grid(paired, rules),
        "twos_apart": score_grid(apart, rules),
        "twos_pair_grid": paired.notation(),
        "twos_apart_grid": apart.notation(),
        "two_takes_off": -rules.value(Card(Rank.TWO)),
    }


# -- card values ---------------------------------------------------------------------


@dataclass(frozen=True)
class ValueRow:
    """One line of a card-value table."""

    card: Card
    name: str
    value: int
    copies: int
    note: str = ""


def value_rows(rules: RuleSet) -> list[ValueRow]:
    """Every card the rules deal, with its value as the engine gives it."""
    plain = RuleSet(variant=rules.variant, deck=rules.deck, jokers=rules.jokers)
    standard = RuleSet(
        deck=rules.deck, jokers=rules.jokers if rules.deck is DeckKind.STANDARD else None
    )
    ranks = rules.ranks_in_play
    rows: list[ValueRow] = []
    for rank in ranks:
        value = rules.value(Card(rank))
        notes = []
        if rank in rules.variant_info.value_changes:
            notes.append(
                f"{rules.variant_info.name} value (six-card: {standard.value(Card(rank))})"
            )
        if value != plain.value(Card(rank)):
            changed = [
                rule.title
                for rule in rules.house_rules_in_order
                if RuleSet(
                    variant=rules.variant,
                    deck=rules.deck,
                    jokers=rules.jokers,
                    house_rules=frozenset({rule}),
                ).value(Card(rank))
                != plain.value(Card(rank))
            ]
            notes.append(f"{' and '.join(changed)} (otherwise {plain.value(Card(rank))})")
        if rank is Rank.JOKER:
            notes.append(rules.joker_option.name)
        elif rank not in rules.variant_info.value_changes:
            # A value the jokers change (twos at +2 under "Jokers −2, twos +2").
            jokerless = RuleSet(deck=rules.deck).value(Card(rank))
            if standard.value(Card(rank)) != jokerless:
                notes.append(f"{rules.joker_option.name} (otherwise {jokerless})")
        rows.append(
            ValueRow(Card(rank), _rank_name(rank), value, rules.rank_copies(rank), "; ".join(notes))
        )
    if rules.has(HouseRule.ONE_EYED_JACKS):
        for suit in (Suit.HEARTS, Suit.SPADES):
            card = Card(Rank.JACK, suit)
            rows.append(
                ValueRow(
                    card,
                    f"Jack of {suit.name.lower()}",
                    rules.value(card),
                    rules.rank_copies(Rank.JACK) // 4,
                    f"{HouseRule.ONE_EYED_JACKS.title}; still pairs with any jack",
                )
            )
    return rows


def _rank_name(rank: Rank) -> str:
    word = rank.singular
    return word[:1].upper() + word[1:]


# -- the try-it scorer ---------------------------------------------------------------


@dataclass
class Slot:
    """One place of the grid editor: what was typed, the card if it reads, and the
    numbered problems (listed under the grid) that concern it."""

    row: int
    column: int
    token: str
    card: Card | None
    messages: list[str] = field(default_factory=list)
    problem_numbers: list[int] = field(default_factory=list)
    problem_ids: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return self.token in ("", EMPTY_SLOT)

    @property
    def wrong(self) -> bool:
        return bool(self.problem_numbers)

    @property
    def error_id(self) -> str:
        """The id of the listed problem that is this slot's alone."""
        return f"slot-{self.row}-{self.column}-error"


@dataclass(frozen=True)
class ListedProblem:
    """One numbered line of the list under the grid."""

    number: int
    id: str
    message: str


@dataclass
class Checked:
    """A typed grid checked and, when it is possible, scored."""

    rows: list[list[Slot]]
    problems: list[ListedProblem]
    score: GridScore | None
    notation: str
    #: Slots still without a card, in a grid that has some cards.
    missing: list[Slot] = field(default_factory=list)
    #: Nothing typed but "?" and separators: the page shows empty slots and a hint.
    blank: bool = False

    @property
    def missing_text(self) -> str:
        """``"Card 2 of row 1 and card 3 of row 2 are still empty."``"""
        message = empty_slots_message([(slot.row, slot.column) for slot in self.missing])
        return sentence(message)


def check_typed_grid(text: str, rules: RuleSet) -> Checked:
    """Check ``text`` against ``rules`` slot by slot, and score it if it is possible.

    Problems are numbered in reading order of the first card they concern; a slot
    keeps the numbers of every problem it is part of. An empty slot is not a
    problem, only a card still to come: the grid is not scored until it has one."""
    cells = grid_cells(text, rules.layout, rules.ranks_in_play)
    rows = [
        [Slot(r, c, token, _card_or_none(token)) for c, token in enumerate(row, start=1)]
        for r, row in enumerate(cells, start=1)
    ]
    if not _TYPED.search(text):
        return Checked(rows, [], None, "", blank=True)
    empty = {(s.row, s.column) for row in rows for s in row if s.empty}
    problems: list[Problem] = []
    score = None
    notation = text
    try:
        grid = check_grid(text, rules)
    except (GridError, TableError) as exc:
        problems = list(exc.problems)
    else:
        score = score_grid(grid, rules)
        notation = grid.notation()
    several: list[tuple[tuple[int, int], Problem, list[tuple[int, int]]]] = []
    for problem in problems:
        places = {(r, c) for _, r, c in problem.places}
        if not places and problem.row is not None and problem.column is not None:
            places = {(problem.row, problem.column)}
        places = {p for p in places if p[0] <= rules.layout.rows and p[1] <= rules.layout.columns}
        if places and places <= empty:
            continue  # an empty slot is drawn empty; the score waits for its card
        if len(places) == 1:
            (r, c) = places.pop()
            rows[r - 1][c - 1].messages.append(sentence(problem.message))
        else:
            several.append(
                (min(places, default=(rules.layout.rows + 1, 0)), problem, sorted(places))
            )
    # One numbered list: a slot's own problems, then those of several cards, each
    # placed at its first card.
    entries: list[tuple[tuple[int, int, int], str, str, list[tuple[int, int]]]] = []
    for row in rows:
        for slot in row:
            if slot.messages:
                key = (slot.row, slot.column, 0)
                entries.append(
                    (key, slot.error_id, " ".join(slot.messages), [(slot.row, slot.column)])
                )
    for (r, c), problem, cards in several:
        entries.append(((r, c, 1), "", sentence(problem.message), cards))
    entries.sort(key=lambda entry: entry[0])
    listed: list[ListedProblem] = []
    for number, (_, problem_id, message, marked) in enumerate(entries, start=1):
        problem_id = problem_id or f"grid-problem-{number}"
        listed.append(ListedProblem(number, problem_id, message))
        for r, c in marked:
            rows[r - 1][c - 1].problem_numbers.append(number)
            rows[r - 1][c - 1].problem_ids.append(problem_id)
    missing = [rows[r - 1][c - 1] for r, c in sorted(empty)]
    return Checked(rows, listed, score, notation, missing)


def _card_or_none(token: str) -> Card | None:
    if token in ("", EMPTY_SLOT):
        return None
    try:
        return Card.parse(token)
    except CardError:
        return None


def starter_grid(rules: RuleSet) -> str:
    """The dealt grid the try page offers when nothing is typed (the same each time)."""
    return deal_grid(rules, seed=0, pair_chance=0.5).notation()


def rank_keys(rules: RuleSet) -> list[Card]:
    """The ranks a learner can tap or pick: every rank the shoe holds."""
    return [Card(rank) for rank in rules.ranks_in_play]


# -- worked examples -----------------------------------------------------------------


@dataclass(frozen=True)
class ScoredExample:
    """A content example with the engine's score and a link into the scorer."""

    example: Example
    rules: RuleSet
    score: GridScore
    try_query: str


def scored_example(example: Example) -> ScoredExample:
    """Score a content example under its rules."""
    rules = rules_from_dict(example.rules)
    grid = check_grid(example.grid, rules)
    items = rules_query_items(rules) + [("grid", grid.notation())]
    return ScoredExample(example, rules, score_grid(grid, rules), query_string(items))


def variant_page(page: VariantText) -> VariantText:
    """A variant's page with the engine's numbers filled into its words."""
    return replace(
        page,
        paragraphs=tuple(map(filled, page.paragraphs)),
        points=tuple(map(filled, page.points)),
    )


def variant_example(page: VariantText) -> ScoredExample:
    """The sample grid of a variant's page, scored under that variant's rules."""
    rules = {"variant": page.variant, **page.rules}
    return scored_example(Example(page.slug, page.title, page.example, "", rules))


# -- house rules ---------------------------------------------------------------------


@dataclass(frozen=True)
class RuleInfo:
    """One option a table can agree on: what the engine says, and this site's words."""

    slug: str
    kind: str
    title: str
    summary: str
    text: RuleText
    scope: str = ""
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class CaseResult:
    """A worked case scored by the engine."""

    case: Case
    rules: RuleSet
    grid: GridScore | None
    hole: HoleScore | None
    try_query: str


def _filled_text(text: RuleText) -> RuleText:
    return replace(
        text,
        effect=filled(text.effect),
        example_note=filled(text.example_note),
        story=filled(text.story),
        no_example=filled(text.no_example),
    )


def all_rule_infos() -> list[RuleInfo]:
    """Every joker option, house rule and play rule, in the order pages list them;
    their words with the engine's numbers filled in."""
    return [replace(info, text=_filled_text(info.text)) for info in _rule_infos()]


def _rule_infos() -> list[RuleInfo]:
    infos = [
        RuleInfo(f"jokers-{slug}", "jokers", option.name, option.summary, JOKER_TEXT[slug])
        for slug, option in JOKER_OPTIONS.items()
        if slug in JOKER_TEXT
    ]
    infos += [
        RuleInfo(
            rule.slug, "house", rule.title, rule.summary, HOUSE_RULE_TEXT[rule.slug], rule.scope
        )
        for rule in HouseRule
    ]
    for key, (name, summary) in PLAY_RULE_INFO.items():
        choices: tuple[tuple[str, str], ...] = ()
        if key == "flip_on_discard":
            choices = tuple((n, s) for n, s in FLIP_ON_DISCARD_INFO.values())
        elif key == "end_of_hole":
            choices = tuple((n, s) for n, s in END_OF_HOLE_INFO.values())
        infos.append(
            RuleInfo(key.replace("_", "-"), "play", name, summary, PLAY_RULE_TEXT[key], "", choices)
        )
    return infos


def score_case(case: Case) -> CaseResult:
    """Score a worked case: one grid, or a whole table with the hole rules."""
    rules = rules_from_dict(case.rules)
    if len(case.grids) == 1:
        grid = check_grid(case.grids[0], rules)
        query = query_string(rules_query_items(rules) + [("grid", grid.notation())])
        return CaseResult(case, rules, score_grid(grid, rules), None, query)
    grids = check_table(case.grids, rules)
    return CaseResult(case, rules, None, score_hole(grids, rules, case.went_out), "")


SCOPE_TITLES = {
    "card": "Rules that change what a card is worth",
    "column": "Rules that change how a column scores",
    "grid": "Bonuses on a whole grid",
    "hole": "Rules that compare the players of a hole",
}


def house_rule_groups() -> list[tuple[str, list[RuleInfo]]]:
    """Every option under its heading: jokers, house rules by what they change, play rules."""
    infos = all_rule_infos()
    groups = [("Jokers", [i for i in infos if i.kind == "jokers"])]
    groups += [
        (title, [i for i in infos if i.kind == "house" and i.scope == scope])
        for scope, title in SCOPE_TITLES.items()
    ]
    groups.append(("Play rules", [i for i in infos if i.kind == "play"]))
    return groups


# -- practice ------------------------------------------------------------------------

#: How often a practice column is dealt already matched, so pairs turn up to score.
PRACTICE_PAIR_CHANCE = 0.35


def new_practice_seed() -> int:
    """A seed for a new practice deal: any the form accepts back."""
    return secrets.randbelow(MAX_SEED + 1)


def practice_grid(rules: RuleSet, seed: int) -> Grid:
    """The practice grid ``seed`` deals under ``rules`` (the same seed, the same grid)."""
    return deal_grid(rules, seed=seed, pair_chance=PRACTICE_PAIR_CHANCE)


# -- reading pages -------------------------------------------------------------------


def six_card_facts() -> dict[str, Any]:
    """Values and small scored grids the FAQ and strategy pages quote."""
    rules = RuleSet()
    cards = shoe(rules)
    return {
        "rules": rules,
        "average": round(sum(rules.value(card) for card in cards) / len(cards), 1),
        "value": {rank.name.lower(): rules.value(Card(rank)) for rank in DECK_RANKS[rules.deck]},
        **twos_example(rules),
        "queens_pair": _score("Q 4 6 / Q 3 A", rules),
        "kings_pair": _score("K 5 4 / K 3 7", rules),
        "super_kings": _score(
            "K 5 4 / 3 K 7", RuleSet(house_rules=frozenset({HouseRule.SUPER_KINGS}))
        ),
        "keep_value": _score(
            "2 3 4 / 2 5 6", RuleSet(house_rules=frozenset({HouseRule.NEGATIVE_PAIRS_KEEP_VALUE}))
        ),
    }


def two_deck_variants() -> str:
    """``"Eight-, nine- and ten-card Golf"``: the variants dealt from two decks even at
    a small table, as the engine's variant data says."""
    names = [v.name.removesuffix(" Golf") for v in VARIANTS.values() if v.decks_small_table > 1]
    if len(names) < 2:
        return " ".join(names + ["Golf"])
    # "Eight-card", "Nine-card" and "Ten-card" share their end: "Eight-, nine- and ten-card".
    words = [name.removesuffix("card") for name in names[:-1]] + names[-1:]
    listed = in_words(words).lower()
    return f"{listed[:1].upper()}{listed[1:]} Golf"
