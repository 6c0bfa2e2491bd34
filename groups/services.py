"""Writes for groups: every change to a group, its members, invites and roster."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match, Player
from scoring.names import tidy_name

from . import ratings
from .models import (
    INVITE_DAYS,
    INVITE_LIFETIMES,
    INVITE_MOST_USES,
    Group,
    Invite,
    Membership,
    Removal,
    RosterPlayer,
    invite_expiry,
    roster_key,
)


class GroupActionError(Exception):
    """A group change that cannot be made; the message says why, for the user."""


class InviteRefused(GroupActionError):
    """An invitation link that lets this person in no more; ``reason`` says why: one of
    ``Invite.refusal``'s, ``SHUT_OUT`` (they left or were removed after the link
    was made), or ``UNKNOWN`` (no such link)."""

    SHUT_OUT = "shut out"
    UNKNOWN = "unknown"

    def __init__(self, reason: str) -> None:
        super().__init__(INVITE_REFUSALS[reason])
        self.reason = reason


#: What each refusal of an invitation link says to whoever followed it.
INVITE_REFUSALS = {
    Invite.REVOKED: "This invitation link does not work.",
    Invite.EXPIRED: "This invitation link has expired.",
    Invite.USED_UP: "This invitation link has been used as many times as it allows.",
    InviteRefused.SHUT_OUT: "This invitation link no longer lets you in.",
    InviteRefused.UNKNOWN: "This invitation link does not work.",
}


def group_cache_invalidate(*, group_ids: Iterable[int | None]) -> None:
    """Whatever is cached for these groups (``selectors.cached``) is stale from now
    on: raise their revisions. Called, in the transaction of the change, by every
    change to what a group's history and statistics read: the scoresheet's
    through ``scoring.signals.match_results_changed`` (``signals``), the others
    here, in the import and in the admin. Called after the change's other writes,
    so the group's row is the last locked (``scoring.services``)."""
    ids = sorted({pk for pk in group_ids if pk is not None})
    if ids:
        Group.objects.filter(pk__in=ids).update(revision=F("revision") + 1)


@transaction.atomic
def group_create(*, owner: User, name: str) -> Group:
    """A new group, its owner its first member."""
    group = Group.objects.create(owner=owner, name=tidy_name(name))
    Membership.objects.create(group=group, user=owner)
    return group


def invite_create(
    *, group: Group, by: User, days: int = INVITE_DAYS, max_uses: int | None = None
) -> Invite:
    """A new invitation link (owner only) that works for ``days`` and lets in at most
    ``max_uses`` people (None: any number)."""
    _require_owner(group, by)
    if days not in INVITE_LIFETIMES:
        raise GroupActionError("Choose how long the link works from the list.")
    if max_uses is not None and not 1 <= max_uses <= INVITE_MOST_USES:
        raise GroupActionError(f"A link lets in 1 to {INVITE_MOST_USES} people, or any number.")
    return Invite.objects.create(
        group=group, created_by=by, expires_at=invite_expiry(days), max_uses=max_uses
    )


def invite_revoke(*, invite: Invite, by: User) -> None:
    """Stop an invitation link from working, for good (owner only)."""
    _require_owner(invite.group, by)
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])


@transaction.atomic
def invite_accept(*, token: str, user: User) -> Group:
    """Join the group a working invite is for, which counts one use of it. Joining
    twice changes nothing and uses nothing up. Refused (``InviteRefused``) on a link
    that is revoked, expired or used up, or made before ``user`` left the group
    or was removed from it."""
    invite = Invite.objects.select_related("group").filter(token=token).first()
    if invite is None:
        raise InviteRefused(InviteRefused.UNKNOWN)
    group = invite.group
    if Membership.objects.filter(group=group, user=user).exists():
        return group
    refusal = invite.refusal()
    if refusal is not None:
        raise InviteRefused(refusal)
    if Removal.objects.filter(group=group, user=user, removed_at__gte=invite.created_at).exists():
        raise InviteRefused(InviteRefused.SHUT_OUT)
    _, joined = Membership.objects.get_or_create(group=group, user=user)
    if joined:
        # Counted in the database, only while the link still works: of two people
        # taking a one-use link's last place at once, one is let in.
        counted = Invite.objects.working().filter(pk=invite.pk).update(uses=F("uses") + 1)
        if not counted:  # the membership is undone with the transaction
            invite.refresh_from_db()
            raise InviteRefused(invite.refusal() or Invite.USED_UP)
    return group


def member_remove_check(*, group: Group, by: User, user: User) -> None:
    """Raise ``GroupActionError`` if ``by`` may not remove ``user`` (checked before
    asking to confirm, and again when it is done)."""
    if user.pk == group.owner_id:
        raise GroupActionError("The owner cannot leave; hand the group over first.")
    if by.pk != user.pk:
        _require_owner(group, by)


