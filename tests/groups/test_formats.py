"""How the group pages write numbers: an average with two decimals, rounded half up
as by hand, and a real minus sign; the group's page, a player's page and the
history agree on every figure."""

import re
import uuid

import pytest
from django.urls import reverse

from groups import formats, services
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.services import HoleEntry

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (35 / 6, "5.83"),
        (4.0, "4.00"),
        (4, "4.00"),
        (13 / 3, "4.33"),
        (0.125, "0.13"),  # half up, as by hand (Python's round() gives 0.12)
        (2.675, "2.68"),  # the decimal a person reads, not the binary float below it
        (-1.5, f"{MINUS}1.50"),
        (-0.001, "0.00"),  # no minus sign on nothing
        (None, ""),
    ],
)
def test_an_average_has_two_decimals_and_a_real_minus(value, written):
    assert formats.average(value) == written


def test_points_have_a_real_minus():
    assert [formats.points(v) for v in (-4, 0, 12, None)] == [f"{MINUS}4", "0", "12", ""]


def leader_line(page, name):
    found = re.search(rf"><bdi>{name}</bdi></a>: (\S+) a hole", page)
    assert found, name
    return found.group(1)


def stat(page, term):
    found = re.search(rf"<dt>{term}</dt><dd>([^<]*)</dd>", page)
    assert found, term
    return found.group(1)


def test_the_group_page_and_the_player_pages_agree(client, member, group, owner, play):
    # Ann: 1 point over 8 holes (0.125); Bob: 4 a hole exactly; Cy: 3, 4, 6 (4.333...);
    # Dee: -2 and -1 (-1.5).
    play(group, owner, {"Ann": [1, 0, 0, 0, 0, 0, 0, 0], "Bob": [4] * 8})
    play(group, owner, {"Cy": [3, 4, 6], "Dee": [-2, -1, 5]})
    client.force_login(member)
    detail = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    expected = {"Ann": "0.13", "Bob": "4.00", "Cy": "4.33", "Dee": "0.67"}
    for name, written in expected.items():
        assert leader_line(detail, name) == written
        player = group.roster.get(name=name)
        url = reverse("groups:player", args=[group.pk, player.pk])
        page = client.get(url).content.decode()
        assert stat(page, "Average hole") == written, name
        assert f": {written} over " in page  # the chart's dot says the same


def test_a_negative_average_and_best_hole_have_a_real_minus(client, member, group, owner, play):
    play(group, owner, {"Ann": [-2, -1], "Bob": [4, 4]})
    client.force_login(member)
    detail = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert leader_line(detail, "Ann") == f"{MINUS}1.50"
    ann = group.roster.get(name="Ann")
    page = client.get(reverse("groups:player", args=[group.pk, ann.pk])).content.decode()
    assert stat(page, "Average hole") == f"{MINUS}1.50"
    assert stat(page, "Best hole") == f"{MINUS}2"
    assert stat(page, "Worst hole") == f"{MINUS}1"
    history = client.get(reverse("groups:history", args=[group.pk])).content.decode()
    assert f'<bdi>Ann</bdi> <span class="history__total">{MINUS}3</span>' in history


def test_pairs_a_hole_are_written_as_averages(client, member, group, owner):
    match = services.group_match_create(
        group=group,
        by=owner,
        picked=[],
        new_names=["Ann", "Bob"],
        first_dealer=0,
        rules=RuleSet(holes=3),
    )
    two_pairs, one_pair, none = "4 4 J / 4 4 Q", "4 5 J / 4 6 Q", "8 5 7 / 9 3 K"
    for number, ann in enumerate([two_pairs, one_pair, two_pairs], start=1):
        scoring_services.hole_record(
            match=match,
            entry=HoleEntry(kind="grids", grids=(ann, none)),
            token=uuid.uuid4(),
            number=number,
        )
    match.refresh_from_db()
    if not match.is_finished:
        scoring_services.match_end(match=match)
    client.force_login(member)
    ann = group.roster.get(name="Ann")
    page = client.get(reverse("groups:player", args=[group.pk, ann.pk])).content.decode()
    assert stat(page, "Pairs a hole") == "1.67"  # 5 pairs over 3 holes
