"""Views of the rules reference: server-rendered pages that ask the engine for every number."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from golfsite.lists import in_words
from golfsite.wording import sentence
from scoring.engine import (
    ADJUSTMENT_ORDER,
    JOKER_OPTIONS,
    PRESETS,
    VARIANTS,
    Card,
    CardError,
    GridError,
    GridScore,
    HoleScore,
    HouseRule,
    Problem,
    Rank,
    RuleSet,
    Suit,
    TableError,
    check_grid,
    check_table,
    score_grid,
    score_hole,
)
from scoring.engine.deal import deal_grid, shoe
from scoring.engine.grid import EMPTY_SLOT, empty_slots_message
from scoring.engine.rules import (
    DECK_DESCRIPTIONS,
    DECK_RANKS,
    END_OF_HOLE_INFO,
    FLIP_ON_DISCARD_INFO,
    PLAY_RULE_INFO,
    DeckKind,
)
from scoring.engine.slots import cells_notation, grid_cells

from .content.examples import COLUMN_EXAMPLES, REFERENCE_EXAMPLES, Example
from .content.house_rules import HOUSE_RULE_TEXT, JOKER_TEXT, PLAY_RULE_TEXT, Case, RuleText
from .content.variants import VARIANT_PAGES, VARIANT_PAGES_BY_SLUG
from .forms import (
    MAX_SEED,
    RULE_FIELDS,
    PracticeForm,
    RulesForm,
    TryForm,
    query_string,
    rules_from_dict,
    rules_query_items,
)

#: The grid the home page shows scored: the six-card example every guide starts from.
HOME_EXAMPLE = "8 5 7 / 8 3 9"
#: House rules that change one grid's score (hole rules need a whole table).
GRID_SCOPES = ("card", "column", "grid")
#: Anything typed that is more than empty slots and separators.
_TYPED = re.compile(r"[^\s,/?]")


def _is_htmx(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False))


def _match_new_url() -> str | None:
    """The scoresheet's "new match" page, once that app provides it."""
    try:
        return reverse("scoring:match_new")
    except NoReverseMatch:
        return None


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """What the site does, with ways into the rules, the checker and a new match."""
    return render(
        request,
        "rules/home.html",
        {**_example(RuleSet()), "match_new_url": _match_new_url()},
    )


def _example(rules: RuleSet) -> dict[str, Any]:
    """The worked example grid scored under ``rules``, and its try-it link."""
    return {
        "example": _score(HOME_EXAMPLE, rules),
        "example_query": query_string(rules_query_items(rules) + [("grid", HOME_EXAMPLE)]),
    }


@require_GET
def guide(request: HttpRequest) -> HttpResponse:
    """The complete six-card guide."""
    rules = RuleSet()
    return render(
        request,
        "rules/guide.html",
        {
            "rules": rules,
            "values": value_rows(rules),
            **_example(rules),
            **_twos(rules),
        },
    )


#: The same six cards with the twos in one column, then in two: why twos are kept apart.
TWOS_PAIRED = "2 3 4 / 2 5 6"
TWOS_APART = "2 2 4 / 3 5 6"


def _twos(rules: RuleSet) -> dict[str, Any]:
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
    ranks = list(DECK_RANKS[rules.deck])
    if rules.rank_copies(Rank.JOKER) > 0:
        ranks.append(Rank.JOKER)
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


@require_GET
@vary_on_headers("HX-Request")
def card_values(request: HttpRequest) -> HttpResponse:
    """The card-value table for the chosen rules; the table swaps in place with htmx."""
    form = RulesForm(request.GET, scopes=("card", "column"))
    context: dict[str, Any] = {"form": form}
    if form.is_valid() and form.ruleset:
        rules = form.ruleset
        context |= {
            "rules": rules,
            "rows": value_rows(rules),
            "eagle_eye": rules.joker_option.matched_value,
            "cancel_size": rules.layout.rows,
            "try_query": query_string(form.query_items()),
        }
    if not _is_htmx(request):
        return render(request, "rules/card_values.html", context)
    response = render(request, "rules/card_values.html#values", context)
    if "try_query" in context:
        push_url(response, reverse("rules:card_values") + context["try_query"])
    return response


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
    cells = grid_cells(text, rules.layout)
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
    for (r, c), problem, places in several:
        entries.append(((r, c, 1), "", sentence(problem.message), places))
    entries.sort(key=lambda entry: entry[0])
    listed: list[ListedProblem] = []
    for number, (_, problem_id, message, places) in enumerate(entries, start=1):
        problem_id = problem_id or f"grid-problem-{number}"
        listed.append(ListedProblem(number, problem_id, message))
        for r, c in places:
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


def rank_keys(rules: RuleSet) -> list[Card]:
    """The ranks a learner can tap or pick: every rank the shoe holds."""
    ranks = list(DECK_RANKS[rules.deck])
    if rules.rank_copies(Rank.JOKER) > 0:
        ranks.append(Rank.JOKER)
    return [Card(rank) for rank in ranks]