@transaction.atomic
def member_remove(*, group: Group, by: User, user: User) -> None:
    """The owner removes a member, or a member leaves. The owner cannot leave
    without handing the group over first. A removal revokes the group's
    invitation links made before it."""
    member_remove_check(group=group, by=by, user=user)
    Membership.objects.filter(group=group, user=user).delete()
    now = timezone.now()
    # Every link made until now may be in their messages: none lets them back in.
    Removal.objects.update_or_create(group=group, user=user, defaults={"removed_at": now})
    if by.pk != user.pk:
        # Nor through another account of theirs: removal revokes every link made
        # before it (someone who leaves of their own accord keeps the links going).
        Invite.objects.filter(group=group, revoked_at__isnull=True).update(revoked_at=now)


def ownership_transfer_check(*, group: Group, by: User, to: User) -> None:
    """Raise ``GroupActionError`` if ``by`` may not hand the group to ``to``."""
    _require_owner(group, by)
    if to.pk == group.owner_id:
        raise GroupActionError("You already own the group.")
    if not Membership.objects.filter(group=group, user=to).exists():
        raise GroupActionError("Only a member can own the group.")


@transaction.atomic
def ownership_transfer(*, group: Group, by: User, to: User) -> None:
    """Hand the group to another member (owner only)."""
    ownership_transfer_check(group=group, by=by, to=to)
    group.owner = to
    group.save(update_fields=["owner"])


def roster_add(*, group: Group, name: str) -> RosterPlayer:
    """Add a regular player to the group's roster. A name already there in another
    case ("ann" beside "Ann") is refused as the same name: seats find their roster
    entry whatever the case (``roster_for_names``), so a second entry would only
    split one person's statistics. Two people adding "Ann" and "ann" at once cannot
    both get in: the database holds a roster to one entry per name
    (``roster_unique_key``)."""
    name = tidy_name(name)
    try:
        with transaction.atomic():
            taken = RosterPlayer.name_taken(group_id=group.pk, name=name)
            if taken is not None:
                raise GroupActionError(f"{taken} is already on the roster.")
            return RosterPlayer.objects.create(group=group, name=name)
    except IntegrityError as exc:
        raise GroupActionError(f"{name} is already on the roster.") from exc


def roster_for_names(*, group: Group, names: Sequence[str]) -> list[RosterPlayer]:
    """The roster entries for ``names`` (matched whatever the case, by
    ``roster_key``), adding anyone new. An entry another request adds at the same
    moment is found, not added twice (``roster_unique_key``)."""
    keys: dict[str, str] = {}
    for name in names:
        keys.setdefault(roster_key(name), tidy_name(name))
    existing = {p.name_key: p for p in group.roster.filter(name_key__in=keys)}
    new = [RosterPlayer(group=group, name=keys[key]) for key in keys if key not in existing]
    if new:
        RosterPlayer.objects.bulk_create(new, ignore_conflicts=True)
        existing = {p.name_key: p for p in group.roster.filter(name_key__in=keys)}
    return [existing[roster_key(name)] for name in names]


@transaction.atomic
def group_match_create(
    *,
    group: Group,
    by: User,
    picked: Sequence[RosterPlayer],
    new_names: Sequence[str],
    first_dealer: int,
    rules: RuleSet,
    rematch_of: Match | None = None,
    phones: Iterable[str] = (),
    token: uuid.UUID | None = None,
) -> Match:
    """Start a match in ``group``: ``picked`` roster players, then ``new_names`` (who
    join the roster), in that seating order. The rules become the group's usual ones.
    ``phones`` and ``token``: as ``scoring.services.match_create`` takes them."""
    newcomers = roster_for_names(group=group, names=new_names)
    seated = [*picked, *newcomers]
    match = scoring_services.match_create(
        names=[player.name for player in seated],
        first_dealer=first_dealer,
        rules=rules,
        owner=by,
        group=group,
        roster_players=seated,
        rematch_of=rematch_of,
        phones=phones,
        token=token,
    )
    group.usual_rules = rules.to_dict()
    group.save(update_fields=["usual_rules"])
    return match


@transaction.atomic
def match_move(*, match: Match, group: Group, by: User) -> None:
    """Move a match started without a group into ``group`` (whose member ``by`` is):
    each player is linked to the roster entry of the same name, added if new."""
    scoring_services.matches_lock(match_ids=[match.pk])
    match.refresh_from_db(fields=["group"])  # as it is now, under the lock
    if match.group_id is not None:
        raise GroupActionError("This match already belongs to a group.")
    players = list(match.players.all())
    entries = roster_for_names(group=group, names=[player.name for player in players])
    for player, entry in zip(players, entries, strict=True):
        player.roster_player = entry
    Player.objects.bulk_update(players, ["roster_player"])
    match.group = group
    if match.owner_id is None:
        match.owner = by
    match.save(update_fields=["group", "owner", "updated_at"])
    ratings.ratings_follow(match=match, group_ids=[group.pk])
    group_cache_invalidate(group_ids=[group.pk])


def _require_owner(group: Group, user: User) -> None:
    if group.owner_id != user.pk:
        raise GroupActionError("Only the group's owner can do that.")
