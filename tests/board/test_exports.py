"""A match's exports: the CSV of every hole, and the paper score card to print."""

import csv
import io
import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.engine import RuleSet
from tests.factories import MatchFactory
from tests.patterns import first_match
from tests.scoresheet import own

pytestmark = pytest.mark.django_db


def test_csv_export_is_a_row_per_player_per_hole_and_defuses_formulas(client, save_hole):
    match = MatchFactory.create(players=["=SUM(A1)", "Bob"], rules=RuleSet(holes=3).to_dict())
    own(client, match)
    save_hole(match, grids=["8 5 7 / 8 3 9", "KH 5 7 / K 5 2"], went_out=1)
    save_hole(match, totals=[5, -2])
    response = client.get(reverse("scoring:match_csv", args=[match.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbfHole,")  # for Excel: UTF-8
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [(r["Hole"], r["Seat"], r["Player"]) for r in rows] == [
        ("1", "1", "'=SUM(A1)"),
        ("1", "2", "Bob"),
        ("2", "1", "'=SUM(A1)"),
        ("2", "2", "Bob"),
    ]
    first, bob = rows[0], rows[1]
    # Each player's cards as written, who went out, and who won the hole.
    assert first["Cards"] == "8 5 7 / 8 3 9" and bob["Cards"] == "KH 5 7 / K 5 2"
    assert (first["Went out"], bob["Went out"]) == ("", "yes")
    assert (first["Score"], bob["Score"]) == ("24", "5")  # a 2 counts -2
    assert (first["Won hole"], bob["Won hole"]) == ("", "yes")
    # A hole entered as totals has no cards.
    assert rows[2]["Cards"] == "" and rows[2]["Score"] == "5"
    assert [r["Running total"] for r in rows] == ["24", "5", "29", "3"]
    assert [(r["Total"], r["Place"]) for r in rows[:2]] == [("29", "2"), ("3", "1")]
    # The rule set each hole was played under, in words.
    assert rows[0]["Rules"].startswith("Six-card Golf; 3 holes")


def test_paper_card_has_a_column_for_every_planned_hole_and_its_dealer(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    page = client.get(reverse("scoring:match_print", args=[three.pk])).content.decode()
    assert "<h1>Score card</h1>" in page
    assert page.count('<th scope="col" class="num">') == 3  # holes 1, 2 and the total
    # Bob deals hole 2.
    assert '<td class="num"><span class="dealer"><bdi>Bob</bdi></span></td>' in page


def test_the_paper_cards_dealers_are_named_in_full(client):
    """Cut to three letters, "Bartholomew" and "Barbara" were "Bart" and "Barb"."""
    names = ["Bartholomew", "Barbara", "Dmitri"]
    match = MatchFactory.create(players=names, rules=RuleSet(holes=3).to_dict())
    own(client, match)
    page = client.get(reverse("scoring:match_print", args=[match.pk])).content.decode()
    row = first_match(r'<tr class="dealer-row">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<span class="dealer"><bdi>([^<]*)</bdi></span>', row) == names


def test_the_paper_card_of_a_match_ended_early_stops_at_its_last_hole(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    services.match_end(match=three)
    page = client.get(reverse("scoring:match_print", args=[three.pk])).content.decode()
    assert page.count('<th scope="col" class="num">') == 2  # hole 1 and the total
    assert ">Bob</span></td>" not in page  # no dealer for a hole never played
