"""What the scoresheet keeps: matches, their players, and each hole as played.

Grids are stored in notation and rule sets as the engine's plain-data snapshot, so
an old match keeps the rules it was played under and can be re-read by any engine.
"""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models.fields.json import KT
from django.urls import reverse

from scoring.engine import RuleSet


def new_share_token() -> str:
    """An unguessable token for a match's read-only share link."""
    return secrets.token_urlsafe(18)


def new_join_token() -> str:
    """An unguessable token for a match's join link, which makes a phone a keeper:
    longer than the share token, as it gives more."""
    return secrets.token_urlsafe(24)


class Match(models.Model):
    """A match: players in seating order playing a number of holes under one rule set."""

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    #: ``RuleSet.to_dict()`` as agreed before the first deal.
    rules = models.JSONField()
    holes_planned = models.PositiveSmallIntegerField()
    #: Seat (0-based) of the player who dealt the first hole.
    first_dealer = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)
    share_token = models.CharField(max_length=40, unique=True, default=new_share_token)
    #: The join link's token: whoever opens the link, and confirms, keeps the score
    #: too (a :class:`MatchKeeper`). Separate from the share token, and replaced
    #: (``ReplacedJoinLink``) without touching it.
    join_token = models.CharField(max_length=40, unique=True, default=new_join_token)
    #: Left empty for matches started without an account; they belong to the browser
    #: session that made them (the issue on groups adds accounts and moving them).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches",
    )
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    #: The one-time token of the form that started it, so a retried or doubled
    #: submit finds this match rather than start a second (empty for matches
    #: started otherwise: an import, the demo, the admin).
    token = models.UUIDField(unique=True, null=True, blank=True, editable=False)
    #: The group whose history the match belongs to; only its members may see it.
    group = models.ForeignKey(
        "groups.Group", null=True, blank=True, on_delete=models.CASCADE, related_name="matches"
    )
    #: The variant's slug, kept by the database from ``rules`` so a group's history
    #: can be filtered by variant through an index.
    variant = models.GeneratedField(
        expression=KT("rules__variant"),
        output_field=models.CharField(max_length=40),
        db_persist=True,
    )

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"
        indexes = [
            # A group's history, newest first, a page at a time: the order the
            # history lists (ties broken by id), and the same within one variant.
            models.Index(fields=["group", "-created_at", "-id"], name="match_group_history"),
            models.Index(
                fields=["group", "variant", "-created_at", "-id"], name="match_group_variant"
            ),
        ]

    def __str__(self) -> str:
        return f"Match {self.pk} ({self.rule_set.variant_info.name}, {self.holes_planned} holes)"

    def get_absolute_url(self) -> str:
        return reverse("scoring:match_detail", args=[self.pk])

    @property
    def rule_set(self) -> RuleSet:
        """The stored snapshot as an engine rule set."""
        cached: RuleSet | None = getattr(self, "_rule_set", None)
        if cached is None:
            cached = RuleSet.from_dict(self.rules)
            self._rule_set = cached
        return cached

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def ended_early(self, holes_played: int) -> bool:
        """Finished before its planned holes (``holes_played`` of them)."""
        return self.is_finished and holes_played < self.holes_planned

    def length_text(self, holes_played: int) -> str:
        """How long the match is, and how far it has come, for a page: "9 holes"
        once played, "ended after 3 of 9 holes" for a match ended early, and while
        it is played "3 of 9 holes played" or "9 holes, none played yet"."""
        planned = self.holes_planned
        holes = f"{planned} hole{'' if planned == 1 else 's'}"
        if self.ended_early(holes_played):
            return f"ended after {holes_played} of {planned} holes"
        if self.is_finished:
            return holes
        if holes_played == 0:
            return f"{holes}, none played yet"
        return f"{holes_played} of {holes} played"


#: What ``services.match_results_refresh`` keeps on each player, summed from their
#: scores (read-only in the admin: editing them would only mislead).
PLAYER_RESULT_FIELDS = [
    "total",
    "place",
    "holes_played",
    "best_hole",
    "worst_hole",
    "pairs",
    "times_out",
    "knock_penalties",
]


