"""Players' names inside sentences: ``{{ message|names_isolated:names }}`` escapes
a sentence (a problem said with the players' names) and puts each of ``names`` it
holds in a ``<bdi>``, so a right-to-left name cannot turn the words around it.
``{% load golf_names %}`` in a template that uses it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def names_isolated(text: object, names: Iterable[str]) -> SafeString:
    """``text`` escaped, with every name of ``names`` in it isolated (the longest
    name first, so "Annabel" is not read as "Ann")."""
    known = sorted({name for name in names if name}, key=len, reverse=True)
    if not known:
        return conditional_escape(str(text))
    parts = re.split(f"({'|'.join(re.escape(name) for name in known)})", str(text))
    # The split keeps each name found at the odd places.
    marked = (
        format_html("<bdi>{}</bdi>", part) if n % 2 else conditional_escape(part)
        for n, part in enumerate(parts)
    )
    return mark_safe("".join(marked))  # noqa: S308 (every part escaped above)
