"""The words between the items of a list written in a sentence, "Ann, Bob and Cy":
the ``separator`` filter of ``{% load golf_numbers %}``, :func:`in_words`, and
:func:`names_in_words` for people's names, each isolated in a ``<bdi>``."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString


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


def names_in_words(names: list[str], last_word: str = "and") -> SafeString:
    """People's names in a sentence, as :func:`in_words` writes them, each escaped and
    isolated in a ``<bdi>`` so a right-to-left name cannot turn round the words or
    names after it: "<bdi>Ann</bdi>, <bdi>Bob</bdi> and <bdi>Cy</bdi>"."""
    isolated = [format_html("<bdi>{}</bdi>", name) for name in names]
    if len(isolated) < 2:
        return format_html("{}", isolated[0]) if isolated else SafeString()
    listed = format_html_join(", ", "{}", ((name,) for name in isolated[:-1]))
    return format_html("{} {} {}", listed, last_word, isolated[-1])
