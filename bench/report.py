"""The bench's table: each measurement's count, median and 95th percentile in
milliseconds, one column group per database side by side, and its budget with a
verdict. Percentiles are by nearest rank (the 95th of 20 figures is the 19th
smallest), so a budget is never met by interpolation."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

from bench.engine import Figure, Peer


def percentile(values: Sequence[float], p: float) -> float:
    ranked = sorted(values)
    return ranked[max(0, math.ceil(p / 100 * len(ranked)) - 1)]


def engine_lines(figures: list[Figure], peer: Peer) -> tuple[list[str], list[str]]:
    """The engine's lines and the budgets it missed."""
    load = os.getloadavg()[0]
    lines = [f"Engine (best of five runs, microseconds per call; load average {load:.1f})"]
    missed = []
    for figure in figures:
        verdict = ""
        if figure.budget is not None:
            ok = figure.micros <= figure.budget
            verdict = f"budget {figure.budget:g} us: {'ok' if ok else 'OVER'}"
            if not ok:
                missed.append(
                    f"engine: {figure.label} {figure.micros:.2f} us > {figure.budget:g} us"
                )
        lines.append(f"  {figure.label:<52} {figure.micros:8.2f} us   {verdict}")
    if peer.micros is None:
        lines.append(f"  {peer.note}")
    else:
        assert peer.ours_faster is not None
        # Reported, not held: the peer returns a bare number where ours returns the
        # breakdown every page explains a score from.
        lines.append(
            f"  {'the same grid, scored by the peer engine':<52} {peer.micros:8.2f} us   "
            f"ours {peer.ours_faster:.2f}x as fast"
        )
    return lines, missed


def site_lines(runs: dict[str, dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The site's lines for each database's run (label: its output), and the budgets
    missed and errors met."""
    names = list(runs)
    label_width = 54
    head = f"  {'':<{label_width}}" + "".join(f"{name:>22}" for name in names) + "   budget"
    sub = f"  {'':<{label_width}}" + "".join(f"{'n':>6}{'p50':>8}{'p95':>8}" for _ in names)
    lines: list[str] = []
    missed: list[str] = []
    section = None
    # Every row of every run, in the order the runs met them.
    keyed = [{(r["section"], r["label"]): r for r in runs[name]["rows"]} for name in names]
    order = list(dict.fromkeys(key for rows in keyed for key in rows))
    for key in order:
        base = next(rows[key] for rows in keyed if key in rows)
        if base["section"] != section:
            section = base["section"]
            lines += ["", section, head, sub + "  (milliseconds)"]
        cells = ""
        verdicts = []
        for name, rows in zip(names, keyed, strict=True):
            seconds = rows[key]["seconds"] if key in rows else []
            if not seconds:
                cells += f"{'-':>6}{'':>16}"
                continue
            p50, p95 = (percentile(seconds, p) * 1000 for p in (50, 95))
            cells += f"{len(seconds):>6}{p50:>8.0f}{p95:>8.0f}"
            if base["budget"]:
                stat, limit = base["budget"].split()
                figure = p50 if stat == "p50" else p95
                if figure > float(limit):
                    verdicts.append(f"{name} OVER")
                    missed.append(
                        f"{name}: {section}: {base['label']}: {stat} {figure:.0f} ms > {limit} ms"
                    )
        budget = ""
        if base["budget"]:
            stat, limit = base["budget"].split()
            budget = f"   {stat} <= {limit}: " + (", ".join(verdicts) or "ok")
        lines.append(f"  {base['label'][:label_width]:<{label_width}}{cells}{budget}")
    for name in names:
        for note in runs[name]["notes"]:
            lines.append(f"{name}: {note}")
        errors = runs[name]["errors"]
        lines.append(f"{name}: {len(errors)} error{'s' if len(errors) != 1 else ''}")
        missed += [f"{name}: {error}" for error in errors[:20]]
    return lines, missed
