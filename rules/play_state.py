"""The learner's practice match at the play page, as the session keeps it, and the
changes the page may make to it.

Every rule is the engine's: ``scoring/engine/play.py`` deals, checks and plays each
move, ``scoring/engine/coach.py`` advises, reviews and moves the computer players.
This module only keeps the game in the session (``request.session["play"]``), names
the seats and remembers what the coach said of the learner's moves."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from scoring.engine import PRESETS, VARIANTS, RuleSet
from scoring.engine.coach import Strength, computer_move, review
from scoring.engine.play import (
    MAX_SEATS,
    MIN_SEATS,
    Game,
    Hand,
    IllegalMove,
    Move,
    Step,
    playable_problem,
)

#: Where the session keeps the match.
SESSION_KEY = "play"
#: The learner sits in seat 0.
LEARNER = 0
#: The names at the table, seat by seat: the learner, then the computer players.
NAMES = ("You", "Ada", "Ben", "Cleo")
#: The coach's reviews the session keeps of each finished hole (the costliest).
KEPT_REVIEWS = 3
#: Deals are numbered from 0 to this (what ``secrets.randbits(62)`` gives).
MAX_SEED = 2**62 - 1


@dataclass(frozen=True)
class RulesChoice:
    """One rule set the setup form offers: a preset, or a variant as it usually plays."""

    slug: str
    name: str
    summary: str
    rules: RuleSet
    #: Why no table here can play it (the engine's words), or "" when one can.
    problem: str


def _rules_choices() -> dict[str, RulesChoice]:
    choices: dict[str, RulesChoice] = {}
    for slug, (name, summary, rules) in PRESETS.items():
        choices[slug] = RulesChoice(slug, name, summary, rules, _problem(rules))
    presets = {rules for _, _, rules in PRESETS.values()}
    for slug, variant in VARIANTS.items():
        rules = RuleSet(variant=slug)
        if rules not in presets and slug not in choices:
            choices[slug] = RulesChoice(slug, variant.name, variant.summary, rules, _problem(rules))
    return choices


def _problem(rules: RuleSet) -> str:
    """The engine's reason when no size of practice table can play ``rules``."""
    problems = [playable_problem(rules, seats) for seats in range(MIN_SEATS, MAX_SEATS + 1)]
    return "" if any(p is None for p in problems) else str(problems[0])


#: The rule sets of the setup form: the site's presets, then the variants no preset plays.
PLAY_RULES: dict[str, RulesChoice] = _rules_choices()


def new_seed() -> int:
    """The number of a new deal."""
    return secrets.randbits(62)


@dataclass(frozen=True)
class Choice:
    """What the learner chose at the setup form: enough to deal the same match again."""

    rules: str
    opponents: int
    strength: Strength
    holes: int
    seed: int

    @property
    def ruleset(self) -> RuleSet:
        return PLAY_RULES[self.rules].rules

    def query_items(self) -> list[tuple[str, str]]:
        """The setup form's fields for this choice (the "Replay this deal" link)."""
        return [
            ("rules", self.rules),
            ("opponents", str(self.opponents)),
            ("strength", self.strength.value),
            ("holes", str(self.holes)),
            ("seed", str(self.seed)),
        ]


@dataclass(frozen=True)
class Reviewed:
    """What the coach said of one of the learner's moves."""

    hole: int
    #: The move's number in its hole (``Hand.moves_made`` before it).
    at: int
    move: str
    words: str
    cost: float


