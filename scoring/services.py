"""Writes of the scoresheet: starting matches, saving, correcting and deleting holes.

The engine does every bit of arithmetic; this module validates through it, then
stores the result inside a transaction so a failure leaves the match as it was.

Each change that a group's history or statistics read sends
``signals.match_results_changed`` in its transaction, after its other writes: the
groups app raises the group's revision then, which invalidates what it cached.
Every writer takes its row locks in one order, on PostgreSQL: the match's row
first (:func:`matches_lock`), then its seats, holes and scores, and the group's
row last; so two changes at once wait for each other rather than deadlock.
A match's (and a hole's) row is locked FOR NO KEY UPDATE: a change never alters
a key, and a row stored elsewhere that refers to the match (a group's ratings,
which a re-rate writes for every later match) locks it against key changes
only, so it does not wait for a match being saved while its re-rate holds the
group's row that the save wants next.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from django.db import IntegrityError, connection, transaction
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
    score_totals,
    table_problems,
    table_problems_so_far,
    went_out_problems,
)
from scoring.engine.errors import seat_label
from scoring.engine.match import seating_problems, totals_problems
from scoring.models import (
    PLAYER_RESULT_FIELDS,
    Hole,
    Match,
    MatchKeeper,
    Player,
    ReplacedJoinLink,
    Score,
    SeatDraft,
    new_join_token,
    new_share_token,
)
from scoring.names import tidy_name
from scoring.results import HoleResult, seat_results
from scoring.signals import match_results_changed

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
    #: The table said that nobody went out (not the same as not saying who did:
    #: rules that score that player refuse a hole that says neither).
    nobody_out: bool = False


@dataclass
class Evaluation:
    """A hole checked and, where possible, scored.

    ``seat_scores`` holds each grid's own score (or None) so a half-entered table can
    still show each finished grid; ``hole`` is the whole hole once it is valid, and
    ``grids`` its grids as read, in seating order (none for totals).
    """

    problems: list[Problem] = field(default_factory=list)
    seat_scores: list[GridScore | None] = field(default_factory=list)
    hole: HoleScore | None = None
    grids: list[Grid] = field(default_factory=list)

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
    out_problems = went_out_problems(rules, players, went_out, nobody_out=entry.nobody_out)
    if went_out is not None and out_problems:
        # A seat not at the table (or said with "nobody"): nothing can be scored.
        result.problems.extend(out_problems)
        return result
    if entry.kind == TOTALS:
        if len(entry.totals) != players:
            result.problems.append(Problem("enter a total for every player"))
            return result
        result.problems.extend(totals_problems(entry.totals, rules))
        result.problems.extend(out_problems)
        if not result.problems:
            result.hole = score_totals([int(t) for t in entry.totals], rules, went_out)
        return result
    if entry.kind != GRIDS:
        result.problems.append(Problem("choose cards or totals"))
        return result
    if len(entry.grids) != players:
        result.problems.append(Problem("enter a grid for every player"))
        return result
    grids: list[Grid] = []
    for seat, text in enumerate(entry.grids):
        check = seat_evaluate(rules=rules, text=text, seat=seat, players=players)
        result.problems.extend(check.problems)
        result.seat_scores[seat] = check.score
        if check.grid is not None:
            grids.append(check.grid)
    if result.problems:
        # Grids still to finish or put right: the cards typed so far are counted
        # across the table all the same.
        result.problems.extend(table_problems_so_far(entry.grids, rules))
        result.problems.extend(out_problems)
        return result
    flags = [seat == went_out for seat in range(players)]
    result.problems.extend(table_problems(grids, rules, flags))
    result.problems.extend(out_problems)
    if not result.problems:
        # What score_hole does, from the grid scores already worked out above.
        scored = cast(list[GridScore], result.seat_scores)
        result.hole = apply_hole_rules([g.total for g in scored], rules, went_out, scored)
        result.grids = grids
    return result


@dataclass(frozen=True)
class SeatCheck:
    """One seat's grid checked on its own (not against the rest of the table): its
    problems, each tagged with the seat, the grid as read (None when unreadable)
    and its score (None while it has a problem)."""

    problems: list[Problem]
    grid: Grid | None = None
    score: GridScore | None = None


def seat_evaluate(*, rules: RuleSet, text: str, seat: int, players: int) -> SeatCheck:
    """Check and score the grid ``text`` of ``seat`` at a table of ``players``,
    alone: what a hole's check does for each seat before it counts the table's cards."""
    try:
        grid = parse_grid(text, rules, player=seat)
    except GolfError as exc:
        return SeatCheck([p.at_seat(seat) for p in exc.problems])
    own = grid_problems(grid, rules, player=seat, players=players)
    if own:
        return SeatCheck(list(own), grid)
    return SeatCheck([], grid, score_grid(grid, rules))


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
    phones: Iterable[str] = (),
    token: uuid.UUID | None = None,
) -> Match:
    """Start a match with ``names`` in seating order under ``rules``.

    In a group, ``roster_players`` holds each seat's roster entry (or None).
    ``phones``: the phones that keep it as joined ones (:func:`match_join`) from
    the start, as a rematch's do.
    ``token`` is the one-time token of the form that asks: a replay of it returns
    the match it started, unchanged (a retried or doubled submit starts one match).
    A token used in another group (or outside one) is refused.
    """
    names = [tidy_name(name) for name in names]
    problems = seating_problems(len(names), rules)
    if any(not name for name in names):
        problems.append(Problem("every player needs a name", field="players"))
    if not 0 <= first_dealer < max(len(names), 1):
        problems.append(
            Problem("the first dealer must be one of the players", field="first_dealer")
        )
    if problems:
        raise MatchRejected(problems)
    group_id = getattr(group, "pk", None)
    with transaction.atomic():
        started = match_started_by(token=token)
        if started is not None:
            return _same_place(started, group_id)
        try:
            with transaction.atomic():
                match = Match.objects.create(
                    rules=rules.to_dict(),
                    holes_planned=rules.holes,
                    first_dealer=first_dealer,
                    owner=owner if getattr(owner, "is_authenticated", False) else None,
                    rematch_of=rematch_of,
                    group=group,
                    token=token,
                )
        except IntegrityError:
            # The same form, sent twice at once: the other request started it.
            started = match_started_by(token=token)
            if started is None:
                raise
            return _same_place(started, group_id)
        links = list(roster_players) + [None] * (len(names) - len(roster_players))
        Player.objects.bulk_create(
            Player(match=match, seat=seat, name=name, roster_player=link)
            for seat, (name, link) in enumerate(zip(names, links, strict=True))
        )
        MatchKeeper.objects.bulk_create(MatchKeeper(match=match, phone=p) for p in phones)
        _results_changed(match)
    return match


def match_started_by(*, token: uuid.UUID | None) -> Match | None:
    """The match the form with one-time ``token`` started, if it did."""
    if token is None:
        return None
    return Match.objects.filter(token=token).first()


def _same_place(match: Match, group_id: int | None) -> Match:
    """``match``, started earlier by the same form, if that form was for the same
    group (or none); a token carried to another group's form is refused."""
    if match.group_id != group_id:
        raise MatchRejected([Problem("this form was already used; open the page again")])
    return match


