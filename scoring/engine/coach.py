"""The coach: how many points each choice can be expected to leave in a player's
grid, worked out only from what that player can see.

A card the player cannot see (its own face-down cards, the stock) is counted as
any of the cards still unseen: the shoe for this table less every card face up on
the table, the top of the discard pile and the card in hand, and, for a player
with a memory of the game (the hard computer player, and the coach itself), every
card ever thrown on the discard pile. Each column is then worth its expected
:func:`column_points` over those unseen cards, and a grid the sum of its columns.
A choice that turns up a player's last card is worth the grid's exact score, with
the knock rules applied against the other players' expected grids.

The same estimate advises the learner (:func:`advise`, :func:`review`) and moves
the computer players (:func:`computer_move`) at three strengths: easy plays the
estimate but often picks another move on purpose, normal plays it, hard plays it
with a memory of the discards and looks a turn ahead (a grid it keeps playing is
worth its expected points less what the next card drawn may save). None of them
ever reads a hidden card (a test shuffles the hidden cards and checks the same
move comes out).
"""

from __future__ import annotations

import enum
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, product

from .cards import Card, Rank
from .deal import shoe
from .grid import Grid
from .play import Action, Hand, Move, Step, legal_moves, place_name
from .scoring import apply_hole_rules, column_points, score_grid

#: How often an easy computer player picks a move other than the best on purpose.
EASY_MISTAKES = 0.35


class Strength(enum.Enum):
    """How well a computer player plays."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def remembers(self) -> bool:
        """Whether the player remembers every card thrown on the discard pile."""
        return self is Strength.HARD

    @property
    def looks_ahead(self) -> bool:
        """Whether the player counts what its next turn may bring."""
        return self is Strength.HARD


@dataclass(frozen=True, slots=True)
class Option:
    """One choice and what it is worth: ``points`` the expected points of the
    player's own grid after it (lower is better)."""

    move: Move
    points: float
    words: str
    detail: str


@dataclass(frozen=True, slots=True)
class Advice:
    """Every choice the player has now, best first, and the coach's word on them."""

    options: tuple[Option, ...]
    words: str

    @property
    def best(self) -> Option:
        return self.options[0]


@dataclass(frozen=True, slots=True)
class Review:
    """How a move compared with the best one: ``cost`` the expected points it gave
    away (0 for a best move)."""

    move: Move
    chosen: Option
    best: Option
    cost: float
    words: str


def about(points: float) -> str:
    """An expected number of points as the coach says it: ``"about 3.1"``, with a
    real minus sign."""
    text = f"{points:.1f}"
    if text == "-0.0":
        text = "0.0"
    return "about " + text.replace("-", "\u2212")


