"""Rule sets: a variant plus its deck, jokers, house rules and play rules.

Rule sets are data, not subclasses. A :class:`RuleSet` is built from a variant slug
and options, checked on construction, and turns into a plain dict (``to_dict``) and
back (``RuleSet.from_dict``) so matches can keep a snapshot of the rules they were
played under. Every option carries a one-line description for pages and the API.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import STANDARD_RANKS, ZSA_RANKS, Card, Rank, Suit
from .errors import Problem, RulesError
from .grid import Layout

MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_DECKS = 4
MAX_HOLES = 99
MAX_INITIAL_FLIPS = 4
#: The only layout whose rows and diagonals can cancel (nine-card Golf's square).
LINES_LAYOUT = Layout(3, 3)


@dataclass(frozen=True, slots=True)
class Variant:
    """A version of Golf: its layout, how columns cancel, and what differs in values."""

    slug: str
    name: str
    layout: Layout
    #: True when a column of cards all of one rank scores 0 (a pair in two rows,
    #: three of a kind in three rows); False when nothing cancels.
    cancels: bool
    #: Card values that differ from six-card Golf, by rank.
    value_changes: Mapping[Rank, int]
    #: The joker option used when a rule set does not choose one.
    default_jokers: str
    #: Standard decks for up to four players, and for five or more.
    decks_small_table: int
    decks_large_table: int
    initial_flips: int
    summary: str

    def default_decks(self, players: int) -> int:
        """How many standard decks this variant is usually dealt from for ``players``."""
        return self.decks_large_table if players >= 5 else self.decks_small_table


VARIANTS: dict[str, Variant] = {
    v.slug: v
    for v in (
        Variant(
            slug="four-card",
            name="Four-card Golf",
            layout=Layout(2, 2),
            cancels=False,
            value_changes={Rank.TWO: 2},
            default_jokers="none",
            decks_small_table=1,
            decks_large_table=2,
            initial_flips=0,
            summary="A 2 × 2 square played from memory: peek at two cards, "
            "replace face down, knock to end. Nothing cancels and twos are worth +2.",
        ),
        Variant(
            slug="six-card",
            name="Six-card Golf",
            layout=Layout(2, 3),
            cancels=True,
            value_changes={},
            default_jokers="none",
            decks_small_table=1,
            decks_large_table=2,
            initial_flips=2,
            summary="The classic: two rows of three, and two cards of a rank in a column score 0.",
        ),
        Variant(
            slug="eight-card",
            name="Eight-card Golf",
            layout=Layout(2, 4),
            cancels=True,
            value_changes={Rank.TWO: 2},
            default_jokers="four-jokers",
            decks_small_table=2,
            decks_large_table=2,
            initial_flips=2,
            summary="Two rows of four from two decks and four jokers worth −5; "
            "twos are worth +2 and column pairs still score 0.",
        ),
        Variant(
            slug="nine-card",
            name="Nine-card Golf",
            layout=Layout(3, 3),
            cancels=True,
            value_changes={},
            default_jokers="none",
            decks_small_table=2,
            decks_large_table=2,
            initial_flips=3,
            summary="A 3 × 3 square from two decks: a column cancels only when all "
            "three cards share a rank.",
        ),
        Variant(
            slug="ten-card",
            name="Ten-card Golf",
            layout=Layout(2, 5),
            cancels=True,
            value_changes={},
            default_jokers="none",
            decks_small_table=2,
            decks_large_table=2,
            initial_flips=2,
            summary="Two rows of five from two decks, scored like six-card Golf "
            "with more columns to pair.",
        ),
    )
}
DEFAULT_VARIANT = "six-card"

#: Variants whose holes are ended by a knock (played face down, from memory) rather
#: than by a player's last card being turned up.
KNOCK_TO_END: frozenset[str] = frozenset({"four-card"})


class DeckKind(enum.Enum):
    """Which cards are shuffled: standard 52-card decks, or the ZSA deck (fourteen
    ranks in eight suits, eight cards of each rank)."""

    STANDARD = "standard"
    ZSA = "zsa"


DECK_DESCRIPTIONS: dict[DeckKind, str] = {
    DeckKind.STANDARD: "Standard 52-card decks, one or more shuffled together.",
    DeckKind.ZSA: "The ZSA deck: ranks 0, A, 2-9, X, J, Q, K in eight suits, no jokers; "
    "one deck covers 2 to 8 players.",
}

#: Cards in a ZSA deck as sold. Its Golf page lists eight suits of its fourteen ranks,
#: :data:`COPIES_PER_RANK` cards of each, and does not say what the rest are; the
#: scoring deals none of them.
ZSA_CARDS_SOLD = 120

#: How many copies of each rank one deck holds.
COPIES_PER_RANK: dict[DeckKind, int] = {DeckKind.STANDARD: 4, DeckKind.ZSA: 8}
#: The ranks each kind of deck holds.
DECK_RANKS: dict[DeckKind, tuple[Rank, ...]] = {
    DeckKind.STANDARD: STANDARD_RANKS,
    DeckKind.ZSA: ZSA_RANKS,
}


@dataclass(frozen=True, slots=True)
class JokerOption:
    """How many jokers are shuffled in, and what they are worth."""

    slug: str
    name: str
    per_deck: int
    #: A fixed number of jokers in the whole shoe, whatever the deck count.
    in_shoe: int | None
    value: int
    #: Points per joker in a column that is all jokers (Eagle Eye), else None.
    matched_value: int | None
    summary: str
    #: What a two is worth with these jokers, when they change it (else None).
    two_value: int | None = None

    def count(self, decks: int) -> int:
        """Jokers in a shoe of ``decks`` standard decks."""
        return self.in_shoe if self.in_shoe is not None else self.per_deck * decks


JOKER_OPTIONS: dict[str, JokerOption] = {
    j.slug: j
    for j in (
        JokerOption("none", "No jokers", 0, None, 0, None, "Play without jokers."),
        JokerOption(
            "standard",
            "Standard jokers",
            2,
            None,
            -2,
            None,
            "Two jokers per deck, each worth −2; a pair of them in a column scores 0.",
        ),
        JokerOption(
            "lucky-swing",
            "Lucky Swing",
            0,
            1,
            -5,
            None,
            "A single joker in the whole shoe, worth −5.",
        ),
        JokerOption(
            "eagle-eye",
            "Eagle Eye",
            2,
            None,
            2,
            -2,
            "Two jokers per deck worth +2 each, but a column pair of jokers scores −4.",
        ),
        JokerOption(
            "lucky-eagle-eye",
            "Lucky Swing with Eagle Eye",
            0,
            1,
            2,
            -2,
            "Lucky Swing's single joker at Eagle Eye's +2; with one joker in the shoe, "
            "it can never be paired.",
        ),
        JokerOption(
            "twos-plus",
            "Jokers −2, twos +2",
            2,
            None,
            -2,
            None,
            "Two jokers per deck worth −2 each, and twos go up to +2: the jokers become "
            "the only cards below zero.",
            two_value=2,
        ),
        JokerOption(
            "four-jokers",
            "Four jokers",
            0,
            4,
            -5,
            None,
            "Four jokers in the whole shoe, worth −5 each (eight-card Golf's usual set).",
        ),
    )
}


class HouseRule(enum.Enum):
    """A house rule that changes the arithmetic. Its value is its slug."""

    SUPER_KINGS = "super-kings"
    TEN_PENNY = "ten-penny"
    ONE_EYED_JACKS = "one-eyed-jacks"
    NEGATIVE_PAIRS_KEEP_VALUE = "negative-pairs-keep-value"
    LINES_CANCEL = "lines-cancel"
    FOUR_OF_A_KIND = "four-of-a-kind"
    WOLFPACK = "wolfpack"
    BLACKJACK = "blackjack"
    KNOCK_PENALTY = "knock-penalty"
    KNOCK_BONUS = "knock-bonus"
    UNDERDOG_BONUS = "underdog-bonus"
    TIED_SHAME = "tied-shame"

    @property
    def slug(self) -> str:
        """The rule's name in URLs, the API and stored rule sets."""
        return self.value

    @property
    def title(self) -> str:
        """The rule's name for people."""
        return HOUSE_RULE_INFO[self][0]

    @property
    def summary(self) -> str:
        """What the rule does, in one line."""
        return HOUSE_RULE_INFO[self][1]

    @property
    def scope(self) -> str:
        """Where it applies: ``card``, ``column``, ``grid`` or ``hole``."""
        return HOUSE_RULE_INFO[self][2]

    @property
    def from_total(self) -> bool:
        """Whether the rule can be applied to a grid's total alone, without its cards
        (a hole entered as totals only): the rules of the whole hole, and the grid
        rules that read only the total, like Blackjack."""
        return self.scope == "hole" or self in TOTAL_GRID_RULES


