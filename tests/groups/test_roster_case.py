"""A group's roster holds a name once whatever the case, in the database: the
stored key (``RosterPlayer.name_key``), its unique constraint, the import that
refuses a file breaking the rule, and the migration that renames old clashes."""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from groups import services, transfer
from groups.models import Group, RosterPlayer
from scoring.engine import RuleSet
from scoring.models import Match

pytestmark = pytest.mark.django_db


def refused():
    """The database refuses the write; the test's transaction goes on."""
    return pytest.raises(IntegrityError)


# The database refuses a second entry of one name, however it is written.


def test_create_refuses_a_name_in_another_case(group):
    with refused(), transaction.atomic():
        RosterPlayer.objects.create(group=group, name="ann")
    with refused(), transaction.atomic():
        RosterPlayer.objects.create(group=group, name=" ANN ")
    assert list(group.roster.values_list("name", flat=True)) == ["Ann"]


def test_bulk_writes_refuse_a_name_in_another_case(group):
    with refused(), transaction.atomic():
        RosterPlayer.objects.bulk_create([RosterPlayer(group=group, name="aNN")])
    with refused(), transaction.atomic():
        group.roster.bulk_create(
            [RosterPlayer(group=group, name="Cy"), RosterPlayer(group=group, name="CY")]
        )
    bob = services.roster_add(group=group, name="Bob")
    bob.name = "ANN"
    with refused(), transaction.atomic():
        RosterPlayer.objects.bulk_update([bob], ["name"])
    with refused(), transaction.atomic():
        RosterPlayer.objects.filter(pk=bob.pk).update(name="ann")
    assert sorted(group.roster.values_list("name", flat=True)) == ["Ann", "Bob"]


def test_bulk_writes_keep_the_key(group):
    made = RosterPlayer.objects.bulk_create([RosterPlayer(group=group, name=" Cleo ")])
    assert RosterPlayer.objects.get(pk=made[0].pk).name_key == "cleo"
    made[0].name = "Clio"
    RosterPlayer.objects.bulk_update(made, ["name"])
    assert RosterPlayer.objects.get(pk=made[0].pk).name_key == "clio"
    RosterPlayer.objects.filter(pk=made[0].pk).update(name="CLEA")
    assert RosterPlayer.objects.get(pk=made[0].pk).name_key == "clea"


def test_the_case_is_folded_beyond_ascii(group):
    """SQLite's lower() leaves "ß" and "Ë" alone: the key is folded in Python."""
    strasse = services.roster_add(group=group, name="Straße")
    assert strasse.name_key == "strasse"
    with refused(), transaction.atomic():
        RosterPlayer.objects.create(group=group, name="STRASSE")
    zoe = RosterPlayer.objects.create(group=group, name="ZOË")
    with refused(), transaction.atomic():
        RosterPlayer.objects.create(group=group, name="zoë")
    assert zoe.name_key == "zoë"


def test_the_key_of_the_longest_name_fits(group):
    """Folding makes a name longer ("ß" is "ss"); 40 such letters still fit. ("ΐ"
    folds to three characters, then is composed again to one.)"""
    for letter, folded in (("ß", "ss"), ("ΐ", "\u0390")):
        entry = RosterPlayer.objects.create(group=group, name=letter * 40)
        entry.refresh_from_db()
        assert entry.name_key == folded * 40


def test_the_same_name_in_another_group_is_still_fine(owner, group):
    other = services.group_create(owner=owner, name="Sunday golf")
    assert RosterPlayer.objects.create(group=other, name="ANN").name_key == "ann"


# What worked before still works, now by the stored key.


def test_roster_add_refuses_a_name_in_any_case(group):
    with pytest.raises(services.GroupActionError, match="Ann is already on the roster."):
        services.roster_add(group=group, name="ann")
    with pytest.raises(services.GroupActionError, match="Ann is already on the roster."):
        services.roster_add(group=group, name="Ann")
    assert group.roster.get().name_key == "ann"


def test_a_renamed_entry_takes_its_new_key(group):
    bob = services.roster_add(group=group, name="Bob")
    bob.name = "Robert"
    bob.save(update_fields=["name"])
    bob.refresh_from_db()
    assert bob.name_key == "robert"
    with pytest.raises(services.GroupActionError, match="Robert is already on the roster."):
        services.roster_add(group=group, name="ROBERT")
    assert services.roster_add(group=group, name="bob").name_key == "bob"
    # A change of case to one's own name is no clash.
    bob.name = "ROBERT"
    bob.full_clean()
    bob.save()
    assert RosterPlayer.objects.get(pk=bob.pk).name == "ROBERT"


