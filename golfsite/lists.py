"""The words between the items of a list written in a sentence, "Ann, Bob and Cy":
the ``separator`` filter of ``{% load golf_numbers %}``, and :func:`in_words`."""

from __future__ import annotations

from typing import Any


def separator(forloop: dict[str, Any], last_word: str = "and") -> str:
    """What follows the current item of a ``{% for %}`` in a sentence: ", " up to
    the last two items, " and " (or ``last_word``) between those, nothing after the
    last. Use: ``{% for g in groups %}{{ g.name }}{{ forloop|separator }}{% endfor %}``."""
    if forloop["last"]:
        return ""
    return f" {last_word} " if forloop["revcounter"] == 2 else ", "


def in_words(items: list[str], last_word: str = "and") -> str:
    """``items`` in a sentence, as :func:`separator` joins them in a template:
    "Ann, Bob and Cy"."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last_word} {items[-1]}"
