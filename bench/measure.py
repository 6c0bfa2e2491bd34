"""One database's part of a bench run, in a process of its own (the database must be
chosen before Django reads its settings). `python -m bench` starts it once for
SQLite and once for PostgreSQL:

    python -m bench.measure TASK DATABASE_URL OPTIONS_JSON RESULT_FILE

It makes the throw-away database (``bench.database``), starts the site on
it as `make run` does (``bench.server``), warms both workers up, runs the task
("figures" or "audit"), writes what it found to RESULT_FILE as JSON and drops the
database.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import time
from collections import defaultdict
from typing import Any

import django


def row(
    section: str, label: str, seconds: list[float], budget: str | None = None
) -> dict[str, Any]:
    """A line of the report. ``budget``: "p95 100" (that percentile at most that
    many milliseconds), or None."""
    return {"section": section, "label": label, "seconds": seconds, "budget": budget}


class Run:
    """What one database's run found: the report's rows, errors, notes and (for the
    audit) lines printed as they are."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.notes: list[str] = []
        self.lines: list[str] = []


def warm_up(base_url: str) -> None:
    """Every kind of page the bench opens, a few times, so both workers have read
    their templates before anything is timed (a player meets that only once after a
    deploy)."""
    from django.urls import reverse

    from bench import seats
    from bench.browser import Browser
    from bench.play import hole_save, match_start, share_path
    from bench.room import TRY_QUERY, rules_pages

    browser = Browser(base_url)
    for _ in range(2):
        phones = [Browser(base_url) for _ in range(seats.PHONES)]
        table = seats.table_start(phones)
        warmed = seats.hole_play(phones, table, 1, lambda kind, seconds: None)
        if warmed.errors:
            raise RuntimeError(f"warming up the phones' pages: {warmed.errors[0]}")
        match = match_start(browser, holes=2)
        for htmx in (True, False):
            hole_save(browser, match, htmx=htmx)
        board = share_path(browser, match)
        for path in [board, reverse("rules:try") + TRY_QUERY, *rules_pages()]:
            browser.get(path)


def holes_missing(accepted: dict[int, list[int]]) -> list[str]:
    """Every match whose stored holes are not exactly those the site said it saved."""
    from scoring.models import Hole

    stored: dict[int, list[int]] = defaultdict(list)
    for match, number in (
        Hole.objects.filter(match_id__in=accepted)
        .order_by("match_id", "number")
        .values_list("match_id", "number")
    ):
        stored[match].append(number)
    return [
        f"match {match}: the site said it saved holes {numbers}, it stores {stored[match]}"
        for match, numbers in accepted.items()
        if sorted(numbers) != stored[match] or len(set(numbers)) != len(numbers)
    ]


class Group:
    """The statistics' group and its member. Imported after the quiet match and the
    card room: on PostgreSQL, flushing 500,000 new rows to disk slows every commit
    for a while, which is not what a quiet server is."""

    def __init__(self, matches: int, run: Run) -> None:
        from django.contrib.auth import get_user_model

        from bench.growth import growth_group

        self.password = secrets.token_urlsafe(12)
        self.user = get_user_model().objects.create_user(username="bench", password=self.password)
        start = time.perf_counter()
        self.group = growth_group(owner=self.user, name="A busy group", matches=matches)
        run.notes.append(
            f"the group of {matches:,} matches was imported in {time.perf_counter() - start:.0f} s"
        )
        self.roster = {player.name: player.pk for player in self.group.roster.all()}


def quiet_match(base_url: str, options: dict[str, Any], run: Run) -> dict[int, list[int]]:
    from bench.browser import Browser
    from bench.play import matches_play

    played = matches_play(Browser(base_url), matches=options["played"])
    section = (
        f"A quiet server: {options['played']} matches of 8 players and 18 holes, "
        "played through the forms one after another"
    )
    run.rows += [
        row(section, "hole form (GET)", played.forms),
        row(section, "hole save, htmx (answered with the board)", played.htmx_saves, "p95 100"),
        row(section, "hole save, no JavaScript (and the board)", played.plain_saves, "p95 100"),
    ]
    return played.accepted


