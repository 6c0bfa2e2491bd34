"""Many phones saving holes into one match at once.

Every accepted save must be stored exactly once under the number it was given, no
hole number may be duplicated or skipped, and every refused save must have been
told so in words. On PostgreSQL the phones go through the live server (separate
connections and row locks); on SQLite they are separate processes writing one
database file, as `make run` deploys it. CI runs the suite on both.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
from django.db import connection
from django.urls import reverse

from scoring.engine import RuleSet
from scoring.models import Hole, Score
from tests.at_once import ON_POSTGRES, postgres_only
from tests.factories import MatchFactory
from tests.patterns import first_match
from tests.scoresheet import session_owning

# The live-server tests run on PostgreSQL only. Not on SQLite: there the in-memory
# test database is one connection shared by every server thread, so they would
# measure that sharing, not the site.

CONFLICT = "was already saved from another phone"
FINISHED = "This match is finished"


@dataclass
class Attempt:
    """One POST of the hole form and what the server answered."""

    phone: int
    number: int
    token: str
    totals: tuple[int, int]
    accepted: bool
    told: str


class Phone:
    """A browser holding the match in its session, with its own CSRF cookie."""

    def __init__(self, base: str, session_key: str, match_pk: int, phone: int) -> None:
        self.http = requests.Session()
        self.http.cookies.set("sessionid", session_key)
        self.url = base + reverse("scoring:hole_new", args=[match_pk])
        self.phone = phone

    def open_form(self) -> tuple[int, str, str] | None:
        """The next hole's number, the form's one-time token and the CSRF token; None
        once the match is finished (the page redirects to the scoreboard)."""
        page = self.http.get(self.url, allow_redirects=False, timeout=30)
        if page.status_code == 302:
            return None
        assert page.status_code == 200, page.status_code
        number = int(first_match(r'name="number" value="(\d+)"', page.text).group(1))
        token = first_match(r'name="token" value="([0-9a-f-]+)"', page.text).group(1)
        csrf = first_match(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
        return number, token, csrf

    def save(self, number: int, token: str, csrf: str, totals: tuple[int, int]) -> Attempt:
        data = {
            "csrfmiddlewaretoken": csrf,
            "number": number,
            "token": token,
            "kind": "totals",
            "went_out": "",
            "total_0": totals[0],
            "total_1": totals[1],
        }
        answer = self.http.post(self.url, data, allow_redirects=False, timeout=30)
        assert answer.status_code in (200, 302), answer.status_code
        accepted = answer.status_code == 302
        told = "" if accepted else answer.text
        return Attempt(self.phone, number, token, totals, accepted, told)


def stored_totals(token: str) -> tuple[int, ...]:
    return tuple(
        Score.objects.filter(hole__token=token)
        .order_by("seat")
        .values_list("grid_score", flat=True)
    )


@pytest.mark.django_db
def test_the_scoreboard_reads_one_snapshot_of_holes_and_scores(save_hole):
    """Found by the tests below: the board once read the holes, then the scores; a
    hole another phone saved in between had scores but no place (a 500). It now
    reads every score with its hole's number in one query, so there is no "in
    between" left: a hole saved by another phone just before that query shows
    whole. This saves one just before the board's first read of scores, and fails
    should the board ever read holes and scores apart again."""
    from scoring import selectors

    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    save_hole(match, totals=[3, 4])
    raced: list[object] = []

    def another_phone_saves_first(execute, sql, params, many, context):
        if not raced and sql.startswith("SELECT") and "scoring_score" in sql:
            raced.append("saving")  # the save reads scores too: let those through
            raced[0] = save_hole(match, totals=[5, 6])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(another_phone_saves_first):
        board = selectors.match_board(match=match)
    assert raced, "the race never happened: the test proved nothing"
    assert board.hole_numbers == [1, 2]
    assert [row.total for row in board.rows] == [8, 10]
    assert all(len(row.cells) == len(board.hole_numbers) for row in board.rows)
    assert board.next_hole == 3


@pytest.mark.django_db
def test_the_scoreboard_leaves_out_a_hole_missing_a_score(save_hole):
    """A hole is written in one transaction; should one ever lack a seat's score
    (a hand edit in the admin, say), the board leaves that hole out rather than
    misplacing the others' scores."""
    from scoring import selectors

    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    save_hole(match, totals=[3, 4])
    save_hole(match, totals=[5, 6])
    Score.objects.filter(hole__match=match, hole__number=1, seat=1).delete()
    board = selectors.match_board(match=match)
    assert board.hole_numbers == [2]
    assert [row.total for row in board.rows] == [5, 6]


@postgres_only
@pytest.mark.django_db(transaction=True)
def the_form(phone: Phone) -> tuple[int, str, str]:
    form = phone.open_form()
    assert form is not None, "the match is finished before its first hole"
    return form