def hole_record(
    *,
    match: Match,
    entry: HoleEntry,
    token: uuid.UUID,
    number: int,
    players: list[Player] | None = None,
) -> Hole:
    """Save hole ``number`` of ``match`` from ``entry``, scored by the engine.

    ``players`` are the match's players in seating order when the caller has them
    already (seats never change once a match starts); otherwise they are read.
    ``match`` is brought up to date (``finished_at``, ``updated_at``).
    A replay of the same ``token`` returns the hole it saved, unchanged. Raises
    :class:`HoleRejected` for an impossible hole or a finished match, and
    :class:`HoleConflict` when hole ``number`` was saved by another form meanwhile.
    """
    if players is None:
        players = list(match.players.all())
    rules = match.rule_set
    # Checking and scoring need no lock: a match's rules and seats never change once
    # it starts. They are done first, so the write lock (on SQLite, every other save
    # on the site waits for it) is held only for the writes.
    evaluation = hole_evaluate(rules=rules, entry=entry, players=len(players))
    scores = _scores(players, evaluation)
    with transaction.atomic():
        locked = Match.objects.select_for_update(no_key=True).get(pk=match.pk)
        saved = Hole.objects.filter(token=token).first()
        if saved is not None:
            if saved.match_id != locked.pk:
                raise HoleRejected([Problem("this form belongs to another match")])
            match.finished_at, match.updated_at = locked.finished_at, locked.updated_at
            return saved
        count = Hole.objects.filter(match=locked).count()
        if number <= count:
            # Before "finished": the last hole saved by two phones is a clash of two
            # phones, which the second can still apply as a correction.
            raise HoleConflict(f"hole {number} was already saved from another phone")
        if locked.is_finished:
            raise HoleRejected([Problem("this match is finished; start a rematch to play on")])
        if number != count + 1:
            raise HoleConflict(
                f"a hole was deleted from another phone, so the next hole is hole {count + 1}"
            )
        if not evaluation.ok:
            raise HoleRejected(evaluation.problems)
        try:
            # No savepoint: on a clash the HoleConflict leaves the transaction, which
            # is rolled back whole.
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
        _store_scores(hole, scores)
        # The table's shared draft of this hole (entered phone by phone) is done
        # with, whichever way the hole was saved; so is any older one.
        SeatDraft.objects.filter(match=locked, number__lte=number).delete()
        match_results_refresh(match=locked, players=players)
        if number >= locked.holes_planned:
            _changed(locked, finished_at=timezone.now())
            _results_changed(locked)
        else:
            _changed(locked)
    match.finished_at, match.updated_at = locked.finished_at, locked.updated_at
    return hole


