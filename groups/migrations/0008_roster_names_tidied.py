"""Tidy every roster name and make its key anew, as ``golfsite.names`` now does: a
name keeps nothing invisible at its ends ("Ann" and a zero-width space is "Ann"),
its letters are composed (an "e" and its accent typed apart are one "é"), and the
key leaves out what no one sees. So two entries may now turn out to be one name.

They are renamed as 0006 renamed clashes: the oldest keeps its name, each later one
gets " (2)", " (3)" and so on, and every seat keeps its entry. A name of nothing
visible becomes "No name". The groups whose names changed have their cached pages
marked out of date.

The unique constraint on the key stays in place throughout, so no key may be taken
twice even for a moment: every key that changes is first set to a stand-in no real
key can be (it starts with a new line, which a key never holds), then to its new
value. Going back keeps the new names and keys.
"""

import importlib
import unicodedata
from collections import defaultdict

from django.db import migrations
from django.db.models import F

renamed = importlib.import_module("groups.migrations.0006_roster_name_key").renamed


# Copies of ``golfsite.names`` as it is now: a migration must not change if those
# functions change later.
def invisible(character):
    return character.isspace() or unicodedata.category(character) == "Cf"


def tidy(name):
    words = unicodedata.normalize("NFC", name).split()
    text = " ".join(word for word in words if not all(map(invisible, word)))
    start, end = 0, len(text)
    while start < end and invisible(text[start]):
        start += 1
    while end > start and invisible(text[end - 1]):
        end -= 1
    return text[start:end]


def key(name):
    seen = "".join(c for c in tidy(name) if unicodedata.category(c) != "Cf")
    return " ".join(unicodedata.normalize("NFC", seen.casefold()).split())


def tidy_names(apps, schema_editor):
    RosterPlayer = apps.get_model("groups", "RosterPlayer")
    Group = apps.get_model("groups", "Group")
    entries = RosterPlayer.objects.using(schema_editor.connection.alias)
    taken = defaultdict(set)
    changed = {}  # by pk
    clashes = []
    #: The groups whose pages show a name that changed (a key alone shows nowhere).
    shown = set()
    for entry in entries.order_by("group_id", "created_at", "pk").only(
        "group_id", "name", "name_key"
    ):
        old = (entry.name, entry.name_key)
        entry.name = tidy(entry.name) or "No name"
        entry.name_key = key(entry.name)
        if entry.name_key in taken[entry.group_id]:
            clashes.append(entry)
        else:
            taken[entry.group_id].add(entry.name_key)
        if (entry.name, entry.name_key) != old:
            changed[entry.pk] = entry
        if entry.name != old[0]:
            shown.add(entry.group_id)
    # Every key that stays is taken before anyone is renamed ("ann (2)" already there).
    for entry in clashes:
        number = 2
        while key(renamed(entry.name, number)) in taken[entry.group_id]:
            number += 1
        entry.name = renamed(entry.name, number)
        entry.name_key = key(entry.name)
        taken[entry.group_id].add(entry.name_key)
        changed[entry.pk] = entry
        shown.add(entry.group_id)
    for entry in changed.values():
        entries.filter(pk=entry.pk).update(name_key=f"\n{entry.pk}")
    for entry in changed.values():
        entries.filter(pk=entry.pk).update(name=entry.name, name_key=entry.name_key)
    if shown:
        Group.objects.using(schema_editor.connection.alias).filter(pk__in=shown).update(
            history_revision=F("history_revision") + 1
        )


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0007_roster_unique_key"),
    ]

    operations = [
        migrations.RunPython(tidy_names, migrations.RunPython.noop),
    ]
