"""Groups of people who play together, their members and their roster of players."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from scoring.names import name_key


def new_invite_token() -> str:
    """An unguessable token for an invitation link."""
    return secrets.token_urlsafe(24)


class Group(models.Model):
    """A group that plays together ("Friday golf"), with an owner and members."""

    name = models.CharField(max_length=60)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_groups"
    )
    members: models.ManyToManyField[User, Membership] = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="golf_groups"
    )
    #: The rules the group usually plays (``RuleSet.to_dict()``), for new matches.
    usual_rules = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    #: Raised by every change to what the group's history and statistics read (see
    #: ``services.group_cache_invalidate``): part of every key the group's values
    #: are cached under (``selectors.cached``), so a change makes them all stale.
    revision = models.PositiveIntegerField(default=0, editable=False)
    #: Set when the stored ratings (``Rating``) may not follow the group's matches:
    #: groups that had matches before ratings existed. The next page that shows
    #: ratings, or the next change, works them out from scratch
    #: (``ratings.ratings_ensure``) and clears it.
    ratings_stale = models.BooleanField(default=False, editable=False)
    #: Set when a change was too big to re-rate inside its request
    #: (``settings.RATINGS_RERATE_IN_REQUEST``): the stored ratings of the matches
    #: started at or after this are not yet worked out again. A job
    #: (``tasks.ratings_catch_up``) does it and clears it; until then the rating
    #: pages say the ratings are being brought up to date.
    ratings_behind_since = models.DateTimeField(null=True, blank=True, editable=False)

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


#: How long a new invitation link may work, in days, as the owner chooses on the
#: group's page, and the choice made for them.
INVITE_LIFETIMES = {1: "1 day", 7: "7 days", 30: "30 days"}
INVITE_DAYS = 7
#: The most people one link may be limited to (no limit at all is allowed too).
INVITE_MOST_USES = 100


def invite_expiry(days: int = INVITE_DAYS) -> datetime:
    """When a link made now for ``days`` stops working."""
    return timezone.now() + timedelta(days=days)


class InviteQuerySet(models.QuerySet["Invite"]):
    def working(self) -> InviteQuerySet:
        """The links that still let someone join: not revoked, not expired, not used up
        (``Invite.refusal`` says the same of one link)."""
        return self.filter(revoked_at__isnull=True, expires_at__gt=timezone.now()).filter(
            Q(max_uses__isnull=True) | Q(uses__lt=F("max_uses"))
        )


class Invite(models.Model):
    """A link that lets whoever holds it join the group, until it is revoked, expires
    or has been used ``max_uses`` times. It never lets back in someone who left
    the group or was removed after it was made (``Removal``)."""

    #: Why a link lets nobody in, as ``refusal`` gives it.
    REVOKED = "revoked"
    EXPIRED = "expired"
    USED_UP = "used up"

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(default=invite_expiry)
    #: How many people may join with the link; None for any number.
    max_uses = models.PositiveIntegerField(null=True, blank=True)
    #: How many have joined with it.
    uses = models.PositiveIntegerField(default=0)

    objects = InviteQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(max_uses__gte=1, uses__lte=F("max_uses")),
                name="invite_uses_within_limit",
            ),
        ]

    def __str__(self) -> str:
        return f"Invite to {self.group}"

    def refusal(self) -> str | None:
        """Why the link lets nobody in any more (``REVOKED``, ``EXPIRED``, ``USED_UP``),
        or None while it works (``InviteQuerySet.working``)."""
        if self.revoked_at is not None:
            return self.REVOKED
        if self.expires_at <= timezone.now():
            return self.EXPIRED
        if self.max_uses is not None and self.uses >= self.max_uses:
            return self.USED_UP
        return None

    @property
    def uses_left(self) -> int | None:
        """How many more people may join with it; None for any number."""
        return None if self.max_uses is None else max(self.max_uses - self.uses, 0)


class Removal(models.Model):
    """A member who was removed from the group, or left it: the invitation links made
    before ``removed_at`` do not let them back in; a link made afterwards does, so
    the owner has them back by sending them a new one."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="removals")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="group_removals"
    )
    removed_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="removal_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} out of {self.group}"


#: The longest name a roster keeps (``RosterPlayer.name``).
ROSTER_NAME_LENGTH = 40
#: Room for the key of the longest name: ``str.casefold`` turns one character into
#: three at most ("ΐ"), as "ß" becomes "ss".
ROSTER_KEY_LENGTH = 3 * ROSTER_NAME_LENGTH


def roster_key(name: str) -> str:
    """The form of a name that a group's roster holds only once (``names.name_key``): "Ann",
    "ann " and "ANN" are one name, and so are "Straße" and "STRASSE", or "Ann" with a
    zero-width space after it. Folded here in Python, and stored
    (``RosterPlayer.name_key``), because SQLite's lower() folds ASCII letters only."""
    return name_key(name)


