"""Matches: the list of mine, starting one, ending, deleting and a rematch."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.views.decorators.http import require_http_methods, require_safe

from golfsite.lists import names_in_words
from golfsite.offline import keep_offline
from golfsite.wording import sentence
from scoring import selectors, services
from scoring.engine import PRESETS
from scoring.forms import (
    PLAYER_FIELDS,
    MatchForm,
    preset_initial,
    preset_notice,
    reseated,
    rules_initial,
)
from scoring.models import Match, Player
from scoring.views.access import (
    SESSION_KEY,
    kept_matches,
    match_for_request,
    may_delete,
    member_groups,
    remember_match,
    session_match_ids,
    started,
)
from scoring.views.limits import TooManyMatches, count_match_start

#: Matches on a page of "My matches".
MATCH_LIST_PAGE_SIZE = 25


@dataclass(frozen=True)
class ListedMatch:
    """A line of "My matches": who played, when, how far it came, who won."""

    match: Match
    names: list[str]
    length: str
    winners: list[str]

    @classmethod
    def of(cls, match: Match) -> ListedMatch:
        """From a match whose players are prefetched."""
        seats = list(match.players.all())
        # Every seat has played the same holes.
        length = match.length_text(seats[0].holes_played if seats else 0)
        winners = [seat.name for seat in seats if match.is_finished and seat.place == 1]
        return cls(match, [seat.name for seat in seats], length, winners)


@keep_offline
@require_safe
def match_list(request: HttpRequest) -> HttpResponse:
    """The matches this browser started (or its signed-in owner did), newest first,
    a page at a time: a player of many years gets the same small page as a
    newcomer. ``?before=`` holds where the last page ended (the last match's start,
    in microseconds, and its id), so a page costs the same few queries however
    many came before it, and a match deleted meanwhile changes nothing. A made-up
    cursor only ever shows the visitor's own matches, and a malformed one starts
    from the newest."""
    matches = kept_matches(request)
    before = _parse_list_cursor(request.GET.get("before", ""))
    if before is not None:
        created_at, pk = before
        matches = matches.filter(Q(created_at__lt=created_at) | Q(created_at=created_at, pk__lt=pk))
    page = list(matches.prefetch_related("players")[: MATCH_LIST_PAGE_SIZE + 1])
    last = page[MATCH_LIST_PAGE_SIZE - 1] if len(page) > MATCH_LIST_PAGE_SIZE else None
    older = list_cursor(last) if last else None
    # A member's group matches started by others are in the groups' histories.
    groups = member_groups(request)
    return render(
        request,
        "scoring/match_list.html",
        {
            "matches": [ListedMatch.of(match) for match in page[:MATCH_LIST_PAGE_SIZE]],
            "older": older,
            "newer": before is not None,
            "groups": groups,
        },
    )


def recent_matches(request: HttpRequest, count: int) -> list[ListedMatch]:
    """The visitor's ``count`` newest matches, as "My matches" lists them."""
    return [
        ListedMatch.of(match) for match in kept_matches(request).prefetch_related("players")[:count]
    ]


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


def posted_match_form(request: HttpRequest, form_class: Any, **kwargs: Any) -> tuple[Any, bool]:
    """The match form of a POST, and whether it asks to start the match.

    A preset button fills the rules in and keeps the names typed so far; a seat
    button (``seat``: the rematch's up, down, remove and add) moves the players.
    Both draw the form again, unchecked, with a message for the preset."""
    data = request.POST
    if data.get("preset"):
        slug = data["preset"]
        initial = preset_initial(data, slug)
        if initial is None:
            return form_class(data, **kwargs), False
        initial.update(form_class.kept_on_preset(data))
        form = form_class(initial=initial, **kwargs)
        messages.info(request, preset_notice(form, slug))
        return form, False
    form = form_class(data, **kwargs)
    if data.get("seat"):
        return form_class(initial=reseated(form, str(data["seat"])), **kwargs), False
    return form, True


def start_match(
    request: HttpRequest, form: MatchForm, start: Callable[[], Match], *, keep: bool = True
) -> Match:
    """Start the match of a valid ``form`` with ``start``, once: a form whose
    one-time token started a match already gives that match (a retried or doubled
    submit; the page it leads to says so). Otherwise the match counts against the
    visitor's limits first, and :class:`TooManyMatches` (or ``start``'s
    ``MatchRejected``) means nothing was started. Unless ``keep`` is False (a
    phone that joined the match before), this browser keeps the match (a replayed
    form's only if the match is no one else's)."""
    done = services.match_started_by(token=form.cleaned_data.get("token"))
    if done is not None:
        messages.info(request, "That form had already started this match, so here it is.")
        if keep and done.group_id is None and done.owner_id in (None, request.user.pk):
            remember_match(request, done)
        return done
    count_match_start(request)
    match = start()
    if keep and match.group_id is None:
        remember_match(request, match)
    return match


def refused_page(
    request: HttpRequest, template: str, context: dict[str, Any], refusal: TooManyMatches
) -> HttpResponse:
    """The form again, with what was typed and the limit's message at its top (429,
    with when to try again)."""
    context["form"].add_error(None, refusal.message)
    response = render(request, template, context, status=429)
    response["Retry-After"] = str(refusal.retry_after)
    return response


