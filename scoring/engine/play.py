"""Playing a hole: the deal, whose turn it is, the moves the rules allow and what
each one does, to the moment every card is turned up and the hole is scored.

A :class:`Hand` is one hole at a table, as plain data a session can keep
(:meth:`Hand.to_dict`). Seats are 0-based in seating order; the seat left of the
dealer plays first and play passes to the next seat. A turn is:

1. before the first turn, every player turns up the rule set's starting cards;
2. draw the top card of the stock, or take the top of the discard pile (or, where
   the rules allow, turn up a card instead, or knock early);
3. swap the card held into any place of the grid (the card there goes face up on
   the discard pile), or discard it (a card taken from the discard pile must be
   swapped);
4. after discarding a card drawn from the stock, Speed Golf makes the player turn
   a card up, and the endgame flip lets them once someone is nearly out.

A player whose cards are all face up has gone out: everyone else has exactly one
more turn (or, if the hole ends at once, nobody has), then every card is turned and
:func:`score_hole` scores the grids. When the stock runs out the discards under the
top card are shuffled into a new one, once; if it runs out again, or after
:data:`MAX_ROUNDS` rounds, the hole ends with nobody out, so every hand ends.

:func:`play` is the only way a hand changes. It checks the move first and raises
:class:`IllegalMove`, in words a player understands, without changing anything.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import Card
from .deal import shoe
from .errors import GolfError
from .grid import Grid, Layout
from .match import dealer_for_hole
from .rules import KNOCK_TO_END, VARIANTS, EndOfHole, FlipOnDiscard, RuleSet
from .scoring import HoleScore, score_hole
from .validation import seating_problems

#: Players at a practice table: the learner and one to three computer players.
MIN_SEATS = 2
MAX_SEATS = 4
#: A hole with nobody out after this many rounds ends as it lies.
MAX_ROUNDS = 30
#: How many times the discards may be shuffled into a new stock.
MAX_RESHUFFLES = 1
#: The most cards an early knock may turn up (the early-knock rule's limit).
EARLY_KNOCK_MOST = 2
#: Holes a practice match may have.
MATCH_LENGTHS = (1, 9, 18)


class IllegalMove(GolfError):
    """A move the rules do not allow now; the message says why."""


class Step(enum.Enum):
    """What the player whose turn it is must do next."""

    START = "start"  # turn up a starting card
    DRAW = "draw"  # draw, take the discard (or flip or knock, where allowed)
    PLACE = "place"  # swap the card held into the grid, or discard it
    FLIP = "flip"  # turn a card up after discarding (or pass, where it is optional)
    OVER = "over"  # the hole is over and scored


class Action(enum.Enum):
    """The things a player can do; :class:`Move` adds the place for a flip or swap."""

    FLIP = "flip"
    DRAW = "draw"
    TAKE = "take"
    SWAP = "swap"
    DISCARD = "discard"
    PASS = "pass"
    KNOCK = "knock"


#: The actions that name a place in the grid.
PLACED_ACTIONS = frozenset({Action.FLIP, Action.SWAP})


@dataclass(frozen=True, slots=True)
class Move:
    """One move: an action and, for a flip or a swap, the 0-based place in the
    grid, counted row by row from the top left."""

    action: Action
    slot: int | None = None

    def __str__(self) -> str:
        """The move as a form sends it: ``"draw"``, ``"swap:3"``."""
        if self.slot is None:
            return self.action.value
        return f"{self.action.value}:{self.slot}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move as :meth:`__str__` writes it; :class:`IllegalMove` if it is none."""
        name, _, place = str(text).strip().lower().partition(":")
        try:
            action = Action(name)
        except ValueError:
            raise IllegalMove("That is not a move in Golf; choose one of the buttons") from None
        if (action in PLACED_ACTIONS) != bool(place):
            if action in PLACED_ACTIONS:
                raise IllegalMove(f"Say which card to {action.value}")
            raise IllegalMove("That is not a move in Golf; choose one of the buttons")
        if not place:
            return cls(action)
        if not place.isdigit() or len(place) > 3:
            raise IllegalMove("There is no such place in your grid; tap one of your cards")
        return cls(action, int(place))


