"""The worked examples page: every grid drawn, scored by the engine, openable in the scorer."""

import re
from html import unescape

import pytest
from django.urls import reverse

from rules.content.examples import ALL_EXAMPLES, EXAMPLES_BY_SLUG
from scoring.engine import RuleSet, check_grid, score_grid
from tests.patterns import first_match

from .conftest import text_of

pytestmark = pytest.mark.django_db


def engine_total(example):
    rules = RuleSet.from_dict({"variant": "six-card", **example.rules})
    return score_grid(check_grid(example.grid, rules), rules).total


def section(html, slug):
    return html.split(f'<section class="example" id="{slug}"')[1].split("</section>")[0]


def test_the_reference_documents_examples_score_what_they_say():
    # The four grids the reference documents work out by hand.
    assert [engine_total(EXAMPLES_BY_SLUG[s]) for s in ("the-24", "the-8", "zsa-22", "the-4")] == [
        24,
        8,
        22,
        4,
    ]


def test_there_is_an_example_for_every_column_situation():
    for slug in (
        "pair",
        "pair-of-twos",
        "twos-apart",
        "jack-over-queen",
        "row-match",
        "nine-card-three",
    ):
        assert slug in EXAMPLES_BY_SLUG


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=lambda e: e.slug)
def test_each_example_shows_the_engines_total_and_breakdown(client, example):
    html = client.get(reverse("rules:examples")).content.decode()
    part = section(html, example.slug)
    total = engine_total(example)
    shown = f"−{-total}" if total < 0 else str(total)
    assert f"Total: <strong>{shown}</strong>" in part
    rules = RuleSet.from_dict({"variant": "six-card", **example.rules})
    grid = check_grid(example.grid, rules)
    for column in score_grid(grid, rules).columns:
        assert f"Column {column.number}: {column.reason.replace('-', '−')}" in text_of(part)
    # Drawn as cards, one per card of the grid.
    assert len(re.findall(r'class="card[ "]', part)) == len(grid.cards)


def test_the_contents_give_every_examples_total(client):
    html = client.get(reverse("rules:examples")).content.decode()
    contents = html.split('<nav class="toc"')[1].split("</nav>")[0]
    for example in ALL_EXAMPLES:
        total = engine_total(example)
        shown = f"−{-total}" if total < 0 else str(total)
        assert f'<a href="#{example.slug}">{example.title}</a> ({shown})' in unescape(contents)


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=lambda e: e.slug)
def test_each_example_opens_preloaded_in_the_scorer(client, example):
    part = section(client.get(reverse("rules:examples")).content.decode(), example.slug)
    link = unescape(first_match(r'href="([^"]*/rules/try/\?[^"]*)"', part).group(1))
    page = client.get(link).content.decode()
    total = engine_total(example)
    assert f"It scores {'−' if total < 0 else ''}{abs(total)}" in text_of(page)


def test_the_row_match_example_says_rows_do_not_cancel(client):
    text = text_of(client.get(reverse("rules:examples")).content.decode())
    assert "Only columns cancel" in text
    assert "Nine-card Golf" in text
