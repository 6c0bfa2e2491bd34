"""The scoreboard writes a negative score as the rules pages do: "−4", with a real
minus sign, in the card, the standings, the summary and the chart."""

import re

import pytest
from django.urls import reverse

from golfsite.numbers import MINUS, minus, points
from scoring.engine import RuleSet
from tests.factories import MatchFactory
from tests.scoresheet import own

pytestmark = pytest.mark.django_db


def test_numbers_are_written_with_a_real_minus_sign():
    assert [points(v) for v in (-4, 0, 12, None)] == [f"{MINUS}4", "0", "12", ""]
    assert minus(-2) == f"{MINUS}2"
    assert minus("10 + (-2) = 8, row-2") == f"10 + ({MINUS}2) = 8, row-2"


def test_a_negative_score_reads_with_a_minus_sign_on_the_scoreboard(client, save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=2).to_dict())
    own(client, match)
    save_hole(match, totals=[-4, 5])
    save_hole(match, totals=[-3, 2])  # the last hole: the summary is drawn too
    page = client.get(reverse("scoring:match_detail", args=[match.pk])).content.decode()
    board = page[page.index('<div id="board"') :]
    assert f">{MINUS}4<" in board and f">{MINUS}3<" in board  # the holes
    assert board.count(f"{MINUS}7") >= 3  # Ann's total: card, standings, summary, chart
    # No hyphen before a number anywhere in what is drawn (ids and classes aside).
    text = re.sub(r"<[^>]*>", " ", board)
    assert not re.search(r"(?<![\w])-\d", text), re.findall(r".{20}(?<![\w])-\d.{5}", text)