HOUSE_RULE_INFO: dict[HouseRule, tuple[str, str, str]] = {
    HouseRule.SUPER_KINGS: ("Super Kings", "Kings are worth −2 instead of 0.", "card"),
    HouseRule.TEN_PENNY: ("Ten Penny", "Tens are worth 1 instead of 10.", "card"),
    HouseRule.ONE_EYED_JACKS: (
        "One-eyed Jacks",
        "The jacks of hearts and spades are worth 0; pairs still go by rank.",
        "card",
    ),
    HouseRule.NEGATIVE_PAIRS_KEEP_VALUE: (
        "Negative pairs keep value",
        "A column pair of negative cards keeps its sum (two 2s score −4) instead of 0.",
        "column",
    ),
    HouseRule.LINES_CANCEL: (
        "Rows and diagonals cancel",
        "Nine-card Golf only: three of a rank in a row or a diagonal count 0, as in a "
        "column; a card in several matched lines still counts 0 once.",
        "column",
    ),
    HouseRule.FOUR_OF_A_KIND: (
        "Four of a kind",
        "−20 for each rank that fills two or more paired columns.",
        "grid",
    ),
    HouseRule.WOLFPACK: (
        "Wolfpack",
        "−20 for two columns paired with jacks; stacks with four of a kind.",
        "grid",
    ),
    HouseRule.BLACKJACK: ("Blackjack", "A hole score of exactly 21 becomes 0.", "grid"),
    HouseRule.KNOCK_PENALTY: (
        "Knock penalty",
        "+10 to the player who went out unless they have the lowest score (ties count as lowest).",
        "hole",
    ),
    HouseRule.KNOCK_BONUS: ("Knock bonus", "−5 to the player who went out.", "hole"),
    HouseRule.UNDERDOG_BONUS: (
        "Underdog bonus",
        "−3 to every player with the lowest score of the hole.",
        "hole",
    ),
    HouseRule.TIED_SHAME: (
        "Tied shame",
        "+5 to every player whose hole score equals another player's.",
        "hole",
    ),
}

