"""Writes of the scoresheet: starting matches, saving, correcting and deleting holes.

The engine does every bit of arithmetic; this module validates through it, then
stores the result inside a transaction so a failure leaves the match as it was.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Min, Q, Sum
from django.utils import timezone

from scoring.engine import (
    GolfError,
    Grid,
    GridScore,
    HoleScore,
    HouseRule,
    PlayerScore,
    Problem,
    RuleSet,
    apply_hole_rules,
    grid_problems,
    parse_grid,
    score_grid,
    score_hole,
    table_problems,
)
from scoring.engine.match import seating_problems, standings, totals_problems
from scoring.models import Hole, Match, Player, Score
from scoring.signals import match_reopened

GRIDS = Hole.Kind.GRIDS
TOTALS = Hole.Kind.TOTALS


class HoleRejected(Exception):
    """The hole cannot be saved; ``problems`` says why, in players' words."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = tuple(problems)


class HoleConflict(Exception):
    """Someone else changed the match first (another phone saved or corrected a hole)."""


class MatchRejected(Exception):
    """A match cannot start; ``problems`` names the field of each."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = tuple(problems)


@dataclass(frozen=True)
class HoleEntry:
    """What was typed for one hole: every grid in notation, or every total."""

    kind: str
    grids: tuple[str, ...] = ()
    totals: tuple[Any, ...] = ()
    went_out: int | None = None


@dataclass
class Evaluation:
    """A hole checked and, where possible, scored.

    ``seat_scores`` holds each grid's own score (or None) so a half-entered table can
    still show each finished grid; ``hole`` is the whole hole once it is valid.
    """

    problems: list[Problem] = field(default_factory=list)
    seat_scores: list[GridScore | None] = field(default_factory=list)
    hole: HoleScore | None = None

    @property
    def ok(self) -> bool:
        return self.hole is not None and not self.problems


def hole_evaluate(*, rules: RuleSet, entry: HoleEntry, players: int) -> Evaluation:
    """Check a hole's entry against the rules and score it with the engine.

    Every problem is reported at once, each tagged with its seat (and card places for
    grids). Nothing is stored.
    """
    result = Evaluation(seat_scores=[None] * players)
    went_out = entry.went_out
    if went_out is not None and not 0 <= went_out < players:
        result.problems.append(Problem("the player marked as out is not at this table"))
        return result
    if entry.kind == TOTALS:
        if len(entry.totals) != players:
            result.problems.append(Problem("enter a total for every player"))
            return result
        result.problems.extend(totals_problems(entry.totals, rules))
        if not result.problems:
            result.hole = apply_hole_rules([int(t) for t in entry.totals], rules, went_out)
        return result
    if entry.kind != GRIDS:
        result.problems.append(Problem("choose cards or totals"))
        return result
    if len(entry.grids) != players:
        result.problems.append(Problem("enter a grid for every player"))
        return result
    grids: list[Grid] = []
    for seat, text in enumerate(entry.grids):
        try:
            grid = parse_grid(text, rules, player=seat)
        except GolfError as exc:
            result.problems.extend(p.at_seat(seat) for p in exc.problems)
            continue
        own = grid_problems(grid, rules, player=seat, players=players)
        if own:
            result.problems.extend(own)
        else:
            result.seat_scores[seat] = score_grid(grid, rules)
        grids.append(grid)
    if result.problems:
        return result
    flags = [seat == went_out for seat in range(players)]
    result.problems.extend(table_problems(grids, rules, flags))
    if not result.problems:
        result.hole = score_hole(grids, rules, went_out)
    return result


def breakdown_data(player: PlayerScore) -> dict[str, Any]:
    """A player's hole breakdown as plain data for storage."""
    return {
        "grid": player.grid.to_dict() if player.grid else None,
        "hole_adjustments": [a._asdict() for a in player.adjustments],
    }


