"""Playing a match through the site's own forms, as a phone at the table does.

Start it from the new-match form, then for each hole: GET the hole form, read its
CSRF token and one-time form token, type every grid and save. A save through htmx
(the save button with JavaScript on) is answered with the scoreboard; without
JavaScript it is a redirect that the browser follows to the scoreboard. Either way
the player waits for the scoreboard, and that wait is what is timed as the save.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.urls import resolve, reverse

from bench.browser import Answer, BenchError, Browser, form_of
from tests.tables import EIGHT_PLAYERS

NAMES = ("Ann", "Bob", "Cleo", "Dev", "Esme", "Finn", "Gus", "Hana")
HTMX = {"HX-Request": "true"}


def expect(answer: Answer, status: int, text: str = "") -> Answer:
    """``answer`` if it has ``status`` (and holds ``text``), else a BenchError that
    says what came instead."""
    if answer.status != status or text not in answer.text:
        wanted = f"{status}" + (f" with {text!r}" if text else "")
        raise BenchError(
            f"{answer.method} {answer.path} answered {answer.status}, not {wanted}: "
            f"{answer.location or answer.text[:300]!r}"
        )
    return answer


def match_start(browser: Browser, *, players: int = 8, holes: int = 18) -> int:
    """Start a match from the new-match form; its id."""
    path = reverse("scoring:match_new")
    page = expect(browser.get(path), 200)
    names = {f"player_{n}": name for n, name in enumerate(NAMES[:players], start=1)}
    started = expect(browser.submit(page, {**names, "holes": str(holes)}, action=path), 302)
    return int(resolve(started.location).kwargs["pk"])


def share_path(browser: Browser, match: int) -> str:
    """The match's share link, as its scoreboard gives it."""
    board = expect(browser.get(reverse("scoring:match_detail", args=[match])), 200)
    pattern = re.escape(reverse("scoring:match_shared", args=["TOKEN"])).replace("TOKEN", r"[\w-]+")
    found = re.search(pattern, board.text)
    if found is None:
        raise BenchError(f"the scoreboard of match {match} shows no share link")
    return found.group(0)


@dataclass
class Saved:
    number: int
    form: float  # seconds to GET the hole form
    save: float  # seconds from posting the hole to the scoreboard


def hole_save(
    browser: Browser, match: int, *, htmx: bool, grids: tuple[str, ...] = EIGHT_PLAYERS
) -> Saved:
    """Enter the next hole of ``match`` through its form and save it."""
    path = reverse("scoring:hole_new", args=[match])
    form = expect(browser.get(path), 200)
    values = {"kind": "grids", **{f"grid_{seat}": grid for seat, grid in enumerate(grids)}}
    number = int(form_of(form, action=path).value("number"))
    sent = browser.submit(form, values, action=path, headers=HTMX if htmx else None)
    said = f"Hole {number} saved."
    if htmx:
        expect(sent, 200, said)
        return Saved(number, form.seconds, sent.seconds)
    expect(sent, 302)
    board = expect(browser.get(sent.location), 200, said)
    return Saved(number, form.seconds, sent.seconds + board.seconds)


@dataclass
class Played:
    """Seconds each hole form took to open, and each save with and without htmx."""

    forms: list[float] = field(default_factory=list)
    htmx_saves: list[float] = field(default_factory=list)
    plain_saves: list[float] = field(default_factory=list)
    #: Match id: the hole numbers the site said it saved, in order.
    accepted: dict[int, list[int]] = field(default_factory=dict)


def matches_play(browser: Browser, *, matches: int, holes: int = 18) -> Played:
    """Play ``matches`` 8-player matches of ``holes`` holes one after another, the
    first with htmx, the next without JavaScript, and so on."""
    played = Played()
    for n in range(matches):
        htmx = n % 2 == 0
        match = match_start(browser, holes=holes)
        played.accepted[match] = []
        for _ in range(holes):
            saved = hole_save(browser, match, htmx=htmx)
            played.forms.append(saved.form)
            (played.htmx_saves if htmx else played.plain_saves).append(saved.save)
            played.accepted[match].append(saved.number)
    return played
