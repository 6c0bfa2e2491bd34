"""The statistics pages of a group with a long history, as a member sees them: the
group's page (its leader boards) and a regular player's page, over HTTP.

For each page, in rounds: a match of the group is finished through the forms (as
at the table: the new-match form with two regulars ticked, one hole, saved), then
the page is opened (the first view after a change) and opened again (cached views).
Then the site's shared cache is cleared and the page opened once more (the first view
after the cache was cleared). The very first views, just after the import, are
reported too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from django.urls import reverse

from bench.browser import Browser
from bench.play import expect

FIRST_AFTER_IMPORT = "first view after the import"
FIRST_AFTER_MATCH = "first view after a match finished"
FIRST_AFTER_CLEAR = "first view after the cache was cleared"
CACHED = "cached"


def log_in(browser: Browser, username: str, password: str) -> None:
    path = reverse("login")
    page = expect(browser.get(path), 200)
    expect(browser.submit(page, {"username": username, "password": password}, action=path), 302)


def group_match_finish(browser: Browser, group: int, players: list[int]) -> None:
    """Start a one-hole match of ``players`` (roster ids) in the group and save its
    hole as totals, which finishes it."""
    path = reverse("groups:match_new", args=[group])
    page = expect(browser.get(path), 200)
    started = expect(
        browser.submit(page, {"roster": [str(p) for p in players], "holes": "1"}, action=path),
        302,
    )
    form = expect(browser.get(started.location), 200)
    totals = {f"total_{seat}": str(5 + 7 * seat) for seat in range(len(players))}
    expect(browser.submit(form, {"kind": "totals", **totals}, action=started.location), 302)


def statistics_pages(
    base_url: str,
    *,
    username: str,
    password: str,
    group: int,
    player: int,
    players: list[int],
    cache_clear: Callable[[], None],
    rounds: int = 5,
    cached: int = 3,
) -> dict[str, dict[str, list[float]]]:
    """Page label: {kind of view: seconds of each}."""
    browser = Browser(base_url, timeout=120)
    log_in(browser, username, password)
    pages = {
        "group page (rating leaderboard, leaders)": reverse("groups:detail", args=[group]),
        "player page": reverse("groups:player", args=[group, player]),
    }
    timings: dict[str, dict[str, list[float]]] = {}
    for label, path in pages.items():
        views = timings[label] = defaultdict(list)
        views[FIRST_AFTER_IMPORT].append(expect(browser.get(path), 200).seconds)
        for _ in range(rounds):
            group_match_finish(browser, group, players)
            views[FIRST_AFTER_MATCH].append(expect(browser.get(path), 200).seconds)
            for _ in range(cached):
                views[CACHED].append(expect(browser.get(path), 200).seconds)
            cache_clear()
            views[FIRST_AFTER_CLEAR].append(expect(browser.get(path), 200).seconds)
    return timings
