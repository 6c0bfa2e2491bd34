"""Simulated tables, learners and followers for `make loadtest` (locust, headless).

Tables start a match and enter holes as a phone at the table would (page, then
form); learners read rules pages and score grids through the API; followers watch
a shared scoreboard. Every hole the site accepted is written to the file named by
LOADTEST_REPORT when the run stops, so the command can check none was lost.
"""

from __future__ import annotations

import json
import os
import random
import re
import threading

from locust import HttpUser, between, events, task

ACCEPTED: list[tuple[int, int]] = []
#: Saves sent, answered or not: a run stopped mid-request may store a hole whose
#: answer never arrived (a phone would resend it, and its token makes that safe).
SENT: list[tuple[int, int]] = []
_LOCK = threading.Lock()

#: A legal three-player six-card table from one deck, and a few grids to vary it.
TABLES = [
    ("8 5 7 / 8 3 9", "K 5 J / K 5 2", "Q Q 4 / J 6 4"),
    ("A 2 3 / 4 5 6", "7 8 9 / 10 J Q", "K A 2 / 3 4 5"),
    ("6 7 8 / 9 10 J", "Q K A / 2 3 4", "5 6 7 / 8 9 10"),
]
RULES_PAGES = [
    "/",
    "/rules/",
    "/rules/card-values/",
    "/rules/examples/",
    "/rules/house-rules/",
    "/rules/try/?variant=six-card&grid=8+5+7+%2F+8+3+9",
]
FIELD = re.compile(r'name="(number|token|csrfmiddlewaretoken)" value="([^"]+)"')
SHARE = re.compile(r"/matches/shared/[\w-]+/")
SHARED_BOARDS: list[str] = []


def form_fields(html: str) -> dict[str, str]:
    return dict(FIELD.findall(html))


class Table(HttpUser):
    """One phone keeping the score of a three-player table."""

    weight = 3
    wait_time = between(0.2, 1.0)

    def on_start(self) -> None:
        page = self.client.get("/matches/new/", name="/matches/new/")
        fields = form_fields(page.text)
        answer = self.client.post(
            "/matches/new/",
            {
                "csrfmiddlewaretoken": fields.get("csrfmiddlewaretoken", ""),
                "player_1": "Ann",
                "player_2": "Ben",
                "player_3": "Cat",
                "first_dealer": "1",
                "variant": "six-card",
                "deck": "standard",
                "flip_on_discard": "standard",
                "end_of_hole": "final-turn",
                "holes": "99",
            },
            name="/matches/new/ (start)",
        )
        found = re.search(r"/matches/(\d+)/holes/new/", answer.url or "")
        self.match = int(found.group(1)) if found else None
        if self.match is None:
            answer.failure("starting a match did not reach its first hole")

    @task(3)
    def enter_a_hole(self) -> None:
        if self.match is None:
            return
        url = f"/matches/{self.match}/holes/new/"
        page = self.client.get(url, name="/matches/[id]/holes/new/")
        fields = form_fields(page.text)
        number = int(fields.get("number", "0"))
        grids = random.choice(TABLES)
        with _LOCK:
            SENT.append((self.match, number))
        with self.client.post(
            url,
            {
                **fields,
                "kind": "grids",
                "went_out": "",
                **{f"grid_{seat}": grid for seat, grid in enumerate(grids)},
            },
            allow_redirects=False,
            name="/matches/[id]/holes/new/ (save)",
            catch_response=True,
        ) as answer:
            if answer.status_code == 302:
                with _LOCK:
                    ACCEPTED.append((self.match, number))
                answer.success()
            else:
                answer.failure(f"hole {number} was not saved ({answer.status_code})")

    @task(2)
    def look_at_the_scoreboard(self) -> None:
        if self.match is None:
            return
        page = self.client.get(f"/matches/{self.match}/", name="/matches/[id]/")
        shared = SHARE.search(page.text)
        if shared and len(SHARED_BOARDS) < 50:
            SHARED_BOARDS.append(shared.group(0))


class Learner(HttpUser):
    """Someone reading the rules and checking a grid."""

    weight = 2
    wait_time = between(0.5, 2.0)

    @task(3)
    def read(self) -> None:
        self.client.get(random.choice(RULES_PAGES), name="rules pages")

    @task(1)
    def score_a_grid(self) -> None:
        self.client.post(
            "/api/v1/score",
            json={"rules": {"variant": "six-card"}, "grid": random.choice(TABLES)[0]},
            name="/api/v1/score",
        )


class Follower(HttpUser):
    """A player following the table's scoreboard on their own phone."""

    weight = 1
    wait_time = between(1.0, 3.0)

    @task
    def follow(self) -> None:
        if SHARED_BOARDS:
            self.client.get(random.choice(SHARED_BOARDS), name="/matches/shared/[token]/")
        else:
            self.client.get("/healthz", name="/healthz")


@events.quitting.add_listener
def _report(environment: object, **kwargs: object) -> None:
    path = os.environ.get("LOADTEST_REPORT")
    if path:
        with open(path, "w") as out:
            json.dump({"accepted": ACCEPTED, "sent": SENT}, out)
