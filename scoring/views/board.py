"""The scoreboard: the keeper's page, the read-only shared page that followers
watch live, and the board in both, rendered once per change of the match."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.core.cache import caches
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from golfsite.offline import keep_offline
from golfsite.release import code_version
from scoring import selectors
from scoring.charts import progress_chart
from scoring.models import Match, Player
from scoring.views.access import (
    HtmxHttpRequest,
    match_for_request,
    may_delete,
    member_groups,
    phone_id,
    seat_of,
    started,
)
from scoring.views.keepers import join_url


@keep_offline
@require_safe
@vary_on_headers("HX-Request")
def match_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The scoreboard: a golf card of every hole, running totals and standings.
    Through htmx (the board refreshing itself, as a hole may be saved on another
    phone), the part around the board with the next hole's panel and the actions,
    "not modified" while the match is unchanged."""
    match = match_for_request(request, pk)
    return board_page(
        request, match, "scoring/match_detail.html", readonly=False, partial=bool(request.htmx)
    )


@keep_offline
@require_safe
@vary_on_headers("HX-Request")
def match_shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only scoreboard anyone with the share link can follow live."""
    match = get_object_or_404(Match, share_token=token)
    response = board_page(
        request, match, "scoring/match_shared.html", readonly=True, partial=bool(request.htmx)
    )
    # Anyone with the link may follow it, but a link posted somewhere public must
    # not put a private game into search results.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def board_page(
    request: HtmxHttpRequest,
    match: Match,
    template: str,
    *,
    readonly: bool,
    partial: bool = False,
    notice: str = "",
    players: list[Player] | None = None,
) -> HttpResponse:
    """The scoreboard page, or only its ``board`` partial (what a live board's
    htmx refresh swaps in: the board itself on the shared page; on a keeper's, the
    next hole's panel, the board and the actions under it). ``players``: the
    match's, in seating order, if read.

    The partial answers "not modified" to a browser holding the current one: a
    follower's live board asks every few seconds, usually over a phone's data, and
    most of those times nothing has changed. The board itself is rendered once per
    change of the match and cached (:func:`board_fragment`); the page around it is
    rendered for each visitor (their CSRF token, account links and messages)."""
    if partial:
        # A digest: the tag tells nobody the match's id or when it last changed. The
        # code's version is in it too: after a deploy, a board kept by a follower's
        # browser is sent again, rendered by the new code.
        # A keeper's board comes with the next hole's panel, which names this
        # phone's own seat, if it has one.
        kind = "read" if readonly else f"keep:{seat_of(request, match)}"
        state = f"{code_version()}:{match.pk}:{match.updated_at.isoformat()}:{kind}"
        etag = f'"{hashlib.blake2b(state.encode(), digest_size=12).hexdigest()}"'
        unchanged = get_conditional_response(request, etag=etag)
        if unchanged is not None:
            return revalidated(unchanged, etag)
    rendered = board_fragment(match, readonly=readonly, players=players)
    names, holes_played = rendered.names, rendered.holes_played
    context: dict[str, Any] = {
        "match": match,
        "names": names,
        "board_html": rendered.html,
        "holes_played": holes_played,
        "length": match.length_text(holes_played),
        "next_hole": holes_played + 1,
        "rules": match.rule_set,
        "notice": notice,
    }
    if not match.is_finished:
        dealer, first = selectors.turn_order(match=match, players=names, number=holes_played + 1)
        context.update(next_dealer=dealer, next_first=first)
    if (
        not readonly
        and match.group_id is None
        and request.user.is_authenticated
        and started(request, match)
    ):
        context["move_groups"] = member_groups(request)
    # The share link as the match gives it, never as a visitor typed it (a query
    # string added to it would be kept with the page and shown to every follower).
    context["share_url"] = request.build_absolute_uri(match_share_path(match))
    context["may_delete"] = not readonly and may_delete(request, match)
    if not readonly:
        # Handing the score over: for whoever keeps it already, as this page is.
        context["join_url"] = join_url(request, match)
        if not partial:
            context["keepers"] = list(match.keepers.all())
        context["this_phone"] = phone_id(request)
        # The seat this phone enters when each phone enters its own cards.
        seat = seat_of(request, match)
        if seat is not None and 0 <= seat < len(names):
            context.update(my_seat=seat, my_seat_name=names[seat])
    if partial:
        return revalidated(render(request, f"{template}#board", context), etag)
    return render(request, template, context)


def revalidated(response: HttpResponse, etag: str) -> HttpResponse:
    """Kept by the browser (only), and asked about again every time: what every
    polled part answers with (the live board here, a hole's progress in seats.py)."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


@dataclass(frozen=True)
class RenderedBoard:
    """A rendered board, with what the page around it needs (plain values: the
    cache stores it pickled)."""

    html: str
    holes_played: int
    names: tuple[str, ...]  # the players', in seating order


def board_fragment(
    match: Match, *, readonly: bool, players: list[Player] | None = None
) -> RenderedBoard:
    """The rendered board (score card, standings, chart, summary), how many holes it
    shows and the players' names. Every viewer of a match sees the same board, so
    it is cached, keyed on the match's revision (``updated_at``, which every change
    through the site or the admin moves: ``services._changed``,
    ``services.matches_edited``), so a change makes a new key and a cached board is
    never stale. ``players``: the match's, in seating order, if already read."""
    key = f"board:{match.pk}:{match.updated_at.isoformat()}:{'read' if readonly else 'keep'}"
    cache = caches["boards"]
    rendered: RenderedBoard | None = cache.get(key)
    if rendered is None:
        if players is None:
            players = selectors.match_players(match=match)
        board = selectors.match_board(match=match, players=players)
        html = render_to_string(
            "scoring/_board.html",
            {"match": match, "board": board, "readonly": readonly, "chart": progress_chart(board)},
        )
        names = tuple(player.name for player in players)
        rendered = RenderedBoard(html=html, holes_played=board.holes_played, names=names)
        cache.set(key, rendered)
    return rendered


def match_share_path(match: Match) -> str:
    return reverse("scoring:match_shared", args=[match.share_token])
