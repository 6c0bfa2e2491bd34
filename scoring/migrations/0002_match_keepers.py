"""Join links and the phones that joined: every match gets its own join token
(added empty, filled one by one, then made unique and required)."""

import django.db.models.deletion
from django.db import migrations, models

import scoring.models


def fill_join_tokens(apps, schema_editor):
    Match = apps.get_model("scoring", "Match")
    for match in Match.objects.filter(join_token__isnull=True).only("pk").iterator():
        match.join_token = scoring.models.new_join_token()
        match.save(update_fields=["join_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="join_token",
            field=models.CharField(max_length=40, null=True),
        ),
        migrations.RunPython(fill_join_tokens, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="match",
            name="join_token",
            field=models.CharField(
                default=scoring.models.new_join_token, max_length=40, unique=True
            ),
        ),
        migrations.CreateModel(
            name="ReplacedJoinLink",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.CharField(max_length=40, unique=True)),
                ("replaced_at", models.DateTimeField(auto_now_add=True)),
                (
                    "match",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="replaced_join_links",
                        to="scoring.match",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="MatchKeeper",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("phone", models.CharField(max_length=40)),
                ("joined_at", models.DateTimeField(auto_now_add=True)),
                (
                    "match",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="keepers",
                        to="scoring.match",
                    ),
                ),
            ],
            options={
                "ordering": ["match", "joined_at", "pk"],
                "indexes": [models.Index(fields=["phone", "match"], name="keeper_phone_match")],
                "constraints": [
                    models.UniqueConstraint(fields=("match", "phone"), name="keeper_unique_phone")
                ],
            },
        ),
    ]