def test_the_admin_refuses_the_same_name_in_its_own_words(admin_client, group):
    """The constraint is on the key, which no form holds: the model says it."""
    url = reverse("admin:groups_rosterplayer_add")
    for name in ("Ann", "aNN"):
        response = admin_client.post(url, {"group": group.pk, "name": name, "user": ""})
        assert response.status_code == 200
        assert "Ann is already on the roster." in response.content.decode()
    assert group.roster.count() == 1


def test_the_admin_keeps_a_name_tidy(admin_client, group):
    url = reverse("admin:groups_rosterplayer_add")
    response = admin_client.post(
        url, {"group": group.pk, "name": "\u200bBob\u00a0 Lee ", "user": ""}
    )
    assert response.status_code == 302
    assert group.roster.filter(name="Bob Lee").exists()
    response = admin_client.post(url, {"group": group.pk, "name": "\u200b", "user": ""})
    assert "Enter the player&#x27;s name." in response.content.decode()


def test_seats_find_their_entry_by_the_key(group, owner):
    services.roster_add(group=group, name="Straße")
    match = services.group_match_create(
        group=group,
        by=owner,
        picked=[],
        new_names=["ANN", "strasse", "Cy"],
        first_dealer=0,
        rules=RuleSet(),
    )
    seats = [(p.name, p.roster_player.name) for p in match.players.order_by("seat")]
    assert seats == [("Ann", "Ann"), ("Straße", "Straße"), ("Cy", "Cy")]
    assert group.roster.get(name="Cy").name_key == "cy"


# The import refuses a roster with one name twice, and stores nothing.


def test_the_import_refuses_one_name_in_two_cases(group, owner, play, tmp_path):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    data = transfer.group_export(group=group)
    for entry in data["roster"]:
        if entry["name"] == "Bob":
            entry["name"] = "ANN"
    counts = (Group.objects.count(), RosterPlayer.objects.count(), Match.objects.count())
    with pytest.raises(transfer.ImportRejected) as rejected:
        transfer.group_import(data=data, owner=owner)
    assert str(rejected.value) == (
        "the roster lists 'Ann' and 'ANN', which count as the same name whatever the case; "
        "rename one of them in the file"
    )
    path = tmp_path / "friday.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError, match="Not imported: the roster lists 'Ann' and 'ANN'"):
        call_command("import_group", str(path), owner=owner.username, stdout=io.StringIO())
    assert (Group.objects.count(), RosterPlayer.objects.count(), Match.objects.count()) == counts


def test_the_import_refuses_folded_and_repeated_names(owner):
    def history(*names):
        return {
            "format": transfer.FORMAT,
            "version": transfer.VERSION,
            "group": {"name": "Friday golf"},
            "roster": [{"id": n, "name": name} for n, name in enumerate(names)],
            "matches": [],
        }

    with pytest.raises(transfer.ImportRejected, match="'Straße' and 'STRASSE'"):
        transfer.group_import(data=history("Straße", "Bob", "STRASSE"), owner=owner)
    with pytest.raises(transfer.ImportRejected, match="the roster lists 'Bob' twice"):
        transfer.group_import(data=history("Bob", "Bob"), owner=owner)
    assert not Group.objects.exists()
    imported = transfer.group_import(data=history("Ann", "Anne"), owner=owner)
    assert sorted(imported.roster.values_list("name_key", flat=True)) == ["ann", "anne"]


# The migration renames old clashes, keeps every seat's link, and goes back.

BEFORE = [("groups", "0005_records_through")]
AFTER = [("groups", "0007_roster_unique_key")]


