"""The JSON import refuses a damaged file, saying what is wrong, rather than store
it: a seat linked to a roster entry the file lacks, or a grid the engine cannot
read or that breaks the rules."""

import datetime
import random

import pytest

from scoring.engine import RuleSet

pytestmark = pytest.mark.django_db


# -- 3. the import refuses damaged files -------------------------------------------------


@pytest.fixture
def exported(group, owner, play):
    from groups import transfer

    play(group, owner, {"Ann": [3, 5], "Bob": [4, 6]})
    data = transfer.group_export(group=group)
    # One match of classic six-card Golf scored from cards, as the demo data is.
    when = datetime.datetime(2026, 9, 1, 20, tzinfo=datetime.UTC)
    cards = transfer._demo_match(RuleSet(holes=1), ["Cy", "Dee"], when, random.Random(3))
    for player in cards["players"]:
        player["roster"] = None
    data["matches"].append(cards)
    return data


def test_an_undamaged_export_still_imports(exported, owner):
    from groups import transfer

    group = transfer.group_import(data=exported, owner=owner)
    assert group.roster.count() == 2


def test_a_seat_linked_to_a_roster_entry_not_in_the_file_is_refused(exported, owner):
    from groups import transfer
    from groups.models import Group

    before = Group.objects.count()
    exported["matches"][0]["players"][0]["roster"] = 999
    with pytest.raises(transfer.ImportRejected) as refused:
        transfer.group_import(data=exported, owner=owner)
    message = str(refused.value)
    assert "match 1 of the file" in message
    assert "'Ann' is linked to roster entry 999, which is not in the file's roster" in message
    assert Group.objects.count() == before


@pytest.mark.parametrize(
    "grid, says",
    [
        ("Z Z Z", "cannot be read"),
        ("A A A / A A A", "is not possible"),  # six aces: not in one deck for two
        ("", "no grid"),
    ],
)
def test_a_grid_the_engine_cannot_read_is_refused(exported, owner, grid, says):
    from groups import transfer
    from groups.models import Group

    before = Group.objects.count()
    score = exported["matches"][-1]["holes"][0]["scores"][1]
    score["grid"] = grid
    with pytest.raises(transfer.ImportRejected) as refused:
        transfer.group_import(data=exported, owner=owner)
    message = str(refused.value)
    assert "match 2 of the file" in message
    assert "hole 1" in message
    assert says in message
    assert Group.objects.count() == before


def test_the_command_says_what_is_wrong(exported, owner, tmp_path):
    import json

    from django.core.management import CommandError, call_command

    exported["matches"][-1]["holes"][0]["scores"][0]["grid"] = "Z Z Z"
    path = tmp_path / "history.json"
    path.write_text(json.dumps(exported))
    with pytest.raises(CommandError, match="'Z Z Z' cannot be read"):
        call_command("import_group", str(path), owner=owner.username)
