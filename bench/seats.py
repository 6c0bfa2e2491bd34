"""A table of four phones, each entering its own player's cards, as the card room's
busiest kind of table does since every phone at a table can keep the score.

The first phone starts a 4-player match; the three others open its join link (read
from the scoreboard, as a player reads it) and join. For each hole, all four at
once: open their own seat's page, save their six cards through htmx (as the save
button does, answered with the hole's progress), then follow the progress as the
page does (polled through htmx with the ETag it holds, a 304 while nothing moved)
until every seat is in. One phone (a different one each hole) then saves the hole
from the progress page's own form; the others keep polling until the site sends
them on to the scoreboard (``HX-Redirect``). Every seat save, confirmation and poll
is timed and checked, and the holes confirmed are looked for in the database
afterwards, as the whole-table saves are.

``taps`` counts what one hole asks of each phone from the pages themselves: the
empty slots of the seat's page (its keypad opens on the first and moves on by
itself, so one tap a card), its save button, and on one phone the progress
page's "Save hole" button. The tap that opens the seat's page from the scoreboard
("Enter my cards") is counted apart.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse

from bench.browser import Answer, BenchError, Browser, form_of
from bench.play import HTMX, NAMES, expect, match_start
from tests.tables import EIGHT_PLAYERS

PHONES = 4
#: A legal table of four (one deck): the first four grids of the eight-player table.
GRIDS = EIGHT_PLAYERS[:PHONES]
#: A seat's page: its slots, each a button, "·" while empty.
SLOT = re.compile(r'<button type="button" class="slot[^"]*"[^>]*>([^<]*)</button>')
SAVE = re.compile(r"<button[^>]*\bdata-save\b")
CONFIRM = re.compile(r"<button type=\"submit\">Save hole \d+</button>")
JOIN = re.compile(r'id="join-link">([^<]+)</a>')
ENTER_MINE = re.compile(r'<a [^>]*href="([^"]+)"[^>]*><span>Enter my cards')
#: How long a phone waits between two polls of the progress (the page polls every
#: 2 s; the bench polls faster, to play more holes in its time).
POLL = 0.3
#: How long a phone waits for the others, in seconds, before it gives up.
PATIENCE = 60.0


@dataclass
class Taps:
    """What one hole asks of a phone, from the pages."""

    cards: int  # the seat page's empty slots, one tap each
    save: int  # its save button
    confirm: int  # the progress page's "Save hole N", on one phone
    open_seat: int  # "Enter my cards" on the scoreboard, to reach the seat's page

    @property
    def most(self) -> int:
        """Taps on the phone that also confirms the hole (not counting the way
        there from the scoreboard)."""
        return self.cards + self.save + self.confirm


def join_path(browser: Browser, match: int) -> str:
    board = expect(browser.get(reverse("scoring:match_detail", args=[match])), 200)
    found = JOIN.search(board.text)
    if found is None:
        raise BenchError(f"the scoreboard of match {match} shows no join link")
    return re.sub(r"^https?://[^/]+", "", found.group(1).strip())


def join(browser: Browser, path: str) -> None:
    page = expect(browser.get(path), 200, "Join and keep the score")
    expect(browser.submit(page, {}, action=path), 302)


def table_start(phones: list[Browser]) -> int:
    """The first phone starts a match of four; the others join it. Its id."""
    match = match_start(phones[0], players=PHONES)
    path = join_path(phones[0], match)
    for phone in phones[1:]:
        join(phone, path)
    return match


def slots_empty(page: Answer) -> int:
    slots = SLOT.findall(page.text)
    if not slots:
        raise BenchError(f"{page.path} shows no slots to fill")
    return sum(1 for text in slots if text.strip() in {"", "·"})


class Hole:
    """One hole played by the four phones of a table, each in a thread of its own."""

    def __init__(
        self,
        match: int,
        number: int,
        confirmer: int,
        add: Callable[[str, float], None],
    ) -> None:
        self.match, self.number, self.confirmer, self.add = match, number, confirmer, add
        self.progress = reverse("scoring:hole_seats", args=[match, number])
        self.taps: dict[int, Taps] = {}
        self.confirmed = False
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def phone(self, browser: Browser, seat: int) -> None:
        try:
            self._play(browser, seat)
        except Exception as exc:
            with self.lock:
                self.errors.append(f"phone {seat}, hole {self.number}: {exc}")

    def _play(self, browser: Browser, seat: int) -> None:
        board = expect(browser.get(reverse("scoring:match_detail", args=[self.match])), 200)
        mine = ENTER_MINE.search(board.text)
        seat_path = reverse("scoring:hole_seat", args=[self.match, self.number, seat])
        page = expect(browser.get(seat_path), 200)
        self.add("seat page (GET)", page.seconds)
        cards, save = slots_empty(page), len(SAVE.findall(page.text))
        values = {f"grid_{seat}": GRIDS[seat], "mine": "on", "save": "1"}
        if seat == 0:
            values["went_out"] = "on"
        sent = browser.submit(page, values, action=seat_path, headers=HTMX)
        expect(sent, 200, f"{NAMES_OF[seat]}&#x27;s cards are in.")
        self.add("seat save (htmx, answered with the progress)", sent.seconds)
        confirm = 0
        etag = ""
        waited = 0.0
        while True:
            headers = dict(HTMX)
            if etag:
                headers["If-None-Match"] = etag
            polled = browser.get(self.progress, headers=headers)
            self.add("progress poll (htmx, If-None-Match)", polled.seconds)
            if polled.headers.get("hx-redirect"):
                break  # another phone saved the hole
            if polled.status != 304:
                expect(polled, 200)
                etag = polled.headers.get("etag", "")
                if seat == self.confirmer and CONFIRM.search(polled.text):
                    confirm = 1
                    self._confirm(browser, polled)
                    break
            time.sleep(POLL)
            waited += POLL
            if waited > PATIENCE:
                raise BenchError(f"hole {self.number} was not saved within {PATIENCE:g} s")
        with self.lock:
            self.taps[seat] = Taps(cards, save, confirm, 1 if mine else 0)

    def _confirm(self, browser: Browser, progress: Answer) -> None:
        """Save the hole from the progress page's form, and wait for the scoreboard."""
        sent = browser.request(
            "POST",
            self.progress,
            data=form_of(progress, action=self.progress).filled({}),
        )
        expect(sent, 302)
        board = expect(browser.get(sent.location), 200, f"Hole {self.number} saved.")
        self.add("confirmation (and the board)", sent.seconds + board.seconds)
        self.confirmed = True


NAMES_OF = NAMES[:PHONES]


def hole_play(
    phones: list[Browser],
    match: int,
    number: int,
    add: Callable[[str, float], None],
) -> Hole:
    """Hole ``number`` of ``match``, the four phones at once (a hole begun is played
    to the end, however the room is told to close meanwhile)."""
    hole = Hole(match, number, confirmer=(number - 1) % PHONES, add=add)
    threads = [
        threading.Thread(target=hole.phone, args=(browser, seat))
        for seat, browser in enumerate(phones)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return hole
