"""A group's history in and out: JSON for backups and moves (every match, hole,
grid, rule set and roster link), CSV for spreadsheets, and demo data.

Import checks every match first as the site checks what it is given (every number
in range, grids, who went out) and scores every hole again with the engine, as a
saved hole is scored; a stored score the engine does not make of its hole, or
anything else wrong, refuses the file whole, naming the match, hole and player,
and nothing is stored. What is stored is the engine's scores and breakdowns, with
the file's names and dates, so standings and statistics come out identical;
accounts are not exported, the importer names the owner.

Version 2 of the format says of each hole whether the table said that nobody went
out (``nobody_went_out``), which a hole under a knock rule must say when it names no
player. Version 1 files do not say it; they are still read, a hole naming no
player taken as the site that wrote it stored it: nobody went out.
"""

from __future__ import annotations

import csv
import io
import json
import random
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import DataError, IntegrityError, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scoring.engine import (
    PRESETS,
    HoleScore,
    HouseRule,
    PlayerScore,
    RuleSet,
    score_grid,
    score_hole,
)
from scoring.engine.deal import deal_grids, went_out_seat
from scoring.engine.errors import GolfError
from scoring.engine.rules import MAX_HOLES, MAX_PLAYERS, MIN_PLAYERS
from scoring.engine.validation import grid_problems, parse_grid, went_out_problems
from scoring.models import Hole, Match, Player, Score
from scoring.names import tidy_name
from scoring.results import HoleResult, seat_results
from scoring.services import HoleEntry, breakdown_data, hole_evaluate
from scoring.spreadsheets import spreadsheet_safe

from .models import ROSTER_NAME_LENGTH, Group, Membership, RosterPlayer, roster_key
from .ratings import group_rerate
from .services import group_cache_invalidate

FORMAT = "golf-group-history"
VERSION = 2
#: The versions of the format an import reads (see the module's docstring).
READABLE_VERSIONS = (1, 2)
BATCH = 500


class ImportRejected(Exception):
    """The file is not a group history this site can read; the message says why."""


# -- export ------------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def group_export(*, group: Group) -> dict[str, Any]:
    """The group's whole history as plain data (five queries whatever its size)."""
    matches = (
        Match.objects.filter(group=group)
        .order_by("created_at", "pk")
        .prefetch_related(
            Prefetch("players", queryset=Player.objects.order_by("seat")),
            Prefetch(
                "holes",
                queryset=Hole.objects.order_by("number").prefetch_related(
                    Prefetch("scores", queryset=Score.objects.order_by("seat"))
                ),
            ),
        )
    )
    finisher_rules: dict[str, bool] = {}

    def nobody_out(hole: Hole) -> bool:
        """Whether the table said nobody went out: a hole saved under a knock rule
        naming no player (the site saves no such hole unless the table says so)."""
        if hole.went_out is not None:
            return False
        key = json.dumps(hole.rules, sort_keys=True)
        if key not in finisher_rules:
            finisher_rules[key] = RuleSet.from_dict(hole.rules).needs_finisher
        return finisher_rules[key]

    return {
        "format": FORMAT,
        "version": VERSION,
        "group": {
            "name": group.name,
            "usual_rules": group.usual_rules,
            "created_at": _iso(group.created_at),
        },
        "roster": [{"id": p.pk, "name": p.name} for p in group.roster.order_by("name", "pk")],
        "matches": [
            {
                "created_at": _iso(m.created_at),
                "finished_at": _iso(m.finished_at),
                "rules": m.rules,
                "holes_planned": m.holes_planned,
                "first_dealer": m.first_dealer,
                "players": [
                    {"seat": p.seat, "name": p.name, "roster": p.roster_player_id}
                    for p in m.players.all()
                ],
                "holes": [
                    {
                        "number": h.number,
                        "kind": h.kind,
                        "went_out": h.went_out,
                        "nobody_went_out": nobody_out(h),
                        "rules": h.rules,
                        "created_at": _iso(h.created_at),
                        "scores": [
                            {
                                "seat": s.seat,
                                "grid": s.grid,
                                "grid_score": s.grid_score,
                                "score": s.score,
                                "went_out": s.went_out,
                                "matched_columns": s.matched_columns,
                                "knock_penalty": s.knock_penalty,
                                "breakdown": s.breakdown,
                            }
                            for s in h.scores.all()
                        ],
                    }
                    for h in m.holes.all()
                ],
            }
            for m in matches
        ],
    }


