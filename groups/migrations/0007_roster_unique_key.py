"""Hold each group's roster to one entry per name whatever the case, in the
database: ``name_key`` (filled by 0006) replaces the exact name in the unique
constraint. Kept apart from 0006, so that the keys are filled and committed
before the table is altered: PostgreSQL refuses to alter a table that has
deferred checks pending from rows written in the same transaction."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0006_roster_name_key"),
    ]

    operations = [
        migrations.AlterField(
            model_name="rosterplayer",
            name="name_key",
            field=models.CharField(editable=False, max_length=120),
        ),
        migrations.RemoveConstraint(
            model_name="rosterplayer",
            name="roster_unique_name",
        ),
        migrations.AddConstraint(
            model_name="rosterplayer",
            constraint=models.UniqueConstraint(
                fields=("group", "name_key"), name="roster_unique_key"
            ),
        ),
    ]