def card_room(base_url: str, options: dict[str, Any], run: Run) -> dict[int, list[int]]:
    from bench import room

    busy = room.card_room(
        base_url,
        readers=options["readers"],
        tables=options["tables"],
        seconds=options["room_seconds"],
        think=options["think"],
    )
    held = options["room_budgets"]
    section = (
        f"A busy card room: {options['readers']} readers (a request every "
        f"{options['think']:g} s or so each), {options['tables']} "
        f"table{'s' if options['tables'] != 1 else ''} saving holes "
        f"non-stop, {options['room_seconds']:g} s"
    )
    reads = [s for kind in room.READS for s in busy.timings[kind]]
    saves = busy.timings["save"]
    run.rows += [
        row(section, "shared board page", busy.timings["board"]),
        row(section, "live board (htmx, If-None-Match)", busy.timings["live board"]),
        row(section, "rules pages", busy.timings["rules"]),
        row(section, "try page", busy.timings["try"]),
        row(section, "every read", reads, "p95 200" if held else None),
        row(section, "the tables' hole form (GET)", busy.timings["hole form"]),
        row(section, "the tables' hole save (htmx)", saves, "p95 400" if held else None),
        row(section, "4 phones: seat page (GET)", busy.timings["seat page (GET)"]),
        row(
            section,
            "4 phones: a seat's entry (save, htmx)",
            busy.timings["seat save (htmx, answered with the progress)"],
            "p95 400" if held else None,
        ),
        row(
            section,
            "4 phones: progress poll (htmx, If-None-Match)",
            busy.timings["progress poll (htmx, If-None-Match)"],
        ),
        row(
            section,
            "4 phones: the hole confirmed (and the board)",
            busy.timings["confirmation (and the board)"],
            "p95 400" if held else None,
        ),
    ]
    run.errors += busy.errors
    run.notes += taps_notes(busy.taps, run.errors)
    run.notes.append(
        f"card room: {sum(len(t) for t in busy.timings.values())} requests in "
        f"{busy.seconds:.0f} s, {len(saves)} holes saved"
    )
    return busy.accepted


#: The most taps a phone may need for one hole entered phone by phone (issue #20).
TAPS_GOAL = 8


def taps_notes(taps: list[Any], errors: list[str]) -> list[str]:
    """Taps per phone for one hole phone by phone, as the pages asked for them; an
    error if a phone needed more than the goal, or no hole was played."""
    if not taps:
        errors.append("4 phones: no hole was played phone by phone")
        return []
    most = max(t.most for t in taps)
    plain = max(t.cards + t.save for t in taps)
    opening = max(t.open_seat for t in taps)
    if most > TAPS_GOAL:
        errors.append(f"4 phones: a phone needed {most} taps for a hole, more than {TAPS_GOAL}")
    return [
        f"4 phones: taps per phone for a hole, from the pages: {plain} (cards and save), "
        f"{most} on the phone that confirms (goal {TAPS_GOAL} or fewer); "
        f"+{opening} to open the seat's page from the scoreboard; "
        f"{len(taps) // 4} holes played phone by phone"
    ]


def statistics(base_url: str, options: dict[str, Any], run: Run) -> None:
    from django.core.cache import caches

    from bench import stats

    group = Group(options["matches"], run)
    rerating(group, options, run)

    def cache_clear() -> None:
        for cache in caches.all():
            cache.clear()

    pages = stats.statistics_pages(
        base_url,
        username=group.user.get_username(),
        password=group.password,
        group=group.group.pk,
        player=group.roster["Ann"],
        players=[group.roster["Ann"], group.roster["Bob"]],
        cache_clear=cache_clear,
        rounds=options["rounds"],
    )
    section = f"Statistics of a group of {options['matches']:,} finished matches"
    for page, views in pages.items():
        for view, budget in [
            (stats.FIRST_AFTER_IMPORT, None),
            (stats.FIRST_AFTER_MATCH, "p50 300"),
            (stats.FIRST_AFTER_CLEAR, "p50 300"),
            (stats.CACHED, None),
        ]:
            run.rows.append(row(section, f"{page}, {view}", views[view], budget))


