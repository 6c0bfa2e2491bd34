"""Views of the scoresheet app: thin; forms read, services write, selectors read back."""

from __future__ import annotations

import csv
import hashlib
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib import messages
from django.core.cache import caches
from django.db import DatabaseError, connection
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from golfsite.lists import in_words
from golfsite.release import code_version
from golfsite.wording import sentence, short_names
from groups.models import Membership
from groups.selectors import groups_for_user
from scoring import selectors, services
from scoring.charts import progress_chart
from scoring.engine import PRESETS, GridScore, PlayerScore, Rank, RuleSet, Suit
from scoring.engine.grid import EMPTY_SLOT, Layout
from scoring.engine.match import dealer_for_hole
from scoring.engine.rules import DECK_RANKS
from scoring.engine.slots import grid_cells
from scoring.forms import HoleForm, MatchForm, preset_initial, preset_notice
from scoring.models import Hole, Match, Player
from scoring.spreadsheets import csv_download, spreadsheet_safe

SESSION_KEY = "scoring_matches"
#: Matches on a page of "My matches".
MATCH_LIST_PAGE_SIZE = 25

logger = logging.getLogger(__name__)

#: What a player is told when the database fails in the middle of a save.
NOT_SAVED = (
    "The hole could not be saved just now and nothing was stored. "
    "Everything you typed is still here: try saving again in a moment."
)
NOT_CORRECTED = (
    "The correction could not be saved just now; the hole is as it was. "
    "Everything you typed is still here: try again in a moment."
)


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_GET
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers: 200 "ok" once the database answers a trivial query."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return HttpResponse("ok", content_type="text/plain")


# -- who may see a match -------------------------------------------------------------


def _session_ids(request: HttpRequest) -> list[int]:
    ids = request.session.get(SESSION_KEY, [])
    return [i for i in ids if isinstance(i, int)]


def _remember(request: HttpRequest, match: Match) -> None:
    ids = _session_ids(request)
    if match.pk not in ids:
        request.session[SESSION_KEY] = [*ids, match.pk]


def _match_for(request: HttpRequest, pk: int) -> Match:
    """The match if this browser (or its signed-in owner) keeps it; 404 otherwise, so
    nobody learns which matches exist. A group's match is for its members only."""
    match = Match.objects.filter(pk=pk).first()
    if match is None:
        raise Http404("No such match")
    user = getattr(request, "user", None)
    if match.group_id is not None:
        if (
            user is not None
            and user.is_authenticated
            and Membership.objects.filter(group_id=match.group_id, user=user).exists()
        ):
            return match
        raise Http404("No such match")
    if match.owner_id is not None and user is not None and match.owner_id == user.pk:
        return match
    if match.pk in _session_ids(request):
        return match
    raise Http404("No such match")


match_for_request = _match_for


# -- matches ---------------------------------------------------------------------------


@require_GET
def match_list(request: HttpRequest) -> HttpResponse:
    """The matches this browser started (or its signed-in owner did), newest first,
    a page at a time: a player of many years gets the same small page as a
    newcomer. ``?before=`` holds where the last page ended (the last match's start,
    in microseconds, and its id), so a page costs the same few queries however
    many came before it, and a match deleted meanwhile changes nothing. A made-up
    cursor only ever shows the visitor's own matches, and a malformed one starts
    from the newest."""
    mine = Q(pk__in=_session_ids(request))
    visible = Q(group__isnull=True)
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
        visible |= Q(group__memberships__user=request.user)
    matches = Match.objects.filter(mine).filter(visible).distinct().order_by("-created_at", "-pk")
    before = _parse_list_cursor(request.GET.get("before", ""))
    if before is not None:
        created_at, pk = before
        matches = matches.filter(Q(created_at__lt=created_at) | Q(created_at=created_at, pk__lt=pk))
    page = list(matches.prefetch_related("players")[: MATCH_LIST_PAGE_SIZE + 1])
    for match in page:
        # Every seat has played the same holes; the players are read already.
        seats = match.players.all()
        match.length = match.length_text(seats[0].holes_played if seats else 0)
        match.winners = [seat.name for seat in seats if match.is_finished and seat.place == 1]
    last = page[MATCH_LIST_PAGE_SIZE - 1] if len(page) > MATCH_LIST_PAGE_SIZE else None
    older = list_cursor(last) if last else None
    # A member's group matches started by others are in the groups' histories.
    groups = list(groups_for_user(user=request.user)) if request.user.is_authenticated else []
    return render(
        request,
        "scoring/match_list.html",
        {
            "matches": page[:MATCH_LIST_PAGE_SIZE],
            "older": older,
            "newer": before is not None,
            "groups": groups,
        },
    )


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


