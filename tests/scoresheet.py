"""Helpers for the scoresheet's web tests (tests/matches/, tests/holes/, tests/board/):
a browser that keeps matches, the forms as a browser posts them, and the fixtures
``save_hole`` and ``three``, which the conftests there import."""

import re
import uuid
from html.parser import HTMLParser
from typing import TypedDict

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.urls import reverse

from scoring import services
from scoring.engine import RuleSet
from scoring.services import HoleEntry
from scoring.views.access import SESSION_KEY
from tests.factories import MatchFactory, new_match_form
from tests.patterns import first_match


class HtmxRequest(TypedDict):
    HTTP_HX_REQUEST: str


#: What htmx adds to each request it sends, as ``client.get(url, **HX)`` takes it.
HX = HtmxRequest(HTTP_HX_REQUEST="true")

#: The new-match form for Ann, Bob and Cy, Bob dealing first.
NEW_MATCH = new_match_form(player_3="Cy", first_dealer="2", decks="", jokers="", initial_flips="")

#: A hole of ``three`` as typed: Ann's grid scores 24, and Cy's, all pairs, 0.
GOOD = {"grid_0": "8 5 7 / 8 3 9", "grid_1": "K K 2 / Q J 10", "grid_2": "A 4 6 / A 4 6"}


def own(client, *matches):
    """``client``'s browser keeps ``matches``, as if it had started them."""
    session = client.session
    session[SESSION_KEY] = [m.pk for m in matches]
    session.save()
    return client


def session_owning(*matches):
    """A saved session that keeps ``matches`` as a browser's, as if it had started
    them (for a client of another kind: ``requests``, a browser's cookie); its key."""
    store = SessionStore()
    store[SESSION_KEY] = [m.pk for m in matches]
    store.save()
    return store.session_key


def hole_data(number=1, token=None, **fields):
    """The hole form as a browser posts it: hole ``number``, grids unless ``kind``
    says otherwise, nobody out first, and ``fields`` on top."""
    data = {"number": str(number), "token": str(token or uuid.uuid4()), "kind": "grids"}
    data.update({"went_out": ""})
    data.update({k: str(v) for k, v in fields.items()})
    return data


class _FormReader(HTMLParser):
    """The fields of a page's ``match-form`` as a browser would send them."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self.inside = False
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "match-form" in (a.get("class") or ""):
            self.inside = True
        if not self.inside or "disabled" in a:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "button"):
                self.data.setdefault(name, []).append(a.get("value") or "")
        elif tag == "select" and name:
            self.select, self.options = name, []
        elif tag == "option" and self.select:
            self.options.append((a.get("value") or "", "selected" in a))

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        if tag == "select" and self.select:
            chosen = [value for value, selected in self.options if selected] or [
                value for value, _ in self.options[:1]
            ]
            self.data[self.select] = chosen
            self.select = None


def form_data(page: str, **changes) -> dict[str, list[str]]:
    """What the page's match form sends as it stands (``changes`` on top): every
    filled box, ticked box and chosen option, no button."""
    reader = _FormReader()
    reader.feed(page)
    data = reader.data
    data.update({k: v if isinstance(v, list) else [str(v)] for k, v in changes.items()})
    return data


def checked(page, name):
    """The values of the checked inputs called ``name``."""
    inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
    return [first_match(r'value="([^"]*)"', i).group(1) for i in inputs if " checked" in i]


def fold(page: str) -> tuple[bool, str]:
    """Whether the new match's rules are open, and the line that sums them up (tags
    removed)."""
    found = re.search(
        r'<details class="rules-fold"( open)?>\s*<summary>(.*?)</summary>', page, re.S
    )
    assert found, "the rules are not folded under a summary line"
    outline = re.search(r"data-rules-outline>(.*?)</span>", found.group(2), re.S)
    assert outline
    return bool(found.group(1)), outline.group(1)


def match_with(players, holes, save_hole):
    """An 18-hole nine-card match of ``players`` players, its first ``holes`` holes saved."""
    rules = RuleSet(variant="nine-card", holes=18).to_dict()
    match = MatchFactory.create(players=[f"P{n}" for n in range(players)], rules=rules)
    for _ in range(holes):
        save_hole(match, totals=list(range(players)))
    return match


def make_match_pages(client):
    """A finished 8-player, 18-hole match owned by ``client``'s session: the largest
    scoreboard, and the hole pages of a match in play."""
    from tests.factories import eight_player_match
    from tests.tables import EIGHT_PLAYERS

    full = eight_player_match(played=18)
    playing = eight_player_match(played=1)
    own(client, full, playing)
    # Hole 2 entered phone by phone, every seat in: each seat's cards on one page.
    for player in playing.players.all():
        services.seat_draft_save(
            match=playing, number=2, player=player, grid=EIGHT_PLAYERS[player.seat]
        )
    return [
        reverse("scoring:match_detail", args=[full.pk]),
        reverse("scoring:hole_detail", args=[full.pk, 18]),
        reverse("scoring:match_detail", args=[playing.pk]),
        reverse("scoring:hole_new", args=[playing.pk]),
        reverse("scoring:hole_seats", args=[playing.pk, 2]),
        reverse("scoring:hole_seat", args=[playing.pk, 2, 7]),
        reverse("scoring:match_shared", args=[full.share_token]),
    ]


@pytest.fixture
def save_hole():
    """Save the next hole of a match from grids (or totals) through the service."""

    def save(match, grids=None, totals=None, went_out=None, token=None):
        number = match.holes.count() + 1
        if totals is not None:
            entry = HoleEntry(kind="totals", totals=tuple(totals), went_out=went_out)
        else:
            entry = HoleEntry(kind="grids", grids=tuple(grids), went_out=went_out)
        return services.hole_record(
            match=match, entry=entry, token=token or uuid.uuid4(), number=number
        )

    return save


@pytest.fixture
def three(client):
    """A two-hole match of Ann, Bob and Cy, kept by ``client``'s browser."""
    match = MatchFactory.create(players=["Ann", "Bob", "Cy"], rules=RuleSet(holes=2).to_dict())
    own(client, match)
    return match
