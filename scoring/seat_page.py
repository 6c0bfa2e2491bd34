"""What the pages of a hole entered phone by phone show, worked out from the
table's draft of it (``SeatDraft`` rows) and the engine's check: which seats are
in, whose cards this phone may see, and once every seat is in, the whole table
checked, each problem beside the seats it is about. The views stay thin; the
rules are the engine's."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from golfsite.release import code_version
from golfsite.wording import sentence
from scoring import selectors, services
from scoring.engine import GridScore, PlayerScore, Problem, grids_to_fill
from scoring.forms import NOBODY, SeatForm, SeatsConfirmForm
from scoring.hole_page import SeatEntry, grid_slots, keypad_context
from scoring.models import Match, Player, SeatDraft


@dataclass
class SeatStatus:
    """One seat of the hole being entered phone by phone, as this phone sees it."""

    player: Player
    draft: SeatDraft | None
    #: This phone enters this seat's cards (it said so).
    mine: bool
    #: The cards in the draft came from this phone.
    by_this_phone: bool
    #: Whether this phone may see the cards: its own seat's, or every seat's once
    #: all are in.
    shown: bool = False
    problems: list[str] = field(default_factory=list)
    grid_score: GridScore | None = None
    result: PlayerScore | None = None

    @property
    def claims_out(self) -> bool:
        return self.draft is not None and self.draft.went_out


@dataclass
class Progress:
    """The hole as the table has entered it so far."""

    number: int
    seats: list[SeatStatus]
    #: The draft's fingerprint (``services.seat_drafts_digest``), carried by the
    #: confirmation.
    digest: str
    #: Problems of the table that are about no seat in particular.
    table_errors: list[str] = field(default_factory=list)
    #: What the engine says of who went out, beside that question.
    went_out_errors: list[str] = field(default_factory=list)
    #: Every seat is in and nothing but who went out is left to answer.
    ready: bool = False
    #: Who went out, as the confirmation starts with it: a seat, "nobody" or "".
    went_out: str = ""

    @property
    def names(self) -> list[str]:
        """The players' names, in seating order."""
        return [s.player.name for s in self.seats]

    @property
    def missing(self) -> list[Player]:
        return [s.player for s in self.seats if s.draft is None]

    @property
    def all_in(self) -> bool:
        return not self.missing

    @property
    def count_in(self) -> int:
        return sum(1 for s in self.seats if s.draft is not None)


def went_out_said(drafts: Sequence[SeatDraft], players: Sequence[Player]) -> str:
    """Who went out, as the seats' own claims say it: the one seat that claims it,
    or nothing said (none, or more than one, claims it)."""
    seats = {p.pk: p.seat for p in players}
    claims = [seats[d.player_id] for d in drafts if d.went_out and d.player_id in seats]
    return str(claims[0]) if len(claims) == 1 else ""


