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


# -- every number in range, every score the engine's ------------------------------------


def refused(data, owner):
    """The import's refusal message; asserts nothing was stored."""
    from groups import transfer
    from groups.models import Group
    from scoring.models import Match

    groups, matches = Group.objects.count(), Match.objects.count()
    with pytest.raises(transfer.ImportRejected) as refusal:
        transfer.group_import(data=data, owner=owner)
    assert (Group.objects.count(), Match.objects.count()) == (groups, matches)
    return str(refusal.value)


def test_a_stored_score_the_grid_does_not_make_is_refused_naming_the_place(exported, owner):
    cards = exported["matches"][-1]
    score = cards["holes"][0]["scores"][0]
    cards["players"][0]["name"] = "Cy"
    score["grid"], score["score"] = "8 5 7 / 8 3 9", 999
    message = refused(exported, owner)
    assert "match 2 of the file" in message and "hole 1" in message and "'Cy'" in message
    assert "the file says 999 but the grid 8 5 7 / 8 3 9 scores 24" in message


def test_a_stored_score_the_totals_do_not_make_is_refused(exported, owner):
    exported["matches"][0]["holes"][1]["scores"][1]["score"] = 40
    message = refused(exported, owner)
    assert "match 1 of the file" in message and "hole 2" in message and "'Bob'" in message
    assert "the file says 40 but the hole scores 6" in message


@pytest.mark.parametrize(
    "change, says",
    [
        (
            lambda m: m.update(first_dealer=99),
            "the first dealer's seat must be a whole number from 0 to 1, not 99",
        ),
        (
            lambda m: m.update(holes_planned=0),
            "the holes planned must be a whole number from 1 to 99, not 0",
        ),
        (lambda m: m.update(holes_planned=1_000_000), "not 1000000"),
        (
            lambda m: m["holes"][0].update(number=50),
            "a hole's number must be a whole number from 1 to 2, not 50",
        ),
        (lambda m: m["holes"][1].update(number=1), "hole 1 is listed 2th"),
        (
            lambda m: m["players"][0].update(seat=5),
            "a seat must be a whole number from 0 to 1, not 5",
        ),
        (lambda m: m["holes"][0].update(went_out="Ann"), "the seat that went out is not a number"),
        (lambda m: m["holes"][0]["scores"].pop(), "one score for each of the 2 seats"),
    ],
)
def test_a_number_out_of_range_is_refused_naming_the_place(exported, owner, change, says):
    change(exported["matches"][0])
    message = refused(exported, owner)
    assert message.startswith("match 1 of the file")
    assert says in message


@pytest.mark.parametrize(
    "path",
    [
        ("holes_planned",),
        ("first_dealer",),
        ("players", 0, "seat"),
        ("holes", 0, "number"),
        ("holes", 0, "went_out"),
        ("holes", 0, "scores", 0, "seat"),
        ("holes", 0, "scores", 0, "score"),
        ("holes", 0, "scores", 0, "grid_score"),
    ],
)
@pytest.mark.parametrize("value", [10**30, -(10**30), "3", 2.5, True, [1], {"a": 1}])
def test_a_number_field_holding_anything_but_a_small_whole_number_is_refused(
    exported, owner, path, value
):
    place = exported["matches"][0]
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    assert refused(exported, owner).startswith("match 1 of the file")


def test_the_command_refuses_a_huge_number_with_not_imported(exported, owner, tmp_path):
    import json

    from django.core.management import CommandError, call_command

    exported["matches"][0]["holes_planned"] = 10**30
    path = tmp_path / "history.json"
    path.write_text(json.dumps(exported))
    with pytest.raises(CommandError, match="^Not imported: match 1 of the file"):
        call_command("import_group", str(path), owner=owner.username)


def test_the_stored_breakdown_is_the_engines_not_the_files(exported, owner):
    from groups import transfer
    from scoring.models import Score

    exported["matches"][-1]["holes"][0]["scores"][0]["breakdown"] = {"junk": 1}
    group = transfer.group_import(data=exported, owner=owner)
    stored = Score.objects.filter(hole__match__group=group, grid__gt="").first()
    assert stored is not None
    assert set(stored.breakdown) == {"grid", "hole_adjustments"}
    assert stored.breakdown["grid"]["total"] == stored.grid_score


# -- fuzzed files ------------------------------------------------------------------------


def _paths(value, path=()):
    """Every place in the export's data, as a path of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*path, index))


def test_a_fuzzed_file_is_imported_or_refused_in_words_and_never_half_stored(exported, owner):
    import copy

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from groups import transfer
    from groups.models import Group

    paths = [path for path in _paths(exported) if path]
    values = st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(10**40), 10**40)
        | st.floats(allow_nan=False)
        | st.text(max_size=12),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
        ),
        max_leaves=6,
    )

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.tuples(st.sampled_from(paths), values), min_size=1, max_size=3))
    def import_mutated(changes):
        data = copy.deepcopy(exported)
        for path, value in changes:
            place = data
            try:
                for key in path[:-1]:
                    place = place[key]
                place[path[-1]] = value
            except (KeyError, IndexError, TypeError):
                continue  # an earlier change removed this place
        before = Group.objects.count()
        try:
            transfer.group_import(data=data, owner=owner)
        except transfer.ImportRejected as refusal:
            assert str(refusal)
            assert Group.objects.count() == before

    import_mutated()


def test_the_command_refuses_json_nested_too_deep_to_read(owner, tmp_path):
    from django.core.management import CommandError, call_command

    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(CommandError, match="^Could not read"):
        call_command("import_group", str(path), owner=owner.username)
