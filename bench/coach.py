"""The coach's quality and speed: simulated holes of six-card Golf between an easy,
a normal and a hard computer player (seats rotated every hole, so nobody always
plays first), their average points per hole, and how long the coach takes to
answer.

Held: normal beats easy and hard beats normal by a clear margin (at least
``MARGIN`` points a hole and more than three standard errors of the difference,
so a margin is never luck), and the coach's advice answers within
``ANSWER_BUDGET_MS`` at the 95th percentile: a learner who asks waits for it.
The holes are shared out over the machine's cores, one process each; the deals
are seeded, so a run replays exactly (only the times vary).
"""

from __future__ import annotations

import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from scoring.engine import RuleSet
from scoring.engine.coach import Strength, advise, computer_move
from scoring.engine.play import deal, play

#: The coach's answer, at the 95th percentile, in milliseconds.
ANSWER_BUDGET_MS = 50.0
#: The least average points a hole a stronger player must win by.
MARGIN = 0.5
#: No average points per hole for six-card Golf is published in the project's
#: reference pages (../shared/reference), so none is printed beside ours.
PUBLISHED = None
ORDER = (Strength.EASY, Strength.NORMAL, Strength.HARD)


@dataclass(frozen=True)
class CoachRun:
    points: dict[str, list[int]]
    #: The coach's advice, and the hard player's move (the slowest to choose).
    answer_ms: list[float]
    hard_ms: list[float]


def _holes(first: int, count: int) -> CoachRun:
    """Play holes ``first`` .. ``first + count - 1``; in the first 20, the coach is
    asked at every decision of the hard seat (its answers are not played) and the
    hard player's own choices are timed."""
    rules = RuleSet()
    points: dict[str, list[int]] = {strength.value: [] for strength in ORDER}
    answer_ms: list[float] = []
    hard_ms: list[float] = []
    for number in range(first, first + count):
        turn = number % len(ORDER)
        seats = ORDER[turn:] + ORDER[:turn]
        hand = deal(rules, len(seats), seed=number)
        while not hand.over:
            strength = seats[hand.turn]
            timed = strength is Strength.HARD and number - first < 20
            if timed:
                started = time.perf_counter()
                advise(hand)
                answer_ms.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            move = computer_move(hand, strength)
            if timed:
                hard_ms.append((time.perf_counter() - started) * 1000)
            play(hand, move)
        for strength, score in zip(seats, hand.score().scores, strict=True):
            points[strength.value].append(score)
    return CoachRun(points, answer_ms, hard_ms)


def coach_run(holes: int) -> CoachRun:
    workers = max(1, min(os.cpu_count() or 1, 4))
    share = math.ceil(holes / workers)
    starts = [(start, min(share, holes - start)) for start in range(0, holes, share)]
    with ProcessPoolExecutor(workers) as pool:
        runs = list(pool.map(_holes, *zip(*starts, strict=True)))
    points = {
        strength.value: [p for run in runs for p in run.points[strength.value]]
        for strength in ORDER
    }
    return CoachRun(
        points,
        [ms for run in runs for ms in run.answer_ms],
        [ms for run in runs for ms in run.hard_ms],
    )


def coach_lines(run: CoachRun) -> tuple[list[str], list[str]]:
    """The coach's lines and what it missed."""
    from bench.report import percentile

    holes = len(run.points[Strength.EASY.value])
    lines = [f"Coach: {holes} simulated holes of six-card Golf, easy v normal v hard"]
    missed: list[str] = []
    means = {}
    for strength in ORDER:
        scores = run.points[strength.value]
        means[strength] = statistics.mean(scores)
        error = statistics.stdev(scores) / math.sqrt(len(scores))
        label = f"{strength.label} computer player"
        lines.append(f"  {label:<52} {means[strength]:6.2f} points a hole (± {error:.2f})")
    for weaker, stronger in ((Strength.EASY, Strength.NORMAL), (Strength.NORMAL, Strength.HARD)):
        a, b = run.points[weaker.value], run.points[stronger.value]
        gap = means[weaker] - means[stronger]
        error = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
        ok = gap >= MARGIN and gap > 3 * error
        lines.append(
            f"  {stronger.label + ' beats ' + weaker.value:<52} by {gap:6.2f} points a hole   "
            f"at least {MARGIN} and 3 standard errors ({3 * error:.2f}): {'ok' if ok else 'MISSED'}"
        )
        if not ok:
            missed.append(
                f"coach: {stronger.value} beats {weaker.value} by only {gap:.2f} points a hole"
            )
    if PUBLISHED is None:
        lines.append(
            "  (no published average points a hole was found to compare the normal player with)"
        )
    for label, times in (
        ("the coach answers (advice on a decision), p95", run.answer_ms),
        ("the hard computer player chooses a move, p95", run.hard_ms),
    ):
        p95 = percentile(times, 95)
        ok = p95 <= ANSWER_BUDGET_MS
        median = statistics.median(times)
        lines.append(
            f"  {label:<52} {p95:6.1f} ms     budget {ANSWER_BUDGET_MS:g} ms: "
            f"{'ok' if ok else 'OVER'}  ({len(times)} timed, median {median:.1f} ms)"
        )
        if not ok:
            missed.append(f"coach: {label} {p95:.1f} ms > {ANSWER_BUDGET_MS:g} ms")
    return lines, missed