def match_create(
    *,
    names: Sequence[str],
    first_dealer: int,
    rules: RuleSet,
    owner: Any = None,
    rematch_of: Match | None = None,
    group: Any = None,
    roster_players: Sequence[Any] = (),
) -> Match:
    """Start a match with ``names`` in seating order under ``rules``.

    In a group, ``roster_players`` holds each seat's roster entry (or None).
    """
    names = [name.strip() for name in names]
    problems = seating_problems(len(names), rules)
    if any(not name for name in names):
        problems.append(Problem("every player needs a name", field="players"))
    if not 0 <= first_dealer < max(len(names), 1):
        problems.append(
            Problem("the first dealer must be one of the players", field="first_dealer")
        )
    if problems:
        raise MatchRejected(problems)
    with transaction.atomic():
        match = Match.objects.create(
            rules=rules.to_dict(),
            holes_planned=rules.holes,
            first_dealer=first_dealer,
            owner=owner if getattr(owner, "is_authenticated", False) else None,
            rematch_of=rematch_of,
            group=group,
        )
        links = list(roster_players) + [None] * (len(names) - len(roster_players))
        Player.objects.bulk_create(
            Player(match=match, seat=seat, name=name, roster_player=link)
            for seat, (name, link) in enumerate(zip(names, links, strict=True))
        )
    return match


def hole_record(*, match: Match, entry: HoleEntry, token: uuid.UUID, number: int) -> Hole:
    """Save hole ``number`` of ``match`` from ``entry``, scored by the engine.

    A replay of the same ``token`` returns the hole it saved, unchanged. Raises
    :class:`HoleRejected` for an impossible hole or a finished match, and
    :class:`HoleConflict` when hole ``number`` was saved by another form meanwhile.
    """
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        saved = Hole.objects.filter(token=token).first()
        if saved is not None:
            if saved.match_id != locked.pk:
                raise HoleRejected([Problem("this form belongs to another match")])
            return saved
        if locked.is_finished:
            raise HoleRejected([Problem("this match is finished; start a rematch to play on")])
        count = locked.holes.count()
        if number != count + 1:
            raise HoleConflict(
                f"hole {number} was already saved from another phone; here is the match now"
                if number <= count
                else f"the next hole is hole {count + 1}"
            )
        players = list(locked.players.all())
        rules = locked.rule_set
        evaluation = hole_evaluate(rules=rules, entry=entry, players=len(players))
        if not evaluation.ok:
            raise HoleRejected(evaluation.problems)
        assert evaluation.hole is not None
        try:
            with transaction.atomic():
                hole = Hole.objects.create(
                    match=locked,
                    number=number,
                    kind=entry.kind,
                    went_out=entry.went_out,
                    rules=rules.to_dict(),
                    token=token,
                )
        except IntegrityError as exc:
            raise HoleConflict(f"hole {number} was already saved from another phone") from exc
        _store_scores(hole, players, entry, evaluation.hole)
        match_results_refresh(match=locked)
        if number >= locked.holes_planned:
            locked.finished_at = timezone.now()
        locked.save(update_fields=["finished_at", "updated_at"])
    return hole


def hole_correct(*, hole: Hole, entry: HoleEntry, revision: int) -> Hole:
    """Replace a saved hole's entry, re-validated and re-scored under the rules it was
    played under. ``revision`` is the one the form was made from; a stale one raises
    :class:`HoleConflict`."""
    with transaction.atomic():
        Match.objects.select_for_update().get(pk=hole.match_id)
        current = Hole.objects.select_for_update().get(pk=hole.pk)
        if current.revision != revision:
            raise HoleConflict(
                f"hole {current.number} was changed from another phone; here it is as it is now"
            )
        players = list(Player.objects.filter(match_id=current.match_id))
        rules = RuleSet.from_dict(current.rules)
        evaluation = hole_evaluate(rules=rules, entry=entry, players=len(players))
        if not evaluation.ok:
            raise HoleRejected(evaluation.problems)
        assert evaluation.hole is not None
        current.scores.all().delete()
        current.kind = entry.kind
        current.went_out = entry.went_out
        current.revision += 1
        current.save(update_fields=["kind", "went_out", "revision", "updated_at"])
        _store_scores(current, players, entry, evaluation.hole)
        match_results_refresh(match=current.match)
    return current


