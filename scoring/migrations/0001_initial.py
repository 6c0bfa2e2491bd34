"""The tables as they are, from scratch: every earlier migration squashed into one
while nothing was deployed. A database made by an earlier checkout with every
migration of its day applied carries on as it is; one part-way through is best made
again (`rm db.sqlite3`, then `make run`)."""

import uuid

import django.db.models.deletion
import django.db.models.fields.json
from django.conf import settings
from django.db import migrations, models

import scoring.models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("groups", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Match",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                ("rules", models.JSONField()),
                ("holes_planned", models.PositiveSmallIntegerField()),
                ("first_dealer", models.PositiveSmallIntegerField(default=0)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                (
                    "share_token",
                    models.CharField(
                        default=scoring.models.new_share_token, max_length=40, unique=True
                    ),
                ),
                (
                    "variant",
                    models.GeneratedField(
                        db_persist=True,
                        expression=django.db.models.fields.json.KeyTextTransform(
                            "variant", "rules"
                        ),
                        output_field=models.CharField(max_length=40),
                    ),
                ),
                (
                    "group",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="matches",
                        to="groups.group",
                    ),
                ),
                (
                    "owner",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="matches",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "rematch_of",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="rematches",
                        to="scoring.match",
                    ),
                ),
            ],
            options={
                "verbose_name_plural": "matches",
                "ordering": ["-created_at"],
            },
        ),
        migrations.CreateModel(
            name="Hole",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                (
                    "kind",
                    models.CharField(
                        choices=[("grids", "Cards"), ("totals", "Totals")],
                        default="grids",
                        max_length=6,
                    ),
                ),
                ("went_out", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("rules", models.JSONField()),
                ("token", models.UUIDField(default=uuid.uuid4, unique=True)),
                ("revision", models.PositiveIntegerField(default=1)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "match",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="holes",
                        to="scoring.match",
                    ),
                ),
            ],
            options={
                "ordering": ["match", "number"],
            },
        ),
        migrations.CreateModel(
            name="Player",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("seat", models.PositiveSmallIntegerField()),
                ("name", models.CharField(max_length=40)),
                ("total", models.IntegerField(default=0)),
                ("place", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("holes_played", models.PositiveSmallIntegerField(default=0)),
                ("best_hole", models.IntegerField(blank=True, null=True)),
                ("worst_hole", models.IntegerField(blank=True, null=True)),
                ("pairs", models.PositiveIntegerField(default=0)),
                ("times_out", models.PositiveSmallIntegerField(default=0)),
                ("knock_penalties", models.PositiveSmallIntegerField(default=0)),
                (
                    "match",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="players",
                        to="scoring.match",
                    ),
                ),
                (
                    "roster_player",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="seats",
                        to="groups.rosterplayer",
                    ),
                ),
            ],
            options={
                "ordering": ["match", "seat"],
            },
        ),
        migrations.CreateModel(
            name="Score",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("seat", models.PositiveSmallIntegerField()),
                ("grid", models.CharField(blank=True, max_length=120)),
                ("grid_score", models.IntegerField()),
                ("score", models.IntegerField()),
                ("went_out", models.BooleanField(default=False)),
                ("matched_columns", models.PositiveSmallIntegerField(default=0)),
                ("knock_penalty", models.BooleanField(default=False)),
                ("breakdown", models.JSONField(default=dict)),
                (
                    "hole",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="scores",
                        to="scoring.hole",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="scores",
                        to="scoring.player",
                    ),
                ),
            ],
            options={
                "ordering": ["hole", "seat"],
            },
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(fields=["group", "-created_at", "-id"], name="match_group_history"),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(
                fields=["group", "variant", "-created_at", "-id"], name="match_group_variant"
            ),
        ),
        migrations.AddConstraint(
            model_name="hole",
            constraint=models.UniqueConstraint(
                fields=("match", "number"), name="hole_unique_number"
            ),
        ),
        migrations.AddIndex(
            model_name="player",
            index=models.Index(fields=["roster_player", "place"], name="player_roster_place"),
        ),
        migrations.AddIndex(
            model_name="player",
            index=models.Index(fields=["roster_player", "match"], name="player_roster_match"),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(fields=("match", "seat"), name="player_unique_seat"),
        ),
        migrations.AddConstraint(
            model_name="score",
            constraint=models.UniqueConstraint(fields=("hole", "seat"), name="score_unique_seat"),
        ),
    ]
