"""A group's roster holds a name once whatever the case, in the database: the
stored key (``RosterPlayer.name_key``), its unique constraint, and the import that
refuses a file breaking the rule; and in the service and the admin's form before
it, with letters beyond ASCII folded too."""

import io
import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
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
    seats = list(match.players.order_by("seat").values_list("name", "roster_player__name"))
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
    data: dict[str, Any] = {
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


def test_the_service_folds_case_beyond_ascii(group):
    """Compared in Python: SQLite's LIKE folds the case of ASCII letters only."""
    services.roster_add(group=group, name="Zoë")
    services.roster_add(group=group, name="Straße")
    with pytest.raises(services.GroupActionError, match="Zoë is already on the roster."):
        services.roster_add(group=group, name="ZOË")
    with pytest.raises(services.GroupActionError, match="Straße is already on the roster."):
        services.roster_add(group=group, name="STRASSE")
    assert group.roster.count() == 3  # Ann, Zoë, Straße


def test_the_same_name_in_another_group_is_fine(owner, group):
    other = services.group_create(owner=owner, name="Sunday golf")
    assert services.roster_add(group=other, name="ann").name == "ann"


def test_renaming_in_the_admin_has_the_same_check(client, group):
    """There is no renaming on the site; the admin's is held to the same rule."""
    bob = services.roster_add(group=group, name="Bob")
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    url = reverse("admin:groups_rosterplayer_change", args=[bob.pk])
    response = client.post(url, {"group": group.pk, "name": "ANN", "user": ""})
    assert response.status_code == 200
    assert "Ann is already on the roster." in response.content.decode()
    bob.refresh_from_db()
    assert bob.name == "Bob"
    # A change of case to one's own name is no clash.
    ann = group.roster.get(name="Ann")
    ann.name = "ANN"
    ann.full_clean()
    with pytest.raises(ValidationError) as refused:
        RosterPlayer(group=group, name="aNN").full_clean()
    assert refused.value.message_dict["name"] == ["Ann is already on the roster."]


def test_an_entry_may_change_the_case_of_its_own_name_but_not_take_another(group):
    ann = group.roster.get(name="Ann")
    ann.name = "ANN"
    ann.full_clean()
    ann.name = "Annie"
    ann.full_clean()
    with pytest.raises(ValidationError):
        RosterPlayer(group=group, name="aNN").full_clean()


def test_moving_an_entry_into_a_group_that_has_the_name_is_refused(owner, group):
    other = services.group_create(owner=owner, name="Sunday golf")
    ann = services.roster_add(group=other, name="ann")
    ann.group = group  # Friday golf has "Ann" already
    with pytest.raises(ValidationError) as refused:
        ann.full_clean()
    assert refused.value.message_dict["name"] == ["Ann is already on the roster."]
