"""Groups of people who play together, their members and their roster of players."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse


def new_invite_token() -> str:
    """An unguessable token for an invitation link."""
    return secrets.token_urlsafe(24)


class Group(models.Model):
    """A group that plays together ("Friday golf"), with an owner and members."""

    name = models.CharField(max_length=60)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_groups"
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="golf_groups"
    )
    #: The rules the group usually plays (``RuleSet.to_dict()``), for new matches.
    usual_rules = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    #: Raised with every change to the group's history that something cached for
    #: the group depends on (see ``groups.signals``): part of every cache key.
    history_revision = models.PositiveIntegerField(default=0, editable=False)
    #: Raised with every change to the group's finished matches (a match starting
    #: raises only ``history_revision``): what the players' records, which count
    #: finished matches only, are checked against (``groups.records``).
    results_revision = models.PositiveIntegerField(default=0, editable=False)
    #: The ``results_revision`` the players' records (``PlayerRecord``) are right
    #: at. Every change this code makes to finished results moves it along with the
    #: revision (``signals.revise``). A change made by code that keeps no records
    #: (an older release still running during a deploy, or after a rollback) moves
    #: the revision alone: the group's records then all count as missing, and the
    #: next read that keeps one forgets them all first (``records``).
    records_through = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("groups:detail", args=[self.pk])


class Membership(models.Model):
    """A user's place in a group. The owner is a member too."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="membership_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.group}"


class Invite(models.Model):
    """A link that lets whoever holds it join the group, until it is revoked."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Invite to {self.group}"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class RosterPlayer(models.Model):
    """A regular player of a group, with or without an account. Match players link
    to roster entries so statistics follow a person across matches."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="roster")
    name = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="roster_entries",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["group", "name"], name="roster_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name

    @staticmethod
    def name_taken(*, group_id: int, name: str, exclude: int | None = None) -> str | None:
        """The name of the entry of the group's roster (other than ``exclude``) that
        ``name`` matches whatever the case, or None. Compared with ``str.casefold``
        in Python, as ``services.roster_for_names`` matches seats to the roster,
        rather than in SQL, where SQLite folds the case of ASCII letters only."""
        key = name.strip().casefold()
        entries = RosterPlayer.objects.filter(group_id=group_id).exclude(pk=exclude)
        for other in entries.values_list("name", flat=True):
            if other.casefold() == key:
                return other
        return None

    def clean(self) -> None:
        """A new or renamed entry (the admin's forms run this) may not take a name
        already on the group's roster in another case, as ``services.roster_add``
        refuses. The same name exactly is left to the ``roster_unique_name``
        constraint, which explains it itself; an entry keeping its name is left
        alone, whatever the roster held before this check."""
        super().clean()
        if self.group_id is None or not self.name:
            return
        name = self.name.strip()
        if self.pk is not None:
            before = RosterPlayer.objects.filter(pk=self.pk, group_id=self.group_id)
            if any(
                old.casefold() == name.casefold() for old in before.values_list("name", flat=True)
            ):
                return  # neither renamed nor moved, or only its case changed
        taken = self.name_taken(group_id=self.group_id, name=name, exclude=self.pk)
        if taken is not None and taken != name:
            raise ValidationError({"name": f"{taken} is already on the roster."})


class PlayerRecord(models.Model):
    """A roster player's finished matches in their group, added up (a
    ``selectors.Tally``) and kept up to date as matches finish, so that their
    statistics are read from one row however long the history (``groups.records``).

    A record exists only while it is right: every change it cannot follow (a
    finished match corrected, deleted, opened again or moved, a seat linked by
    hand, a match finishing after a newer one) deletes it, and the next read counts
    it again from the seats."""

    player = models.OneToOneField(
        RosterPlayer, primary_key=True, on_delete=models.CASCADE, related_name="record"
    )
    matches = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)
    holes = models.PositiveIntegerField(default=0)
    best_hole = models.IntegerField(null=True)
    worst_hole = models.IntegerField(null=True)
    pairs = models.PositiveIntegerField(default=0)
    times_out = models.PositiveIntegerField(default=0)
    knock_penalties = models.PositiveIntegerField(default=0)
    #: When the oldest and the newest match counted started, and the newest one's
    #: id (a plain number: a deleted match deletes the record anyway).
    first = models.DateTimeField(null=True)
    last = models.DateTimeField(null=True)
    newest = models.BigIntegerField(null=True)
    streak = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)
    #: The chart's points: "day", "month" or "year", and each one's points and holes
    #: by its first day (``{"2025-03-01": [points, holes]}``), at most about fifty.
    period = models.CharField(max_length=5, default="day")
    sums = models.JSONField(default=dict)
    #: The time zone the periods were cut in: another one makes the record stale.
    zone = models.CharField(max_length=64)
    #: Whether any of the player's seats is at a match of another group (or of
    #: none), which the count of their matches in the history must then leave out.
    #: Only ever set by counting the seats again: any change that could seat the
    #: player elsewhere deletes the record.
    seats_elsewhere = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.player}'s record"


class PairRecord(models.Model):
    """How a roster player did against another in the finished matches they both
    played: head to head, kept up to date with its player's record (and gone with it)."""

    record = models.ForeignKey(PlayerRecord, on_delete=models.CASCADE, related_name="opponents")
    other = models.ForeignKey(RosterPlayer, on_delete=models.CASCADE, related_name="+")
    matches = models.PositiveIntegerField(default=0)
    ahead = models.PositiveIntegerField(default=0)
    behind = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["record", "other"], name="pair_record_unique"),
        ]

    def __str__(self) -> str:
        # Named from its own row: what lists it lists it under its record.
        return f"Head to head against {self.other}"
