"""What the play page shows of a practice table: every seat's grid with the moves the
learner may make on it, the piles, whose turn it is, the last moves in words, and
at the end of a hole the scored grids and the learner's costliest choices.

Which moves there are comes from the engine (``legal_moves``); this module only
names them and puts them in places on the page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from golfsite.lists import in_words
from scoring.engine import Card, PlayerScore, RuleSet
from scoring.engine.coach import Advice
from scoring.engine.play import Action, Event, Hand, Move, Step, legal_moves, place_name

from .forms import query_string, rules_query_items
from .play_state import KEPT_REVIEWS, LEARNER, PLAY_RULES, Reviewed, Table

#: Turns the table's log shows, newest first.
LOG_TURNS = 6
#: House rules that change one grid's score: the try page takes only these.
GRID_SCOPES = ("card", "column", "grid")


@dataclass(frozen=True)
class Cell:
    """One place of a grid: its card if face up, and the learner's move on it."""

    slot: int
    place: str
    card: Card | None
    move: str = ""
    label: str = ""


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    you: bool
    turn: bool
    strength: str
    columns: int
    cells: list[Cell]
    face_down: int


@dataclass(frozen=True)
class Button:
    """A move of the learner's that is not a place in the grid."""

    id: str
    move: str
    label: str


@dataclass(frozen=True)
class Scored:
    name: str
    score: PlayerScore
    went_out: bool
    try_query: str


@dataclass
class Summary:
    """The end of a hole: each grid scored, the match so far, the learner's costliest
    choices of the hole."""

    hole: int
    ended_by: str
    went_out: str
    scored: list[Scored]
    holes: list[list[int]]
    totals: list[int]
    costliest: list[Reviewed]
    finished: bool
    winners: str
    reviewed: int = 0


def card_words(card: Card | None) -> str:
    return f"the {card.display}" if card else "a card"


def table_page(table: Table, *, advice: Advice | None = None) -> dict[str, Any]:
    """The context of the table part of the play page."""
    hand, game = table.hand, table.game
    names = table.names
    yours = not hand.over and hand.turn == LEARNER
    moves = legal_moves(hand) if yours else []
    placed: dict[int, Move] = {m.slot: m for m in moves if m.slot is not None}
    seats = [_seat(table, seat, placed if seat == LEARNER else {}) for seat in range(hand.seats)]
    reviews = [r for r in table.reviews if r.hole == game.hole]
    context: dict[str, Any] = {
        "table": table,
        "hand": hand,
        "at": hand.moves_made,
        "hole": game.hole,
        "holes": game.holes,
        "names": names,
        "you": seats[LEARNER],
        "others": seats[1:],
        "yours": yours,
        "turn_name": names[hand.turn],
        "computer_turn": not hand.over and not yours,
        "stock": len(hand.stock),
        "top": hand.top_discard,
        "held": _held(hand, names),
        "prompt": _prompt(hand, moves, names) if yours else "",
        "buttons": [_button(hand, move) for move in moves if move.slot is None],
        "log": turn_sentences(hand, names)[-LOG_TURNS:][::-1],
        "last_review": reviews[-1] if reviews and not hand.over else None,
        "advice": advice,
        "replay_query": query_string(table.choice.query_items()),
        "rules_name": _rules_name(table),
    }
    if hand.over:
        context["summary"] = _summary(table, reviews)
    return context


def _rules_name(table: Table) -> str:
    return PLAY_RULES[table.choice.rules].name


def _seat(table: Table, seat: int, placed: dict[int, Move]) -> Seat:
    hand = table.hand
    layout = hand.layout
    cells = []
    for slot in range(layout.size):
        card = hand.visible(seat, slot)
        place = place_name(layout, slot)
        move = placed.get(slot)
        cells.append(
            Cell(
                slot=slot,
                place=place,
                card=card,
                move=str(move) if move else "",
                label=_cell_label(hand, move, place, card) if move else "",
            )
        )
    return Seat(
        seat=seat,
        name=table.names[seat],
        you=seat == LEARNER,
        turn=not hand.over and hand.turn == seat,
        strength="" if seat == LEARNER else table.strength_of(seat).label,
        columns=layout.columns,
        cells=cells,
        face_down=len(hand.face_down(seat)),
    )


def _cell_label(hand: Hand, move: Move, place: str, card: Card | None) -> str:
    if move.action is Action.SWAP:
        now = "face-down card" if card is None else f"now the {card.display}"
        return f"Swap the {hand.held.display if hand.held else 'card'} into the {place} ({now})"
    return f"Turn up the {place} card"


def _button(hand: Hand, move: Move) -> Button:
    action = move.action
    labels = {
        Action.DRAW: "Draw from the stock",
        Action.TAKE: f"Take the {hand.top_discard.display if hand.top_discard else 'discard'}",
        Action.DISCARD: f"Discard the {hand.held.display if hand.held else 'card'}",
        Action.PASS: "Pass",
        Action.KNOCK: "Knock",
    }
    return Button(id=f"move-{action.value}", move=str(move), label=labels[action])


def _held(hand: Hand, names: Sequence[str]) -> dict[str, Any] | None:
    """The card in hand: shown to all when it was taken from the discard pile or is
    the learner's; a computer player's card drawn from the stock stays face down."""
    if hand.held is None:
        return None
    shown = hand.turn == LEARNER or hand.held_from is Action.TAKE
    holder = names[hand.turn]
    source = "from the stock" if hand.held_from is Action.DRAW else "from the discard pile"
    card = hand.held if shown else None
    verb = "hold" if hand.turn == LEARNER else "holds"
    return {"card": card, "words": f"{holder} {verb} {card_words(card)} {source}"}