# -- one hole entered phone by phone ------------------------------------------------------


def seat_draft_save(
    *,
    match: Match,
    number: int,
    player: Player,
    grid: str,
    went_out: bool = False,
    phone: str = "",
    user: Any = None,
    players: int | None = None,
) -> SeatDraft:
    """Put ``player``'s cards for hole ``number`` into the table's shared draft of
    it, in place of any entered before (by any phone). ``went_out``: the seat says
    it went out first. ``players``: how many sit at the table, if known.

    The grid is checked on its own first (the table's cards are counted once every
    seat is in): :class:`HoleRejected` says what is wrong with it. Raises
    :class:`HoleConflict` when hole ``number`` is no longer the next one (saved
    meanwhile, or a hole deleted) and :class:`HoleRejected` for a finished match."""
    if players is None:
        players = Player.objects.filter(match_id=match.pk).count()
    check = seat_evaluate(rules=match.rule_set, text=grid, seat=player.seat, players=players)
    if check.problems or check.grid is None:
        raise HoleRejected(check.problems)
    if player.match_id != match.pk:
        raise HoleRejected([Problem("this seat is at another match's table")])
    with transaction.atomic():
        _lock_next_hole(match, number)
        draft, _ = SeatDraft.objects.update_or_create(
            match=match,
            number=number,
            player=player,
            defaults={
                "grid": check.grid.notation(),
                "went_out": went_out,
                "phone": phone,
                "user": user if getattr(user, "is_authenticated", False) else None,
            },
        )
    return draft


def seat_draft_clear(*, match: Match, number: int, player: Player) -> bool:
    """Take ``player``'s cards out of the draft of hole ``number``; False when there
    were none (cleared meanwhile). Refused as a save is, once the hole is saved."""
    with transaction.atomic():
        _lock_next_hole(match, number)
        deleted, _ = SeatDraft.objects.filter(match=match, number=number, player=player).delete()
    return bool(deleted)


