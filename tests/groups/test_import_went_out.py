"""Who went out, checked on the way in as on a saved hole: under a knock rule an
imported hole names a player or says that nobody went out, or the whole file is
refused; version 1 files, which could not say "nobody", are still read; the demo
data passes the same check."""

import random
import uuid

import pytest

from groups import services, transfer
from groups.models import Group
from scoring import services as scoring_services
from scoring.engine import PRESETS, HouseRule, RuleSet, went_out_problems
from scoring.models import Hole, Match
from scoring.services import HoleEntry

pytestmark = pytest.mark.django_db

KNOCK = RuleSet(holes=2, house_rules=frozenset({HouseRule.KNOCK_PENALTY}))


@pytest.fixture
def exported(group, owner):
    """A knock-penalty match of two holes: Bob went out in the first, nobody in the
    second (the table said so)."""
    match = services.group_match_create(
        group=group, by=owner, picked=[], new_names=["Ann", "Bob"], first_dealer=0, rules=KNOCK
    )
    for number, entry in enumerate(
        [
            HoleEntry(kind="totals", totals=(9, 2), went_out=1),
            HoleEntry(kind="totals", totals=(4, 6), nobody_out=True),
        ],
        start=1,
    ):
        scoring_services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=number)
    return transfer.group_export(group=group)


def counts():
    return Group.objects.count(), Match.objects.count(), Hole.objects.count()


def test_the_export_says_when_nobody_went_out(exported):
    first, second = exported["matches"][0]["holes"]
    assert (first["went_out"], first["nobody_went_out"]) == (1, False)
    assert (second["went_out"], second["nobody_went_out"]) == (None, True)
    assert exported["version"] == 2


def test_a_hole_that_says_nobody_went_out_imports(exported, owner):
    group = transfer.group_import(data=exported, owner=owner)
    holes = Hole.objects.filter(match__group=group).order_by("number")
    assert [hole.went_out for hole in holes] == [1, None]


def test_a_knock_rule_hole_naming_nobody_without_saying_so_is_refused(exported, owner):
    del exported["matches"][0]["holes"][1]["nobody_went_out"]
    before = counts()
    with pytest.raises(transfer.ImportRejected) as refused:
        transfer.group_import(data=exported, owner=owner)
    message = str(refused.value)
    assert message.startswith("match 1 of the file (started ")
    assert ", hole 2: say who went out first, or that nobody did" in message
    assert 'does not say "nobody_went_out": true' in message
    assert counts() == before


@pytest.mark.parametrize(
    ("went_out", "nobody", "says"),
    [
        (2, False, "the player marked as out is not at this table"),
        (0, True, "choose the player who went out first or say that nobody did, not both"),
    ],
)
def test_who_went_out_is_checked_as_on_a_saved_hole(exported, owner, went_out, nobody, says):
    hole = exported["matches"][0]["holes"][0]
    hole["went_out"], hole["nobody_went_out"] = went_out, nobody
    before = counts()
    with pytest.raises(transfer.ImportRejected, match=f"hole 1: {says}"):
        transfer.group_import(data=exported, owner=owner)
    assert counts() == before


def test_a_version_1_file_is_read_as_the_site_that_wrote_it_stored_it(exported, owner):
    """Version 1 could not say "nobody": a hole naming no player was stored so."""
    exported["version"] = 1
    for hole in exported["matches"][0]["holes"]:
        del hole["nobody_went_out"]
    group = transfer.group_import(data=exported, owner=owner)
    holes = Hole.objects.filter(match__group=group).order_by("number")
    assert [hole.went_out for hole in holes] == [1, None]
    assert transfer.group_export(group=group)["matches"][0]["holes"][1]["nobody_went_out"] is True


def test_a_version_still_to_come_is_refused(exported, owner):
    exported["version"] = 3
    with pytest.raises(transfer.ImportRejected, match="version 3 of the format is not known"):
        transfer.group_import(data=exported, owner=owner)


def test_every_demo_hole_passes_the_check_of_a_saved_hole():
    matches = transfer.demo_matches(80, random.Random(11))
    holes = [
        (RuleSet.from_dict(hole["rules"]), len(match["players"]), hole)
        for match in matches
        for hole in match["holes"]
    ]
    for rules, players, hole in holes:
        problems = went_out_problems(
            rules, players, hole["went_out"], nobody_out=hole["nobody_went_out"]
        )
        assert problems == [], hole
    # The demo has holes under a knock rule where nobody went out (the party preset).
    assert PRESETS["party"][2].needs_finisher
    assert any(rules.needs_finisher and hole["nobody_went_out"] for rules, _, hole in holes)


def test_seed_demo_stores_matches_that_pass_the_import_checks(owner):
    group = transfer.demo_group_create(owner=owner, matches=30, seed=11)
    data = transfer.group_export(group=group)
    imported = transfer.group_import(data=data, owner=owner)
    assert imported.matches.count() == 30