def hole_delete_last(*, match: Match, number: int) -> None:
    """Delete hole ``number`` if it is still the match's last hole; the match is open
    again afterwards."""
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        last = locked.holes.order_by("-number").first()
        if last is None or last.number != number:
            raise HoleConflict("only the last hole can be deleted, and this is no longer it")
        last.delete()
        match_results_refresh(match=locked)
        reopened = locked.is_finished
        locked.finished_at = None
        locked.save(update_fields=["finished_at", "updated_at"])
        if reopened:
            match_reopened.send(sender=Match, match=locked)


def match_end(*, match: Match) -> None:
    """Finish a match early, after the holes played so far (at least one)."""
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        if locked.is_finished:
            return
        if not locked.holes.exists():
            raise HoleConflict("a match ends after at least one hole; none is saved yet")
        locked.finished_at = timezone.now()
        locked.save(update_fields=["finished_at", "updated_at"])


def match_rematch(*, match: Match, owner: Any = None) -> Match:
    """A new match with the same players and rules; the first deal moves one seat on."""
    players = list(match.players.all())
    names = [player.name for player in players]
    return match_create(
        names=names,
        first_dealer=(match.first_dealer + 1) % len(names),
        rules=match.rule_set,
        owner=owner,
        rematch_of=match,
        group=match.group,
        roster_players=[player.roster_player for player in players],
    )


def match_results_refresh(*, match: Match) -> None:
    """Store each player's total and place (the engine's standings) and their holes
    summed up on the player, so histories and statistics read one row per player and
    match instead of every hole."""
    sums = {
        row["seat"]: row
        for row in Score.objects.filter(hole__match_id=match.pk)
        .values("seat")
        .annotate(
            total=Sum("score"),
            holes=Count("pk"),
            best=Min("score"),
            worst=Max("score"),
            pairs=Sum("matched_columns"),
            out=Count("pk", filter=Q(went_out=True)),
            knocks=Count("pk", filter=Q(knock_penalty=True)),
        )
    }
    players = list(Player.objects.filter(match_id=match.pk).order_by("seat").only("pk", "seat"))
    totals = [sums[p.seat]["total"] if p.seat in sums else 0 for p in players]
    places = {s.seat: s.place for s in standings(totals)} if sums else {}
    # One plain UPDATE a player: bulk_update's CASE expressions for eight fields
    # cost far more to build in Python than the queries cost to run.
    for index, player in enumerate(players):
        row = sums.get(player.seat, {})
        Player.objects.filter(pk=player.pk).update(
            total=totals[index],
            place=places.get(index),
            holes_played=row.get("holes", 0),
            best_hole=row.get("best"),
            worst_hole=row.get("worst"),
            pairs=row.get("pairs") or 0,
            times_out=row.get("out", 0),
            knock_penalties=row.get("knocks", 0),
        )
    # The match changed, though only its holes and seats were written.
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now())


def _store_scores(hole: Hole, players: list[Player], entry: HoleEntry, scored: HoleScore) -> None:
    Score.objects.bulk_create(
        Score(
            hole=hole,
            player=player,
            seat=player.seat,
            grid=_notation(entry.grids[player.seat]) if entry.kind == GRIDS else "",
            grid_score=result.grid_score,
            score=result.score,
            went_out=result.went_out,
            matched_columns=result.grid.matched_columns if result.grid else 0,
            knock_penalty=any(a.rule == HouseRule.KNOCK_PENALTY.slug for a in result.adjustments),
            breakdown=breakdown_data(result),
        )
        for player, result in zip(players, scored.players, strict=True)
    )


def _notation(text: str) -> str:
    return Grid.parse(text).notation()