def seat_drafts_digest(drafts: Iterable[SeatDraft]) -> str:
    """A short fingerprint of a hole's draft as it stands: it changes with every
    seat entered, changed or cleared. A confirmation carries the one its page was
    drawn from, so cards changed since then are not saved unseen."""
    state = sorted((d.player_id, d.grid, d.went_out, d.updated_at.isoformat()) for d in drafts)
    return hashlib.blake2b(repr(state).encode(), digest_size=8).hexdigest()


def seat_draft_entry(
    *,
    drafts: Sequence[SeatDraft],
    players: Sequence[Player],
    went_out: int | None,
    nobody_out: bool,
) -> HoleEntry:
    """The hole the draft's rows make, in seating order, with who went out as the
    table says; a seat without a row has an empty grid (which the check refuses)."""
    grids = {d.player_id: d.grid for d in drafts}
    return HoleEntry(
        kind=GRIDS,
        grids=tuple(grids.get(p.pk, "") for p in players),
        went_out=went_out,
        nobody_out=nobody_out,
    )


def seat_draft_confirm(
    *,
    match: Match,
    number: int,
    token: uuid.UUID,
    seen: str,
    went_out: int | None,
    nobody_out: bool = False,
    players: list[Player] | None = None,
) -> Hole:
    """Save hole ``number`` from the table's draft of it, once: through
    :func:`hole_record` (its one-time ``token``, its checks), which drops the draft
    in the same transaction. ``seen`` is the draft's digest
    (:func:`seat_drafts_digest`) as the confirming page showed it.

    Raises :class:`HoleRejected` while a seat is missing or the table is impossible
    (each problem tagged with its seat), and :class:`HoleConflict` when the hole
    was saved meanwhile or the draft changed since it was shown."""
    if players is None:
        players = list(Player.objects.filter(match_id=match.pk).order_by("seat"))
    with transaction.atomic():
        matches_lock(match_ids=[match.pk])
        if Hole.objects.filter(token=token).exists():
            # Sent again: the hole it saved, as hole_record finds it.
            return hole_record(
                match=match,
                entry=HoleEntry(kind=GRIDS),
                token=token,
                number=number,
                players=players,
            )
        if Hole.objects.filter(match=match, number=number).exists():
            raise HoleConflict(f"hole {number} was already saved from another phone")
        drafts = list(SeatDraft.objects.filter(match=match, number=number))
        if seat_drafts_digest(drafts) != seen:
            raise HoleConflict("the cards changed on another phone meanwhile; check them again")
        entered = {d.player_id for d in drafts}
        missing = [
            Problem(f"{seat_label(p.seat)}: no cards entered yet", player=p.seat)
            for p in players
            if p.pk not in entered
        ]
        if missing:
            raise HoleRejected(missing)
        entry = seat_draft_entry(
            drafts=drafts, players=players, went_out=went_out, nobody_out=nobody_out
        )
        return hole_record(match=match, entry=entry, token=token, number=number, players=players)


def _lock_next_hole(match: Match, number: int) -> None:
    """Take the match's row lock (the first of the module's lock order) and make sure
    hole ``number`` is still its next hole and the match is open."""
    matches_lock(match_ids=[match.pk])
    count = Hole.objects.filter(match_id=match.pk).count()
    if number <= count:
        raise HoleConflict(f"hole {number} was already saved, so its cards can no longer change")
    if number != count + 1:
        raise HoleConflict(f"a hole was deleted, so the next hole is hole {count + 1}")
    if Match.objects.filter(pk=match.pk, finished_at__isnull=False).exists():
        raise HoleRejected([Problem("this match is finished; start a rematch to play on")])