def list_cursor(match: Match) -> str:
    """Where a page of "My matches" ending with ``match`` ends, for the next one."""
    return f"{(match.created_at - EPOCH) // MICROSECOND}.{match.pk}"


def _parse_list_cursor(text: str) -> tuple[datetime, int] | None:
    """(start, id) from a "My matches" cursor (``<microseconds>.<id>``), or None."""
    micros, _, pk = text.partition(".")
    # Digits only, and no more than a real cursor has (a 64-bit id).
    if not (micros.isdecimal() and pk.isdecimal()) or len(micros) > 18 or len(pk) > 18:
        return None
    try:
        return EPOCH + int(micros) * MICROSECOND, int(pk)
    except OverflowError:  # past the year 9999
        return None


@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    """Start a match: players in seating order, the first dealer and the rules.

    A preset button fills the rules in and keeps the names typed so far.
    """
    presets = [(slug, name, summary) for slug, (name, summary, _) in PRESETS.items()]
    if request.method == "POST" and request.POST.get("preset"):
        slug = request.POST["preset"]
        initial = preset_initial(request.POST, slug)
        if initial is None:
            form = MatchForm(request.POST)
        else:
            form = MatchForm(initial=initial)
            messages.info(request, preset_notice(form, slug))
    elif request.method == "POST":
        form = MatchForm(request.POST)
        if form.is_valid():
            try:
                match = services.match_create(
                    names=form.cleaned_data["names"],
                    first_dealer=form.cleaned_data["first_dealer"] - 1,
                    rules=form.cleaned_data["rules"],
                    owner=request.user,
                )
            except services.MatchRejected as exc:
                for problem in exc.problems:
                    form.add_error(None, problem.message)
            else:
                _remember(request, match)
                return redirect("scoring:hole_new", pk=match.pk)
    else:
        form = MatchForm()
    groups = list(groups_for_user(user=request.user))
    return render(
        request, "scoring/match_new.html", {"form": form, "presets": presets, "groups": groups}
    )


@require_GET
@vary_on_headers("HX-Request")
def match_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The scoreboard: a golf card of every hole, running totals and standings."""
    match = _match_for(request, pk)
    return _board_page(
        request, match, "scoring/match_detail.html", readonly=False, partial=bool(request.htmx)
    )


@require_GET
@vary_on_headers("HX-Request")
def match_shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only scoreboard anyone with the share link can follow live."""
    match = get_object_or_404(Match, share_token=token)
    response = _board_page(
        request, match, "scoring/match_shared.html", readonly=True, partial=bool(request.htmx)
    )
    # Anyone with the link may follow it, but a link posted somewhere public must
    # not put a private game into search results.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _board_page(
    request: HtmxHttpRequest,
    match: Match,
    template: str,
    *,
    readonly: bool,
    partial: bool = False,
    notice: str = "",
    players: list[Player] | None = None,
) -> HttpResponse:
    """The scoreboard page, or only its ``#board`` partial (what a live board's
    htmx refresh swaps in). ``players``: the match's, in seating order, if read.

    The partial answers "not modified" to a browser holding the current one: a
    follower's live board asks every few seconds, usually over a phone's data, and
    most of those times nothing has changed. The board itself is rendered once per
    change of the match and cached (:func:`board_fragment`); the page around it is
    rendered for each visitor (their CSRF token, account links and messages)."""
    if partial:
        # A digest: the tag tells nobody the match's id or when it last changed. The
        # code's version is in it too: after a deploy, a board kept by a follower's
        # browser is sent again, drawn by the new code.
        kind = "read" if readonly else "keep"
        state = f"{code_version()}:{match.pk}:{match.updated_at.isoformat()}:{kind}"
        etag = f'"{hashlib.blake2b(state.encode(), digest_size=12).hexdigest()}"'
        unchanged = get_conditional_response(request, etag=etag)
        if unchanged is not None:
            return _revalidated(unchanged, etag)
    drawn = board_fragment(match, readonly=readonly, players=players)
    names, holes_played = drawn.names, drawn.holes_played
    context: dict[str, Any] = {
        "match": match,
        "names": names,
        "board_html": drawn.html,
        "holes_played": holes_played,
        "length": match.length_text(holes_played),
        "next_hole": holes_played + 1,
        "rules": match.rule_set,
        "notice": notice,
    }
    if not match.is_finished:
        dealer, first = selectors.turn_order(match=match, players=names, number=holes_played + 1)
        context.update(next_dealer=dealer, next_first=first)
    if not readonly and match.group_id is None and request.user.is_authenticated:
        context["move_groups"] = list(groups_for_user(user=request.user))
    # The share link as the match gives it, never as a visitor typed it (a query
    # string added to it would be kept with the page and shown to every follower).
    context["share_url"] = request.build_absolute_uri(match_share_path(match))
    context["may_delete"] = not readonly and may_delete(request, match)
    if partial:
        return _revalidated(render(request, f"{template}#board", context), etag)
    return render(request, template, context)