class Event(NamedTuple):
    """A move as it was played: who, what, and the cards it showed. ``card`` is the
    card drawn, taken, turned up or discarded; ``replaced`` the card a swap threw
    out (face up on the discard pile now); ``turned`` the cards a knock turned up.
    ``ended`` is what the move ended, if anything: ``"went-out"``, ``"turn"``."""

    seat: int
    move: Move
    card: Card | None = None
    replaced: Card | None = None
    turned: tuple[Card, ...] = ()
    ended: str = ""


def place_name(layout: Layout, slot: int) -> str:
    """A place in the grid in words: ``"top-left"``, ``"bottom-middle"``, and with
    more than three columns ``"top row, card 4"``."""
    row, column = divmod(slot, layout.columns)
    rows = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}.get(layout.rows)
    row_word = rows[row] if rows else f"row {row + 1}"
    if layout.columns == 3:
        return f"{row_word}-{('left', 'middle', 'right')[column]}"
    return f"{row_word} row, card {column + 1}"


def playable_problem(rules: RuleSet, seats: int) -> str | None:
    """Why a hole under ``rules`` for ``seats`` players cannot be played here, or
    None when it can."""
    if rules.variant in KNOCK_TO_END:
        return (
            f"{VARIANTS[rules.variant].name} is played face down from memory and "
            "ended by a knock, which this table does not deal"
        )
    if not MIN_SEATS <= seats <= MAX_SEATS:
        return f"A practice table has {MIN_SEATS} to {MAX_SEATS} players"
    problems = seating_problems(seats, rules)
    if problems:
        return problems[0].message
    return None


def hand_seed(seed: int, hole: int) -> int:
    """The seed of hole ``hole`` (1-based) of a match dealt from ``seed``, so one
    seed replays every hole of a match."""
    return random.Random(f"golf:{seed}:{hole}").getrandbits(62)


