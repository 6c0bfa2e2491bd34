"""Numbers as the group pages write them, in one place so that every page agrees.

An average (points a hole, pairs a hole) always has two decimals, rounded half up
as people do by hand: ``5.83``, ``4.00``, ``0.13`` for 1/8. A negative number has a
real minus sign, as on the rules pages: ``−1.50``, ``−4``."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from golfsite.numbers import minus, points

__all__ = ["average", "change", "points", "rounded"]

_HUNDREDTHS = Decimal("0.01")


def rounded(value: float) -> float:
    """``value`` rounded to the two decimals every page shows (half up, from the
    decimal digits a person would read, not the binary float's)."""
    return float(_quantized(value))


def average(value: float | None) -> str:
    """An average for display: ``5.83``, ``4.00``, ``−1.50``; empty for none."""
    if value is None:
        return ""
    text = f"{_quantized(value):.2f}"
    return "0.00" if text == "-0.00" else minus(text)


def _quantized(value: float) -> Decimal:
    return Decimal(repr(float(value))).quantize(_HUNDREDTHS, rounding=ROUND_HALF_UP)


def change(value: int | None) -> str:
    """A rating's move, signed: ``+12``, ``−7``, ``0``; empty for none."""
    if value is None:
        return ""
    return f"+{value}" if value > 0 else minus(str(value))
