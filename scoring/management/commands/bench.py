"""`python manage.py bench` (what `make bench` runs): the engine's cost per grid and
per hole, and the API's throughput against /healthz on the same gunicorn server.

Timing on a shared machine is noisy, so server figures are ratios measured in one
run, side by side; nothing here is a pass/fail test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import timeit
from collections.abc import Callable
from http.client import HTTPConnection
from typing import Any

from django.core.management.base import BaseCommand

from scoring.engine import HouseRule, RuleSet, check_grid, check_table, score_grid, score_hole
from scoring.management.loopback import Server

SIX_CARD = "8 5 7 / 8 3 9"
EIGHT_PLAYERS = [
    "8 5 7 / 8 3 9",
    "KS 5H JC / KD 5C 2H",
    "A 2 3 / 4 5 6",
    "7 8 9 / 10 J Q",
    "K A 2 / 3 4 5",
    "6 7 8 / 9 10 J",
    "Q K A / 2 3 4",
    "5 6 7 / 8 9 10",
]
SCORE_BODY = json.dumps({"rules": {"variant": "six-card"}, "grid": SIX_CARD})


def per_call_us(fn: Callable[[], object], seconds: float = 1.0) -> float:
    """Best of five runs of about ``seconds``/5 each, in microseconds per call."""
    number = 200
    while timeit.timeit(fn, number=number) < seconds / 5:
        number *= 2
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e6


def engine_figures() -> list[tuple[str, float, str]]:
    rules = RuleSet()
    grid = check_grid(SIX_CARD, rules)
    hole_rules = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY, HouseRule.UNDERDOG_BONUS}))
    went_out = [True] + [False] * 7
    return [
        ("score a parsed six-card grid", per_call_us(lambda: score_grid(grid, rules)), "6 us"),
        (
            "parse, validate and score a grid from notation",
            per_call_us(lambda: score_grid(check_grid(SIX_CARD, rules), rules)),
            "20 us",
        ),
        (
            "validate and score an 8-player hole",
            per_call_us(
                lambda: score_hole(check_table(EIGHT_PLAYERS, hole_rules, went_out), hole_rules, 0)
            ),
            "250 us",
        ),
    ]


def wrk_rps(url: str, seconds: int, body: str | None) -> float:
    """Requests per second from wrk (2 threads, 16 connections)."""
    args = ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", url]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        if body is not None:
            script.write(
                'wrk.method = "POST"\n'
                f"wrk.body = {json.dumps(body)}\n"
                'wrk.headers["Content-Type"] = "application/json"\n'
            )
        args[1:1] = ["-s", script.name]
    try:
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(script.name)
    for line in out.splitlines():
        if line.startswith("Requests/sec:"):
            return float(line.split()[1])
    raise RuntimeError(f"wrk printed no rate:\n{out}")


def python_rps(url: str, seconds: int, body: str | None) -> float:
    """A small keep-alive load generator, for machines without wrk."""
    host, port = url.split("//")[1].split("/")[0].split(":")
    path = "/" + url.split("//")[1].split("/", 1)[1]
    counts: list[int] = []
    stop = time.monotonic() + seconds

    def worker() -> None:
        connection = HTTPConnection(host, int(port), timeout=10)
        done = 0
        headers = {"Content-Type": "application/json"} if body else {}
        while time.monotonic() < stop:
            connection.request("POST" if body else "GET", path, body=body, headers=headers)
            connection.getresponse().read()
            done += 1
        counts.append(done)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / seconds


class Command(BaseCommand):
    help = "Print the engine's cost per grid and hole, and the API's throughput ratio."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--seconds", type=int, default=8, help="load per endpoint")
        parser.add_argument("--engine-only", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write("Engine (best of five, microseconds per call)")
        for label, micros, budget in engine_figures():
            self.stdout.write(f"  {label:<50} {micros:8.2f} us   (budget {budget})")
        if options["engine_only"]:
            return
        load = wrk_rps if shutil.which("wrk") else python_rps
        tool = (
            "wrk"
            if load is wrk_rps
            else "a Python load generator (install wrk for steadier figures)"
        )
        self.stdout.write(f"\nServer: gunicorn, 2 sync workers, loopback, {tool}")
        seconds = options["seconds"]
        with Server() as server:
            load(server.url("/healthz"), 2, None)  # warm up
            health = load(server.url("/healthz"), seconds, None)
            api = load(server.url("/api/v1/score"), seconds, SCORE_BODY)
        self.stdout.write(f"  GET /healthz          {health:9.0f} requests/s")
        self.stdout.write(
            f"  POST /api/v1/score    {api:9.0f} requests/s   "
            f"ratio {api / health:.2f} (held to at least 0.70)"
        )