@dataclass
class Table:
    """The learner's match: the engine's game, who plays the other seats, the choice
    it was dealt from and the coach's review of each of the learner's moves."""

    game: Game
    choice: Choice
    #: The strength of each computer player, seat 1 first.
    strengths: list[Strength]
    reviews: list[Reviewed] = field(default_factory=list)

    @property
    def hand(self) -> Hand:
        return self.game.hand

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[: self.game.seats]

    def strength_of(self, seat: int) -> Strength:
        return self.strengths[seat - 1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.to_dict(),
            "choice": {**asdict(self.choice), "strength": self.choice.strength.value},
            "strengths": [strength.value for strength in self.strengths],
            "reviews": [asdict(reviewed) for reviewed in self.reviews],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        """Read :meth:`to_dict`'s data back; :class:`IllegalMove` if it is not a table."""
        game = Game.from_dict(data["game"])
        try:
            choice = dict(data["choice"])
            table = cls(
                game=game,
                choice=Choice(
                    rules=str(choice["rules"]),
                    opponents=int(choice["opponents"]),
                    strength=Strength(choice["strength"]),
                    holes=int(choice["holes"]),
                    seed=int(choice["seed"]),
                ),
                strengths=[Strength(value) for value in data["strengths"]],
                reviews=[Reviewed(**dict(entry)) for entry in data["reviews"]],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise IllegalMove("That is not a saved practice table") from exc
        if len(table.strengths) != game.seats - 1 or table.choice.rules not in PLAY_RULES:
            raise IllegalMove("That is not a saved practice table")
        return table


# -- keeping it in the session ---------------------------------------------------------


def table_load(*, session: Any) -> Table | None:
    """The match this browser is playing, or None (also when what the session holds
    cannot be read any more: it is dropped, never shown as an error)."""
    data = session.get(SESSION_KEY)
    if data is None:
        return None
    try:
        return Table.from_dict(data)
    except (IllegalMove, KeyError, TypeError, ValueError, AttributeError):
        del session[SESSION_KEY]
        return None


def table_save(*, session: Any, table: Table) -> None:
    session[SESSION_KEY] = table.to_dict()


# -- what the page may do ----------------------------------------------------------------


def table_start(*, choice: Choice) -> Table:
    """Deal a new match; the learner plays first."""
    game = Game.start(choice.ruleset, choice.opponents + 1, choice.holes, choice.seed)
    return Table(game=game, choice=choice, strengths=[choice.strength] * choice.opponents)


def table_move(*, table: Table, move_text: str, at: str) -> Reviewed | None:
    """Play the learner's move (as a button sends it) and keep the coach's review of
    it. :class:`IllegalMove`, with the engine's reason, changes nothing."""
    hand = table.hand
    move = Move.parse(move_text)
    before = Hand.from_dict(hand.to_dict())
    hole = table.game.hole
    table.game.play(move, seat=LEARNER, at=_position(at))
    if before.step is Step.START:
        # Which card to turn up first is luck: nothing to review.
        return None
    said = review(before, move)
    reviewed = Reviewed(hole, before.moves_made, str(move), said.words, said.cost)
    table.reviews.append(reviewed)
    return reviewed


def table_advance(*, table: Table, at: str) -> bool:
    """Play one computer player's move, if it is one's turn and the page that asked
    was drawn for this position; False when nothing was played."""
    hand = table.hand
    if hand.over or hand.turn == LEARNER or _position(at) != hand.moves_made:
        return False
    _computer_plays(table)
    return True


def table_skip(*, table: Table) -> int:
    """Play the computer players' moves up to the learner's turn or the end of the
    hole; how many were played."""
    played = 0
    while not table.hand.over and table.hand.turn != LEARNER:
        _computer_plays(table)
        played += 1
    return played


def table_next_hole(*, table: Table) -> None:
    """Deal the next hole (:class:`IllegalMove` before this one is over). Of the
    holes before, the session keeps only the learner's costliest choices."""
    hole = table.game.hole
    table.game.next_hole()
    this = [r for r in table.reviews if r.hole == hole]
    costliest = sorted(this, key=lambda r: -r.cost)[:KEPT_REVIEWS]
    table.reviews = [r for r in table.reviews if r.hole != hole or r in costliest]


def _computer_plays(table: Table) -> None:
    hand = table.hand
    seat = hand.turn
    table.game.play(computer_move(hand, table.strength_of(seat)), seat=seat, at=hand.moves_made)


def _position(at: str) -> int:
    """The position a form was drawn for; -1 (never the table's) when it says none."""
    text = str(at or "").strip()
    return int(text) if text.isdigit() and len(text) < 7 else -1