def rerating(group: Group, options: dict[str, Any], run: Run, *, times: int = 3) -> None:
    """The group's ratings worked out again from scratch, in this process as a change
    to its oldest match does inside its request (``groups.ratings.group_rerate``),
    ``times`` times."""
    from django.db import transaction

    from groups.models import Rating
    from groups.ratings import group_rerate, ratings_catch_up, ratings_follow
    from scoring.models import Match

    seconds = []
    for _ in range(times):
        start = time.perf_counter()
        group_rerate(group_id=group.group.pk)
        seconds.append(time.perf_counter() - start)
    # What the request of a correction to the oldest match spends on ratings now:
    # more matches than settings.RATINGS_RERATE_IN_REQUEST, so it only marks the
    # group behind and queues the re-rate; the job's work (the re-rate above) is
    # then done here, as the worker would.
    oldest = (
        Match.objects.filter(group=group.group, finished_at__isnull=False)
        .order_by("created_at", "pk")
        .first()
    )
    assert oldest is not None, "the bench's group has finished matches"
    deferred = []
    for _ in range(times):
        start = time.perf_counter()
        with transaction.atomic():
            ratings_follow(match=oldest, group_ids=[group.group.pk])
        deferred.append(time.perf_counter() - start)
        ratings_catch_up(group_id=group.group.pk)
    section = f"Ratings of a group of {options['matches']:,} finished matches"
    run.rows.append(row(section, "re-rating the whole group from scratch", seconds))
    run.rows.append(row(section, "a correction to its oldest match, in the request", deferred))
    rated = Rating.objects.filter(group=group.group).count()
    run.notes.append(f"ratings: {rated:,} stored for the group's regulars")


def figures(base_url: str, options: dict[str, Any], run: Run) -> None:
    """What `make bench` reports for one database. A part that fails is an error of
    the run; the others still run."""
    accepted: dict[int, list[int]] = {}
    for part, measure in (("match", quiet_match), ("room", card_room)):
        if part in options["parts"]:
            try:
                accepted |= measure(base_url, options, run)
            except Exception as exc:
                run.errors.append(f"{part}: {type(exc).__name__}: {exc}")
    if "stats" in options["parts"]:
        try:
            statistics(base_url, options, run)
        except Exception as exc:
            run.errors.append(f"stats: {type(exc).__name__}: {exc}")
    run.errors += holes_missing(accepted)


def main() -> None:
    task, url, options, result_file = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
    # The settings read the database from the environment, as the server's do.
    os.environ["DATABASE_URL"] = url
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "golfsite.settings")
    django.setup()

    from django.core.management import call_command

    from bench.database import throwaway_database
    from bench.server import Server

    run = Run()
    # The pages name their static files through the manifest collectstatic writes.
    call_command("collectstatic", interactive=False, verbosity=0)
    with throwaway_database(url), Server(env={"DATABASE_URL": url}) as server:
        warm_up(server.url())
        before = os.getloadavg()[0]
        if task == "figures":
            figures(server.url(), options, run)
        elif task == "audit":
            from bench.audit import audit

            run.errors += audit(server.url(), run.lines)
        # The machine is shared: how busy it was says how far to trust the figures.
        run.notes.append(
            f"the machine's load average (1 minute, {os.cpu_count()} cores): "
            f"{before:.1f} as the run began, {os.getloadavg()[0]:.1f} as it ended"
        )
    with open(result_file, "w") as file:
        json.dump(vars(run), file)


if __name__ == "__main__":
    main()