def migrate(targets):
    """Migrate the groups app to ``targets``, the other apps staying at their
    latest: the state of every model then."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor = MigrationExecutor(connection)
    others = [node for node in executor.loader.graph.leaf_nodes() if node[0] != "groups"]
    return executor.loader.project_state([*targets, *others])


@pytest.fixture
def migrations_undone():
    """The database back at its latest migrations once the test is done with it."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_migration_renames_later_clashes_and_keeps_the_seats(migrations_undone):
    old = migrate(BEFORE).apps
    user = old.get_model("auth", "User").objects.create(username="olive")
    group = old.get_model("groups", "Group").objects.create(name="Friday", owner=user)
    other = old.get_model("groups", "Group").objects.create(name="Sunday", owner=user)
    roster = old.get_model("groups", "RosterPlayer").objects
    # Oldest first: the first of each name keeps it.
    made = {
        name: roster.create(group=group, name=name).pk
        for name in ["Ann", "ann", "ann (2)", " ANN", "Straße", "STRASSE", "ß" * 20, "SS" * 20]
    }
    elsewhere = roster.create(group=other, name="ann").pk
    match = old.get_model("scoring", "Match").objects.create(group=group, rules={}, holes_planned=1)
    seats = old.get_model("scoring", "Player").objects
    for seat, name in enumerate(["Ann", "ann", " ANN"]):
        seats.create(match=match, seat=seat, name=name, roster_player_id=made[name])
    revision = old.get_model("groups", "Group").objects.get(pk=group.pk).history_revision

    new = migrate(AFTER).apps
    entries = new.get_model("groups", "RosterPlayer").objects
    names = dict(entries.filter(group_id=group.pk).values_list("pk", "name"))
    assert names == {
        made["Ann"]: "Ann",
        made["ann"]: "ann (3)",  # "ann (2)" is another entry's name
        made["ann (2)"]: "ann (2)",
        made[" ANN"]: "ANN (4)",
        made["Straße"]: "Straße",
        made["STRASSE"]: "STRASSE (2)",
        made["ß" * 20]: "ß" * 20,
        made["SS" * 20]: "SS" * 18 + " (2)",  # cut to 40 letters
    }
    assert entries.get(pk=elsewhere).name == "ann"
    for entry in entries.all():
        assert entry.name_key == entry.name.strip().casefold()
    # Every seat keeps its entry; the group's cached pages are out of date.
    linked = new.get_model("scoring", "Player").objects.order_by("seat")
    assert list(linked.values_list("roster_player_id", flat=True)) == [
        made["Ann"],
        made["ann"],
        made[" ANN"],
    ]
    groups = new.get_model("groups", "Group").objects
    assert groups.get(pk=group.pk).history_revision == revision + 1
    assert groups.get(pk=other.pk).history_revision == 0
    with pytest.raises(IntegrityError), transaction.atomic():
        entries.create(group_id=group.pk, name="aNN", name_key="ann")

    # Back again: the new names stay, and the old constraint holds.
    old = migrate(BEFORE).apps
    roster = old.get_model("groups", "RosterPlayer").objects
    assert dict(roster.filter(group_id=group.pk).values_list("pk", "name")) == names
    with pytest.raises(IntegrityError), transaction.atomic():
        roster.create(group_id=group.pk, name="Ann")
    assert roster.create(group_id=group.pk, name="aNN").name == "aNN"


@pytest.mark.django_db(transaction=True)
def test_the_migration_leaves_a_roster_without_clashes_alone(migrations_undone):
    old = migrate(BEFORE).apps
    user = old.get_model("auth", "User").objects.create(username="olive")
    group = old.get_model("groups", "Group").objects.create(name="Friday", owner=user)
    roster = old.get_model("groups", "RosterPlayer").objects
    for name in ["Ann", "Bob", "Zoë"]:
        roster.create(group=group, name=name)
    new = migrate(AFTER).apps
    entries = new.get_model("groups", "RosterPlayer").objects.order_by("name")
    assert list(entries.values_list("name", "name_key")) == [
        ("Ann", "ann"),
        ("Bob", "bob"),
        ("Zoë", "zoë"),
    ]
    assert new.get_model("groups", "Group").objects.get().history_revision == 0


def test_a_fixture_written_before_the_key_gets_it(group, tmp_path):
    """``loaddata`` bypasses ``RosterPlayer.save``; an entry from an old fixture still
    stores its key, so the roster keeps it unique."""
    path = tmp_path / "roster.json"
    entry = {"group": group.pk, "name": " Zoë ", "user": None, "created_at": "2026-01-02T03:04:05Z"}
    path.write_text(json.dumps([{"model": "groups.rosterplayer", "pk": 900, "fields": entry}]))
    call_command("loaddata", str(path), verbosity=0)
    assert RosterPlayer.objects.get(pk=900).name_key == "zoë"
    with pytest.raises(IntegrityError), transaction.atomic():
        RosterPlayer.objects.create(group=group, name="ZOË")