@require_GET
@vary_on_headers("HX-Request")
def try_grid(request: HttpRequest) -> HttpResponse:
    """Score any grid under any rules; the whole state lives in the query string."""
    if "slot" in request.GET:
        return _slots_to_grid(request)
    data = request.GET.copy()
    form = TryForm(data, scopes=GRID_SCOPES)
    context: dict[str, Any] = {"form": form}
    if form.is_valid() and form.ruleset:
        rules = form.ruleset
        # No grid typed: empty slots and a hint, never a score the field does not hold.
        text = form.cleaned_data["grid"] or ""
        checked = check_typed_grid(text, rules)
        grid_items = [("grid", checked.notation)] if checked.notation else []
        if checked.blank:
            # A dealt grid to start from: the link puts it in the field, so what is
            # scored is always what is typed.
            example = deal_grid(rules, seed=0, pair_chance=0.5).notation()
            context["example_query"] = query_string(form.query_items() + [("grid", example)])
        context |= {
            "rules": rules,
            "checked": checked,
            "text": text,
            "keys": rank_keys(rules),
            "suits": list(Suit) if rules.deck is DeckKind.STANDARD else [],
            "rule_items": form.query_items(),
            "share_query": query_string(form.query_items() + grid_items),
        }
    else:
        # Only the grid refused (far too long): say so, not that the rules were.
        context["grid_only"] = set(form.errors) == {"grid"}
        wrong = [str(form[name].label).lower() for name in RULE_FIELDS if name in form.errors]
        context["wrong_choices"] = " and ".join(wrong)
        context["wrong_choices_count"] = len(wrong)
    if not _is_htmx(request):
        return render(request, "rules/try.html", context)
    response = render(request, "rules/try.html#result", context)
    if "share_query" in context:
        push_url(response, reverse("rules:try") + context["share_query"])
    return response


def _slots_to_grid(request: HttpRequest) -> HttpResponse:
    """The card-by-card form (for browsers without JavaScript): slots to notation."""
    form = RulesForm(request.GET)
    items = form.query_items() if form.is_valid() else []
    tokens = [token.strip()[:4] for token in request.GET.getlist("slot")]
    layout = form.ruleset.layout if form.ruleset else VARIANTS["six-card"].layout
    tokens = (tokens + [""] * layout.size)[: layout.size]
    cells = [tokens[r * layout.columns : (r + 1) * layout.columns] for r in range(layout.rows)]
    return redirect(reverse("rules:try") + query_string(items + [("grid", cells_notation(cells))]))


def _score(text: str, rules: RuleSet) -> GridScore:
    return score_grid(check_grid(text, rules), rules)


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


@require_GET
def examples(request: HttpRequest) -> HttpResponse:
    """Every worked example, drawn as cards with the engine's breakdown."""
    return render(
        request,
        "rules/examples.html",
        {
            "reference": [scored_example(e) for e in REFERENCE_EXAMPLES],
            "columns": [scored_example(e) for e in COLUMN_EXAMPLES],
        },
    )


# -- variants ------------------------------------------------------------------------


@require_GET
def variants(request: HttpRequest) -> HttpResponse:
    """Every version of Golf, with the engine's one-line summary where it plays it."""
    pages = [
        (page, VARIANTS[page.variant].summary if page.variant and not page.rules else "")
        for page in VARIANT_PAGES
    ]
    return render(request, "rules/variants.html", {"pages": pages})


@require_GET
def variant_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """One version: its words, the engine's facts, its card values and a sample grid."""
    page = VARIANT_PAGES_BY_SLUG.get(slug)
    if page is None:
        raise Http404("No such variant")
    context: dict[str, Any] = {"page": page}
    if page.variant:
        rules = rules_from_dict({"variant": page.variant, **page.rules})
        context |= {
            "rules": rules,
            "info": rules.variant_info,
            "values": value_rows(rules),
            "deck_text": DECK_DESCRIPTIONS[rules.deck],
            "shoe_small": rules.shoe_size(2),
            "shoe_large": rules.shoe_size(5),
            "decks_small": rules.deck_count(2),
            "decks_large": rules.deck_count(5),
            "try_query": query_string(rules_query_items(rules)),
        }
        if page.example:
            context["example"] = scored_example(
                Example(
                    page.slug, page.title, page.example, "", {"variant": page.variant, **page.rules}
                )
            )
    return render(request, "rules/variant_detail.html", context)


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


def all_rule_infos() -> list[RuleInfo]:
    """Every joker option, house rule and play rule, in the order pages list them."""
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


@require_GET
def house_rules(request: HttpRequest) -> HttpResponse:
    """Every joker option, house rule and play rule, and the order hole rules apply in."""
    infos = all_rule_infos()
    groups = [("Jokers", [i for i in infos if i.kind == "jokers"])]
    groups += [
        (title, [i for i in infos if i.kind == "house" and i.scope == scope])
        for scope, title in SCOPE_TITLES.items()
    ]
    groups.append(("Play rules", [i for i in infos if i.kind == "play"]))
    return render(
        request,
        "rules/house_rules.html",
        {
            "groups": groups,
            "order": ADJUSTMENT_ORDER,
            "presets": [(name, summary) for name, summary, _ in PRESETS.values()],
        },
    )