class Player(models.Model):
    """One seat at a match's table."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    #: The group's regular player this seat is, so statistics follow a person.
    roster_player = models.ForeignKey(
        "groups.RosterPlayer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    #: Kept up to date with every saved, corrected or deleted hole (the engine's
    #: standings), so histories and statistics read them instead of every hole.
    total = models.IntegerField(default=0)
    #: 1 for the leader (ties share); None before the first hole.
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The seat's holes summed up the same way, so statistics add up one row per
    #: match instead of every hole: holes scored, lowest and highest hole score,
    #: matched columns, times out first and knock penalties taken.
    holes_played = models.PositiveSmallIntegerField(default=0)
    best_hole = models.IntegerField(null=True, blank=True)
    worst_hole = models.IntegerField(null=True, blank=True)
    pairs = models.PositiveIntegerField(default=0)
    times_out = models.PositiveSmallIntegerField(default=0)
    knock_penalties = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="player_unique_seat"),
        ]
        indexes = [
            models.Index(fields=["roster_player", "place"], name="player_roster_place"),
            # Whether a roster player sat at a match: one lookup per match when a
            # group's history is filtered by player.
            models.Index(fields=["roster_player", "match"], name="player_roster_match"),
        ]

    def __str__(self) -> str:
        return self.name


class Hole(models.Model):
    """One hole as saved: how it was entered, who went out and the rules it was scored under."""

    class Kind(models.TextChoices):
        GRIDS = "grids", "Cards"
        TOTALS = "totals", "Totals"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="holes")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=6, choices=Kind.choices, default=Kind.GRIDS)
    #: Seat of the player who went out, if anyone did.
    went_out = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The rule set the hole was scored under (a snapshot of the match's rules).
    rules = models.JSONField()
    #: The one-time token of the form that saved it: a retried submit finds it again.
    token = models.UUIDField(unique=True, default=uuid.uuid4)
    #: Goes up by one with every correction, so a stale edit is caught.
    revision = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="hole_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Hole {self.number} of match {self.match_id}"


class Score(models.Model):
    """One player's result for one hole: their grid, its breakdown and the final score."""

    hole = models.ForeignKey(Hole, on_delete=models.CASCADE, related_name="scores")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="scores")
    seat = models.PositiveSmallIntegerField()
    #: The grid in notation; empty when only the total was entered.
    grid = models.CharField(max_length=120, blank=True)
    #: The grid's score (columns and grid bonuses), before the hole rules.
    grid_score = models.IntegerField()
    #: What goes on the score card.
    score = models.IntegerField()
    went_out = models.BooleanField(default=False)
    #: Columns that cancelled (pairs, or threes in nine-card Golf).
    matched_columns = models.PositiveSmallIntegerField(default=0)
    #: Went out without the lowest score and paid the knock penalty for it.
    knock_penalty = models.BooleanField(default=False)
    #: The engine's breakdown: columns, grid adjustments and hole adjustments.
    breakdown = models.JSONField(default=dict)

    class Meta:
        ordering = ["hole", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["hole", "seat"], name="score_unique_seat"),
        ]

    def __str__(self) -> str:
        # From the row alone: the admin names many scores at once (a deletion's
        # confirmation and log), and reading each seat and hole would cost queries.
        # The seat as stored, as the admin's columns show it.
        return f"Score {self.score} (seat {self.seat}, hole id {self.hole_id})"


class MatchKeeper(models.Model):
    """A phone that joined a match through its join link and so keeps its score, as
    the phone that started it does. The phone is known by a random id its session
    holds (``views.access.PHONE_KEY``): deleting the row takes the rights back at
    once, whatever the session still says."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="keepers")
    #: The random id the phone's session keeps (not the session's key, which a
    #: log-in changes).
    phone = models.CharField(max_length=40)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "phone"], name="keeper_unique_phone"),
        ]
        indexes = [models.Index(fields=["phone", "match"], name="keeper_phone_match")]

    def __str__(self) -> str:
        return f"A phone keeping match {self.match_id} since {self.joined_at:%Y-%m-%d %H:%M}"


class ReplacedJoinLink(models.Model):
    """A join link that was replaced: opened again, it says so (rather than "not
    found"), and joins nobody."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="replaced_join_links")
    token = models.CharField(max_length=40, unique=True)
    replaced_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"A join link of match {self.match_id}, replaced {self.replaced_at:%Y-%m-%d %H:%M}"


class SeatDraft(models.Model):
    """One seat's cards for the next hole, entered on a phone at the table before
    the hole is saved: the table's shared draft of that hole is these rows, one a
    seat. Kept in the database, so every phone, worker and app server sees the
    same draft; the rows go when the hole is saved (``services.hole_record``)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seat_drafts")
    #: The hole the cards are for: the match's next one when they were entered.
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="drafts")
    #: The grid in notation, as the engine read it.
    grid = models.CharField(max_length=120)
    #: The seat says it went out first (the table confirms who did).
    went_out = models.BooleanField(default=False)
    #: The phone that entered it (``views.access.phone_id``), and its signed-in
    #: account if any: so a phone sees which entries are its own.
    phone = models.CharField(max_length=40, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number", "player"], name="seat_draft_unique_seat"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} for hole {self.number} of match {self.match_id} (draft)"
