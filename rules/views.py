"""Views of the rules reference: server-rendered pages that ask the engine for every number.

Each view reads its form from the query string, asks ``presenters`` for the page's
data and renders a template."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from golfsite.lists import names_in_words
from golfsite.offline import keep_offline
from scoring.engine import ADJUSTMENT_ORDER, PRESETS, VARIANTS, RuleSet, Suit, score_grid
from scoring.engine.rules import DECK_DESCRIPTIONS
from scoring.engine.slots import cells_notation
from scoring.views.access import match_in_progress

from .content.examples import COLUMN_EXAMPLES, REFERENCE_EXAMPLES
from .content.variants import VARIANT_PAGES, VARIANT_PAGES_BY_SLUG
from .forms import (
    RULE_FIELDS,
    PracticeForm,
    RulesForm,
    TryForm,
    query_string,
    rules_from_dict,
    rules_query_items,
)
from .presenters import (
    all_rule_infos,
    check_typed_grid,
    home_example,
    house_rule_groups,
    new_practice_seed,
    practice_grid,
    rank_keys,
    score_case,
    scored_example,
    second_deck_from,
    six_card_facts,
    starter_grid,
    two_deck_variants,
    twos_example,
    value_rows,
    variant_example,
    variant_page,
)

#: House rules that change one grid's score (hole rules need a whole table).
GRID_SCOPES = ("card", "column", "grid")


def _is_htmx(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False))


def _match_new_url() -> str | None:
    """The scoresheet's "new match" page, once that app provides it."""
    try:
        return reverse("scoring:match_new")
    except NoReverseMatch:
        return None


@keep_offline
@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """What the site does, with ways into the rules, the checker and a new match,
    and back into the match this phone is keeping the score of, if one is going."""
    return render(
        request,
        "rules/home.html",
        {
            **home_example(RuleSet()),
            "match_new_url": _match_new_url(),
            "carry_on": _carry_on(request),
        },
    )


def _carry_on(request: HttpRequest) -> dict[str, str] | None:
    """The match in progress this phone keeps: its address, players and progress."""
    match = match_in_progress(request)
    if match is None:
        return None
    seats = list(match.players.all())
    return {
        "url": reverse("scoring:match_detail", args=[match.pk]),
        "names": names_in_words([seat.name for seat in seats]),
        "length": match.length_text(seats[0].holes_played if seats else 0),
    }


@keep_offline
@require_safe
def guide(request: HttpRequest) -> HttpResponse:
    """The complete six-card guide."""
    rules = RuleSet()
    return render(
        request,
        "rules/guide.html",
        {
            "rules": rules,
            "values": value_rows(rules),
            "second_deck_from": second_deck_from(rules),
            **home_example(rules),
            **twos_example(rules),
        },
    )


# -- card values ---------------------------------------------------------------------


@keep_offline
@require_safe
@vary_on_headers("HX-Request")
def card_values(request: HttpRequest) -> HttpResponse:
    """The card-value table for the chosen rules; the table swaps in place with htmx."""
    form = RulesForm(request.GET, scopes=("card", "column"))
    context: dict[str, Any] = {"form": form}
    if form.is_valid() and form.ruleset:
        rules = form.ruleset
        context |= {
            "rules": rules,
            "rows": value_rows(rules),
            "eagle_eye": rules.joker_option.matched_value,
            "cancel_size": rules.layout.rows,
            "try_query": query_string(form.query_items()),
        }
    if not _is_htmx(request):
        return render(request, "rules/card_values.html", context)
    response = render(request, "rules/card_values.html#values", context)
    if "try_query" in context:
        push_url(response, reverse("rules:card_values") + context["try_query"])
    return response


# -- the try-it scorer ---------------------------------------------------------------


@require_safe
@vary_on_headers("HX-Request")
def try_grid(request: HttpRequest) -> HttpResponse:
    """Score any grid under any rules; the whole state lives in the query string."""
    if "slot" in request.GET:
        return _slots_to_grid(request)
    data = request.GET.copy()
    form = TryForm(data, scopes=GRID_SCOPES)
    context: dict[str, Any] = {"form": form}
    if form.is_valid() and form.ruleset:
        rules = form.ruleset
        # No grid typed: empty slots and a hint, never a score the field does not hold.
        text = form.cleaned_data["grid"] or ""
        checked = check_typed_grid(text, rules)
        grid_items = [("grid", checked.notation)] if checked.notation else []
        if checked.blank:
            # A dealt grid to start from: the link puts it in the field, so what is
            # scored is always what is typed.
            example = starter_grid(rules)
            context["example_query"] = query_string(form.query_items() + [("grid", example)])
        context |= {
            "rules": rules,
            "checked": checked,
            "text": text,
            "keys": rank_keys(rules),
            "suits": list(Suit) if rules.suits_written else [],
            "rule_items": form.query_items(),
            "share_query": query_string(form.query_items() + grid_items),
        }
    else:
        # Only the grid refused (far too long): say so, not that the rules were.
        context["grid_only"] = set(form.errors) == {"grid"}
        wrong = [str(form[name].label).lower() for name in RULE_FIELDS if name in form.errors]
        context["wrong_choices"] = " and ".join(wrong)
        context["wrong_choices_count"] = len(wrong)
    if not _is_htmx(request):
        return render(request, "rules/try.html", context)
    response = render(request, "rules/try.html#result", context)
    if "share_query" in context:
        push_url(response, reverse("rules:try") + context["share_query"])
    return response


