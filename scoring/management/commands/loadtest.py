"""`python manage.py loadtest` (what `make loadtest` runs): locust, headless, against
a gunicorn this command starts on loopback, for a bounded time.

Prints requests per second, the 50th/95th/99th percentile latency and the error
count, then checks that every hole the site accepted is stored exactly once. Fails
on any error or any lost or doubled hole. The database is the site's own (SQLite,
or PostgreSQL through DATABASE_URL).
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Count

from scoring.management.loopback import Server
from scoring.models import Hole

LOCUSTFILE = Path(__file__).resolve().parent.parent / "locustfile.py"


class Command(BaseCommand):
    help = "Load the site with simulated tables, learners and followers; check no hole is lost."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--users", type=int, default=30)
        parser.add_argument("--seconds", type=int, default=30)
        parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")

    def handle(self, *args: Any, **options: Any) -> None:
        locust = shutil.which("locust") or str(Path(sys.executable).with_name("locust"))
        if not Path(locust).exists():
            raise CommandError("locust is not installed: run `make loadtest`.")
        with tempfile.TemporaryDirectory() as tmp, Server(workers=options["workers"]) as server:
            report = Path(tmp) / "accepted.json"
            result = subprocess.run(
                [
                    locust,
                    "-f",
                    str(LOCUSTFILE),
                    "--headless",
                    "--host",
                    server.url(""),
                    "--users",
                    str(options["users"]),
                    "--spawn-rate",
                    str(max(1, options["users"] // 5)),
                    "--run-time",
                    f"{options['seconds']}s",
                    "--csv",
                    f"{tmp}/stats",
                    "--only-summary",
                    "--loglevel",
                    "WARNING",
                ],
                env={**os.environ, "LOADTEST_REPORT": str(report)},
                capture_output=True,
                text=True,
                timeout=options["seconds"] + 120,
            )
            with open(f"{tmp}/stats_stats.csv") as stats:
                rows = list(csv.DictReader(stats))
            saves = json.loads(report.read_text())
            accepted = [(m, n) for m, n in saves["accepted"]]
            sent = {(m, n) for m, n in saves["sent"]}
        total = next(row for row in rows if row["Name"] == "Aggregated")
        self.stdout.write(
            f"{'request':<40} {'reqs':>7} {'fails':>6} {'p50':>6} {'p95':>6} {'p99':>6}"
        )
        for row in rows:
            self.stdout.write(
                f"{row['Name'][:40]:<40} {row['Request Count']:>7} {row['Failure Count']:>6} "
                f"{row['50%']:>6} {row['95%']:>6} {row['99%']:>6}"
            )
        self.stdout.write(
            f"\nAll: {float(total['Requests/s']):.0f} requests/s, latency ms p50 {total['50%']}, "
            f"p95 {total['95%']}, p99 {total['99%']}, errors {total['Failure Count']}"
        )
        problems = self.lost_holes(accepted, sent)
        self.stdout.write(f"Holes accepted: {len(accepted)}; lost or doubled: {len(problems)}")
        if int(total["Failure Count"]) or problems or result.returncode not in (0, 1):
            details = "\n".join(problems[:10]) or result.stderr[-2000:]
            raise CommandError(f"The load test found errors.\n{details}")
        if not accepted:
            raise CommandError("No hole was saved: the load test proved nothing.")
        self.stdout.write(self.style.SUCCESS("No errors, and every accepted hole is stored once."))

    @staticmethod
    def lost_holes(accepted: list[tuple[int, int]], sent: set[tuple[int, int]]) -> list[str]:
        """Every accepted (match, hole) that is missing or stored twice, and every
        stored hole of those matches that nobody sent."""
        matches = {match for match, _ in accepted}
        stored = {
            (row["match_id"], row["number"]): row["n"]
            for row in Hole.objects.filter(match_id__in=matches)
            .values("match_id", "number")
            .annotate(n=Count("id"))
        }
        problems = [
            f"match {m} hole {n}: accepted but stored {stored.get((m, n), 0)} times"
            for m, n in accepted
            if stored.get((m, n), 0) != 1
        ]
        problems += [
            f"match {m} hole {n}: stored but never sent" for m, n in stored if (m, n) not in sent
        ]
        problems += [
            f"match {m} hole {n}: accepted twice"
            for m, n in set(accepted)
            if accepted.count((m, n)) > 1
        ]
        return problems
