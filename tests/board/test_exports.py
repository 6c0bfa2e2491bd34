"""A match's exports: the CSV of every hole, and the paper score card to print."""

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.engine import RuleSet
from tests.factories import MatchFactory
from tests.patterns import first_match
from tests.scoresheet import own

pytestmark = pytest.mark.django_db


def test_csv_export_lists_every_hole_and_defuses_formulas(client, save_hole):
    match = MatchFactory.create(players=["=SUM(A1)", "Bob"])
    own(client, match)
    save_hole(match, totals=[5, -2])
    response = client.get(reverse("scoring:match_csv", args=[match.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbfPlayer,")  # for Excel: UTF-8
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Player,Hole 1,Total,Place"
    assert lines[1] == "'=SUM(A1),5,5,2"
    assert lines[2] == "Bob,-2,-2,1"


def test_paper_card_has_a_column_for_every_planned_hole_and_its_dealer(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    page = client.get(reverse("scoring:match_print", args=[three.pk])).content.decode()
    assert "<h1>Score card</h1>" in page
    assert page.count('<th scope="col" class="num">') == 3  # holes 1, 2 and the total
    assert '<td class="num">Bob</td>' in page  # Bob deals hole 2 after Ann


def test_the_paper_cards_dealers_are_named_as_short_as_tells_them_apart(client):
    match = MatchFactory.create(
        players=["Annabel", "Annie", "Dmitri"], rules=RuleSet(holes=3).to_dict()
    )
    own(client, match)
    page = client.get(reverse("scoring:match_print", args=[match.pk])).content.decode()
    row = first_match(r'<tr class="dealer-row">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<td class="num">([^<]*)</td>', row) == ["Anna", "Anni", "Dmi"]


def test_the_paper_card_of_a_match_ended_early_stops_at_its_last_hole(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    services.match_end(match=three)
    page = client.get(reverse("scoring:match_print", args=[three.pk])).content.decode()
    assert page.count('<th scope="col" class="num">') == 2  # hole 1 and the total
    assert '<td class="num">Bob</td>' not in page  # no dealer for a hole never played