def progress(
    *,
    match: Match,
    players: list[Player],
    drafts: Sequence[SeatDraft],
    number: int,
    seat: int | None,
    phone: str,
    went_out: str | None = None,
    refusal: Sequence[Problem] = (),
) -> Progress:
    """Where hole ``number`` stands, seat by seat, for the phone known as ``phone``
    whose own seat is ``seat``. ``went_out``: the confirmation's choice of who went
    out (by default, the seats' claims); ``refusal``: problems a confirmation was
    refused with, said beside their seats too."""
    rules = match.rule_set
    by_player = {d.player_id: d for d in drafts}
    seats = []
    for player in players:
        draft = by_player.get(player.pk)
        here = bool(phone) and draft is not None and draft.phone == phone
        seats.append(SeatStatus(player, draft, mine=player.seat == seat, by_this_phone=here))
    result = Progress(number=number, seats=seats, digest=services.seat_drafts_digest(drafts))
    problems: list[Problem] = list(refusal)
    if result.all_in:
        said = went_out_said(drafts, players) if went_out is None else went_out
        result.went_out = said
        entry = services.seat_draft_entry(
            drafts=drafts,
            players=players,
            went_out=int(said) if said.isdigit() else None,
            nobody_out=said == NOBODY,
        )
        evaluation = services.hole_evaluate(rules=rules, entry=entry, players=len(players))
        problems += evaluation.problems
        for status in seats:
            status.shown = True
            status.grid_score = evaluation.seat_scores[status.player.seat]
            if evaluation.hole is not None:
                status.result = evaluation.hole.players[status.player.seat]
                status.grid_score = status.result.grid
        claimers = [s for s in seats if s.claims_out]
        if len(claimers) > 1 and went_out is None:
            both = " and ".join(s.player.name for s in claimers)
            for status in claimers:
                status.problems.append(
                    f"{both} each say they went out first: choose below who did."
                )
        result.ready = not any(p.field != "went_out" for p in problems)
    else:
        for status in seats:
            if status.mine and status.draft is not None:
                check = services.seat_evaluate(
                    rules=rules,
                    text=status.draft.grid,
                    seat=status.player.seat,
                    players=len(players),
                )
                status.shown = True
                status.grid_score = check.score
    names: list[str | None] = [p.name for p in players]
    for problem in problems:
        message = sentence(problem.with_names(names))
        if problem.field == "went_out":
            if message not in result.went_out_errors:
                result.went_out_errors.append(message)
            continue
        concerned = {problem.player} if problem.player is not None else set(problem.holders)
        concerned |= {s for s, _, _ in problem.places if s is not None and problem.player is None}
        if not concerned:
            result.table_errors.append(message)
        for status in seats:
            if status.player.seat in concerned and message not in status.problems:
                status.problems.append(message)
    return result


def progress_etag(
    match: Match, number: int, drafts: Sequence[SeatDraft], seat: int | None, phone: str
) -> str:
    """The progress part's tag, from the draft alone (so a phone asking again is
    answered before the table is checked): it changes with the draft, a saved hole
    (the match's revision), the code, and what this phone is shown (its seat, the
    entries it made)."""
    mine = sorted(d.player_id for d in drafts if phone and d.phone == phone)
    parts = [code_version(), match.pk, match.updated_at.isoformat(), number]
    parts += [services.seat_drafts_digest(drafts), seat, mine]
    return f'"{hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()}"'


def seat_entry(form: SeatForm, player: Player, check: services.SeatCheck | None) -> SeatEntry:
    """The seat's part of its entry page, drawn as the hole form draws each seat
    (the same keypad slots and result), from ``form`` and the grid's own check."""
    text = str(form[form.grid_name].value() or "")
    entry = SeatEntry(
        player=player,
        grid_field=form[form.grid_name],
        total_field=None,
        slots=grid_slots(text, form.rules, player.seat, form.places),
        errors=form.seat_errors,
        bad=" ".join(f"{r}-{c}" for s, r, c in sorted(form.places) if s == player.seat),
    )
    if check is not None:
        entry.grid_score = check.score
    return entry


def live_problems(check: services.SeatCheck, text: str) -> list[Problem]:
    """What a grid being typed shows of its check: nothing while a card is still to
    come (it is not wrong yet), every problem otherwise."""
    return [] if grids_to_fill([text]) else list(check.problems)


def seat_context(
    match: Match,
    players: list[Player],
    player: Player,
    form: SeatForm,
    number: int,
    check: services.SeatCheck | None = None,
    draft: SeatDraft | None = None,
) -> dict[str, Any]:
    """What one seat's entry page shows."""
    rules = form.rules
    seat = seat_entry(form, player, check)
    dealer, first = selectors.turn_order(match=match, players=players, number=number)
    return {
        "dealer": dealer,
        "first": first,
        "match": match,
        "rules": rules,
        "number": number,
        "player": player,
        "form": form,
        "draft": draft,
        "seat": seat,
        **keypad_context(rules),
        "players": players,
    }


def confirm_form(players: list[Player], rules: Any, state: Progress) -> SeatsConfirmForm:
    """A fresh confirmation of the draft as ``state`` shows it."""
    return SeatsConfirmForm(
        players=players,
        rules=rules,
        initial={
            "token": SeatsConfirmForm.fresh_token(),
            "seen": state.digest,
            "went_out": state.went_out,
        },
    )
