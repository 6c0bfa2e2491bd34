"""Scoring: a grid column by column, then the whole hole.

The order is the one golfcards.club uses, so a group that also plays there gets the
same numbers:

1. Each column: an Eagle Eye joker pair scores -4; else, with *negative pairs keep
   value*, a matched column of negative cards scores their sum; else a matched
   column scores 0; else the column scores the sum of its cards. With *rows and
   diagonals cancel*, a card in a matched row or diagonal counts as it would in a
   matched column (0; its own value if negative with *negative pairs keep value*;
   -2 for an Eagle Eye joker), once, however many matched lines it lies in: every
   line through a card is of that card's rank, so they all agree.
2. Grid bonuses: four of a kind, then wolfpack.
3. Blackjack (a grid scoring exactly 21 scores 0).
4. For the whole hole, each on the scores the step before left: knock penalty,
   knock bonus, underdog bonus, tied shame.

Results are breakdowns, never bare numbers, so any page can explain a score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .cards import Card, Rank
from .grid import Grid, count_words
from .rules import HouseRule, RuleSet

FOUR_OF_A_KIND_POINTS = -20
WOLFPACK_POINTS = -20
BLACKJACK_SCORE = 21
KNOCK_PENALTY_POINTS = 10
KNOCK_BONUS_POINTS = -5
UNDERDOG_POINTS = -3
TIED_SHAME_POINTS = 5


class ColumnScore(NamedTuple):
    """One column: its cards top to bottom, their values, and what it scored."""

    number: int
    cards: tuple[Card, ...]
    values: tuple[int, ...]
    matched: bool
    points: int
    #: How it scored: ``"sum"``, ``"match"`` (cancelled to 0), ``"kept"`` (a
    #: negative match kept its value), ``"eagle-eye"`` (a joker match) or
    #: ``"lines"`` (a sum in which cards of matched rows or diagonals count 0).
    how: str = "sum"
    #: For ``"lines"``: what each card, top to bottom, counts for, a card in a
    #: matched row or diagonal counting as it would in a matched column.
    counted: tuple[int, ...] = ()

    @property
    def reason(self) -> str:
        """Why it scored what it did, for people: ``"pair of 8s: 0"``."""
        if self.how == "sum":
            return " + ".join(_signed(v) for v in self.values) + f" = {self.points}"
        if self.how == "lines":
            return (
                " + ".join(_signed(v) for v in self.counted)
                + f" = {self.points}, a card in a matched row or diagonal counting as matched"
            )
        group = _set_of(len(self.cards), self.cards[0].rank)
        if self.how == "eagle-eye":
            return f"Eagle Eye {group}: {self.points}"
        if self.how == "kept":
            return f"{group}, kept at their value: {self.points}"
        return f"{group}: 0"


class Adjustment(NamedTuple):
    """Points a rule added to (or took from) a score, and why."""

    rule: str
    points: int
    reason: str


class GridScore(NamedTuple):
    """How one grid scored: its columns, the grid bonuses and its total."""

    columns: tuple[ColumnScore, ...]
    adjustments: tuple[Adjustment, ...]
    total: int

    def to_dict(self) -> dict[str, Any]:
        """The breakdown as JSON-ready data (for storage and the API);
        :meth:`from_dict` reads it back."""
        return {
            "columns": [_column_dict(c) for c in self.columns],
            "adjustments": [a._asdict() for a in self.adjustments],
            "total": self.total,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GridScore:
        """Rebuild a breakdown stored with :meth:`to_dict`."""
        columns = tuple(
            ColumnScore(
                c["number"],
                tuple(Card.parse(text) for text in c["cards"]),
                tuple(c["values"]),
                c["matched"],
                c["points"],
                c["how"],
                tuple(c.get("counted", ())),
            )
            for c in data["columns"]
        )
        adjustments = tuple(
            Adjustment(a["rule"], a["points"], a["reason"]) for a in data["adjustments"]
        )
        return cls(columns, adjustments, data["total"])

    @property
    def column_total(self) -> int:
        """The sum of the columns, before any bonus."""
        return sum(column.points for column in self.columns)

    @property
    def matched_columns(self) -> int:
        """How many columns cancelled (pairs, or threes in nine-card Golf)."""
        return sum(1 for column in self.columns if column.matched)


class PlayerScore(NamedTuple):
    """One player's hole: the grid score (if a grid was entered), the hole rules'
    adjustments, and the score that goes on the card."""

    grid_score: int
    grid: GridScore | None
    went_out: bool
    adjustments: tuple[Adjustment, ...]
    score: int


class HoleScore(NamedTuple):
    """Every player's score for one hole, in seating order."""

    players: tuple[PlayerScore, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        """The final scores, in seating order."""
        return tuple(player.score for player in self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the lowest score (more than one on a tie)."""
        low = min(self.scores)
        return tuple(i for i, score in enumerate(self.scores) if score == low)


def score_grid(grid: Grid, rules: RuleSet) -> GridScore:
    """Score one grid: its columns, grid bonuses and blackjack.

    The grid is assumed to fit the rule set (see :mod:`.validation`); this function
    does the arithmetic only.
    """
    lined = _matched_line_places(grid) if rules.has(HouseRule.LINES_CANCEL) else frozenset()
    columns = tuple(
        _score_column(
            number, cards, rules, tuple((row, number) in lined for row in range(1, len(cards) + 1))
        )
        for number, cards in enumerate(grid.columns, start=1)
    )
    adjustments = _grid_bonuses(columns, rules)
    total = sum(column.points for column in columns) + sum(a.points for a in adjustments)
    for adjustment in _total_rules(total, rules):
        adjustments.append(adjustment)
        total += adjustment.points
    return GridScore(columns, tuple(adjustments), total)


def _total_rules(total: int, rules: RuleSet) -> list[Adjustment]:
    """Step 3, the grid rules that read only the total (``HouseRule.from_total``):
    blackjack."""
    if rules.has(HouseRule.BLACKJACK) and total == BLACKJACK_SCORE:
        return [Adjustment(HouseRule.BLACKJACK.slug, -BLACKJACK_SCORE, "exactly 21 becomes 0")]
    return []


def score_totals(totals: Sequence[int], rules: RuleSet, went_out: int | None = None) -> HoleScore:
    """Score a hole entered as totals counted by hand: each total takes the grid rules
    that read only a total (blackjack), then the hole rules apply as in
    :func:`apply_hole_rules`. The rules that need the cards
    (``RuleSet.rules_needing_cards``) cannot be applied."""
    own = [_total_rules(total, rules) for total in totals]
    after = [
        total + sum(a.points for a in adjustments)
        for total, adjustments in zip(totals, own, strict=True)
    ]
    hole = apply_hole_rules(after, rules, went_out)
    return HoleScore(
        tuple(
            player._replace(grid_score=total, adjustments=tuple(first) + player.adjustments)
            for player, total, first in zip(hole.players, totals, own, strict=True)
        )
    )


def _matched_line_places(grid: Grid) -> frozenset[tuple[int, int]]:
    """The (row, column) of every card in a row or diagonal of cards all of one rank."""
    size = len(grid.rows)
    lines = [[(r, c) for c in range(1, len(row) + 1)] for r, row in enumerate(grid.rows, start=1)]
    lines.append([(i, i) for i in range(1, size + 1)])
    lines.append([(i, size + 1 - i) for i in range(1, size + 1)])
    places: set[tuple[int, int]] = set()
    for line in lines:
        if len({grid.rows[r - 1][c - 1].rank for r, c in line}) == 1:
            places.update(line)
    return frozenset(places)


def column_points(cards: Sequence[Card], rules: RuleSet) -> int:
    """What one column of ``cards`` (top to bottom) scores under ``rules``, on its
    own: a matched set or the sum of its cards (rows and diagonals, and grid
    bonuses, need the whole grid: :func:`score_grid`)."""
    return _score_column(1, tuple(cards), rules, (False,) * len(cards)).points


def _score_column(
    number: int, cards: tuple[Card, ...], rules: RuleSet, lined: tuple[bool, ...]
) -> ColumnScore:
    """One column, top to bottom: step 1 of the order above. ``lined`` says which
    of its cards lie in a matched row or diagonal."""
    values = tuple(map(rules.value, cards))
    ranks = {card.rank for card in cards}
    # Where columns cancel, a column of cards all of one rank is matched.
    if not rules.variant_info.cancels or len(ranks) > 1:
        if any(lined):
            counted = tuple(
                _matched_value(card, value, rules) if in_line else value
                for card, value, in_line in zip(cards, values, lined, strict=True)
            )
            return ColumnScore(number, cards, values, False, sum(counted), "lines", counted)
        return ColumnScore(number, cards, values, False, sum(values), "sum")
    points = sum(
        _matched_value(card, value, rules) for card, value in zip(cards, values, strict=True)
    )
    if Rank.JOKER in ranks and rules.joker_option.matched_value is not None:
        return ColumnScore(number, cards, values, True, points, "eagle-eye")
    if rules.has(HouseRule.NEGATIVE_PAIRS_KEEP_VALUE) and max(values) < 0:
        return ColumnScore(number, cards, values, True, points, "kept")
    return ColumnScore(number, cards, values, True, points, "match")


def _matched_value(card: Card, value: int, rules: RuleSet) -> int:
    """What a card worth ``value`` counts for in a matched line: an Eagle Eye joker
    its matched value, a negative card its own value with *negative pairs keep
    value*, any other card 0."""
    eagle_eye = rules.joker_option.matched_value
    if card.rank is Rank.JOKER and eagle_eye is not None:
        return eagle_eye
    if rules.has(HouseRule.NEGATIVE_PAIRS_KEEP_VALUE) and value < 0:
        return value
    return 0


def _grid_bonuses(columns: Sequence[ColumnScore], rules: RuleSet) -> list[Adjustment]:
    """Step 2: four of a kind, then wolfpack."""
    adjustments: list[Adjustment] = []
    if rules.has(HouseRule.FOUR_OF_A_KIND):
        for rank, count in _matched_ranks(columns).items():
            if count >= 2:
                adjustments.append(
                    Adjustment(
                        HouseRule.FOUR_OF_A_KIND.slug,
                        FOUR_OF_A_KIND_POINTS,
                        f"{rank.plural} fill {count_words(count, 'paired column')}",
                    )
                )
    if rules.has(HouseRule.WOLFPACK) and _matched_ranks(columns)[Rank.JACK] >= 2:
        adjustments.append(
            Adjustment(HouseRule.WOLFPACK.slug, WOLFPACK_POINTS, "two columns paired with jacks")
        )
    return adjustments


def _matched_ranks(columns: Sequence[ColumnScore]) -> Counter[Rank]:
    """How many matched columns each rank fills."""
    return Counter(column.cards[0].rank for column in columns if column.matched)


def score_hole(grids: Sequence[Grid], rules: RuleSet, went_out: int | None = None) -> HoleScore:
    """Score every grid of a hole, then apply the hole rules in order.

    ``went_out`` is the seat of the player who went out, if anyone did: who
    ended the hole, by any of :attr:`RuleSet.ways_out` (an early knocker too).
    """
    grid_scores = [score_grid(grid, rules) for grid in grids]
    return apply_hole_rules([g.total for g in grid_scores], rules, went_out, grid_scores)


def apply_hole_rules(
    totals: Sequence[int],
    rules: RuleSet,
    went_out: int | None = None,
    grids: Sequence[GridScore | None] | None = None,
) -> HoleScore:
    """Apply knock penalty, knock bonus, underdog bonus and tied shame, in that order.

    ``totals`` are the players' grid scores (counted by hand, or from
    :func:`score_grid`); each step works on the scores the step before left.
    ``went_out`` is the seat that ended the hole (:attr:`RuleSet.ways_out`): an early
    knocker is scored by the knock rules like any player who went out.
    """
    scores = list(totals)
    adjustments: list[list[Adjustment]] = [[] for _ in scores]
    has = rules.house_rules

    if went_out is not None:
        if HouseRule.KNOCK_PENALTY in has and scores[went_out] > min(scores):
            _adjust(
                scores,
                adjustments,
                went_out,
                HouseRule.KNOCK_PENALTY,
                KNOCK_PENALTY_POINTS,
                "went out without the lowest score",
            )
        if HouseRule.KNOCK_BONUS in has:
            _adjust(
                scores, adjustments, went_out, HouseRule.KNOCK_BONUS, KNOCK_BONUS_POINTS, "went out"
            )
    if HouseRule.UNDERDOG_BONUS in has:
        low = min(scores)
        for seat in [i for i, s in enumerate(scores) if s == low]:
            _adjust(
                scores,
                adjustments,
                seat,
                HouseRule.UNDERDOG_BONUS,
                UNDERDOG_POINTS,
                "lowest score of the hole",
            )
    if HouseRule.TIED_SHAME in has:
        seen = Counter(scores)
        for seat in [i for i, s in enumerate(scores) if seen[s] > 1]:
            _adjust(
                scores,
                adjustments,
                seat,
                HouseRule.TIED_SHAME,
                TIED_SHAME_POINTS,
                "tied with another player",
            )

    grid_list = list(grids) if grids is not None else [None] * len(scores)
    return HoleScore(
        tuple(
            PlayerScore(
                grid_score=totals[seat],
                grid=grid_list[seat],
                went_out=went_out == seat,
                adjustments=tuple(adjustments[seat]),
                score=scores[seat],
            )
            for seat in range(len(scores))
        )
    )


def _adjust(
    scores: list[int],
    adjustments: list[list[Adjustment]],
    seat: int,
    rule: HouseRule,
    points: int,
    reason: str,
) -> None:
    scores[seat] += points
    adjustments[seat].append(Adjustment(rule.slug, points, reason))


def _column_dict(column: ColumnScore) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": column.number,
        "cards": [str(card) for card in column.cards],
        "values": list(column.values),
        "matched": column.matched,
        "points": column.points,
        "how": column.how,
        "reason": column.reason,
    }
    if column.counted:
        data["counted"] = list(column.counted)
    return data


def _signed(value: int) -> str:
    return f"({value})" if value < 0 else str(value)


def _set_of(size: int, rank: Rank) -> str:
    """``"pair of 8s"`` for two cards, ``"three 8s"`` for three."""
    return f"pair of {rank.plural}" if size == 2 else count_words(size, rank.singular, rank.plural)