def test_the_import_stores_names_without_spaces_around_them(owner):
    data = {
        "format": transfer.FORMAT,
        "version": transfer.VERSION,
        "group": {"name": "  Friday golf "},
        "roster": [{"id": 1, "name": " Ann  "}, {"id": 2, "name": "Bob"}],
        "matches": [],
    }
    imported = transfer.group_import(data=data, owner=owner)
    assert imported.name == "Friday golf"
    assert sorted(imported.roster.values_list("name", flat=True)) == ["Ann", "Bob"]
    data["roster"].append({"id": 3, "name": "Ann"})
    with pytest.raises(transfer.ImportRejected, match="the roster lists 'Ann' twice"):
        transfer.group_import(data=data, owner=owner)


@pytest.mark.parametrize(
    ("where", "whose"),
    [("group", "the group"), ("roster", "an entry of the roster"), ("seat", "a player of a match")],
)
def test_the_import_refuses_a_name_that_is_only_spaces(group, owner, play, where, whose):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    data = transfer.group_export(group=group)
    if where == "group":
        data["group"]["name"] = "   "
    elif where == "roster":
        data["roster"][0]["name"] = " "
    else:
        data["matches"][0]["players"][0]["name"] = ""
    before = Group.objects.count()
    with pytest.raises(transfer.ImportRejected, match=f"^{whose} has no name$"):
        transfer.group_import(data=data, owner=owner)
    assert Group.objects.count() == before


def test_the_roster_sees_through_what_no_one_sees(group):
    """Ann with a zero-width space after her, or with her name's letters made
    another way, is Ann; a name is kept without such characters."""
    for name in ("Ann\u200b", "\u202eANN"):
        with pytest.raises(services.GroupActionError, match="Ann is already on the roster"):
            services.roster_add(group=group, name=name)
    jose = services.roster_add(group=group, name="\u200bJose\u0301 ")
    assert jose.name == "José"
    with pytest.raises(services.GroupActionError):
        services.roster_add(group=group, name="JOSÉ")


AFTER_TIDY = [("groups", "0008_roster_names_tidied")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_tidies_names_and_renames_those_that_become_one(migrations_undone):
    old = migrate(AFTER).apps
    user = old.get_model("auth", "User").objects.create(username="olive")
    groups = old.get_model("groups", "Group").objects
    group = groups.create(name="Friday", owner=user)
    other = groups.create(name="Sunday", owner=user)
    roster = old.get_model("groups", "RosterPlayer").objects
    made = {}
    # Oldest first, each with the key of its day (the name stripped and folded).
    for name in ["Ann\u200b", "Ann", "Jose\u0301", "José", "Bob", "\u200b", "Cy"]:
        made[name] = roster.create(group=group, name=name, name_key=name.strip().casefold()).pk
    elsewhere = roster.create(group=other, name="Dee", name_key="dee").pk
    match = old.get_model("scoring", "Match").objects.create(group=group, rules={}, holes_planned=1)
    old.get_model("scoring", "Player").objects.create(
        match=match, seat=0, name="Ann", roster_player_id=made["Ann"]
    )

    new = migrate(AFTER_TIDY).apps
    entries = new.get_model("groups", "RosterPlayer").objects
    assert dict(entries.filter(group_id=group.pk).values_list("pk", "name")) == {
        made["Ann\u200b"]: "Ann",
        made["Ann"]: "Ann (2)",
        made["Jose\u0301"]: "José",
        made["José"]: "José (2)",
        made["Bob"]: "Bob",
        made["\u200b"]: "No name",
        made["Cy"]: "Cy",
    }
    assert entries.get(pk=made["Ann"]).name_key == "ann (2)"
    assert entries.get(pk=made["Jose\u0301"]).name_key == "josé"
    # The seat keeps its entry; only the group whose names changed is out of date.
    seat = new.get_model("scoring", "Player").objects.get()
    assert seat.roster_player_id == made["Ann"]
    assert entries.get(pk=elsewhere).name == "Dee"
    revisions = dict(new.get_model("groups", "Group").objects.values_list("pk", "history_revision"))
    assert revisions == {group.pk: 1, other.pk: 0}
    with pytest.raises(IntegrityError), transaction.atomic():
        entries.create(group_id=group.pk, name="ANN", name_key="ann")