CSV_HEADER = [
    "Date",
    "Match",
    "Variant",
    "Status",
    "Holes played",
    "Holes planned",
    "Seat",
    "Player",
    "Roster",
    "Total",
    "Place",
    "Won",
]

#: A match's status in the CSV: filter on it to sum only finished matches.
FINISHED, ENDED_EARLY, IN_PROGRESS = "finished", "ended early", "in progress"


def match_status(match: Match, holes_played: int) -> str:
    """ "finished", "ended early" (finished before its planned holes) or
    "in progress"."""
    if match.ended_early(holes_played):
        return ENDED_EARLY
    return FINISHED if match.is_finished else IN_PROGRESS


def group_csv(*, group: Group) -> str:
    """One row per player per match, oldest first, for a spreadsheet. Matches still
    being played are in it too, marked "in progress" with their totals so far (a
    spreadsheet filters on Status; leaving them out would hide that they exist)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    players = (
        Player.objects.filter(match__group=group)
        .select_related("match", "roster_player")
        .order_by("match__created_at", "match_id", "seat")
    )
    variants: dict[str, str] = {}
    for p in players.iterator(chunk_size=2000):
        variant = p.match.rules.get("variant", "")
        if variant not in variants:
            variants[variant] = RuleSet.from_dict(p.match.rules).variant_info.name
        won = p.match.finished_at is not None and p.place == 1
        row = [
            p.match.created_at.date().isoformat(),
            p.match_id,
            variants[variant],
            match_status(p.match, p.holes_played),
            p.holes_played,
            p.match.holes_planned,
            p.seat + 1,
            p.name,
            p.roster_player.name if p.roster_player else "",
            p.total,
            p.place or "",
            "yes" if won else "",
        ]
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return out.getvalue()


# -- import ------------------------------------------------------------------------------


def _when(text: Any, field: str) -> datetime | None:
    if text in (None, ""):
        return None
    parsed = parse_datetime(str(text)) if isinstance(text, str) else None
    if parsed is None:
        raise ImportRejected(f"{field}: {text!r} is not a date and time")
    return parsed


@transaction.atomic
def group_import(*, data: Any, owner: User) -> Group:
    """Make a new group from an export, ``owner`` its owner and first member."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRejected("this is not a group history exported by this site")
    if data.get("version") not in READABLE_VERSIONS:
        raise ImportRejected(f"version {data.get('version')!r} of the format is not known here")
    try:
        names = _roster_names(data.get("roster", []))
        info = data["group"]
        group = Group.objects.create(
            name=_name(info["name"], _longest(Group), "the group"),
            owner=owner,
            usual_rules=info.get("usual_rules"),
        )
        created = _when(info.get("created_at"), "group.created_at")
        if created:
            Group.objects.filter(pk=group.pk).update(created_at=created)
        Membership.objects.create(group=group, user=owner)
        roster = {
            entry["id"]: RosterPlayer.objects.create(group=group, name=name)
            for entry, name in zip(data.get("roster", []), names, strict=True)
        }
        matches = data.get("matches", [])
        if data["version"] == 1:
            matches = _from_version_1(matches)
        for number, match in enumerate(matches, start=1):
            _check_links(number, match, roster)
        matches_create(group=group, matches=matches, roster=roster)
    except ImportRejected:
        raise
    except (
        KeyError,
        TypeError,
        ValueError,
        AttributeError,
        OverflowError,
        RecursionError,
        IntegrityError,
        DataError,
    ) as exc:
        raise ImportRejected(f"the file is incomplete or damaged ({exc!r})") from exc
    return group