class RosterQuerySet(models.QuerySet["RosterPlayer"]):
    """Writes in bulk keep each entry's ``name_key`` in step with its name, as
    a save does, so that the database can hold the roster to one
    entry per name whatever the case (``roster_unique_key``)."""

    def bulk_create(
        self, objs: Iterable[RosterPlayer], *args: Any, **kwargs: Any
    ) -> list[RosterPlayer]:
        objs = list(objs)
        for obj in objs:
            obj.name_key = roster_key(obj.name)
        update_fields = kwargs.get("update_fields")
        if update_fields and "name" in update_fields and "name_key" not in update_fields:
            kwargs["update_fields"] = [*update_fields, "name_key"]
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(
        self, objs: Iterable[RosterPlayer], fields: Iterable[str], batch_size: int | None = None
    ) -> int:
        objs = list(objs)
        fields = list(fields)
        if "name" in fields:
            for obj in objs:
                obj.name_key = roster_key(obj.name)
            if "name_key" not in fields:
                fields.append("name_key")
        return super().bulk_update(objs, fields, batch_size=batch_size)

    def update(self, **kwargs: Any) -> int:
        if "name" in kwargs and "name_key" not in kwargs:
            name = kwargs["name"]
            if not isinstance(name, str):
                # An expression is worked out by the database, which cannot fold
                # the case the same way.
                raise TypeError("A roster name can only be updated to a plain string.")
            kwargs["name_key"] = roster_key(name)
        return super().update(**kwargs)


class RosterPlayer(models.Model):
    """A regular player of a group, with or without an account. Match players link
    to roster entries so statistics follow a person across matches."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="roster")
    name = models.CharField(max_length=ROSTER_NAME_LENGTH)
    #: ``roster_key(name)``, set before every save (``signals.roster_key_follows_name``,
    #: which fixtures loaded with ``loaddata`` go through too) and by the bulk writes
    #: of ``RosterQuerySet``: what makes a name unique in its group.
    name_key = models.CharField(max_length=ROSTER_KEY_LENGTH, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="roster_entries",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = RosterQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["group", "name_key"], name="roster_unique_key"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        # The key itself is set by ``signals.roster_key_follows_name``.
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    @staticmethod
    def name_taken(*, group_id: int, name: str, exclude: int | None = None) -> str | None:
        """The name of the entry of the group's roster (other than ``exclude``) that
        ``name`` matches whatever the case (``roster_key``), or None."""
        entries = RosterPlayer.objects.filter(group_id=group_id, name_key=roster_key(name))
        if exclude is not None:
            entries = entries.exclude(pk=exclude)
        return entries.values_list("name", flat=True).first()

    def clean(self) -> None:
        """A new or renamed entry (the admin's forms run this) may not take a name
        already on the group's roster, in any case, as ``services.roster_add``
        refuses. The database refuses it too (``roster_unique_key``), but a form
        cannot check that constraint itself: ``name_key`` is none of its fields.
        An entry may change the case of its own name."""
        super().clean()
        if self.group_id is None or not self.name:
            return
        taken = self.name_taken(group_id=self.group_id, name=self.name, exclude=self.pk)
        if taken is not None:
            raise ValidationError({"name": f"{taken} is already on the roster."})


class Rating(models.Model):
    """A regular's rating before and after one finished match of their group, as
    ``ratings.group_rerate`` works it out from the group's matches in order: never
    edited on its own, always replaced from the first match a change touches.
    ``roster_player`` is always one of ``group``'s own regulars (a seat linked to
    another group's counts as a guest), so a regular's ratings are found by the
    regular alone, through ``rating_player_order``."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="ratings")
    match = models.ForeignKey("scoring.Match", on_delete=models.CASCADE, related_name="ratings")
    roster_player = models.ForeignKey(
        RosterPlayer, on_delete=models.CASCADE, related_name="ratings"
    )
    #: The match's start (``Match.created_at``) when it was rated: with the match's id,
    #: its place in the group's order.
    played_at = models.DateTimeField()
    #: The skill (mu) and its uncertainty (sigma) of the rating model, before and after.
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    #: The number the pages show (``ratings.shown``), before and after.
    shown_before = models.IntegerField()
    shown = models.IntegerField()
    #: How many rated matches the player has played, this one included.
    played = models.PositiveIntegerField()

    class Meta:
        ordering = ["played_at", "match_id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "roster_player"], name="rating_unique"),
        ]
        indexes = [
            # Replacing a group's ratings from one match on.
            models.Index(fields=["group", "played_at", "match"], name="rating_group_order"),
            # A player's latest rating, and their chart.
            models.Index(
                fields=["roster_player", "played_at", "match"], name="rating_player_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.roster_player_id} after match {self.match_id}: {self.shown}"

    @property
    def change(self) -> int:
        """How far the shown number moved with this match."""
        return self.shown - self.shown_before
