"""Statistics are counted from the stored results and cached per group revision: the
players' and pairs' record tables and the counters that kept them go, and the
group's history revision becomes its one revision."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0008_roster_names_tidied"),
    ]

    operations = [
        migrations.DeleteModel(name="PairRecord"),
        migrations.DeleteModel(name="PlayerRecord"),
        migrations.RemoveField(model_name="group", name="records_through"),
        migrations.RemoveField(model_name="group", name="results_revision"),
        migrations.RenameField(
            model_name="group", old_name="history_revision", new_name="revision"
        ),
    ]
