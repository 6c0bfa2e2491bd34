"""What the hole pages show, worked out from a hole form, the engine's evaluation and
the stored hole: each seat's part of the form, who is still to fill in their cards,
and a hole saved from two phones side by side. The views stay thin; the rules are
the engine's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring import selectors, services
from scoring.engine import GridScore, PlayerScore, RuleSet, Suit, grids_to_fill
from scoring.engine.grid import EMPTY_SLOT
from scoring.engine.slots import grid_cells, slot_differences
from scoring.forms import NOBODY, HoleForm
from scoring.models import Hole, Match, Player


@dataclass
class SeatEntry:
    """One player's part of the hole form, ready to draw."""

    player: Player
    grid_field: Any
    total_field: Any
    slots: list[list[dict[str, Any]]]
    errors: list[str] = field(default_factory=list)
    #: The cards a problem is about, as "row-column" words, for the keypad script.
    bad: str = ""
    grid_score: GridScore | None = None
    result: PlayerScore | None = None
    is_dealer: bool = False
    is_first: bool = False


def grid_slots(
    text: str, rules: RuleSet, seat: int, bad: set[tuple[int, int, int]]
) -> list[list[dict[str, Any]]]:
    """The grid as typed, slot by slot, for the keypad, split as the engine reads
    notation (``grid_cells``); unreadable text leaves gaps."""
    return [
        [
            {
                "row": r,
                "column": c,
                "text": "" if token == EMPTY_SLOT else token,
                "bad": (seat, r, c) in bad,
            }
            for c, token in enumerate(row, start=1)
        ]
        for r, row in enumerate(grid_cells(text, rules.layout, rules.ranks_in_play), start=1)
    ]


def pending_seats(entry: services.HoleEntry) -> set[int]:
    """The seats whose cards (or total) are still to be entered: not wrong yet."""
    if entry.kind == Hole.Kind.TOTALS:
        return {seat for seat, total in enumerate(entry.totals) if total is None}
    return set(grids_to_fill(entry.grids))


def hole_context(
    match: Match,
    players: list[Player],
    form: HoleForm,
    number: int,
    evaluation: services.Evaluation | None = None,
    hole: Hole | None = None,
    refused: bool = False,
) -> dict[str, Any]:
    """What the hole form's page shows. ``refused``: the form comes back from a save
    that stored nothing, which its top says first."""
    rules = form.rules
    dealer, first = selectors.turn_order(match=match, players=players, number=number)
    seats = []
    for player in players:
        grid_field = form[f"grid_{player.seat}"]
        seat = SeatEntry(
            player=player,
            grid_field=grid_field,
            total_field=form[f"total_{player.seat}"],
            slots=grid_slots(grid_field.value() or "", rules, player.seat, form.places),
            errors=form.seat_errors.get(player.seat, []),
            bad=" ".join(f"{r}-{c}" for s, r, c in sorted(form.places) if s == player.seat),
            is_dealer=player.pk == dealer.pk,
            is_first=player.pk == first.pk,
        )
        if evaluation is not None:
            seat.grid_score = (
                evaluation.seat_scores[player.seat] if evaluation.seat_scores else None
            )
            if evaluation.hole is not None:
                seat.result = evaluation.hole.players[player.seat]
                seat.grid_score = seat.result.grid
        seats.append(seat)
    # Whose cards are still to come, said apart from the problems, once any are in.
    to_fill: list[Player] = []
    if form.is_bound and hasattr(form, "cleaned_data"):
        entry = form.entry()
        begun = any(text.strip() for text in entry.grids) or any(
            total is not None for total in entry.totals
        )
        pending = pending_seats(entry)
        if begun:
            to_fill = [p for p in players if p.seat in pending]
    return {
        "match": match,
        "rules": rules,
        "players": players,
        "number": number,
        "form": form,
        "seats": seats,
        "dealer": dealer,
        "first": first,
        "hole": hole,
        **keypad_context(rules),
        "evaluation": evaluation,
        # The players with a problem of their own, named at the top of the form with
        # a link to their cards (a page without the script opens at its top).
        "problem_seats": [s for s in seats if s.errors],
        # What the players' boxes hold, as the problems' pointer names it.
        "entered": "totals" if form["kind"].value() == Hole.Kind.TOTALS else "cards",
        "refused": refused,
        "to_fill": to_fill,
    }


def keypad_context(rules: RuleSet) -> dict[str, Any]:
    """What the card keypad needs: its ranks, what it asks after a rank whose suit
    decides its value, and its suit keys (where the deck's cards are written with
    one)."""
    return {
        "ranks": rules.ranks_in_play,
        "suit_questions": {
            rank.symbol: f"Now tap its suit: {rules.suit_reason(rank)}."
            for rank in rules.ranks_needing_suit
        },
        "suits": list(Suit) if rules.suits_written else [],
    }