def test_twelve_phones_racing_for_the_same_hole_store_it_once(live_server_settled):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    key = session_owning(match)
    phones = [Phone(live_server_settled.url, key, match.pk, n) for n in range(12)]
    forms = [the_form(phone) for phone in phones]
    assert {form[0] for form in forms} == {1}
    start = threading.Barrier(len(phones))

    def race(n: int) -> Attempt:
        number, token, csrf = forms[n]
        start.wait()
        return phones[n].save(number, token, csrf, (n, 20 + n))

    with ThreadPoolExecutor(len(phones)) as pool:
        attempts = list(pool.map(race, range(len(phones))))

    winners = [a for a in attempts if a.accepted]
    assert len(winners) == 1
    for loser in (a for a in attempts if not a.accepted):
        assert CONFLICT in loser.told, loser.told[:500]
        assert not Hole.objects.filter(token=loser.token).exists()
    hole = Hole.objects.get(match=match)
    assert (hole.number, str(hole.token)) == (1, winners[0].token)
    assert stored_totals(winners[0].token) == winners[0].totals


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_eight_phones_filling_a_match_lose_and_duplicate_nothing(live_server_settled):
    """Each phone keeps opening the next hole and saving it; some retry a save (the
    same form twice). Afterwards the holes are exactly 1..N, each the one save the
    server accepted for that number, with that save's totals."""
    planned = 24
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=planned).to_dict())
    key = session_owning(match)
    start = threading.Barrier(8)

    def play(n: int) -> list[Attempt]:
        phone = Phone(live_server_settled.url, key, match.pk, n)
        chance = random.Random(n)
        attempts: list[Attempt] = []
        start.wait()
        for turn in range(planned * 3):
            form = phone.open_form()
            if form is None:
                break
            number, token, csrf = form
            totals = (n, turn)
            attempt = phone.save(number, token, csrf, totals)
            attempts.append(attempt)
            if chance.random() < 0.3:
                # A retry (the same form again) gets the same answer and stores nothing.
                retry = phone.save(number, token, csrf, totals)
                assert retry.accepted == attempt.accepted, retry.told[:500]
        return attempts

    with ThreadPoolExecutor(8) as pool:
        attempts = [a for batch in pool.map(play, range(8)) for a in batch]

    accepted = {a.token: a for a in attempts if a.accepted}
    refused = [a for a in attempts if not a.accepted and a.token not in accepted]
    holes = list(Hole.objects.filter(match=match).order_by("number"))
    assert [h.number for h in holes] == list(range(1, planned + 1))
    assert {str(h.token) for h in holes} == set(accepted)
    for hole in holes:
        save = accepted[str(hole.token)]
        assert save.number == hole.number
        assert stored_totals(save.token) == save.totals
    for attempt in refused:
        assert CONFLICT in attempt.told or FINISHED in attempt.told, attempt.told[:500]
        assert not Hole.objects.filter(token=attempt.token).exists()
    assert len(refused) > 0, "the phones never raced: the test proved nothing"
    match.refresh_from_db()
    assert match.is_finished


@pytest.mark.skipif(ON_POSTGRES, reason="the SQLite variant; PostgreSQL has its own above")
def test_four_processes_filling_a_match_on_sqlite_lose_and_duplicate_nothing(tmp_path):
    """The SQLite variant, as `make run` deploys it: a database file in WAL mode with
    IMMEDIATE transactions, written by separate processes (gunicorn workers) at once.
    Afterwards the holes are exactly 1..N, each the one save that was accepted."""
    planned = 16
    root = Path(__file__).resolve().parents[2]
    database = tmp_path / "golf.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "SECRET_KEY": "stress"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, check=True
        )
        return done.stdout

    run("manage.py", "migrate", "--noinput", "-v0")
    made = (
        "from scoring import services; from scoring.engine import RuleSet; "
        f"m = services.match_create(names=['Ann', 'Bob'], first_dealer=0, "
        f"rules=RuleSet(holes={planned})); print(m.pk)"
    )
    match_id = run("manage.py", "shell", "-v0", "-c", made).strip().splitlines()[-1]
    signals = tmp_path / "signals"
    signals.mkdir()
    phones = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.holes.sqlite_phone", match_id, str(n), str(signals)],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    # Every phone starts once all are set up: on a busy machine a phone that started
    # late would find the match finished, and nothing would have raced.
    deadline = time.monotonic() + 90
    while len(list(signals.glob("ready-*"))) < len(phones):
        assert time.monotonic() < deadline, "the phones never got ready"
        for phone in phones:
            if phone.poll() is not None:
                pytest.fail(f"a phone stopped before it was ready: {phone.communicate()[1]}")
        time.sleep(0.02)
    (signals / "go").touch()
    attempts = []
    for phone in phones:
        out, err = phone.communicate(timeout=120)
        assert phone.returncode == 0, err
        attempts += [json.loads(line) for line in out.splitlines()]

    with sqlite3.connect(database) as db:
        holes = db.execute(
            "SELECT number, token FROM scoring_hole WHERE match_id = ? ORDER BY number",
            (match_id,),
        ).fetchall()
        scores = dict(
            db.execute(
                "SELECT h.token, group_concat(s.grid_score) FROM scoring_score s"
                " JOIN scoring_hole h ON h.id = s.hole_id GROUP BY h.id ORDER BY s.seat"
            ).fetchall()
        )
    accepted = {a["token"].replace("-", ""): a for a in attempts if a["accepted"]}
    assert [number for number, _ in holes] == list(range(1, planned + 1))
    assert {token for _, token in holes} == set(accepted)
    for number, token in holes:
        save = accepted[token]
        assert save["number"] == number
        assert scores[token] == ",".join(str(t) for t in save["totals"])
    refused = [a for a in attempts if not a["accepted"]]
    assert refused, "the phones never raced: the test proved nothing"
    for attempt in refused:
        assert "already saved from another phone" in attempt["told"] or (
            "this match is finished" in attempt["told"]
        ), attempt
        assert attempt["token"].replace("-", "") not in {token for _, token in holes}
