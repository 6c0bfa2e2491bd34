"""Made-up addresses: every URL of the site with hostile values in its path (huge
numbers, unknown tokens, unicode) answers 404 or another 4xx, never a 5xx."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter, SlugConverter
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import FUZZ

pytestmark = pytest.mark.django_db


def patterns(
    found: list[Any] | None = None, namespace: str = "", converters=None
) -> Iterator[tuple[str, dict[str, Any]]]:
    """(name, {argument: converter}) for every named URL outside the admin."""
    converters = converters or {}
    for pattern in get_resolver().url_patterns if found is None else found:
        here = {**converters, **getattr(pattern.pattern, "converters", {})}
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from patterns(pattern.url_patterns, inner, here)
        elif isinstance(pattern, URLPattern) and pattern.name and here:
            yield namespace + pattern.name, here


WITH_ARGUMENTS = dict(patterns())

numbers = st.one_of(st.integers(0, 10**30), st.sampled_from([0, 2**31, 2**63, 2**64]))
words = st.one_of(
    st.text(alphabet=st.characters(exclude_categories=("Cs", "Cc")), min_size=1, max_size=60)
    .map(lambda t: t.replace("/", ""))
    .filter(bool),
    st.sampled_from(["..", "%00", "a" * 500, "MQ", "set-password"]),
)


slugs = st.one_of(
    st.from_regex(r"[-a-zA-Z0-9_]{1,80}", fullmatch=True),
    st.sampled_from(["six-card", "jokers-none", "-", "_" * 300]),
)


def test_some_urls_take_arguments():
    assert "scoring:hole_edit" in WITH_ARGUMENTS
    assert "groups:invite_accept" in WITH_ARGUMENTS


@pytest.mark.parametrize("name", sorted(WITH_ARGUMENTS))
def test_no_made_up_address_gets_a_server_error(name, site):
    converters = WITH_ARGUMENTS[name]
    arguments = st.fixed_dictionaries(
        {
            key: numbers
            if isinstance(converter, IntConverter)
            else slugs
            if isinstance(converter, SlugConverter)
            else words
            for key, converter in converters.items()
        }
    )

    @FUZZ
    @given(kwargs=arguments, method=st.sampled_from(["get", "post"]))
    def visit(kwargs: dict[str, Any], method: str) -> None:
        url = reverse(name, kwargs=kwargs)
        response = getattr(site.client, method)(url)
        assert response.status_code < 500, (url, response.status_code)

    visit()