def _revalidated(response: HttpResponse, etag: str) -> HttpResponse:
    """Kept by the browser (only), and asked about again every time."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


@dataclass(frozen=True)
class DrawnBoard:
    """A rendered board, with what the page around it needs (plain values: the
    cache stores it pickled)."""

    html: str
    holes_played: int
    names: tuple[str, ...]  # the players', in seating order


def board_fragment(
    match: Match, *, readonly: bool, players: list[Player] | None = None
) -> DrawnBoard:
    """The rendered board (score card, standings, chart, summary), how many holes it
    shows and the players' names. Every viewer of a match sees the same board, so
    it is cached, keyed on the match's revision (``updated_at``, which every change
    through the site or the admin moves: ``services._changed``,
    ``services.matches_edited``), so a change makes a new key and a cached board is
    never stale. ``players``: the match's, in seating order, if already read."""
    key = f"board:{match.pk}:{match.updated_at.isoformat()}:{'read' if readonly else 'keep'}"
    cache = caches["fragments"]
    drawn: DrawnBoard | None = cache.get(key)
    if drawn is None:
        if players is None:
            players = selectors.match_players(match=match)
        board = selectors.match_board(match=match, players=players)
        html = render_to_string(
            "scoring/_board.html",
            {"match": match, "board": board, "readonly": readonly, "chart": progress_chart(board)},
        )
        names = tuple(player.name for player in players)
        drawn = DrawnBoard(html=html, holes_played=board.holes_played, names=names)
        cache.set(key, drawn)
    return drawn


def match_share_path(match: Match) -> str:
    return reverse("scoring:match_shared", args=[match.share_token])


@require_GET
def match_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The score card as CSV: a row per player, a column per hole, then the total."""
    match = _match_for(request, pk)
    board = selectors.match_board(match=match)
    response = csv_download(f"golf-match-{match.pk}.csv")
    writer = csv.writer(response)
    writer.writerow(
        ["Player", *[f"Hole {number}" for number in board.hole_numbers], "Total", "Place"]
    )
    for row in board.rows:
        writer.writerow(
            [spreadsheet_safe(row.player.name), *[c.score for c in row.cells], row.total, row.place]
        )
    return response


@require_GET
def match_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The match as a paper score card: every hole still to play or played (a match
    ended early stops at its last), who dealt it, the totals."""
    match = _match_for(request, pk)
    board = selectors.match_board(match=match)
    count = len(board.players)
    last = board.holes_played if match.is_finished else match.holes_planned
    # The dealers' row is narrow: each name as short as still tells it apart.
    shorts = short_names([player.name for player in board.players])
    holes = [
        {
            "number": n,
            "dealer": shorts[board.players[dealer_for_hole(match.first_dealer, n, count)].name],
        }
        for n in range(1, last + 1)
    ]
    rows = [
        {"row": row, "cells": [c.score for c in row.cells] + [None] * (last - len(row.cells))}
        for row in board.rows
    ]
    return render(
        request,
        "scoring/match_print.html",
        {"match": match, "board": board, "holes": holes, "rows": rows, "rules": match.rule_set},
    )