#: Grid rules that read only a grid's total, not its cards.
TOTAL_GRID_RULES = frozenset({HouseRule.BLACKJACK})

#: The order in which rules that act on whole scores apply, after the columns:
#: grid bonuses first, then each hole rule on the scores the step before left.
ADJUSTMENT_ORDER: tuple[HouseRule, ...] = (
    HouseRule.FOUR_OF_A_KIND,
    HouseRule.WOLFPACK,
    HouseRule.BLACKJACK,
    HouseRule.KNOCK_PENALTY,
    HouseRule.KNOCK_BONUS,
    HouseRule.UNDERDOG_BONUS,
    HouseRule.TIED_SHAME,
)


class FlipOnDiscard(enum.Enum):
    """What happens when a player discards a card drawn from the stock."""

    STANDARD = "standard"
    SPEED_GOLF = "speed-golf"
    ENDGAME = "endgame"


FLIP_ON_DISCARD_INFO: dict[FlipOnDiscard, tuple[str, str]] = {
    FlipOnDiscard.STANDARD: ("No flip", "Discarding a drawn card simply ends the turn."),
    FlipOnDiscard.SPEED_GOLF: (
        "Speed Golf",
        "Whoever discards a drawn card must also turn up one face-down card.",
    ),
    FlipOnDiscard.ENDGAME: (
        "Endgame flip",
        "Once any player has one face-down card or fewer, a discard may be followed "
        "by turning a card up.",
    ),
}