class Estimate:
    """Expected points from one player's view of a hand."""

    def __init__(
        self, hand: Hand, seat: int, *, remembers: bool = True, ahead: bool = False
    ) -> None:
        self.hand, self.seat, self.rules = hand, seat, hand.rules
        # Looking a turn ahead only while there is a turn to come.
        self.ahead = ahead and hand.went_out is None
        unseen = Counter(shoe(hand.rules, hand.seats))
        seen: list[Card] = [
            card
            for s in range(hand.seats)
            for card, up in zip(hand.cards[s], hand.face_up[s], strict=True)
            if up
        ]
        seen += hand.discards if remembers else hand.discards[-1:]
        if hand.held is not None:
            seen.append(hand.held)
        unseen.subtract(seen)
        # Cards that score alike (same rank, same value) are one kind.
        kinds: dict[tuple[Rank, int], tuple[Card, int]] = {}
        for card, count in unseen.items():
            if count > 0:
                key = (card.rank, hand.rules.value(card))
                held, before = kinds.get(key, (card, 0))
                kinds[key] = (held, before + count)
        total = sum(count for _, count in kinds.values()) or 1
        self.kinds: list[tuple[Card, float]] = [
            (card, count / total) for card, count in kinds.values()
        ]
        self._columns: dict[tuple[tuple[tuple[str, int], ...], int], float] = {}
        self._saving: dict[tuple[tuple[tuple[str, int], ...], int], tuple[float, ...]] = {}

    # -- columns and grids -----------------------------------------------------------

    def column(self, known: Sequence[Card], unknown: int) -> float:
        """Expected points of a column with ``known`` cards and ``unknown`` unseen ones."""
        key = (tuple(sorted((c.rank.value, self.rules.value(c)) for c in known)), unknown)
        cached = self._columns.get(key)
        if cached is not None:
            return cached
        if not unknown or not self.kinds:
            value = float(column_points(known, self.rules)) if known else 0.0
        else:
            value = 0.0
            for combo in combinations_with_replacement(range(len(self.kinds)), unknown):
                weight = float(math.factorial(unknown))
                for index, repeats in Counter(combo).items():
                    weight *= self.kinds[index][1] ** repeats / math.factorial(repeats)
                cards = list(known) + [self.kinds[index][0] for index in combo]
                value += weight * column_points(cards, self.rules)
        self._columns[key] = value
        return value

    def grid(self, places: Sequence[Card | None]) -> float:
        """Expected points of a grid given as places row by row, None where unseen."""
        layout = self.rules.layout
        total = 0.0
        for c in range(layout.columns):
            column = [places[r * layout.columns + c] for r in range(layout.rows)]
            known = [card for card in column if card is not None]
            total += self.column(known, len(column) - len(known))
        return total

    def places(self, seat: int) -> list[Card | None]:
        """What this player knows of ``seat``'s grid."""
        return [self.hand.visible(seat, slot) for slot in range(self.rules.layout.size)]

    def column_of(self, places: Sequence[Card | None], slot: int) -> float:
        layout = self.rules.layout
        c = slot % layout.columns
        column = [places[r * layout.columns + c] for r in range(layout.rows)]
        known = [card for card in column if card is not None]
        return self.column(known, len(column) - len(known))

    def finished(self, places: Sequence[Card | None]) -> float:
        """Points of a grid whose every card is known, when this turn ends the
        player's hole: the exact score, with the knock rules against the others'
        expected grids."""
        layout = self.rules.layout
        cards = [card for card in places if card is not None]
        grid = Grid(
            tuple(
                tuple(cards[r * layout.columns : (r + 1) * layout.columns])
                for r in range(layout.rows)
            )
        )
        own = score_grid(grid, self.rules).total
        if not self.rules.went_out_rules or self.hand.went_out is not None:
            return float(own)
        totals = [
            own if s == self.seat else round(self.grid(self.places(s)))
            for s in range(self.hand.seats)
        ]
        return float(apply_hole_rules(totals, self.rules, went_out=self.seat).scores[self.seat])

    def value(self, places: Sequence[Card | None], goes_out: bool) -> float:
        if goes_out and all(card is not None for card in places):
            return self.finished(places)
        return self.kept(places)

    def kept(self, places: Sequence[Card | None]) -> float:
        """Expected points of a grid the player keeps playing: as it lies, or, looking
        a turn ahead, with the chance that the next card drawn improves it."""
        if not self.ahead:
            return self.grid(places)
        layout = self.rules.layout
        base = 0.0
        gains = []
        for c in range(layout.columns):
            column = [places[r * layout.columns + c] for r in range(layout.rows)]
            known = [card for card in column if card is not None]
            base += self.column(known, len(column) - len(known))
            gains.append(self._gains(known, len(column) - len(known)))
        # The next card goes where it saves most, or is discarded (saving nothing).
        return base + sum(
            chance * min(0.0, *(column[index] for column in gains))
            for index, (_, chance) in enumerate(self.kinds)
        )

    def _gains(self, known: list[Card], unknown: int) -> tuple[float, ...]:
        """For each kind of unseen card, the most it would save this column if it
        were drawn next and put in the column's best place (0 or less)."""
        key = (tuple(sorted((c.rank.value, self.rules.value(c)) for c in known)), unknown)
        cached = self._saving.get(key)
        if cached is not None:
            return cached
        now = self.column(known, unknown)
        found = []
        for card, _ in self.kinds:
            best = 0.0
            if unknown:
                best = min(best, self.column([*known, card], unknown - 1) - now)
            for index in range(len(known)):
                swapped = [*known[:index], card, *known[index + 1 :]]
                best = min(best, self.column(swapped, unknown) - now)
            found.append(best)
        self._saving[key] = saving = tuple(found)
        return saving