def _from_version_1(matches: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Matches of a version 1 file as version 2 says them. Version 1 did not say
    whether the table said nobody went out; a hole in it naming no player is taken
    to have said so: that is how the site that wrote the file stored it (it saves
    no hole under a knock rule otherwise; older ones scored such a hole without
    the knock rule's effect, and the scores are imported as written)."""
    return [
        {
            **match,
            "holes": [
                {**hole, "nobody_went_out": hole.get("went_out") is None} for hole in match["holes"]
            ],
        }
        for match in matches
    ]


def _roster_names(entries: Sequence[dict[str, Any]]) -> list[str]:
    """The names of the roster entries as they will be stored. Two that are one
    name whatever the case ("Ann" and "ann") are refused, as the roster holds a
    name only once (``roster_key``)."""
    names = [
        _name(entry["name"], ROSTER_NAME_LENGTH, "an entry of the roster") for entry in entries
    ]
    seen: dict[str, str] = {}
    for name in names:
        first = seen.get(roster_key(name))
        if first == name:
            raise ImportRejected(f"the roster lists {name!r} twice")
        if first is not None:
            raise ImportRejected(
                f"the roster lists {first!r} and {name!r}, which count as the same name "
                "whatever the case; rename one of them in the file"
            )
        seen[roster_key(name)] = name
    return names


def _longest(model: type[Group | Player]) -> int:
    """How long a name ``model`` stores may be."""
    return int(model._meta.get_field("name").max_length or 0)


def _name(value: Any, limit: int, whose: str) -> str:
    """A name from the file as the site stores one: without spaces around it, cut to
    ``limit`` characters, and never empty (the pages could not name it)."""
    name = tidy_name(tidy_name(str(value))[:limit])
    if not name:
        raise ImportRejected(f"{whose} has no name")
    return name


def matches_create(
    *, group: Group, matches: Sequence[dict[str, Any]], roster: dict[Any, RosterPlayer]
) -> None:
    """Store matches given as export data in ``group``, in batches (a few queries a
    batch, whatever the number of matches), and rate the group's regulars from
    scratch: ratings are not part of the file, so an import works out the same
    numbers from the same matches as the site it came from."""
    scored = [_check_match(number, data) for number, data in enumerate(matches, start=1)]
    for start in range(0, len(matches), BATCH):
        end = start + BATCH
        _create_batch(group, matches[start:end], scored[start:end], roster)
    group_rerate(group_id=group.pk)
    group_cache_invalidate(group_ids=[group.pk])


def _match_place(number: int, data: dict[str, Any]) -> str:
    """How a message names a match: its place in the file, from 1, and its start."""
    where = f"match {number} of the file"
    if data.get("created_at"):
        where += f" (started {data['created_at']})"
    return where


def _check_links(number: int, data: dict[str, Any], roster: dict[Any, RosterPlayer]) -> None:
    """Refuse a seat linked to a roster entry the file does not have (its statistics
    would silently lose the match)."""
    for p in data["players"]:
        link = p.get("roster")
        if link is not None and link not in roster:
            name = str(p.get("name", "")).strip()
            raise ImportRejected(
                f"{_match_place(number, data)}: {name!r} is linked to roster entry {link!r}, "
                "which is not in the file's roster"
            )


def _whole(value: Any, low: int, high: int, place: str, what: str) -> int:
    """A whole number from the file within ``low`` .. ``high``, or why it is not one
    (a number the database cannot hold is one too many digits, not a crash)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ImportRejected(
            f"{place}: {what} must be a whole number from {low} to {high}, not {value!r}"
        )
    return int(value)


def _check_match(number: int, data: dict[str, Any]) -> list[HoleScore]:
    """Check a match as the site checks one it is given, and score each hole with the
    engine as a hole saved on the site is scored (``hole_evaluate``): rules the
    engine cannot read, a number out of range (players, seats, holes, the first
    dealer, hole numbers), a grid the engine cannot read or that breaks its rules, a
    hole that does not say who went out when its rules need it, or a score that is
    not what the engine makes of the hole, each refuse the file, naming the place.
    Returns each hole's score, in the file's order. ``number`` is the match's place
    in the file, from 1."""
    where = _match_place(number, data)
    rules = _rules(data["rules"], where)
    seats = data["players"]
    if not isinstance(seats, list):
        raise ImportRejected(f"{where}: the players are not a list")
    players = _whole(len(seats), MIN_PLAYERS, MAX_PLAYERS, where, "the number of players")
    taken = sorted(_whole(p["seat"], 0, players - 1, where, "a seat") for p in seats)
    if taken != list(range(players)):
        raise ImportRejected(f"{where}: the seats are not 0 to {players - 1}, once each")
    planned = _whole(data["holes_planned"], 1, MAX_HOLES, where, "the holes planned")
    _whole(data.get("first_dealer", 0), 0, players - 1, where, "the first dealer's seat")
    names = {int(p["seat"]): str(p.get("name", "")).strip() for p in seats}
    holes = data["holes"]
    if not isinstance(holes, list):
        raise ImportRejected(f"{where}: the holes are not a list")
    if len(holes) > planned:
        raise ImportRejected(f"{where}: the file lists {len(holes)} holes for a match of {planned}")
    scored = []
    for index, hole in enumerate(holes, start=1):
        hole_number = _whole(hole["number"], 1, planned, where, "a hole's number")
        if hole_number != index:
            raise ImportRejected(
                f"{where}: hole {hole_number} is listed {index}th; the holes are numbered "
                "1, 2, 3 and so on, once each, in order"
            )
        scored.append(_scored_hole(f"{where}, hole {hole_number}", hole, rules, names))
    return scored


def _scored_hole(
    where: str, hole: dict[str, Any], match_rules: RuleSet, names: dict[int, str]
) -> HoleScore:
    """One hole checked and scored by the engine, its stored scores compared."""
    rules = _rules(hole.get("rules"), where) if hole.get("rules") else match_rules
    players = len(names)
    kind = hole.get("kind", Hole.Kind.GRIDS)
    if kind not in Hole.Kind.values:
        raise ImportRejected(f"{where}: {kind!r} is neither cards nor totals")
    _check_went_out(where, hole, rules, players)
    went_out = hole.get("went_out")
    by_seat = {}
    for score in hole["scores"]:
        by_seat[_whole(score["seat"], 0, players - 1, where, "a score's seat")] = score
    if sorted(by_seat) != list(range(players)) or len(hole["scores"]) != players:
        raise ImportRejected(f"{where}: the hole needs one score for each of the {players} seats")

    def seat_place(seat: int) -> str:
        return f"{where}, {names.get(seat) or f'seat {seat + 1}'!r}"

    listed = [by_seat[seat] for seat in range(players)]
    texts: list[str] = []
    if kind == Hole.Kind.GRIDS:
        texts = [str(score.get("grid") or "") for score in listed]
        for seat, text in enumerate(texts):
            if not text.strip():
                raise ImportRejected(
                    f"{seat_place(seat)}: the hole was scored from cards, but no grid"
                )
            _check_grid(seat_place(seat), text, rules, players)
        entry = HoleEntry(
            kind=kind,
            grids=tuple(texts),
            went_out=went_out,
            nobody_out=bool(hole.get("nobody_went_out")),
        )
    else:
        totals = tuple(
            _whole(score["grid_score"], -9999, 9999, seat_place(seat), "a total")
            for seat, score in enumerate(listed)
        )
        entry = HoleEntry(
            kind=kind,
            totals=totals,
            went_out=went_out,
            nobody_out=bool(hole.get("nobody_went_out")),
        )
    evaluation = hole_evaluate(rules=rules, entry=entry, players=players)
    if evaluation.hole is None or evaluation.problems:
        wrong = "; ".join(str(problem) for problem in evaluation.problems)
        raise ImportRejected(f"{where}: the hole is not possible ({wrong})")
    for seat, (score, result) in enumerate(zip(listed, evaluation.hole.players, strict=True)):
        said = score.get("score")
        if said != result.score or isinstance(said, bool):
            counted = f"the grid {texts[seat]}" if kind == Hole.Kind.GRIDS else "the hole"
            raise ImportRejected(
                f"{seat_place(seat)}: the file says {said!r} but {counted} scores {result.score}"
            )
    return evaluation.hole


def _check_grid(place: str, text: str, rules: RuleSet, players: int) -> None:
    """Refuse a grid the engine cannot read or that breaks its rules, in words that
    say which."""
    try:
        grid = parse_grid(text, rules)
    except GolfError as exc:
        raise ImportRejected(f"{place}: the grid {text!r} cannot be read ({exc})") from exc
    problems = grid_problems(grid, rules, players=max(players, 2))
    if problems:
        wrong = "; ".join(str(problem) for problem in problems)
        raise ImportRejected(f"{place}: the grid {text!r} is not possible ({wrong})")


def _check_went_out(where: str, hole: dict[str, Any], rules: RuleSet, players: int) -> None:
    """Refuse a hole whose "went_out" and "nobody_went_out" the engine would refuse in a
    hole saved on the site (``went_out_problems``)."""
    went_out = hole.get("went_out")
    if went_out is not None and (isinstance(went_out, bool) or not isinstance(went_out, int)):
        raise ImportRejected(f"{where}: the seat that went out is not a number: {went_out!r}")
    nobody_out = bool(hole.get("nobody_went_out"))
    problems = went_out_problems(rules, players, went_out, nobody_out=nobody_out)
    if problems:
        said = (
            ""
            if went_out is not None or nobody_out
            else (
                ' (the file names no player in "went_out" and does not say "nobody_went_out": true)'
            )
        )
        raise ImportRejected(f"{where}: {problems[0]}{said}")


def _rules(data: Any, where: str) -> RuleSet:
    """The rule set, or why the engine cannot read it."""
    try:
        return RuleSet.from_dict(data)
    except GolfError as exc:
        raise ImportRejected(f"{where}: the rules cannot be read ({exc})") from exc


def _create_batch(
    group: Group,
    batch: Sequence[dict[str, Any]],
    scored: Sequence[list[HoleScore]],
    roster: dict[Any, RosterPlayer],
) -> None:
    """Store a batch of checked matches; every score is the engine's (``scored``,
    each match's holes as :func:`_check_match` scored them)."""
    made = Match.objects.bulk_create(
        Match(
            group=group,
            rules=data["rules"],
            holes_planned=int(data["holes_planned"]),
            first_dealer=int(data.get("first_dealer", 0)),
            finished_at=_when(data.get("finished_at"), "finished_at"),
        )
        for data in batch
    )
    for match, data in zip(made, batch, strict=True):
        match.created_at = _when(data.get("created_at"), "created_at") or match.created_at
    Match.objects.bulk_update(made, ["created_at"])
    players: list[Player] = []
    for match, data, holes_scored in zip(made, batch, scored, strict=True):
        seats = data["players"]
        results = seat_results(
            [int(p["seat"]) for p in seats],
            (
                (seat, _hole_result(player))
                for hole in holes_scored
                for seat, player in enumerate(hole.players)
            ),
        )
        players.extend(
            Player(
                match=match,
                seat=int(p["seat"]),
                name=_name(p["name"], _longest(Player), "a player of a match"),
                roster_player=roster.get(p.get("roster")),
                **results[int(p["seat"])],
            )
            for p in seats
        )
    made_players = Player.objects.bulk_create(players)
    seat_of = {(p.match_id, p.seat): p for p in made_players}
    holes: list[Hole] = []
    for match, data in zip(made, batch, strict=True):
        holes.extend(
            Hole(
                match=match,
                number=int(h["number"]),
                kind=h.get("kind", Hole.Kind.GRIDS),
                went_out=h.get("went_out"),
                rules=h.get("rules") or data["rules"],
                token=uuid.uuid4(),
            )
            for h in data["holes"]
        )
    made_holes = Hole.objects.bulk_create(holes, batch_size=BATCH)
    hole_data = [h for data in batch for h in data["holes"]]
    stamps = []
    for hole, h in zip(made_holes, hole_data, strict=True):
        when = _when(h.get("created_at"), "hole.created_at")
        if when:
            hole.created_at = when
            stamps.append(hole)
    if stamps:
        Hole.objects.bulk_update(stamps, ["created_at"], batch_size=BATCH)
    hole_scores = [hole for holes_scored in scored for hole in holes_scored]
    scores: list[Score] = []
    for hole, h, hole_score in zip(made_holes, hole_data, hole_scores, strict=True):
        grids = {int(s["seat"]): str(s.get("grid") or "") for s in h["scores"]}
        scores.extend(
            Score(
                hole=hole,
                player=seat_of[(hole.match_id, seat)],
                seat=seat,
                grid=grids[seat] if hole.kind == Hole.Kind.GRIDS else "",
                grid_score=result.grid_score,
                score=result.score,
                went_out=result.went_out,
                matched_columns=result.grid.matched_columns if result.grid else 0,
                knock_penalty=_knock_penalty(result),
                breakdown=breakdown_data(result),
            )
            for seat, result in enumerate(hole_score.players)
        )
    Score.objects.bulk_create(scores, batch_size=BATCH * 4)


def _knock_penalty(player: PlayerScore) -> bool:
    return any(a.rule == HouseRule.KNOCK_PENALTY.slug for a in player.adjustments)


def _hole_result(player: PlayerScore) -> HoleResult:
    """A seat's hole, as the engine scored it, as the results count it."""
    return HoleResult(
        score=player.score,
        pairs=player.grid.matched_columns if player.grid else 0,
        went_out=player.went_out,
        knock_penalty=_knock_penalty(player),
    )


# -- demo data -----------------------------------------------------------------------------

DEMO_NAMES = ["Ann", "Bob", "Cleo", "Dev", "Esme", "Finn", "Gus", "Hana"]
#: Mostly classic six-card Golf, as most tables play, with some of the other presets.
DEMO_PRESET_WEIGHTS = 6


def demo_matches(
    count: int, rng: random.Random, *, end: datetime | None = None
) -> list[dict[str, Any]]:
    """``count`` finished matches as export data, newest ending at ``end``: random
    legal deals, improved by greedy draws, scored by the engine."""
    end = end or timezone.now()
    slugs = sorted(PRESETS)
    everyday = RuleSet()
    # About one match every three days, over at most three years (so a large demo
    # is a busy group, not one that has played since the 1940s).
    start = end - timedelta(days=min(max(count, 30) * 3, 3 * 365))
    stamps = sorted(start + (end - start) * rng.random() for _ in range(count))
    matches = []
    for when in stamps:
        if rng.randrange(DEMO_PRESET_WEIGHTS + len(slugs)) < DEMO_PRESET_WEIGHTS:
            rules = everyday
        else:
            rules = PRESETS[rng.choice(slugs)][2]
        holes = rng.choice([9, 9, 9, 6, 18]) if rules.holes > 1 else rules.holes
        rules = RuleSet.from_dict({**rules.to_dict(), "holes": holes})
        seated = rng.sample(DEMO_NAMES[:6], rng.randint(2, 5))
        matches.append(_demo_match(rules, seated, when, rng))
    return matches


def _demo_match(
    rules: RuleSet, names: Sequence[str], when: datetime, rng: random.Random
) -> dict[str, Any]:
    snapshot = rules.to_dict()
    holes = []
    for number in range(1, rules.holes + 1):
        grids, _ = deal_grids(rules, len(names), rng)
        out = went_out_seat([score_grid(g, rules).total for g in grids], rng)
        scored = score_hole(grids, rules, out)
        holes.append(
            {
                "number": number,
                "kind": "grids",
                "went_out": out,
                "nobody_went_out": out is None and rules.needs_finisher,
                "rules": snapshot,
                "created_at": _iso(when + timedelta(minutes=6 * number)),
                "scores": [
                    {
                        "seat": seat,
                        "grid": grid.notation(),
                        "grid_score": result.grid_score,
                        "score": result.score,
                        "went_out": result.went_out,
                        "matched_columns": result.grid.matched_columns if result.grid else 0,
                        "knock_penalty": any(
                            a.rule == HouseRule.KNOCK_PENALTY.slug for a in result.adjustments
                        ),
                        "breakdown": breakdown_data(result),
                    }
                    for seat, (grid, result) in enumerate(zip(grids, scored.players, strict=True))
                ],
            }
        )
    return {
        "created_at": _iso(when),
        "finished_at": _iso(when + timedelta(minutes=6 * rules.holes + 5)),
        "rules": snapshot,
        "holes_planned": rules.holes,
        "first_dealer": rng.randrange(len(names)),
        "players": [{"seat": s, "name": n, "roster": n} for s, n in enumerate(names)],
        "holes": holes,
    }


@transaction.atomic
def demo_group_create(
    *,
    owner: User,
    matches: int,
    seed: int | None = None,
    name: str = "Demo Friday golf",
) -> Group:
    """A group with a roster and ``matches`` realistic finished matches."""
    rng = random.Random(seed)
    group = Group.objects.create(name=name, owner=owner, usual_rules=RuleSet().to_dict())
    Membership.objects.create(group=group, user=owner)
    roster = {n: RosterPlayer.objects.create(group=group, name=n) for n in DEMO_NAMES[:6]}
    matches_create(group=group, matches=demo_matches(matches, rng), roster=roster)
    return group