class EndOfHole(enum.Enum):
    """How a hole ends once someone's cards are all face up."""

    FINAL_TURN = "final-turn"
    IMMEDIATE = "immediate"


END_OF_HOLE_INFO: dict[EndOfHole, tuple[str, str]] = {
    EndOfHole.FINAL_TURN: (
        "One more turn",
        "When someone goes out, everyone else has exactly one more turn.",
    ),
    EndOfHole.IMMEDIATE: (
        "Ends at once",
        "The hole ends the moment someone's last card is turned up.",
    ),
}

#: The house rules that score the player who went out first.
WENT_OUT_RULES = frozenset({HouseRule.KNOCK_PENALTY, HouseRule.KNOCK_BONUS})

#: Play rules that change how a hole is played but not how it is scored.
PLAY_RULE_INFO: dict[str, tuple[str, str]] = {
    "flip_on_discard": (
        "Flip on discard",
        "What happens after discarding a card drawn from the stock.",
    ),
    "flip_as_action": (
        "Flip as action",
        "Instead of drawing, a player may turn up one face-down card, ending the turn.",
    ),
    "early_knock": (
        "Early knock",
        "With two face-down cards or fewer, a player may use their turn to turn them all "
        "up. The knocker counts as having gone out: everyone else still has one more turn, "
        "and the knock penalty and bonus score the knocker.",
    ),
    "end_of_hole": ("End of a hole", "What happens when someone goes out."),
    "holes": ("Holes", "How many holes make the match (1, 9, 18 or any number)."),
    "initial_flips": ("Starting flips", "How many cards each player turns up before play."),
}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything a group agreed before dealing.

    ``decks`` is ``None`` for "as usual for this many players"; ``jokers`` is
    ``None`` for the variant's usual jokers; ``initial_flips`` ``None`` for the
    variant's usual number. Build one with keywords or :meth:`from_dict`; an
    impossible combination raises :class:`RulesError`.
    """

    variant: str = DEFAULT_VARIANT
    deck: DeckKind = DeckKind.STANDARD
    decks: int | None = None
    jokers: str | None = None
    house_rules: frozenset[HouseRule] = frozenset()
    flip_on_discard: FlipOnDiscard = FlipOnDiscard.STANDARD
    flip_as_action: bool = False
    early_knock: bool = False
    end_of_hole: EndOfHole = EndOfHole.FINAL_TURN
    holes: int = 9
    initial_flips: int | None = None

    #: What each rank is worth under these rules, worked out on construction.
    rank_values: Mapping[Rank, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        problems = _rule_problems(self)
        if problems:
            raise RulesError("; ".join(p.message for p in problems), problems)
        values = dict(BASE_VALUES)
        values.update(VARIANTS[self.variant].value_changes)
        values[Rank.JOKER] = self.joker_option.value
        if self.joker_option.two_value is not None:
            values[Rank.TWO] = self.joker_option.two_value
        if HouseRule.SUPER_KINGS in self.house_rules:
            values[Rank.KING] = -2
        if HouseRule.TEN_PENNY in self.house_rules:
            values[Rank.TEN] = 1
            values[Rank.ZSA_TEN] = 1
        object.__setattr__(self, "rank_values", values)

    # -- derived facts -------------------------------------------------------------

    @property
    def variant_info(self) -> Variant:
        """The :class:`Variant` this rule set plays."""
        return VARIANTS[self.variant]

    @property
    def layout(self) -> Layout:
        """The grid shape every player is dealt."""
        return VARIANTS[self.variant].layout

    @property
    def joker_option(self) -> JokerOption:
        """The jokers in play, resolving "the variant's usual"."""
        return JOKER_OPTIONS[self.jokers or VARIANTS[self.variant].default_jokers]

    @property
    def starting_flips(self) -> int:
        """Cards each player turns up before the first turn."""
        if self.initial_flips is not None:
            return self.initial_flips
        return VARIANTS[self.variant].initial_flips

    def deck_count(self, players: int = MIN_PLAYERS) -> int:
        """Decks in the shoe for ``players`` players."""
        if self.decks is not None:
            return self.decks
        if self.deck is DeckKind.ZSA:
            return 1
        return VARIANTS[self.variant].default_decks(players)

    def rank_copies(self, rank: Rank, players: int = MIN_PLAYERS) -> int:
        """How many cards of ``rank`` the shoe holds for ``players`` players: every
        deck holds its copies of each of its ranks; jokers are as the joker option
        says, and the ZSA deck has none; no other rank is in the shoe."""
        decks = self.deck_count(players)
        if rank is Rank.JOKER:
            return 0 if self.deck is DeckKind.ZSA else self.joker_option.count(decks)
        if rank in DECK_RANKS[self.deck]:
            return COPIES_PER_RANK[self.deck] * decks
        return 0

    def rank_limits(self, players: int = MIN_PLAYERS) -> dict[Rank, int]:
        """Copies of every rank in the shoe for ``players`` players (0 for ranks the
        deck lacks)."""
        return {rank: self.rank_copies(rank, players) for rank in Rank}

    @property
    def ranks_in_play(self) -> tuple[Rank, ...]:
        """Every rank the shoe holds (jokers only when some are shuffled in), in the
        order of :class:`Rank`; what a message offers as the ranks."""
        ranks = DECK_RANKS[self.deck]
        if self.rank_copies(Rank.JOKER):
            ranks += (Rank.JOKER,)
        return ranks

    def shoe_size(self, players: int = MIN_PLAYERS) -> int:
        """Cards in the whole shoe for ``players`` players."""
        return sum(self.rank_limits(players).values())

    def has(self, rule: HouseRule) -> bool:
        """Whether the house rule is in force."""
        return rule in self.house_rules

    @property
    def went_out_rules(self) -> tuple[HouseRule, ...]:
        """The house rules in force that score whoever went out first."""
        return tuple(rule for rule in self.house_rules_in_order if rule in WENT_OUT_RULES)

    @property
    def needs_finisher(self) -> bool:
        """Whether a hole cannot be scored without knowing who went out first (or
        that nobody did): a rule in force scores that player (knock penalty, knock
        bonus, whether they went out or knocked early). Without one, who went out
        is only noted."""
        return bool(self.went_out_rules)

    @property
    def rules_needing_cards(self) -> tuple[HouseRule, ...]:
        """The grid bonuses in force that a total counted by hand cannot carry: they
        read which cards lie where (card and column rules are part of the counting)."""
        return tuple(
            rule
            for rule in self.house_rules_in_order
            if rule.scope == "grid" and not rule.from_total
        )

    @property
    def rules_from_total(self) -> tuple[HouseRule, ...]:
        """The grid rules in force that apply to a total counted by hand."""
        return tuple(
            rule for rule in self.house_rules_in_order if rule.scope == "grid" and rule.from_total
        )

    @property
    def ways_out(self) -> tuple[str, ...]:
        """How a player becomes the one who went out first (what the knock rules and
        the score card's dot call "went out"): ``("turned up their last card first",
        "knocked early")`` with early knock, as an early knocker counts as gone out."""
        usual = "knocked" if self.variant in KNOCK_TO_END else "turned up their last card first"
        return (usual, "knocked early") if self.early_knock else (usual,)

    @property
    def house_rules_in_order(self) -> tuple[HouseRule, ...]:
        """The house rules in force, in the order the catalogue lists them: the set
        itself has no order that holds from one process to the next."""
        return tuple(rule for rule in HouseRule if rule in self.house_rules)

    def outline(self) -> tuple[str, ...]:
        """The rule set in a few short phrases for one line of a page: the variant
        and the length, then only what differs from the variant's usual play."""
        phrases = [self.variant_info.name, f"{self.holes} hole{'' if self.holes == 1 else 's'}"]
        if self.deck is DeckKind.ZSA:
            phrases.append("ZSA deck")
        if self.decks is not None:
            phrases.append(f"{self.decks} deck{'' if self.decks == 1 else 's'}")
        if self.joker_option.slug != "none":
            phrases.append(self.joker_option.name)
        phrases.extend(rule.title for rule in self.house_rules_in_order)
        if self.flip_on_discard is not FlipOnDiscard.STANDARD:
            phrases.append(FLIP_ON_DISCARD_INFO[self.flip_on_discard][0])
        if self.end_of_hole is not EndOfHole.FINAL_TURN:
            phrases.append(f"Hole {END_OF_HOLE_INFO[self.end_of_hole][0].lower()}")
        for rule in ("flip_as_action", "early_knock"):
            if getattr(self, rule):
                phrases.append(PLAY_RULE_INFO[rule][0])
        flips = self.starting_flips
        if flips != self.variant_info.initial_flips:
            cards = f"{flips or 'No'} card{'' if flips == 1 else 's'}"
            phrases.append(f"{cards} turned up to start")
        return tuple(phrases)

    @property
    def suits_written(self) -> bool:
        """Whether a card may be written with one of the four suits of :class:`Suit`:
        in standard decks, where a house rule may read it. The ZSA deck's eight suits
        are not those four, and nothing in its scoring reads a suit."""
        return self.deck is DeckKind.STANDARD

    @property
    def ranks_needing_suit(self) -> tuple[Rank, ...]:
        """Ranks whose value depends on the suit under these rules: the jack under
        One-eyed Jacks, where suits are written (not in the ZSA deck)."""
        if self.has(HouseRule.ONE_EYED_JACKS) and self.suits_written:
            return (Rank.JACK,)
        return ()

    def suit_reason(self, rank: Rank) -> str:
        """Why a card of ``rank`` needs its suit, with the values the suits give it:
        "under One-eyed Jacks its suit decides its value: the jacks of hearts and
        spades are worth 0, of clubs and diamonds 10"."""
        by_value: dict[int, list[Suit]] = {}
        for suit in Suit:
            by_value.setdefault(self.value(Card(rank, suit)), []).append(suit)
        parts = [
            " and ".join(sorted(suit.name.lower() for suit in suits)) + f" {value}"
            for value, suits in sorted(by_value.items())
        ]
        rules = [r.title for r in self.house_rules_in_order if r in SUIT_RULES]
        first, *rest = parts
        head, _, value = first.rpartition(" ")
        said = f"the {rank.plural} of {head} are worth {value}"
        said += "".join(f", of {part}" for part in rest)
        return f"under {' and '.join(rules)} its suit decides its value: {said}"

    def value(self, card: Card) -> int:
        """What ``card`` is worth on its own under these rules."""
        if (
            card.rank is Rank.JACK
            and card.suit in ONE_EYED_SUITS
            and HouseRule.ONE_EYED_JACKS in self.house_rules
        ):
            return 0
        return self.rank_values[card.rank]

    # -- conversion ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The rule set as plain JSON-ready data; :meth:`from_dict` reads it back."""
        return {
            "variant": self.variant,
            "deck": self.deck.value,
            "decks": self.decks,
            "jokers": self.joker_option.slug,
            "house_rules": sorted(rule.slug for rule in self.house_rules),
            "flip_on_discard": self.flip_on_discard.value,
            "flip_as_action": self.flip_as_action,
            "early_knock": self.early_knock,
            "end_of_hole": self.end_of_hole.value,
            "holes": self.holes,
            "initial_flips": self.starting_flips,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Build a rule set from plain data (the API's ``rules``, a stored snapshot).

        Every key but ``variant`` is optional. Unknown keys, unknown slugs and wrong
        types are all reported at once in one :class:`RulesError`, each problem
        naming its key in ``field``.
        """
        if not isinstance(data, Mapping):
            raise RulesError("the rules must be an object of named options")
        problems: list[Problem] = []
        kwargs: dict[str, Any] = {}
        unknown = sorted(set(data) - set(_FIELD_READERS))
        problems.extend(Problem(f"'{key}' is not a rule option", field=str(key)) for key in unknown)
        if "variant" not in data:
            problems.append(Problem("choose a variant, like 'six-card'", field="variant"))
        for key, reader in _FIELD_READERS.items():
            if key in data:
                try:
                    kwargs[key] = reader(data[key])
                except _OptionError as exc:
                    problems.append(Problem(str(exc), field=key))
        if problems:
            raise RulesError("; ".join(p.message for p in problems), problems)
        return cls(**kwargs)


#: Card values of six-card Golf, the base every variant changes.
BASE_VALUES: dict[Rank, int] = {
    Rank.ZERO: 0,
    Rank.ACE: 1,
    Rank.TWO: -2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.ZSA_TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 0,
    Rank.JOKER: 0,
}

#: House rules that give a card a value by its suit.
SUIT_RULES = frozenset({HouseRule.ONE_EYED_JACKS})

#: The suits of the one-eyed jacks (shown in profile on most standard decks).
ONE_EYED_SUITS: frozenset[Suit] = frozenset({Suit.HEARTS, Suit.SPADES})


def _rule_problems(rules: RuleSet) -> list[Problem]:
    problems: list[Problem] = []
    if rules.variant not in VARIANTS:
        problems.append(
            Problem(
                f"'{rules.variant}' is not a variant; choose one of {', '.join(VARIANTS)}",
                field="variant",
            )
        )
    if rules.jokers is not None and rules.jokers not in JOKER_OPTIONS:
        problems.append(
            Problem(
                f"'{rules.jokers}' is not a joker option; choose one of {', '.join(JOKER_OPTIONS)}",
                field="jokers",
            )
        )
    elif rules.deck is DeckKind.ZSA and rules.jokers not in (None, "none"):
        problems.append(Problem("the ZSA deck has no jokers", field="jokers"))
    if (
        HouseRule.LINES_CANCEL in rules.house_rules
        and rules.variant in VARIANTS
        and rules.variant_info.layout != LINES_LAYOUT
    ):
        problems.append(
            Problem(
                f"{HouseRule.LINES_CANCEL.title.lower()} only in Nine-card Golf (three "
                f"rows of three), not in {rules.variant_info.name}",
                field="house_rules",
            )
        )
    if rules.decks is not None and not 1 <= rules.decks <= MAX_DECKS:
        problems.append(Problem(f"decks must be from 1 to {MAX_DECKS}", field="decks"))
    if not 1 <= rules.holes <= MAX_HOLES:
        problems.append(Problem(f"a match has from 1 to {MAX_HOLES} holes", field="holes"))
    if rules.initial_flips is not None and not 0 <= rules.initial_flips <= MAX_INITIAL_FLIPS:
        problems.append(
            Problem(f"starting flips must be from 0 to {MAX_INITIAL_FLIPS}", field="initial_flips")
        )
    return problems


class _OptionError(ValueError):
    pass


def _slug(choices: Mapping[str, object] | type[enum.Enum], what: str) -> Any:
    names = list(choices) if isinstance(choices, Mapping) else [m.value for m in choices]

    def read(value: Any) -> Any:
        if not isinstance(value, str):
            raise _OptionError(f"{what} must be a name, like '{names[0]}'")
        if value not in names:
            raise _OptionError(f"'{value}' is not {what}; choose one of {', '.join(names)}")
        if isinstance(choices, Mapping):
            return value
        return choices(value)

    return read


def _int(low: int, high: int, what: str, allow_none: bool = False) -> Any:
    def read(value: Any) -> int | None:
        if value is None and allow_none:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise _OptionError(f"{what} must be a whole number")
        if not low <= value <= high:
            raise _OptionError(f"{what} must be from {low} to {high}")
        return value

    return read


def _bool(what: str) -> Any:
    def read(value: Any) -> bool:
        if not isinstance(value, bool):
            raise _OptionError(f"{what} must be true or false")
        return value

    return read


def _house_rules(value: Any) -> frozenset[HouseRule]:
    if not isinstance(value, list | tuple | set | frozenset):
        raise _OptionError("house rules must be a list of names, like ['super-kings']")
    known = [rule.slug for rule in HouseRule]
    bad = [item for item in value if not isinstance(item, str) or item not in known]
    if bad:
        # Only names are quoted (cut short): anything else could be deeply nested or
        # huge, and its repr would take a page, or fail.
        shown = ", ".join(
            f"'{item[:40]}'" if isinstance(item, str) else "something that is not a name"
            for item in bad[:5]
        )
        raise _OptionError(
            f"{shown} {'is' if len(bad) == 1 else 'are'} not a house rule; choose from "
            f"{', '.join(known)}"
        )
    return frozenset(HouseRule(item) for item in value)


_FIELD_READERS: dict[str, Any] = {
    "variant": _slug(VARIANTS, "a variant"),
    "deck": _slug(DeckKind, "a deck"),
    "decks": _int(1, MAX_DECKS, "the number of decks", allow_none=True),
    "jokers": _slug(JOKER_OPTIONS, "a joker option"),
    "house_rules": _house_rules,
    "flip_on_discard": _slug(FlipOnDiscard, "a flip-on-discard mode"),
    "flip_as_action": _bool("flip as action"),
    "early_knock": _bool("early knock"),
    "end_of_hole": _slug(EndOfHole, "an end-of-hole rule"),
    "holes": _int(1, MAX_HOLES, "the number of holes"),
    "initial_flips": _int(0, MAX_INITIAL_FLIPS, "starting flips", allow_none=True),
}


#: Named rule sets a group can start from in one tap.
PRESETS: dict[str, tuple[str, str, RuleSet]] = {
    "classic": (
        "Classic six-card",
        "Two rows of three, pairs score 0, one more turn after someone goes out.",
        RuleSet(),
    ),
    "speed-golf": (
        "Speed Golf",
        "Six-card Golf where discarding a drawn card also turns up one of your own, so "
        "holes are shorter.",
        RuleSet(flip_on_discard=FlipOnDiscard.SPEED_GOLF),
    ),
    "party": (
        "Party set",
        "Six-card Golf with jokers, Super Kings and the bonus rules for a lively table.",
        RuleSet(
            jokers="standard",
            house_rules=frozenset(
                {
                    HouseRule.SUPER_KINGS,
                    HouseRule.FOUR_OF_A_KIND,
                    HouseRule.WOLFPACK,
                    HouseRule.BLACKJACK,
                    HouseRule.KNOCK_PENALTY,
                    HouseRule.UNDERDOG_BONUS,
                }
            ),
        ),
    ),
    "four-card": (
        "Four-card Golf",
        "A 2 × 2 memory game with knocking; nothing cancels.",
        RuleSet(variant="four-card"),
    ),
    "nine-card": (
        "Nine-card Golf",
        "A 3 × 3 square from two decks; three of a rank cancel a column.",
        RuleSet(variant="nine-card"),
    ),
}