def hole_correct(*, hole: Hole, entry: HoleEntry, revision: int) -> Hole:
    """Replace a saved hole's entry, re-validated and re-scored under the rules it was
    played under. ``revision`` is the one the form was made from; a stale one raises
    :class:`HoleConflict`."""
    players = list(Player.objects.filter(match_id=hole.match_id).order_by("seat"))
    # Under the rules the hole was played under (its own copy, never changed), and
    # before the write lock, as for a new hole.
    evaluation = hole_evaluate(
        rules=RuleSet.from_dict(hole.rules), entry=entry, players=len(players)
    )
    scores = _scores(players, evaluation)
    with transaction.atomic():
        locked = Match.objects.select_for_update(no_key=True).get(pk=hole.match_id)
        current = Hole.objects.select_for_update(no_key=True).get(pk=hole.pk)
        if current.revision != revision:
            raise HoleConflict(
                f"hole {current.number} was changed from another phone; here it is as it is now"
            )
        if not evaluation.ok:
            raise HoleRejected(evaluation.problems)
        current.scores.all().delete()
        current.kind = entry.kind
        current.went_out = entry.went_out
        current.revision += 1
        current.save(update_fields=["kind", "went_out", "revision", "updated_at"])
        _store_scores(current, scores)
        match_results_refresh(match=locked, players=players)
        _changed(locked)
        if locked.is_finished:
            _results_changed(locked)
    return current


def hole_delete_last(*, match: Match, number: int) -> None:
    """Delete hole ``number`` if it is still the match's last hole; the match is open
    again afterwards."""
    with transaction.atomic():
        locked = Match.objects.select_for_update(no_key=True).get(pk=match.pk)
        last = locked.holes.order_by("-number").first()
        if last is None or last.number != number:
            raise HoleConflict("only the last hole can be deleted, and this is no longer it")
        last.delete()
        # Seats entered for the hole after it are for a hole that now comes later.
        SeatDraft.objects.filter(match=locked, number__gt=number).delete()
        match_results_refresh(match=locked)
        reopened = locked.is_finished
        _changed(locked, finished_at=None)
        if reopened:
            _results_changed(locked)


def match_end(*, match: Match) -> None:
    """Finish a match early, after the holes played so far (at least one)."""
    with transaction.atomic():
        locked = Match.objects.select_for_update(no_key=True).get(pk=match.pk)
        if locked.is_finished:
            return
        if not locked.holes.exists():
            raise HoleConflict("a match ends after at least one hole; none is saved yet")
        _changed(locked, finished_at=timezone.now())
        _results_changed(locked)


def match_delete(*, match: Match) -> None:
    """Delete a match with its seats, holes and scores; its group's history and
    statistics stop counting it."""
    with transaction.atomic():
        locked = Match.objects.select_for_update(no_key=True).filter(pk=match.pk).first()
        if locked is None:
            return
        Match.objects.filter(pk=locked.pk).delete()
        _results_changed(locked)


def match_share_replace(*, match: Match) -> str:
    """Stop the match's read-only share link and give it a new one, which it returns.
    Nothing a group keeps reads the link, so no results change."""
    match.share_token = new_share_token()
    match.save(update_fields=["share_token"])
    return match.share_token


def match_join(*, match: Match, phone: str) -> MatchKeeper:
    """Make the phone known by ``phone`` a keeper of ``match`` (its join link was
    opened and confirmed). Joining twice, or two taps at once, makes one keeper."""
    with transaction.atomic():
        keeper, _ = MatchKeeper.objects.get_or_create(match=match, phone=phone)
    return keeper


def match_join_replace(*, match: Match) -> str:
    """Stop the match's join link and give it a new one, which it returns. The old
    link is kept as replaced, so opening it says so; phones that joined through it
    keep the score until a keeper removes them."""
    with transaction.atomic():
        locked = Match.objects.select_for_update(no_key=True).get(pk=match.pk)
        ReplacedJoinLink.objects.create(match=locked, token=locked.join_token)
        locked.join_token = new_join_token()
        locked.save(update_fields=["join_token"])
    match.join_token = locked.join_token
    return match.join_token


def match_keeper_remove(*, match: Match, keeper_id: int) -> bool:
    """Take a joined phone's rights to keep ``match`` away, at once; False when it
    was no longer a keeper (removed meanwhile)."""
    deleted, _ = MatchKeeper.objects.filter(match=match, pk=keeper_id).delete()
    return bool(deleted)