def initial_for(hole: Hole | None, number: int, rules: RuleSet) -> dict[str, Any]:
    """The hole form's first values: a fresh form for hole ``number``, or ``hole``
    as it was saved."""
    initial: dict[str, Any] = {"number": number, "token": HoleForm.fresh_token(), "kind": "grids"}
    if hole is not None:
        went_out = HoleForm.went_out_initial(hole.went_out, rules)
        initial.update(kind=hole.kind, went_out=went_out, revision=hole.revision)
        for score in hole.scores.all():
            initial[f"grid_{score.seat}"] = score.grid
            initial[f"total_{score.seat}"] = "" if hole.kind == "grids" else score.grid_score
    return initial


# -- one hole from two phones ---------------------------------------------------------------


@dataclass
class SeatComparison:
    """One player's cards as saved and as typed on this phone, and how they differ."""

    player: Player
    saved: str
    mine: str
    differences: list[str]


def _entered(kind: str, grid: str, total: Any) -> str:
    if kind == Hole.Kind.TOTALS:
        return f"total {total}" if total not in (None, "") else "no total"
    return grid or "no cards"


def _seat_differences(
    saved_kind: str, saved: str, mine_kind: str, mine: str, rules: RuleSet
) -> list[str]:
    """How this phone's entry for a seat differs from the saved one, in words."""
    if saved_kind != mine_kind:
        said = {str(Hole.Kind.GRIDS): "every card", str(Hole.Kind.TOTALS): "a total only"}
        return [f"Saved with {said[saved_kind]}; yours has {said[mine_kind]}."]
    if saved_kind == Hole.Kind.TOTALS:
        return [] if saved == mine else [f"Total: saved {saved}, yours {mine}."]
    return [
        f"Row {r}, card {c}: saved {theirs or 'nothing'}, yours {ours or 'nothing'}."
        for r, c, theirs, ours in slot_differences(saved, mine, rules.layout, rules.ranks_in_play)
    ]


def two_phones_context(
    match: Match, players: list[Player], hole: Hole, form: HoleForm, notice: str
) -> dict[str, Any]:
    """The page of a hole saved from one phone while another typed it too: the
    saved hole and what this phone typed side by side, seat by seat, what differs,
    and what this phone typed carried in a correction of the saved hole (against
    its revision now), so nothing typed is lost. ``form`` holds this phone's entry
    (bound); ``notice`` says what happened."""
    rules = RuleSet.from_dict(hole.rules)
    scores = {score.seat: score for score in hole.scores.all()}
    data = form.data
    said_kind = str(data.get("kind", ""))
    mine_kind = said_kind if said_kind in Hole.Kind.values else str(Hole.Kind.GRIDS)
    seats = []
    for player in players:
        score = scores.get(player.seat)
        saved_grid = score.grid if score else ""
        saved_total = score.grid_score if score else None
        mine_grid = str(data.get(f"grid_{player.seat}", "")).strip()
        mine_total = str(data.get(f"total_{player.seat}", "")).strip()
        saved = _entered(hole.kind, saved_grid, saved_total)
        mine = _entered(mine_kind, mine_grid, mine_total)
        differences = _seat_differences(
            hole.kind,
            saved_grid if hole.kind == Hole.Kind.GRIDS else str(saved_total),
            mine_kind,
            mine_grid if mine_kind == Hole.Kind.GRIDS else mine_total,
            rules,
        )
        seats.append(SeatComparison(player, saved, mine, differences))
    names = {str(p.seat): p.name for p in players}
    saved_out = _out_words(names.get(str(hole.went_out), ""), hole.went_out)
    said_out = str(data.get("went_out", ""))
    # Not said is nobody where no rule needs it said (the form's first choice).
    mine_out = _out_words(names.get(said_out, ""), said_out or rules.needs_finisher or None)
    carried = {
        name: str(data.get(name, ""))
        for name in ["kind", "went_out", *(f"grid_{p.seat}" for p in players)]
        + [f"total_{p.seat}" for p in players]
    }
    carried.update(
        number=str(hole.number), revision=str(hole.revision), token=str(HoleForm.fresh_token())
    )
    return {
        "match": match,
        "hole": hole,
        "number": hole.number,
        "notice": notice,
        "seats": seats,
        "same": not any(seat.differences for seat in seats) and saved_out == mine_out,
        "saved_out": saved_out,
        "mine_out": mine_out,
        "carried": carried,
    }


def _out_words(name: str, said: object) -> str:
    """Who went out, in words: a name, "nobody", or "not said"."""
    if name:
        return name
    if said in (None, NOBODY):
        return "nobody"
    return "not said yet"
