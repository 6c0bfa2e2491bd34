"""Views of the rules reference: server-rendered pages that ask the engine for every number."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.engine import RuleSet, check_grid, score_grid

#: The grid the home page shows scored: the six-card example every guide starts from.
HOME_EXAMPLE = "8 5 7 / 8 3 9"


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """What the site does, with ways into the rules, the checker and a new match."""
    rules = RuleSet()
    example = score_grid(check_grid(HOME_EXAMPLE, rules), rules)
    return render(request, "rules/home.html", {"example": example})


@require_GET
def guide(request: HttpRequest) -> HttpResponse:
    """The complete six-card guide."""
    return render(request, "rules/guide.html")
