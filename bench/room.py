"""A busy card room: readers and tables at once, for a bounded time.

Each reader is a phone of its own (its own cookies) that, every half second or so,
opens one of: the shared scoreboard of a match being played (the full page), the
same board as a live board refreshes it (the htmx partial, sending the ETag it holds
in If-None-Match, so an unchanged board is a 304), a rules page, or the try page with
a grid. Each table keeps saving holes of 8-player, 18-hole matches through the forms
(htmx, as the save button does) without pausing, starting a new match when one ends;
the readers follow the boards of the matches being played.

A table of four phones (``bench.seats``) meanwhile plays its holes phone by
phone: each phone saves its own seat's cards, follows the hole's progress, and one
confirms.

Every answer is checked (a status of 400 or more, a refused save or a dropped
connection is an error), and every hole the site said it saved is looked for in the
database afterwards (``bench.measure``).
"""

from __future__ import annotations

import random
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field

from django.urls import reverse

from bench import seats
from bench.browser import Browser
from bench.play import HTMX, expect, hole_save, match_start, share_path

#: A grid the try page checks, sent as its form sends it.
TRY_QUERY = "?variant=six-card&grid=8+5+7+%2F+8+3+9"


def rules_pages() -> list[str]:
    return [
        reverse("home"),
        reverse("rules:guide"),
        reverse("rules:card_values"),
        reverse("rules:examples"),
        reverse("rules:variants"),
        reverse("rules:house_rules"),
        reverse("rules:faq"),
    ]


@dataclass
class Room:
    #: Seconds per kind of request: "board", "live board", "rules", "try" (the
    #: readers'), "hole form" and "save" (the tables').
    timings: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    #: What each hole played phone by phone asked of each phone.
    taps: list[seats.Taps] = field(default_factory=list)
    #: Match id: the hole numbers the site said it saved, in order.
    accepted: dict[int, list[int]] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, kind: str, seconds: float) -> None:
        self.timings[kind].append(seconds)


READS = ("board", "live board", "rules", "try")
#: How often a reader picks each, out of 8.
WEIGHTS = (1, 4, 2, 1)


def card_room(
    base_url: str,
    *,
    readers: int = 8,
    tables: int = 1,
    phone_tables: int = 1,
    seconds: float = 20.0,
    think: float = 0.5,
    seed: int = 1,
) -> Room:
    """Run the room for ``seconds``; readers wait ``think`` seconds on average
    (uniformly from 0 to twice that) between requests."""
    room = Room()
    lock = threading.Lock()
    boards: dict[int, str] = {}  # table: share link of its match in play
    ready = threading.Event()
    stop = threading.Event()
    pages = rules_pages()
    try_page = reverse("rules:try") + TRY_QUERY

    def table(index: int) -> None:
        browser = Browser(base_url)
        match, played = 0, 18
        while not stop.is_set():
            try:
                if played == 18:
                    match, played = match_start(browser), 0
                    with lock:
                        room.accepted[match] = []
                        boards[index] = share_path(browser, match)
                    ready.set()
                saved = hole_save(browser, match, htmx=True)
                played += 1
                with lock:
                    room.add("hole form", saved.form)
                    room.add("save", saved.save)
                    room.accepted[match].append(saved.number)
            except Exception as exc:
                with lock:
                    room.errors.append(f"table {index}: {exc}")
                played = 18  # start afresh rather than repeat the failure
                time.sleep(0.2)

    def phone_table(index: int) -> None:
        """Four phones keeping one match, a hole at a time, until the room closes."""
        match, played = 0, 18
        phones: list[Browser] = []
        while not stop.is_set():
            try:
                if played == 18:
                    phones = [Browser(base_url) for _ in range(seats.PHONES)]
                    match, played = seats.table_start(phones), 0
                    with lock:
                        room.accepted[match] = []
                hole = seats.hole_play(phones, match, played + 1, add)
                played += 1
                with lock:
                    room.errors += [f"phone table {index}: {e}" for e in hole.errors]
                    room.taps += hole.taps.values()
                    if hole.confirmed:
                        room.accepted[match].append(hole.number)
                if hole.errors or not hole.confirmed:
                    played = 18  # start afresh rather than repeat the failure
            except Exception as exc:
                with lock:
                    room.errors.append(f"phone table {index}: {exc}")
                played = 18
                time.sleep(0.2)

    def add(kind: str, seconds: float) -> None:
        with lock:
            room.add(kind, seconds)

    def reader(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        browser = Browser(base_url)
        etags: dict[str, str] = {}
        ready.wait(timeout=30)
        while not stop.is_set():
            time.sleep(rng.uniform(0, 2 * think))
            if stop.is_set():
                break
            kind = rng.choices(READS, WEIGHTS)[0]
            with lock:
                live = list(boards.values())
            board = rng.choice(live) if live else ""
            try:
                if kind == "board":
                    answer = expect(browser.get(board), 200)
                elif kind == "live board":
                    headers = dict(HTMX)
                    if board in etags:
                        headers["If-None-Match"] = etags[board]
                    answer = browser.get(board, headers=headers)
                    if answer.status != 304:
                        expect(answer, 200)
                    etags[board] = answer.headers.get("etag", "")
                elif kind == "rules":
                    answer = expect(browser.get(rng.choice(pages)), 200)
                else:
                    answer = expect(browser.get(try_page), 200, "24")
            except Exception as exc:
                with lock:
                    room.errors.append(f"reader {index}, {kind}: {exc}")
                continue
            with lock:
                room.add(kind, answer.seconds)

    threads = [threading.Thread(target=table, args=(n,)) for n in range(tables)]
    threads += [threading.Thread(target=phone_table, args=(n,)) for n in range(phone_tables)]
    threads += [threading.Thread(target=reader, args=(n,)) for n in range(readers)]
    start = time.monotonic()
    for thread in threads:
        thread.start()
    ready.wait(timeout=30)
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    room.seconds = time.monotonic() - start
    return room
