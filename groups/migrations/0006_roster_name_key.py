"""Give every roster entry its ``name_key`` (the name stripped, its case folded),
renaming the entries whose names clash in a group whatever the case, so that the
next migration can hold each group's roster to one entry per key.

Clashing entries are renamed, not merged. The oldest entry of a key keeps its
name; each later one gets " (2)", " (3)" and so on ("ann" becomes "ann (2)").
A merge would move seats (``scoring.Player.roster_player``) from one entry to
the other, and "Ann" and "ann" may be two people: both may sit at one match, or
be linked to different accounts (``user``). Merged, they could not be told apart
again, and one person would hold two seats at a match, which the records
(``groups.records``) do not count. Renamed, every seat keeps its entry, and the
owner can still merge them by hand. Records and head to head records do not hold
names, so they stay right; the group's cached pages do hold names, so the
group's ``history_revision`` is raised.

Going back keeps the new names: they are distinct, so the old constraint on the
exact name holds.
"""

from collections import defaultdict

from django.db import migrations, models
from django.db.models import F

NAME_LENGTH = 40


def key(name):
    # A copy of ``groups.models.roster_key`` as it is now: a migration must not
    # change if that function changes later.
    return name.strip().casefold()


def renamed(name, number):
    """``name`` with " (number)" added, cut to fit the field."""
    suffix = f" ({number})"
    return name.strip()[: NAME_LENGTH - len(suffix)] + suffix


def fill_keys(apps, schema_editor):
    RosterPlayer = apps.get_model("groups", "RosterPlayer")
    Group = apps.get_model("groups", "Group")
    db = schema_editor.connection.alias
    entries = list(
        RosterPlayer.objects.using(db)
        .order_by("group_id", "created_at", "pk")
        .only("group_id", "name")
    )
    # The oldest entry of each key in each group keeps its name. Every key held by
    # an entry is taken before any entry is renamed, so a new name never takes the
    # key of an entry further on ("ann (2)" already on the roster).
    taken = defaultdict(set)
    clashes = []
    for entry in entries:
        entry.name_key = key(entry.name)
        if entry.name_key in taken[entry.group_id]:
            clashes.append(entry)
        else:
            taken[entry.group_id].add(entry.name_key)
    for entry in clashes:
        number = 2
        while key(renamed(entry.name, number)) in taken[entry.group_id]:
            number += 1
        entry.name = renamed(entry.name, number)
        entry.name_key = key(entry.name)
        taken[entry.group_id].add(entry.name_key)
    RosterPlayer.objects.using(db).bulk_update(entries, ["name", "name_key"], batch_size=500)
    groups = {entry.group_id for entry in clashes}
    if groups:
        Group.objects.using(db).filter(pk__in=groups).update(
            history_revision=F("history_revision") + 1
        )


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0005_records_through"),
    ]

    operations = [
        migrations.AddField(
            model_name="rosterplayer",
            name="name_key",
            field=models.CharField(editable=False, max_length=120, null=True),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
