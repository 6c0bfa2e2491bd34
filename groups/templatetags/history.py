"""The history list, built in Python: a long history's page shows twenty matches,
and the template language took about twice as long over each as this does."""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from groups.formats import points
from groups.selectors import HistoryRow

register = template.Library()


@register.simple_tag
def history_list(rows: Sequence[HistoryRow]) -> SafeString:
    """Each match: its date (a link to its scoreboard), variant and holes, who won,
    and every player's total, the winners' highlighted (never underlined: only the
    date is a link)."""
    return format_html(
        '<ol class="history">\n{}</ol>', format_html_join("", "{}", ((_row(r),) for r in rows))
    )


def _row(row: HistoryRow) -> SafeString:
    match = row.match
    if row.winners:
        result = format_html(
            "Won by {}",
            format_html_join(" and ", "<strong>{}</strong>", ((p.name,) for p in row.winners)),
        )
    else:
        result = SafeString("No holes played" if match.is_finished else "In progress")
    winners = {p.pk for p in row.winners}
    totals = format_html_join(
        "",
        '<li{}>{} <span class="history__total">{}</span></li>',
        (
            (
                SafeString(' class="history__winner"') if p.pk in winners else "",
                p.name,
                points(p.total),
            )
            for p in row.players
        ),
    )
    return format_html(
        '  <li class="history__row">\n'
        '    <p class="history__head"><a href="{}">{}</a>'
        ' <span class="muted">{} · {}</span></p>\n'
        '    <p class="history__result">{}</p>\n'
        '    <ul class="history__totals">{}</ul>\n'
        "  </li>\n",
        reverse("scoring:match_detail", args=[match.pk]),
        date_format(timezone.localtime(match.created_at), "D j M Y"),
        row.variant_name,
        match.length_text(row.players[0].holes_played if row.players else 0),
        result,
        totals,
    )
