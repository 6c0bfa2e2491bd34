"""The play page: a learner plays holes of Golf against computer players, with a coach.

One address, ``rules:play``. Without a match in the session it shows the setup form;
with one, the table. Every action is a POST of one small form (``action`` and, for
a move, ``move`` and the position ``at`` the page was drawn for): with htmx the
table part is drawn afresh in place, without it the browser is sent back to the
page (post, redirect, get). A move the engine refuses changes nothing and comes back
with its reason (400). The game itself lives in the session (``play_state``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from scoring.engine.coach import Advice, advise
from scoring.engine.play import IllegalMove

from .forms import PlayForm
from .play_presenter import table_page
from .play_state import (
    LEARNER,
    PLAY_RULES,
    Table,
    table_advance,
    table_load,
    table_move,
    table_next_hole,
    table_save,
    table_skip,
    table_start,
)

#: The query-string fields that ask for the setup form even with a match going.
SETUP_FIELDS = ("new", "seed", "rules", "opponents", "strength", "holes")


def _is_htmx(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False))


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def play(request: HttpRequest) -> HttpResponse:
    """The setup form or the table; POST plays what a button asked."""
    table = table_load(session=request.session)
    if request.method == "POST":
        return _act(request, table)
    if table is None or any(name in request.GET for name in SETUP_FIELDS):
        return _setup(request, table)
    advice = None
    if request.GET.get("coach") and table.hand.turn == LEARNER and not table.hand.over:
        advice = advise(table.hand)
    return _table(request, table, advice=advice)


def _setup(request: HttpRequest, table: Table | None, form: PlayForm | None = None) -> HttpResponse:
    if form is None:
        data = {name: request.GET[name] for name in SETUP_FIELDS[1:] if name in request.GET}
        if data:
            # A replay link (or a chosen option): the form as it says, defaults elsewhere.
            defaults = {name: PlayForm.base_fields[name].initial for name in PlayForm.base_fields}
            form = PlayForm({**{k: v for k, v in defaults.items() if v is not None}, **data})
            form.is_valid()
        elif table is not None:
            form = PlayForm(initial=PlayForm.initial_from(table.choice))
        else:
            form = PlayForm()
    context = {
        "form": form,
        "rule_options": list(zip(form["rules"], PLAY_RULES.values(), strict=True)),
        "going": table,
        # The deal asked for, kept while another choice is put right.
        "replay_seed": getattr(form, "cleaned_data", {}).get("seed"),
    }
    return render(request, "rules/play.html", context)


def _table(
    request: HttpRequest,
    table: Table,
    *,
    advice: Advice | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    context = table_page(table, advice=advice) | {"error": error}
    template = "rules/play.html#table" if _is_htmx(request) else "rules/play.html"
    return render(request, template, context, status=status)


def _act(request: HttpRequest, table: Table | None) -> HttpResponse:
    action = request.POST.get("action", "")
    if action == "start":
        form = PlayForm(request.POST)
        if not form.is_valid():
            return _setup(request, table, form)
        table = table_start(choice=form.choice())
        table_save(session=request.session, table=table)
        return redirect("rules:play")
    if table is None:
        # The match is gone (another tab started afresh, the session ended): the form,
        # as a whole page also for htmx.
        if _is_htmx(request):
            return HttpResponseClientRedirect(reverse("rules:play"))
        return redirect("rules:play")
    try:
        if action == "move":
            table_move(
                table=table,
                move_text=request.POST.get("move", ""),
                at=request.POST.get("at", ""),
            )
        elif action == "advance":
            table_advance(table=table, at=request.POST.get("at", ""))
        elif action == "skip":
            table_skip(table=table)
        elif action == "next-hole":
            table_next_hole(table=table)
        else:
            raise IllegalMove("That is not a move in Golf; choose one of the buttons")
    except IllegalMove as refused:
        # Nothing changed: the table as it is, with the reason beside it.
        fresh = table_load(session=request.session)
        return _table(request, fresh or table, error=str(refused), status=400)
    table_save(session=request.session, table=table)
    if _is_htmx(request):
        return _table(request, table)
    # To the table itself: on a phone the learner's grid is then in sight.
    return redirect(reverse("rules:play") + "#play-table")