@require_http_methods(["GET", "POST"])
def match_end(request: HttpRequest, pk: int) -> HttpResponse:
    """End a match before its last hole, after a second, deliberate step."""
    match = _match_for(request, pk)
    if request.method == "POST":
        try:
            services.match_end(match=match)
        except services.HoleConflict as exc:
            messages.error(request, sentence(str(exc)))
        else:
            messages.success(request, "The match is over; here is how it finished.")
        return redirect(match)
    board = selectors.match_board(match=match)
    return render(
        request,
        "scoring/match_end.html",
        {"match": match, "board": board, "may_delete": may_delete(request, match)},
    )


def may_delete(request: HttpRequest, match: Match) -> bool:
    """Whether this visitor may delete ``match`` (one they can see): a match of their
    own, or, in a group, one they started; a group's history is not for any member
    to thin out."""
    return match.group_id is None or (
        match.owner_id is not None and match.owner_id == request.user.pk
    )


@require_http_methods(["GET", "POST"])
def match_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a whole match (one started by mistake, say), after a second, deliberate
    step that says what would be lost."""
    match = _match_for(request, pk)
    allowed = may_delete(request, match)
    players = selectors.match_players(match=match)
    names = [player.name for player in players]
    if request.method == "POST":
        if not allowed:
            messages.error(request, "Only the member who started this match can delete it.")
            return redirect(match)
        services.match_delete(match=match)
        request.session[SESSION_KEY] = [i for i in _session_ids(request) if i != match.pk]
        messages.success(request, f"Deleted the match of {in_words(names)}.")
        if match.group_id is not None:
            return redirect("groups:history", match.group_id)
        return redirect("scoring:match_list")
    holes_played = match.holes.count()
    return render(
        request,
        "scoring/match_delete.html",
        {
            "match": match,
            "allowed": allowed,
            "names": names,
            "holes_played": holes_played,
            "length": match.length_text(holes_played),
        },
    )


@require_http_methods(["GET", "POST"])
def match_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """A new match with the same players and rules; the first deal moves one seat on.
    Opened as a page (an address kept in a phone's history), back to the match: only
    its button starts a rematch."""
    match = _match_for(request, pk)
    if request.method == "GET":
        return redirect(match)
    rematch = services.match_rematch(match=match, owner=request.user)
    _remember(request, rematch)
    return redirect("scoring:hole_new", pk=rematch.pk)


# -- holes -----------------------------------------------------------------------------


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


def _slots(
    text: str, layout: Layout, seat: int, bad: set[tuple[int, int, int]]
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
        for r, row in enumerate(grid_cells(text, layout), start=1)
    ]


def _hole_context(
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
    rules = match.rule_set if hole is None else RuleSet.from_dict(hole.rules)
    dealer, first = selectors.turn_order(match=match, players=players, number=number)
    layout = rules.layout
    seats = []
    for player in players:
        grid_field = form[f"grid_{player.seat}"]
        seat = SeatEntry(
            player=player,
            grid_field=grid_field,
            total_field=form[f"total_{player.seat}"],
            slots=_slots(grid_field.value() or "", layout, player.seat, form.places),
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
    ranks = list(DECK_RANKS[rules.deck])
    if rules.rank_copies(Rank.JOKER) > 0:
        ranks.append(Rank.JOKER)
    # The players with a problem of their own, named at the top of the form with a
    # link to their cards (a page without the script opens at its top).
    problem_seats = [s for s in seats if s.errors]
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
        "ranks": ranks,
        "suits": list(Suit),
        "evaluation": evaluation,
        "problem_seats": problem_seats,
        # What the players' boxes hold, as the problems' pointer names it.
        "entered": "totals" if form["kind"].value() == Hole.Kind.TOTALS else "cards",
        "refused": refused,
    }


def _initial_for(hole: Hole | None, number: int, players: list[Player]) -> dict[str, Any]:
    initial: dict[str, Any] = {"number": number, "token": HoleForm.fresh_token(), "kind": "grids"}
    if hole is not None:
        initial.update(kind=hole.kind, went_out=hole.went_out, revision=hole.revision)
        for score in hole.scores.all():
            initial[f"grid_{score.seat}"] = score.grid
            initial[f"total_{score.seat}"] = "" if hole.kind == "grids" else score.grid_score
    return initial


@require_http_methods(["GET", "POST"])
def hole_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Enter the next hole: every grid (or every total), who went out; save.

    A save from htmx answers with the scoreboard itself, so a phone on a slow
    connection waits one round trip instead of two (POST, then the redirect's GET);
    without JavaScript the browser follows the redirect as usual.
    """
    match = _match_for(request, pk)
    players = selectors.match_players(match=match)
    if request.method == "GET":
        if match.is_finished:
            messages.info(request, "This match is finished.")
            return redirect(match)
        number = match.holes.count() + 1
        form = HoleForm(initial=_initial_for(None, number, players), players=players)
        return render(
            request, "scoring/hole_form.html", _hole_context(match, players, form, number)
        )
    form = HoleForm(request.POST, players=players)
    if not form.is_valid():
        number = match.holes.count() + 1
        return render(
            request,
            "scoring/hole_form.html",
            _hole_context(match, players, form, number, refused=True),
        )
    number = form.cleaned_data["number"]
    try:
        hole = services.hole_record(
            match=match,
            entry=form.entry(),
            token=form.cleaned_data["token"],
            number=number,
            players=players,
        )
    except services.HoleRejected as exc:
        form.add_problems(exc.problems)
        evaluation = services.hole_evaluate(
            rules=match.rule_set, entry=form.entry(), players=len(players)
        )
        return render(
            request,
            "scoring/hole_form.html",
            _hole_context(match, players, form, number, evaluation, refused=True),
        )
    except DatabaseError:
        logger.exception("Saving hole %s of match %s failed", number, pk)
        form.table_errors.append(NOT_SAVED)
        return render(
            request, "scoring/hole_form.html", _hole_context(match, players, form, number)
        )
    except services.HoleConflict as exc:
        match.refresh_from_db()
        return _scoreboard_after_save(request, match, players, notice=sentence(str(exc)))
    return _saved(request, match, players, f"Hole {hole.number} saved.")


def _saved(
    request: HtmxHttpRequest, match: Match, players: list[Player], message: str
) -> HttpResponse:
    """After a hole is saved or corrected: back to the scoreboard, saying so.

    The save button posts through htmx, which is answered with the scoreboard page
    itself (and its address for the browser's history), so a phone on a slow
    connection waits one round trip instead of two. A plain form post (no
    JavaScript) gets the usual redirect, so reloading never posts twice. ``match``
    must be as the save left it (the services bring it up to date).
    """
    messages.success(request, message)
    if not request.htmx:
        return redirect(match)
    return _scoreboard_after_save(request, match, players)


def _scoreboard_after_save(
    request: HtmxHttpRequest, match: Match, players: list[Player], notice: str = ""
) -> HttpResponse:
    """The scoreboard page as the answer to a save. Through htmx, only what goes
    inside ``<main>`` (and the page's title): the header around it is the one the
    form's page already shows, so a phone downloads less and the server draws less.
    It comes with its address for the browser's history (the form's address would
    stay there otherwise)."""
    template = "scoring/match_detail_main.html" if request.htmx else "scoring/match_detail.html"
    response = _board_page(request, match, template, readonly=False, players=players, notice=notice)
    if request.htmx:
        response["HX-Push-Url"] = match.get_absolute_url()
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "innerHTML"
    return response


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def hole_preview(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Score the hole as typed so far, without saving: each player's score and
    breakdown, and every problem beside its card.

    Without the script, "Check the scores" leaves this address in the browser. Opened
    again (a phone reloads a page it dropped), it has nothing to check: it goes to the
    next hole's form rather than answer "method not allowed"."""
    match = _match_for(request, pk)
    if request.method == "GET":
        return redirect("scoring:hole_new", pk=match.pk)
    players = selectors.match_players(match=match)
    form = HoleForm(request.POST, players=players)
    number = match.holes.count() + 1
    evaluation = None
    hole = None
    if form.is_valid():
        number = form.cleaned_data["number"]
        if form.cleaned_data.get("revision"):
            hole = match.holes.filter(number=number).first()
        rules = match.rule_set if hole is None else RuleSet.from_dict(hole.rules)
        entry = form.entry()
        evaluation = services.hole_evaluate(rules=rules, entry=entry, players=len(players))
        # A grid still being entered is not wrong yet: say nothing about it.
        pending = _pending_seats(entry)
        form.add_problems([p for p in evaluation.problems if p.player not in pending])
    context = _hole_context(match, players, form, number, evaluation, hole=hole)
    template = "scoring/hole_form.html#preview" if request.htmx else "scoring/hole_form.html"
    return render(request, template, context)


def _pending_seats(entry: services.HoleEntry) -> set[int]:
    if entry.kind == Hole.Kind.TOTALS:
        return {seat for seat, total in enumerate(entry.totals) if total is None}
    return {seat for seat, text in enumerate(entry.grids) if not text.strip() or EMPTY_SLOT in text}


def _hole_or_404(match: Match, number: int) -> Hole:
    return get_object_or_404(Hole.objects.prefetch_related("scores"), match=match, number=number)


@require_GET
def hole_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One hole: every grid drawn as cards with its breakdown, and the final scores."""
    match = _match_for(request, pk)
    hole = _hole_or_404(match, number)
    players = selectors.match_players(match=match)
    dealer, first = selectors.turn_order(match=match, players=players, number=number)
    last = match.holes.order_by("-number").values_list("number", flat=True).first()
    return render(
        request,
        "scoring/hole_detail.html",
        {
            "match": match,
            "hole": hole,
            "results": selectors.hole_detail(hole=hole, players=players),
            "dealer": dealer,
            "first": first,
            "is_last": last == number,
        },
    )


@require_http_methods(["GET", "POST"])
def hole_edit(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct a saved hole: re-validated and re-scored, and the totals with it."""
    match = _match_for(request, pk)
    hole = _hole_or_404(match, number)
    players = selectors.match_players(match=match)
    if request.method == "GET":
        form = HoleForm(initial=_initial_for(hole, number, players), players=players)
        return render(
            request,
            "scoring/hole_form.html",
            _hole_context(match, players, form, number, hole=hole),
        )
    form = HoleForm(request.POST, players=players)
    if form.is_valid():
        try:
            services.hole_correct(
                hole=hole, entry=form.entry(), revision=form.cleaned_data.get("revision") or 0
            )
        except services.HoleRejected as exc:
            form.add_problems(exc.problems)
        except DatabaseError:
            logger.exception("Correcting hole %s of match %s failed", number, pk)
            form.table_errors.append(NOT_CORRECTED)
        except services.HoleConflict as exc:
            hole.refresh_from_db()
            fresh = HoleForm(initial=_initial_for(hole, number, players), players=players)
            fresh.table_errors.append(sentence(str(exc)))
            return render(
                request,
                "scoring/hole_form.html",
                _hole_context(match, players, fresh, number, hole=hole),
            )
        else:
            match.refresh_from_db(fields=["finished_at", "updated_at"])
            said = f"Hole {number} corrected; the totals now count its new scores."
            return _saved(request, match, players, said)
    # Refused (a database error says so itself).
    refused = NOT_CORRECTED not in form.table_errors
    return render(
        request,
        "scoring/hole_form.html",
        _hole_context(match, players, form, number, hole=hole, refused=refused),
    )


@require_http_methods(["GET", "POST"])
def hole_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Delete the last hole, after a second, deliberate step."""
    match = _match_for(request, pk)
    hole = _hole_or_404(match, number)
    if request.method == "POST":
        try:
            services.hole_delete_last(match=match, number=number)
        except services.HoleConflict as exc:
            messages.error(request, sentence(str(exc)))
        else:
            messages.success(request, f"Hole {number} deleted.")
        return redirect(match)
    last = match.holes.order_by("-number").values_list("number", flat=True).first()
    # What would be lost, said before the choice is made.
    results = selectors.hole_detail(hole=hole, players=selectors.match_players(match=match))
    return render(
        request,
        "scoring/hole_delete.html",
        {"match": match, "hole": hole, "is_last": last == number, "results": results},
    )
