"""Made-up query strings: every page that reads its query string, given hostile
values for each parameter it reads (words, huge numbers, dates past the year 9999,
the same name twice), answers with a page or a 4xx, never a 5xx."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from groups import services as group_services
from tests.strategies import FUZZ, hostile_value

pytestmark = pytest.mark.django_db

#: Values shaped like the real ones, just off: cursors, pages, dates, ids. Each is
#: tried in every parameter, then random ones.
NEAR_MISSES = [
    "999999999999999999.1",
    "253402300800000000.1",
    "1.99999999999999999999",
    "0.0",
    "-1.-1",
    "1796051622230618.",
    "9999-12-31",
    "0000-00-00",
    "2026-02-30",
    "10000-01-01",
    "2" * 40,
    "-3",
]

#: (page, the arguments of its address, the parameters it reads from the query).
PAGES = [
    ("scoring:match_list", lambda s: [], ["before"]),
    ("groups:history", lambda s: [s.group.pk], ["player", "variant", "since", "until", "page"]),
    ("groups:player", lambda s: [s.group.pk, s.ann.pk], ["versus"]),
    ("login", lambda s: [], ["next"]),
    ("rules:try", lambda s: [], ["variant", "deck", "jokers", "house_rules", "grid", "slot"]),
    ("rules:card_values", lambda s: [], ["variant", "deck", "jokers", "house_rules"]),
    ("rules:practice", lambda s: [], ["variant", "deck", "jokers", "grid", "seed", "answer"]),
]


@pytest.mark.parametrize(("name", "args", "params"), PAGES, ids=[p[0] for p in PAGES])
def test_no_made_up_query_gets_a_server_error(name, args, params, site):
    site.ann = group_services.roster_add(group=site.group, name="Ann")
    url = reverse(name, args=args(site))

    def visit(query: dict[str, Any]) -> None:
        response = site.client.get(url, query)
        assert response.status_code < 500, (url, query, response.status_code)

    for param in params:
        for value in NEAR_MISSES:
            visit({param: value})

    values = st.one_of(hostile_value, st.sampled_from(NEAR_MISSES))
    given(query=st.dictionaries(st.sampled_from(params), values, min_size=1))(FUZZ(visit))()