@require_GET
def house_rule_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """One option: what it does, its effect, and a worked example with and without it."""
    info = next((i for i in all_rule_infos() if i.slug == slug), None)
    if info is None:
        raise Http404("No such rule")
    return render(
        request,
        "rules/house_rule_detail.html",
        {
            "info": info,
            "cases": [score_case(case) for case in info.text.cases],
            "order": ADJUSTMENT_ORDER,
        },
    )


# -- practice ------------------------------------------------------------------------

#: How often a practice column is dealt already matched, so pairs turn up to score.
PRACTICE_PAIR_CHANCE = 0.35


def _new_seed() -> int:
    return secrets.randbelow(MAX_SEED + 1)


@require_GET
@vary_on_headers("HX-Request")
def practice(request: HttpRequest) -> HttpResponse:
    """A dealt grid to score by hand; the learner's total is checked by the engine."""
    form = PracticeForm(request.GET, scopes=GRID_SCOPES)
    form.is_valid()
    context: dict[str, Any] = {"form": form}
    rules = form.ruleset
    if rules is not None:
        seed = form.cleaned_data.get("seed") if "seed" not in form.errors else None
        if seed is None:
            seed = _new_seed()
        grid = deal_grid(rules, seed=seed, pair_chance=PRACTICE_PAIR_CHANCE)
        score = score_grid(grid, rules)
        answer = form.cleaned_data.get("answer") if "answer" not in form.errors else None
        items = form.query_items()
        context |= {
            "rules": rules,
            "grid": grid,
            "seed": seed,
            "score": score,
            "answer": answer,
            "answered": answer is not None,
            "right": answer == score.total,
            "rule_items": items,
            "next_query": query_string(items + [("seed", str(_new_seed()))]),
            # The seed names the deal only in links: the page itself says "practice grid".
            "share_query": query_string(items + [("seed", str(seed))]),
            "try_query": query_string(items + [("grid", grid.notation())]),
        }
    template = "rules/practice.html#practice" if _is_htmx(request) else "rules/practice.html"
    return render(request, template, context)


# -- reading pages -------------------------------------------------------------------


def _six_card_facts() -> dict[str, Any]:
    """Values and small scored grids the FAQ and strategy pages quote."""
    rules = RuleSet()
    cards = shoe(rules)
    return {
        "rules": rules,
        "average": round(sum(rules.value(card) for card in cards) / len(cards), 1),
        "value": {rank.name.lower(): rules.value(Card(rank)) for rank in DECK_RANKS[rules.deck]},
        **_twos(rules),
        "queens_pair": _score("Q 4 6 / Q 3 A", rules),
        "kings_pair": _score("K 5 4 / K 3 7", rules),
        "super_kings": _score(
            "K 5 4 / 3 K 7", RuleSet(house_rules=frozenset({HouseRule.SUPER_KINGS}))
        ),
        "keep_value": _score(
            "2 3 4 / 2 5 6", RuleSet(house_rules=frozenset({HouseRule.NEGATIVE_PAIRS_KEEP_VALUE}))
        ),
    }


def _two_deck_variants() -> str:
    """``"Eight-, nine- and ten-card Golf"``: the variants dealt from two decks even at
    a small table, as the engine's variant data says."""
    names = [v.name.removesuffix(" Golf") for v in VARIANTS.values() if v.decks_small_table > 1]
    if len(names) < 2:
        return " ".join(names + ["Golf"])
    # "Eight-card", "Nine-card" and "Ten-card" share their end: "Eight-, nine- and ten-card".
    words = [name.removesuffix("card") for name in names[:-1]] + names[-1:]
    listed = in_words(words).lower()
    return f"{listed[:1].upper()}{listed[1:]} Golf"


@require_GET
def faq(request: HttpRequest) -> HttpResponse:
    """Questions players ask at the table."""
    return render(
        request, "rules/faq.html", {**_six_card_facts(), "two_deck_variants": _two_deck_variants()}
    )


@require_GET
def strategy(request: HttpRequest) -> HttpResponse:
    """How to score lower: twos apart, kings, going out, the discard pile."""
    return render(request, "rules/strategy.html", _six_card_facts())


@require_GET
def glossary(request: HttpRequest) -> HttpResponse:
    """The words of the game."""
    return render(request, "rules/glossary.html", {"rules": RuleSet()})


@require_GET
def robots_txt(request: HttpRequest) -> HttpResponse:
    """Search engines may read the rules. Groups, accounts and the API are of no use
    to them. A match needs no line: its pages answer only the browser or account
    that keeps it (anyone else gets a 404), and the share link's page, which anyone
    holding the link may read, tells search engines itself not to index it (a
    crawler kept out by robots.txt would never see that)."""
    lines = ["User-agent: *"] + [
        f"Disallow: {reverse(name)}" for name in ("groups:list", "login", "api:rules")
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")
