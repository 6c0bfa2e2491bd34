"""Hypothesis strategies for hostile input: what a broken phone, a bored teenager or
a scanner might send instead of the form we drew."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: Bounded so the suite stays quick; raise locally with HYPOTHESIS_PROFILE=... if needed.
FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

NASTY = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "0",
    "-1",
    "-0",
    "+5",
    " 7 ",
    "1.5",
    "1e308",
    "0x10",
    "NaN",
    "inf",
    "None",
    "null",
    "true",
    "[]",
    "{}",
    "9" * 30,
    "-" + "9" * 30,
    "\u0663",  # Arabic-Indic three
    "\uff11\uff12",  # full-width 12
    "\u216b",  # Roman numeral twelve
    "\u2212" + "3",  # minus sign
    "K\u2665",
    "10\ufe0f",
    "\U0001f4a5" * 50,
    "A" * 5000,
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    '=HYPERLINK("http://x")',
    "../../etc/passwd",
    "\r\n\r\n",
    "8 5 7 / 8 3 9 / 1 1 1 / 2 2 2",
    "? ? ? / ? ? ?",
    "JK JK JK / JK JK JK",
    "00000000-0000-0000-0000-000000000000",
]

text = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=80)
numbers = st.integers(min_value=-(2**70), max_value=2**70).map(str)
hostile = st.one_of(st.sampled_from(NASTY), text, numbers)
#: A field's value: one hostile string, or several (the same name sent again).
hostile_value = st.one_of(hostile, st.lists(hostile, min_size=2, max_size=4))

MISSING = object()


@st.composite
def hostile_form(draw: Any, base: dict[str, Any]) -> dict[str, Any]:
    """``base`` (a valid body) with any field kept, dropped or replaced by something
    hostile, plus a few unexpected fields."""
    body: dict[str, Any] = {}
    for key, value in base.items():
        choice = draw(st.sampled_from(["keep", "drop", "replace", "replace"]))
        if choice == "keep":
            body[key] = value
        elif choice == "replace":
            body[key] = draw(hostile_value)
    extra = draw(st.dictionaries(st.text(min_size=1, max_size=20), hostile_value, max_size=3))
    for key, value in extra.items():
        body.setdefault(key, value)
    return body


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=False, allow_infinity=False),
    hostile,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=20,
)