def start_match_page(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    start: Callable[[], Match],
    *,
    keep: bool = True,
) -> HttpResponse:
    """Start the match of the page's valid form with ``start`` (once: see
    :func:`start_match`) and go to its first hole; or show the form again
    (``template`` with ``context``), what was typed kept, saying why it did not
    start: over a limit (429) or refused by the rules."""
    form = context["form"]
    try:
        match = start_match(request, form, start, keep=keep)
    except TooManyMatches as refusal:
        return refused_page(request, template, context, refusal)
    except services.MatchRejected as exc:
        for problem in exc.problems:
            form.add_error(None, sentence(problem.message))
        return render(request, template, context)
    return redirect("scoring:hole_new", pk=match.pk)


def match_form_context(form: MatchForm, **extra: Any) -> dict[str, Any]:
    """What the new-match page (and the rematch's, and a group's) draws."""
    presets = [(slug, name, summary) for slug, (name, summary, _) in PRESETS.items()]
    return {"form": form, "presets": presets, **extra}


@require_http_methods(["GET", "HEAD", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    """Start a match: players in seating order, the first dealer and the rules."""
    form, starting = (
        posted_match_form(request, MatchForm) if request.method == "POST" else (MatchForm(), False)
    )
    context = match_form_context(form, groups=member_groups(request))
    if starting and form.is_valid():
        data = form.cleaned_data
        return start_match_page(
            request,
            "scoring/match_new.html",
            context,
            lambda: services.match_create(
                names=data["names"],
                first_dealer=data["first_dealer"] - 1,
                rules=data["rules"],
                owner=request.user,
                token=data["token"],
            ),
        )
    return render(request, "scoring/match_new.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def match_end(request: HttpRequest, pk: int) -> HttpResponse:
    """End a match before its last hole, after a second, deliberate step."""
    match = match_for_request(request, pk)
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


@require_http_methods(["GET", "HEAD", "POST"])
def match_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a whole match (one started by mistake, say), after a second, deliberate
    step that says what would be lost."""
    match = match_for_request(request, pk)
    allowed = may_delete(request, match)
    players = selectors.match_players(match=match)
    names = [player.name for player in players]
    if request.method == "POST":
        if not allowed:
            messages.error(request, "Only the member who started this match can delete it.")
            return redirect(match)
        services.match_delete(match=match)
        request.session[SESSION_KEY] = [i for i in session_match_ids(request) if i != match.pk]
        messages.success(request, format_html("Deleted the match of {}.", names_in_words(names)))
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


@require_http_methods(["GET", "HEAD", "POST"])
def match_share_replace(request: HttpRequest, pk: int) -> HttpResponse:
    """Stop the share link and make a new one (a keeper only). The scoreboard's button
    posts here, and the answer asks first, as the address opened does; only the
    question's own button (``confirm``) does it, so no JavaScript is needed."""
    match = match_for_request(request, pk)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        services.match_share_replace(match=match)
        messages.success(
            request,
            "The old share link no longer works. Send the new one below to whoever "
            "should follow the match.",
        )
        return redirect(match)
    return render(request, "scoring/match_share_replace.html", {"match": match})


def rematch_initial(match: Match, players: list[Player]) -> dict[str, Any]:
    """The rematch's form as it first comes: the same players in the same seats,
    the first deal one seat on, the same rules."""
    names: dict[str, Any] = dict.fromkeys(PLAYER_FIELDS, "")
    names.update(zip(PLAYER_FIELDS, (player.name for player in players), strict=False))
    names["first_dealer"] = (match.first_dealer + 1) % max(len(players), 1) + 1
    return rules_initial(names, match.rule_set.to_dict())


@require_http_methods(["GET", "HEAD", "POST"])
def match_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """A new match after this one: the page asks first, with the same players and
    rules filled in and the first deal one seat on; the table may reseat, drop or
    add players and change the rules, and only its start button starts it. (A
    group's match has its group's rematch page, which seats its regular players.)"""
    match = match_for_request(request, pk)
    if match.group_id is not None:
        return redirect("groups:match_rematch", match.group_id, match.pk)
    # A POST without the form's token comes from a page drawn before the rematch
    # asked first: it is asked now.
    if request.method == "POST" and "token" in request.POST:
        form, starting = posted_match_form(request, MatchForm)
    else:
        players = selectors.match_players(match=match)
        form, starting = MatchForm(initial=rematch_initial(match, players)), False
    context = match_form_context(form, rematch=match)
    if starting and form.is_valid():
        data = form.cleaned_data
        # A phone that joined: the rematch stays whoever started the match's (its
        # account, or the browser, through ``rematch_of``), and this phone keeps it
        # as it kept this one, as a keeper that joined (the match's phones keep it).
        joined = not started(request, match)
        return start_match_page(
            request,
            "scoring/match_new.html",
            context,
            lambda: services.match_create(
                names=data["names"],
                first_dealer=data["first_dealer"] - 1,
                rules=data["rules"],
                owner=(match.owner or request.user) if joined else request.user,
                rematch_of=match,
                token=data["token"],
                phones=list(match.keepers.values_list("phone", flat=True)),
            ),
            keep=not joined,
        )
    return render(request, "scoring/match_new.html", context)