@dataclass(slots=True)
class Hand:
    """One hole at a table, from the deal to the score. Change it only with
    :func:`play`; build one with :func:`deal`."""

    rules: RuleSet
    seed: int
    dealer: int
    #: Every seat's cards, row by row, and which of them are face up.
    cards: list[list[Card]]
    face_up: list[list[bool]]
    #: The stock and the discard pile; the last card of each is its top.
    stock: list[Card]
    discards: list[Card]
    turn: int
    step: Step
    starting_left: int = 0
    held: Card | None = None
    held_from: Action | None = None
    went_out: int | None = None
    #: Seats still to take their last turn once someone went out (in order).
    final_turns: list[int] | None = None
    turns_taken: int = 0
    reshuffles: int = 0
    log: list[Event] = field(default_factory=list)
    #: Why the hole ended, once it has: "went-out", "stock" or "rounds".
    ended_by: str = ""

    # -- what anyone can see ---------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.cards)

    @property
    def layout(self) -> Layout:
        return self.rules.layout

    @property
    def moves_made(self) -> int:
        """How many moves have been played: a form says which position it was
        drawn for, so one posted twice is refused."""
        return len(self.log)

    @property
    def over(self) -> bool:
        return self.step is Step.OVER

    @property
    def top_discard(self) -> Card | None:
        return self.discards[-1] if self.discards else None

    def face_down(self, seat: int) -> list[int]:
        """The places of ``seat``'s face-down cards."""
        return [slot for slot, up in enumerate(self.face_up[seat]) if not up]

    def visible(self, seat: int, slot: int) -> Card | None:
        """The card at a place if it is face up, else None."""
        return self.cards[seat][slot] if self.face_up[seat][slot] else None

    def grid(self, seat: int) -> Grid:
        """``seat``'s cards as a grid (face-down cards included: for scoring)."""
        columns = self.layout.columns
        row_cards = self.cards[seat]
        return Grid(
            tuple(
                tuple(row_cards[r * columns : (r + 1) * columns]) for r in range(self.layout.rows)
            )
        )

    def score(self) -> HoleScore:
        """The hole scored by the engine; only once it is over."""
        if not self.over:
            raise IllegalMove("The hole is not over yet")
        grids = [self.grid(seat) for seat in range(self.seats)]
        return score_hole(grids, self.rules, self.went_out)

    def all_cards(self) -> Counter[Card]:
        """Every card at the table, wherever it lies (for checking the deck holds)."""
        counted: Counter[Card] = Counter(self.stock)
        counted.update(self.discards)
        for row in self.cards:
            counted.update(row)
        if self.held is not None:
            counted[self.held] += 1
        return counted

    def masked(self, seat: int, rng: random.Random) -> Hand:
        """A copy of the hand in which every card ``seat`` cannot see (face-down
        cards, the stock) is shuffled among those places: what a fair player's
        choice may depend on is unchanged, anything else is scrambled."""
        copy = Hand.from_dict(self.to_dict())
        hidden = [(s, slot) for s in range(copy.seats) for slot in copy.face_down(s)]
        pool = [copy.cards[s][slot] for s, slot in hidden] + copy.stock
        rng.shuffle(pool)
        for s, slot in hidden:
            copy.cards[s][slot] = pool.pop()
        copy.stock = pool
        return copy

    # -- saving ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; :meth:`from_dict` reads it back."""
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "cards": [[str(card) for card in row] for row in self.cards],
            "face_up": [[int(up) for up in row] for row in self.face_up],
            "stock": [str(card) for card in self.stock],
            "discards": [str(card) for card in self.discards],
            "turn": self.turn,
            "step": self.step.value,
            "starting_left": self.starting_left,
            "held": str(self.held) if self.held else None,
            "held_from": self.held_from.value if self.held_from else None,
            "went_out": self.went_out,
            "final_turns": self.final_turns,
            "turns_taken": self.turns_taken,
            "reshuffles": self.reshuffles,
            "ended_by": self.ended_by,
            "log": [_event_dict(event) for event in self.log],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Hand:
        """Read :meth:`to_dict`'s data back; :class:`IllegalMove` if it is not a hand."""
        try:
            rules = RuleSet.from_dict(data["rules"])
            ranks = rules.ranks_in_play

            def card(text: str) -> Card:
                return Card.parse(text, ranks)

            hand = cls(
                rules=rules,
                seed=int(data["seed"]),
                dealer=int(data["dealer"]),
                cards=[[card(text) for text in row] for row in data["cards"]],
                face_up=[[bool(up) for up in row] for row in data["face_up"]],
                stock=[card(text) for text in data["stock"]],
                discards=[card(text) for text in data["discards"]],
                turn=int(data["turn"]),
                step=Step(data["step"]),
                starting_left=int(data["starting_left"]),
                held=card(data["held"]) if data["held"] else None,
                held_from=Action(data["held_from"]) if data["held_from"] else None,
                went_out=None if data["went_out"] is None else int(data["went_out"]),
                final_turns=None
                if data["final_turns"] is None
                else [int(s) for s in data["final_turns"]],
                turns_taken=int(data["turns_taken"]),
                reshuffles=int(data["reshuffles"]),
                ended_by=str(data["ended_by"]),
                log=[_event_from(entry, card) for entry in data["log"]],
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalMove("That is not a saved hand of Golf") from exc
        size = rules.layout.size
        if not (
            MIN_SEATS <= hand.seats <= MAX_SEATS
            and all(len(row) == size for row in hand.cards)
            and all(len(row) == size for row in hand.face_up)
            and len(hand.face_up) == hand.seats
            and 0 <= hand.turn < hand.seats
        ):
            raise IllegalMove("That is not a saved hand of Golf")
        return hand


def _event_dict(event: Event) -> dict[str, Any]:
    return {
        "seat": event.seat,
        "move": str(event.move),
        "card": str(event.card) if event.card else None,
        "replaced": str(event.replaced) if event.replaced else None,
        "turned": [str(card) for card in event.turned],
        "ended": event.ended,
    }


def _event_from(data: Mapping[str, Any], card: Any) -> Event:
    return Event(
        seat=int(data["seat"]),
        move=Move.parse(data["move"]),
        card=card(data["card"]) if data["card"] else None,
        replaced=card(data["replaced"]) if data["replaced"] else None,
        turned=tuple(card(text) for text in data["turned"]),
        ended=str(data["ended"]),
    )


# -- the deal ------------------------------------------------------------------------


def deal(rules: RuleSet, seats: int, seed: int, dealer: int = 0) -> Hand:
    """Shuffle the shoe with ``seed``, deal every seat a face-down grid and turn
    the top of the stock onto the discard pile. The same seed deals the same cards."""
    problem = playable_problem(rules, seats)
    if problem:
        raise IllegalMove(problem)
    stock = shoe(rules, seats)
    random.Random(seed).shuffle(stock)
    size = rules.layout.size
    first = (dealer + 1) % seats
    cards: list[list[Card]] = [[] for _ in range(seats)]
    for _ in range(size):
        for offset in range(seats):
            cards[(first + offset) % seats].append(stock.pop())
    discards = [stock.pop()]
    flips = min(rules.starting_flips, size)
    return Hand(
        rules=rules,
        seed=seed,
        dealer=dealer,
        cards=cards,
        face_up=[[False] * size for _ in range(seats)],
        stock=stock,
        discards=discards,
        turn=first,
        step=Step.START if flips else Step.DRAW,
        starting_left=flips,
    )


# -- the moves -------------------------------------------------------------------------


def legal_moves(hand: Hand) -> list[Move]:
    """Every move the player whose turn it is may make now (none once it is over)."""
    if hand.over:
        return []
    size = hand.layout.size
    candidates = [Move(action) for action in Action if action not in PLACED_ACTIONS]
    candidates += [Move(action, slot) for action in PLACED_ACTIONS for slot in range(size)]
    return [move for move in candidates if why_not(hand, move) is None]


def why_not(hand: Hand, move: Move) -> str | None:
    """Why ``move`` is not allowed now, in a player's words; None when it is."""
    if hand.over:
        return "This hole is over; start the next one"
    seat, step, layout = hand.turn, hand.step, hand.layout
    if move.slot is not None and not 0 <= move.slot < layout.size:
        return f"There is no such place: your grid has {layout.size} cards"
    action = move.action
    if step is Step.START:
        if action is not Action.FLIP:
            return "First turn up your starting cards: tap a face-down card"
    elif step is Step.DRAW:
        if action is Action.FLIP and not hand.rules.flip_as_action:
            return "Draw from the stock or take the discard first"
        if action in (Action.SWAP, Action.DISCARD):
            return "Draw from the stock or take the discard first"
        if action is Action.PASS:
            return "You cannot pass: draw from the stock or take the discard"
        if action is Action.KNOCK:
            return _knock_problem(hand)
    elif step is Step.PLACE:
        held = hand.held.display if hand.held else "a card"
        if action in (Action.DRAW, Action.TAKE, Action.KNOCK):
            return f"You already hold {held}: put it in your grid or discard it"
        if action is Action.DISCARD and hand.held_from is Action.TAKE:
            return "A card taken from the discard pile must go into your grid: tap a place"
        if action in (Action.FLIP, Action.PASS):
            return f"You hold {held}: tap a place to swap it in, or discard it"
    elif step is Step.FLIP:
        if action is Action.PASS and hand.rules.flip_on_discard is FlipOnDiscard.SPEED_GOLF:
            return "Under Speed Golf you must turn up a card after discarding"
        if action not in (Action.FLIP, Action.PASS):
            return "Turn up one of your face-down cards" + (
                "" if hand.rules.flip_on_discard is FlipOnDiscard.SPEED_GOLF else ", or pass"
            )
    if action is Action.FLIP:
        assert move.slot is not None
        if hand.face_up[seat][move.slot]:
            return f"The {place_name(layout, move.slot)} card is already face up"
    return None


def _knock_problem(hand: Hand) -> str | None:
    if not hand.rules.early_knock:
        return "Knocking early is not part of these rules"
    if hand.went_out is not None:
        return "Someone has already gone out: this is your last turn"
    down = len(hand.face_down(hand.turn))
    if down > EARLY_KNOCK_MOST:
        return f"You can knock only with {EARLY_KNOCK_MOST} face-down cards or fewer"
    return None


def play(hand: Hand, move: Move, *, seat: int | None = None, at: int | None = None) -> Event:
    """Play ``move`` for the player whose turn it is and return what happened.

    ``seat`` is who is trying to move and ``at`` the :attr:`Hand.moves_made` the
    move was chosen at (a form posted twice, or from an old page, carries an old
    one). Anything not allowed raises :class:`IllegalMove` and changes nothing.
    """
    if at is not None and at != hand.moves_made:
        raise IllegalMove("The table has moved on since that page was drawn; here it is now")
    if seat is not None and seat != hand.turn and not hand.over:
        raise IllegalMove("It is not your turn yet")
    problem = why_not(hand, move)
    if problem:
        raise IllegalMove(problem)
    event = _apply(hand, move)
    hand.log.append(event)
    return event


def _apply(hand: Hand, move: Move) -> Event:
    seat, action, slot = hand.turn, move.action, move.slot
    if hand.step is Step.START:
        assert slot is not None
        hand.face_up[seat][slot] = True
        hand.starting_left -= 1
        if not hand.starting_left:
            _next_starter(hand)
        return Event(seat, move, hand.cards[seat][slot])
    if action is Action.DRAW:
        hand.held, hand.held_from = hand.stock.pop(), Action.DRAW
        hand.step = Step.PLACE
        return Event(seat, move, hand.held)
    if action is Action.TAKE:
        hand.held, hand.held_from = hand.discards.pop(), Action.TAKE
        hand.step = Step.PLACE
        return Event(seat, move, hand.held)
    if action is Action.SWAP:
        assert slot is not None and hand.held is not None
        replaced = hand.cards[seat][slot]
        hand.cards[seat][slot], hand.face_up[seat][slot] = hand.held, True
        hand.discards.append(replaced)
        card, hand.held, hand.held_from = hand.held, None, None
        return Event(seat, move, card, replaced=replaced, ended=_end_turn(hand))
    if action is Action.DISCARD:
        assert hand.held is not None
        card = hand.held
        hand.discards.append(card)
        hand.held, hand.held_from = None, None
        if _flip_follows(hand):
            hand.step = Step.FLIP
            return Event(seat, move, card)
        return Event(seat, move, card, ended=_end_turn(hand))
    if action is Action.FLIP:
        assert slot is not None
        hand.face_up[seat][slot] = True
        return Event(seat, move, hand.cards[seat][slot], ended=_end_turn(hand))
    if action is Action.KNOCK:
        down = hand.face_down(seat)
        for place in down:
            hand.face_up[seat][place] = True
        turned = tuple(hand.cards[seat][place] for place in down)
        return Event(seat, move, turned=turned, ended=_end_turn(hand))
    # Action.PASS: no flip after a discard.
    return Event(seat, move, ended=_end_turn(hand))


def _next_starter(hand: Hand) -> None:
    """Pass the starting flips on; once every seat has flipped, the first turn."""
    first = (hand.dealer + 1) % hand.seats
    following = (hand.turn + 1) % hand.seats
    if following == first:
        hand.turn, hand.step = first, Step.DRAW
    else:
        hand.turn, hand.starting_left = following, min(hand.rules.starting_flips, hand.layout.size)


def _flip_follows(hand: Hand) -> bool:
    """Whether discarding a drawn card is followed by a flip under these rules."""
    if not hand.face_down(hand.turn):
        return False
    mode = hand.rules.flip_on_discard
    if mode is FlipOnDiscard.SPEED_GOLF:
        return True
    if mode is FlipOnDiscard.ENDGAME:
        return any(len(hand.face_down(seat)) <= 1 for seat in range(hand.seats))
    return False


def _end_turn(hand: Hand) -> str:
    """Finish the turn: note who went out, count the last turns, pass play on,
    and end the hole when it is over. Returns what the turn ended."""
    seat = hand.turn
    hand.turns_taken += 1
    ended = "turn"
    if hand.final_turns is not None:
        hand.final_turns.remove(seat)
        if not hand.final_turns:
            _end_hole(hand, "went-out")
            return ended
    elif not hand.face_down(seat):
        hand.went_out, ended = seat, "went-out"
        if hand.rules.end_of_hole is EndOfHole.IMMEDIATE:
            _end_hole(hand, "went-out")
            return ended
        hand.final_turns = [(seat + offset) % hand.seats for offset in range(1, hand.seats)]
    if hand.turns_taken >= MAX_ROUNDS * hand.seats:
        _end_hole(hand, "rounds")
        return ended
    if not hand.stock:
        if hand.reshuffles >= MAX_RESHUFFLES or len(hand.discards) < 2:
            _end_hole(hand, "stock")
            return ended
        top = hand.discards.pop()
        hand.stock, hand.discards = hand.discards, [top]
        hand.reshuffles += 1
        random.Random(f"golf:{hand.seed}:reshuffle:{hand.reshuffles}").shuffle(hand.stock)
    hand.turn = hand.final_turns[0] if hand.final_turns else (seat + 1) % hand.seats
    hand.step = Step.DRAW
    return ended


def _end_hole(hand: Hand, why: str) -> None:
    hand.face_up = [[True] * hand.layout.size for _ in range(hand.seats)]
    hand.step, hand.ended_by = Step.OVER, why


# -- a match of holes ------------------------------------------------------------------


@dataclass(slots=True)
class Game:
    """A practice match: holes dealt one after another, the deal passing left,
    each finished hole's scores kept for the running totals. Play it with
    :meth:`play`, which keeps a hole's scores the moment it ends."""

    rules: RuleSet
    holes: int
    seed: int
    hand: Hand
    #: Each finished hole's scores, in seating order.
    scores: list[list[int]] = field(default_factory=list)

    @classmethod
    def start(cls, rules: RuleSet, seats: int, holes: int, seed: int) -> Game:
        """A new match; the last seat deals the first hole, so seat 0 (the learner)
        plays first."""
        if holes not in MATCH_LENGTHS:
            raise IllegalMove("A practice match is 1, 9 or 18 holes")
        return cls(rules, holes, seed, deal(rules, seats, hand_seed(seed, 1), dealer=seats - 1))

    @property
    def seats(self) -> int:
        return self.hand.seats

    @property
    def hole(self) -> int:
        """The number of the hole being played, or just finished (from 1)."""
        return len(self.scores) + (0 if self.hand.over else 1)

    @property
    def totals(self) -> list[int]:
        """Each seat's total over the finished holes."""
        return [sum(hole[seat] for hole in self.scores) for seat in range(self.seats)]

    @property
    def finished(self) -> bool:
        return self.hand.over and len(self.scores) >= self.holes

    def play(self, move: Move, *, seat: int | None = None, at: int | None = None) -> Event:
        """:func:`play` on the current hand, keeping its scores when it ends."""
        event = play(self.hand, move, seat=seat, at=at)
        if self.hand.over:
            self.scores.append(list(self.hand.score().scores))
        return event

    def next_hole(self) -> Hand:
        """Deal the next hole, the next seat dealing."""
        if not self.hand.over:
            raise IllegalMove("Finish this hole first")
        if self.finished:
            raise IllegalMove("The match is over")
        number = len(self.scores) + 1
        dealer = dealer_for_hole(self.seats - 1, number, self.seats)
        self.hand = deal(self.rules, self.seats, hand_seed(self.seed, number), dealer=dealer)
        return self.hand

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "holes": self.holes,
            "seed": self.seed,
            "hand": self.hand.to_dict(),
            "scores": self.scores,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Read :meth:`to_dict`'s data back; :class:`IllegalMove` if it is not a match."""
        try:
            game = cls(
                rules=RuleSet.from_dict(data["rules"]),
                holes=int(data["holes"]),
                seed=int(data["seed"]),
                hand=Hand.from_dict(data["hand"]),
                scores=[[int(score) for score in hole] for hole in data["scores"]],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise IllegalMove("That is not a saved practice match") from exc
        if any(len(hole) != game.seats for hole in game.scores):
            raise IllegalMove("That is not a saved practice match")
        return game