# -- valuing each choice -----------------------------------------------------------------


def _goes_out(hand: Hand, places: Sequence[Card | None]) -> bool:
    """Whether a position with these places known ends the player's hole now."""
    return hand.went_out is None and all(card is not None for card in places)


def _swap_value(est: Estimate, places: list[Card | None], card: Card, slot: int) -> float:
    after = list(places)
    after[slot] = card
    return est.value(after, _goes_out(est.hand, after))


def _best_swap(est: Estimate, places: list[Card | None], card: Card) -> tuple[float, int]:
    return min((_swap_value(est, places, card, slot), slot) for slot in range(len(places)))


def _discard_value(est: Estimate, places: list[Card | None]) -> float:
    """Keeping the grid as it is (a flip after the discard changes no expectation)."""
    return est.kept(places)


def _flip_value(est: Estimate, places: list[Card | None], slot: int) -> float:
    """Turning up ``slot``: the same expectation, unless it is the last card, when
    the player goes out with whatever it turns out to be."""
    others = [card for i, card in enumerate(places) if i != slot and card is None]
    if others or est.hand.went_out is not None:
        return est.kept(places)
    return _out_value(est, places)


def _out_value(est: Estimate, places: list[Card | None]) -> float:
    """Going out with every unseen place of the grid turned up: the exact score
    of each way the unseen cards may fall, weighted by its chance."""
    unseen = [slot for slot, card in enumerate(places) if card is None]
    if not unseen or not est.kinds:
        return est.value(places, goes_out=True) if not unseen else est.grid(places)
    total = 0.0
    for combo in product(est.kinds, repeat=len(unseen)):
        after = list(places)
        chance = 1.0
        for slot, (card, weight) in zip(unseen, combo, strict=True):
            after[slot] = card
            chance *= weight
        total += chance * est.finished(after)
    return total


def _draw_value(est: Estimate, places: list[Card | None]) -> float:
    """Drawing blind: for each card the stock may hold, the better of its best swap
    and discarding it."""
    keep = _discard_value(est, places)
    return sum(chance * min(keep, _best_swap(est, places, card)[0]) for card, chance in est.kinds)


def options(hand: Hand, *, remembers: bool = True, ahead: bool = False) -> list[Option]:
    """Every legal choice of the player whose turn it is, best (fewest expected
    points) first; ties keep the order of :func:`legal_moves`."""
    est = Estimate(hand, hand.turn, remembers=remembers, ahead=ahead)
    places = est.places(hand.turn)
    found = [Option(move, *_weigh(est, places, move)) for move in legal_moves(hand)]
    found.sort(key=lambda option: option.points)
    return found