def match_results_refresh(*, match: Match, players: list[Player] | None = None) -> None:
    """Store each player's total and place (the engine's standings) and their holes
    summed up on the player, so histories and statistics read one row per player and
    match instead of every hole. ``players``: the match's players, if already read.

    The caller then marks the match changed (:func:`_changed`), which is what
    invalidates its cached scoreboard."""
    if players is None:
        players = list(Player.objects.filter(match_id=match.pk).only("pk", "seat"))
    rows = Score.objects.filter(hole__match=match).values_list(
        "seat", "score", "matched_columns", "went_out", "knock_penalty"
    )
    results = seat_results(
        [p.seat for p in players],
        (
            (seat, HoleResult(score, pairs, went_out, knock_penalty))
            for seat, score, pairs, went_out, knock_penalty in rows
        ),
    )
    for player in players:
        for name in PLAYER_RESULT_FIELDS:
            setattr(player, name, results[player.seat][name])
    Player.objects.bulk_update(players, PLAYER_RESULT_FIELDS)


def matches_edited(*, match_ids: Iterable[int], group_ids: Iterable[int | None] = ()) -> None:
    """Rows of these matches were edited by hand (in the admin): sum each one's
    stored results again and mark it changed, so its scoreboard, and its group's
    history and statistics, show the edit. ``group_ids``: groups that held one of
    them before the edit moved it (their statistics change too). Call it in the
    transaction of the edit, after :func:`matches_lock`."""
    before = {pk for pk in group_ids if pk is not None}
    for match in Match.objects.filter(pk__in=set(match_ids)).order_by("pk"):
        with transaction.atomic():
            match_results_refresh(match=match)
            _changed(match)
            _results_changed(match, also=before)


def matches_lock(*, match_ids: Iterable[int]) -> None:
    """Lock the rows of these matches, in the order of their ids, before a change
    by hand (the admin) writes any of their seats, holes or scores: the order a
    save takes its locks in (see the module's docstring). Nothing to do on SQLite,
    where a transaction holds the database's write lock from its start."""
    ids = sorted(set(match_ids))
    if ids and connection.features.has_select_for_update:
        list(
            Match.objects.select_for_update(no_key=True)
            .filter(pk__in=ids)
            .order_by("pk")
            .values("pk")
        )


def _results_changed(match: Match, *, also: Iterable[int] = ()) -> None:
    """Tell the rest of the site, in this transaction, that what it reads of
    ``match`` across matches changed (``signals.match_results_changed``)."""
    group_ids = {match.group_id, *also} - {None}
    if group_ids:
        match_results_changed.send(sender=Match, match=match, group_ids=group_ids)


def _changed(match: Match, **fields: Any) -> None:
    """Set ``fields`` on ``match`` and mark it changed now: cached scoreboards are
    keyed on ``updated_at``."""
    for name, value in fields.items():
        setattr(match, name, value)
    match.save(update_fields=[*fields, "updated_at"])


def _scores(players: list[Player], evaluation: Evaluation) -> list[Score]:
    """Each seat's score for a valid hole, ready to store once the hole exists
    (:func:`_store_scores`); none for a hole that is not."""
    if evaluation.hole is None:
        return []
    grids = evaluation.grids
    return [
        Score(
            player=player,
            seat=player.seat,
            grid=grids[player.seat].notation() if grids else "",
            grid_score=result.grid_score,
            score=result.score,
            went_out=result.went_out,
            matched_columns=result.grid.matched_columns if result.grid else 0,
            knock_penalty=any(a.rule == HouseRule.KNOCK_PENALTY.slug for a in result.adjustments),
            breakdown=breakdown_data(result),
        )
        for player, result in zip(players, evaluation.hole.players, strict=True)
    ]


def _store_scores(hole: Hole, scores: list[Score]) -> None:
    for score in scores:
        score.hole = hole
    Score.objects.bulk_create(scores)