def _slots_to_grid(request: HttpRequest) -> HttpResponse:
    """The card-by-card form (for browsers without JavaScript): slots to notation."""
    form = RulesForm(request.GET)
    items = form.query_items() if form.is_valid() else []
    tokens = [token.strip()[:4] for token in request.GET.getlist("slot")]
    layout = form.ruleset.layout if form.ruleset else VARIANTS["six-card"].layout
    tokens = (tokens + [""] * layout.size)[: layout.size]
    cells = [tokens[r * layout.columns : (r + 1) * layout.columns] for r in range(layout.rows)]
    return redirect(reverse("rules:try") + query_string(items + [("grid", cells_notation(cells))]))


# -- worked examples -----------------------------------------------------------------


@keep_offline
@require_safe
def examples(request: HttpRequest) -> HttpResponse:
    """Every worked example, drawn as cards with the engine's breakdown."""
    return render(
        request,
        "rules/examples.html",
        {
            "reference": [scored_example(e) for e in REFERENCE_EXAMPLES],
            "columns": [scored_example(e) for e in COLUMN_EXAMPLES],
        },
    )


# -- variants ------------------------------------------------------------------------


@keep_offline
@require_safe
def variants(request: HttpRequest) -> HttpResponse:
    """Every version of Golf, with the engine's one-line summary where it plays it."""
    pages = [
        (page, VARIANTS[page.variant].summary if page.variant and not page.rules else "")
        for page in VARIANT_PAGES
    ]
    return render(request, "rules/variants.html", {"pages": pages})


@keep_offline
@require_safe
def variant_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """One version: its words, the engine's facts, its card values and a sample grid."""
    page = VARIANT_PAGES_BY_SLUG.get(slug)
    if page is None:
        raise Http404("No such variant")
    context: dict[str, Any] = {"page": variant_page(page)}
    if page.variant:
        rules = rules_from_dict({"variant": page.variant, **page.rules})
        context |= {
            "rules": rules,
            "info": rules.variant_info,
            "values": value_rows(rules),
            "deck_text": DECK_DESCRIPTIONS[rules.deck],
            "shoe_small": rules.shoe_size(2),
            "shoe_large": rules.shoe_size(5),
            "decks_small": rules.deck_count(2),
            "decks_large": rules.deck_count(5),
            "try_query": query_string(rules_query_items(rules)),
        }
        if page.example:
            context["example"] = variant_example(page)
    return render(request, "rules/variant_detail.html", context)


# -- house rules ---------------------------------------------------------------------


@keep_offline
@require_safe
def house_rules(request: HttpRequest) -> HttpResponse:
    """Every joker option, house rule and play rule, and the order hole rules apply in."""
    return render(
        request,
        "rules/house_rules.html",
        {
            "groups": house_rule_groups(),
            "order": ADJUSTMENT_ORDER,
            "presets": [(name, summary) for name, summary, _ in PRESETS.values()],
        },
    )


@keep_offline
@require_safe
def house_rule_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """One option: what it does, its effect, and a worked example with and without it."""
    info = next((i for i in all_rule_infos() if i.slug == slug), None)
    if info is None:
        raise Http404("No such rule")
    return render(
        request,
        "rules/house_rule_detail.html",
        {
            "info": info,
            "cases": [score_case(case) for case in info.text.cases],
            "order": ADJUSTMENT_ORDER,
        },
    )


# -- practice ------------------------------------------------------------------------


@require_safe
@vary_on_headers("HX-Request")
def practice(request: HttpRequest) -> HttpResponse:
    """A dealt grid to score by hand; the learner's total is checked by the engine.

    A wrong total is a chance to try again: the grid stays and the score is kept back
    until the learner asks for it ("Show me the answer", ``reveal``)."""
    form = PracticeForm(request.GET, scopes=GRID_SCOPES)
    form.is_valid()
    context: dict[str, Any] = {"form": form}
    rules = form.ruleset
    if rules is not None:
        seed = form.cleaned_data.get("seed") if "seed" not in form.errors else None
        if seed is None:
            seed = new_practice_seed()
        grid = practice_grid(rules, seed)
        score = score_grid(grid, rules)
        answer = form.cleaned_data.get("answer") if "answer" not in form.errors else None
        items = form.query_items()
        context |= {
            "rules": rules,
            "grid": grid,
            "seed": seed,
            "score": score,
            "answer": answer,
            "answered": answer is not None,
            "right": answer == score.total,
            "revealed": bool(form.cleaned_data.get("reveal")),
            "rule_items": items,
            "next_query": query_string(items + [("seed", str(new_practice_seed()))]),
            # The seed names the deal only in links: the page itself says "practice grid".
            "share_query": query_string(items + [("seed", str(seed))]),
            "try_query": query_string(items + [("grid", grid.notation())]),
        }
    template = "rules/practice.html#practice" if _is_htmx(request) else "rules/practice.html"
    return render(request, template, context)


# -- reading pages -------------------------------------------------------------------


@keep_offline
@require_safe
def faq(request: HttpRequest) -> HttpResponse:
    """Questions players ask at the table."""
    return render(
        request,
        "rules/faq.html",
        {
            **six_card_facts(),
            "two_deck_variants": two_deck_variants(),
            "second_deck_from": second_deck_from(),
        },
    )


@keep_offline
@require_safe
def strategy(request: HttpRequest) -> HttpResponse:
    """How to score lower: twos apart, kings, going out, the discard pile."""
    return render(request, "rules/strategy.html", six_card_facts())


@keep_offline
@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    """The words of the game."""
    return render(request, "rules/glossary.html", {"rules": RuleSet()})


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    """Search engines may read the rules. Groups, accounts and the API are of no use
    to them. A match needs no line: its pages answer only the browser or account
    that keeps it (anyone else gets a 404), and the share link's page, which anyone
    holding the link may read, tells search engines itself not to index it (a
    crawler kept out by robots.txt would never see that)."""
    lines = ["User-agent: *"] + [
        f"Disallow: {reverse(name)}" for name in ("groups:list", "login", "api:rules")
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")