def _weigh(est: Estimate, places: list[Card | None], move: Move) -> tuple[float, str, str]:
    """A legal move's expected points, what it is in words, and why it is worth that."""
    hand, layout, slot = est.hand, est.rules.layout, move.slot
    grid_words = "points expected for your grid"
    if move.action is Action.DRAW:
        points = _draw_value(est, places)
        return points, "Draw from the stock", f"{about(points)} {grid_words}"
    if move.action is Action.TAKE:
        assert hand.top_discard is not None
        points, best = _best_swap(est, places, hand.top_discard)
        where = f"with it in the {place_name(layout, best)}"
        return (
            points,
            f"Take the {hand.top_discard.display}",
            f"{about(points)} {grid_words}, {where}",
        )
    if move.action is Action.SWAP:
        assert slot is not None and hand.held is not None
        points = _swap_value(est, places, hand.held, slot)
        after = list(places)
        after[slot] = hand.held
        there = places[slot]
        was = "face-down card" if there is None else there.display
        words = f"Swap the {hand.held.display} for the {was} in the {place_name(layout, slot)}"
        if _goes_out(hand, after):
            return points, words, f"you go out with {about(points)} points"
        column = (
            f"{about(est.column_of(after, slot))} points expected for that column "
            f"(now {about(est.column_of(places, slot))})"
        )
        return points, words, f"{column}; {about(points)} for your grid"
    if move.action is Action.DISCARD:
        assert hand.held is not None
        points = _discard_value(est, places)
        return points, f"Discard the {hand.held.display}", f"{about(points)} {grid_words} as it is"
    if move.action is Action.FLIP:
        assert slot is not None
        points = _flip_value(est, places, slot)
        words = f"Turn up the {place_name(layout, slot)} card"
        last = sum(1 for card in places if card is None) == 1
        if last and hand.step is not Step.START:
            return (
                points,
                words,
                f"it is your last card: you go out with {about(points)} points expected",
            )
        return points, words, f"{about(points)} {grid_words}"
    if move.action is Action.KNOCK:
        points = _out_value(est, places)
        return (
            points,
            "Knock",
            f"turn up your last cards and go out: {about(points)} points expected",
        )
    points = _discard_value(est, places)
    return points, "Pass", f"{about(points)} {grid_words}"


def _same(a: float, b: float) -> bool:
    return abs(a - b) < 0.05


def _lower(words: str) -> str:
    """A choice's words inside a sentence: ``"Draw from the stock"`` → ``"draw from
    the stock"`` (only the first letter: a card like ``A♦`` keeps its capital)."""
    return words[:1].lower() + words[1:]


def advise(hand: Hand) -> Advice:
    """What the coach would do now, for the player whose turn it is. It weighs the
    choices by the estimate the normal computer player plays, with a memory of the
    discards, so every number it gives adds up: a column's points and the grid's."""
    found = tuple(options(hand))
    best = found[0]
    ties = [o for o in found[1:] if _same(o.points, best.points)]
    if hand.step is Step.START:
        words = (
            "Any face-down card is as good as another for a starting flip: "
            "what it shows is luck. Many players turn up one card in each of two columns "
            "so they know more columns."
        )
    elif ties:
        others = ", ".join(_lower(o.words) for o in ties[:2])
        words = f"I would {_lower(best.words)}: {best.detail}. Just as good: {others}."
    else:
        words = f"I would {_lower(best.words)}: {best.detail}."
        if len(found) > 1:
            words += f" Next best: {_lower(found[1].words)}, {found[1].detail}."
    return Advice(found, words)


def review(before: Hand, move: Move) -> Review:
    """How ``move``, about to be played on ``before``, compares with the coach's
    best choice (as :func:`advise` weighs them)."""
    found = options(before)
    best = found[0]
    chosen = next((o for o in found if o.move == move), best)
    cost = max(0.0, chosen.points - best.points)
    if _same(cost, 0.0):
        words = f"Good choice. {chosen.words}: {chosen.detail}."
    else:
        words = (
            f"{chosen.words}: {chosen.detail}. Best was to {_lower(best.words)}: "
            f"{best.detail}, {about(cost).removeprefix('about ')} points fewer expected."
        )
    return Review(move, chosen, best, cost, words)


def computer_move(hand: Hand, strength: Strength) -> Move:
    """The move a computer player of ``strength`` makes now: the same hand always
    gets the same move (its dice come from the deal's seed and the move number)."""
    rng = random.Random(f"golf:{hand.seed}:computer:{hand.moves_made}")
    found = options(hand, remembers=strength.remembers, ahead=strength.looks_ahead)
    best = [o for o in found if _same(o.points, found[0].points)]
    if strength is Strength.EASY and len(found) > len(best) and rng.random() < EASY_MISTAKES:
        return rng.choice(found[len(best) :]).move
    return rng.choice(best).move