def _prompt(hand: Hand, moves: list[Move], names: Sequence[str]) -> str:
    actions = {move.action for move in moves}
    last = ""
    if hand.went_out is not None and hand.final_turns and hand.went_out != LEARNER:
        last = f"{names[hand.went_out]} went out: this is your last turn. "
    if hand.step is Step.START:
        left = hand.starting_left
        return f"Turn up {left} of your cards to start: tap a face-down card."
    if hand.step is Step.DRAW:
        ways = ["draw from the stock"]
        if Action.TAKE in actions and hand.top_discard:
            ways.append(f"take the {hand.top_discard.display}")
        if Action.FLIP in actions:
            ways.append("turn up a card")
        if Action.KNOCK in actions:
            ways.append("knock")
        return f"{last}Your turn: {in_words(ways, 'or')}."
    if hand.step is Step.PLACE:
        held = hand.held.display if hand.held else "a card"
        tail = ", or discard it" if Action.DISCARD in actions else ""
        return f"{last}You hold the {held}: tap a card of your grid to swap it in{tail}."
    tail = ", or pass" if Action.PASS in actions else ""
    return f"{last}Tap a face-down card to turn it up{tail}."


# -- the last moves in words --------------------------------------------------------------


def turn_sentences(hand: Hand, names: Sequence[str]) -> list[str]:
    """Each turn of the hand so far in words, oldest first: "Ada drew from the stock
    and swapped the 4♥ into the top-left, throwing out the Q♣"."""
    groups: list[list[Event]] = []
    for event in hand.log:
        starting = event.move.action is Action.FLIP and not event.ended
        previous = groups[-1] if groups else None
        if (
            previous
            and previous[-1].seat == event.seat
            and not previous[-1].ended
            and _is_start(previous[-1]) == starting
        ):
            previous.append(event)
        else:
            groups.append([event])
    return [_turn_words(group, hand, names) for group in groups]


def _is_start(event: Event) -> bool:
    return event.move.action is Action.FLIP and not event.ended


def _turn_words(events: list[Event], hand: Hand, names: Sequence[str]) -> str:
    name = names[events[0].seat]
    layout = hand.layout
    if _is_start(events[0]):
        return f"{name} turned up {in_words([card_words(e.card) for e in events])} to start."
    parts: list[str] = []
    for index, event in enumerate(events):
        action, card = event.move.action, event.card
        place = place_name(layout, event.move.slot) if event.move.slot is not None else ""
        if action is Action.DRAW:
            # The card drawn is seen once it is placed; a computer player's card
            # still in hand stays its own.
            secret = index == len(events) - 1 and event.seat != LEARNER
            parts.append(
                "drew from the stock" if secret else f"drew {card_words(card)} from the stock"
            )
        elif action is Action.TAKE:
            parts.append(f"took {card_words(card)} from the discard pile")
        elif action is Action.SWAP:
            parts.append(f"swapped it into the {place}, throwing out {card_words(event.replaced)}")
        elif action is Action.DISCARD:
            parts.append("discarded it")
        elif action is Action.FLIP:
            parts.append(f"turned up {card_words(card)} in the {place}")
        elif action is Action.PASS:
            parts.append("turned up nothing")
        elif action is Action.KNOCK:
            parts.append(f"knocked, turning up {in_words([card_words(c) for c in event.turned])}")
    went_out = any(event.ended == "went-out" for event in events)
    return f"{name} {in_words(parts)}." + (f" {name} went out." if went_out else "")


# -- the end of a hole ------------------------------------------------------------------------


def _summary(table: Table, reviews: list[Reviewed]) -> Summary:
    hand, game = table.hand, table.game
    score = hand.score()
    names = table.names
    scored = [
        Scored(
            name=names[seat],
            score=player,
            went_out=hand.went_out == seat,
            try_query=_try_query(hand.rules, hand.grid(seat).notation()),
        )
        for seat, player in enumerate(score.players)
    ]
    costly = sorted((r for r in reviews if round(r.cost, 1) > 0), key=lambda r: -r.cost)
    totals = game.totals
    low = min(totals)
    winners = in_words([names[seat] for seat, total in enumerate(totals) if total == low])
    return Summary(
        hole=len(game.scores),
        ended_by=hand.ended_by,
        went_out=names[hand.went_out] if hand.went_out is not None else "",
        scored=scored,
        holes=game.scores,
        totals=totals,
        costliest=costly[:KEPT_REVIEWS],
        finished=game.finished,
        winners=winners,
        reviewed=len(reviews),
    )


def _try_query(rules: RuleSet, notation: str) -> str:
    """The try page's address for one grid: the rules it reads (a rule of the whole
    table, like a went-out penalty, left out) and the grid."""
    items = [
        (key, value)
        for key, value in rules_query_items(rules)
        if key != "house_rules" or _grid_rule(rules, value)
    ]
    return query_string([*items, ("grid", notation)])


def _grid_rule(rules: RuleSet, slug: str) -> bool:
    return any(rule.slug == slug and rule.scope in GRID_SCOPES for rule in rules.house_rules)
