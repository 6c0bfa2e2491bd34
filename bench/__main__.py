"""`python -m bench`: what `make bench`, `make loadtest` and `make audit` run.

    python -m bench              the engine's and the coach's figures, then the site's on
                                 SQLite (and on PostgreSQL when DATABASE_URL names a
                                 server), side by side
    python -m bench loadtest     a longer, busier card room; fails on any error or lost hole
    python -m bench audit        Lighthouse (mobile) on the key pages

Each database's run happens in a process of its own (``bench.measure``) on a
throw-away database; this process only measures the engine and prints the table.
Exits non-zero when a budget is missed or any request fails.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.database import postgres_url, sqlite_url
from bench.report import engine_lines, site_lines
from bench.server import ROOT

PARTS = ("engine", "coach", "match", "room", "stats")
#: The parts measured in this process, with no server.
LOCAL_PARTS = {"engine", "coach"}


def databases(directory: str) -> dict[str, str]:
    """Name: URL of each throw-away database to run on."""
    found = {"SQLite": sqlite_url(directory)}
    server = os.environ.get("DATABASE_URL", "")
    if server.startswith(("postgres://", "postgresql://")):
        found["PostgreSQL"] = postgres_url(server, os.getpid())
    return found


def site_runs(task: str, options: dict[str, Any], *, sqlite_only: bool = False) -> dict[str, Any]:
    """Run ``task`` on each database in turn (never two at once: they would share the
    machine's two cores); each run's output by database name."""
    runs: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="golf-bench-") as directory:
        for name, url in databases(directory).items():
            if sqlite_only and name != "SQLite":
                continue
            print(f"... {name}: {task}", file=sys.stderr, flush=True)
            result = Path(directory) / f"{name}.json"
            command = ["bench.measure", task, url, json.dumps(options), str(result)]
            done = subprocess.run([sys.executable, "-m", *command], cwd=ROOT)
            if done.returncode == 0:
                runs[name] = json.loads(result.read_text())
            else:
                failed = f"the run stopped (exit status {done.returncode}): see above"
                runs[name] = {"rows": [], "errors": [failed], "notes": [], "lines": []}
    return runs


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("task", nargs="?", default="bench", choices=["bench", "loadtest", "audit"])
    parser.add_argument(
        "--only", default=",".join(PARTS), help=f"comma-separated parts of {', '.join(PARTS)}"
    )
    parser.add_argument("--played", type=int, default=4, help="quiet matches played (18 holes)")
    parser.add_argument("--readers", type=int, help="card-room readers (8; 24 for loadtest)")
    parser.add_argument("--tables", type=int, help="card-room tables saving (1; 3 for loadtest)")
    parser.add_argument("--seconds", type=float, help="card-room time (20; 60 for loadtest)")
    parser.add_argument("--think", type=float, default=0.5, help="a reader's mean pause, seconds")
    parser.add_argument("--matches", type=int, default=10_000, help="the statistics group's size")
    parser.add_argument("--rounds", type=int, default=5, help="statistics: changes per page")
    parser.add_argument("--holes", type=int, default=2000, help="coach: simulated holes")
    args = parser.parse_args()
    unknown = set(args.only.split(",")) - set(PARTS)
    if unknown:
        parser.error(f"no part called {', '.join(sorted(unknown))}: choose from {', '.join(PARTS)}")
    return args


def main() -> int:
    args = arguments()
    missed: list[str] = []
    if args.task == "audit":
        run = site_runs("audit", {"parts": []}, sqlite_only=True)["SQLite"]
        print("\n".join(run["lines"]))
        missed = run["errors"]
    else:
        loadtest = args.task == "loadtest"
        parts = ["room"] if loadtest else args.only.split(",")
        if "engine" in parts:
            from bench.engine import engine_figures, peer_figure

            figures = engine_figures()
            lines, missed = engine_lines(figures, peer_figure(ours=figures[0].micros))
            print("\n".join(lines), flush=True)
        if "coach" in parts:
            from bench.coach import coach_lines, coach_run

            print(f"... the coach: {args.holes} holes", file=sys.stderr, flush=True)
            lines, coach_missed = coach_lines(coach_run(args.holes))
            print("\n" + "\n".join(lines), flush=True)
            missed += coach_missed
        options = {
            "parts": parts,
            "played": args.played,
            "readers": args.readers or (24 if loadtest else 8),
            "tables": args.tables or (3 if loadtest else 1),
            "room_seconds": args.seconds or (60 if loadtest else 20),
            "think": args.think,
            # Under a load test's overload latency is reported, not held to a budget.
            "room_budgets": not loadtest,
            "matches": args.matches,
            "rounds": args.rounds,
        }
        if set(parts) - LOCAL_PARTS:
            print(
                "\nThe site: gunicorn, 2 workers, on loopback, as `make run` serves it; "
                "a throw-away database each",
                flush=True,
            )
            lines, site_missed = site_lines(site_runs("figures", options))
            print("\n".join(lines))
            missed += site_missed
    if missed:
        print("\nMissed or failed:\n  " + "\n  ".join(missed))
        return 1
    print(
        {
            "bench": "\nEvery budget met, no errors.",
            "loadtest": "\nNo errors, and every hole the site said it saved is stored once.",
            "audit": "\nEvery page meets the thresholds.",
        }[args.task]
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
