"""The history list, shared by the group page and its history page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template

from groups.selectors import HistoryRow

register = template.Library()


@register.inclusion_tag("groups/_history_list.html")
def history_list(rows: Sequence[HistoryRow]) -> dict[str, Any]:
    """Each match: its date (a link to its scoreboard), variant and holes, who won,
    and every player's total, the winners' highlighted (never underlined: only the
    date is a link)."""
    return {"rows": rows}
