"""Writes for groups: every change to a group, its members, invites and roster."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match, Player
from scoring.names import tidy_name

from .models import Group, Invite, Membership, RosterPlayer, roster_key


class GroupActionError(Exception):
    """A group change that cannot be made; the message says why, for the user."""


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


def invite_create(*, group: Group, by: User) -> Invite:
    """A new invitation link (owner only)."""
    _require_owner(group, by)
    return Invite.objects.create(group=group, created_by=by)


def invite_revoke(*, invite: Invite, by: User) -> None:
    """Stop an invitation link from working, for good (owner only)."""
    _require_owner(invite.group, by)
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])


@transaction.atomic
def invite_accept(*, token: str, user: User) -> Group:
    """Join the group an active invite is for; joining twice changes nothing."""
    invite = Invite.objects.select_related("group").filter(token=token).first()
    if invite is None or not invite.is_active:
        raise GroupActionError("This invitation link is not valid any more.")
    Membership.objects.get_or_create(group=invite.group, user=user)
    return invite.group


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
    without handing the group over first."""
    member_remove_check(group=group, by=by, user=user)
    Membership.objects.filter(group=group, user=user).delete()


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
) -> Match:
    """Start a match in ``group``: ``picked`` roster players, then ``new_names`` (who
    join the roster), in that seating order. The rules become the group's usual ones."""
    newcomers = roster_for_names(group=group, names=new_names)
    seated = [*picked, *newcomers]
    match = scoring_services.match_create(
        names=[player.name for player in seated],
        first_dealer=first_dealer,
        rules=rules,
        owner=by,
        group=group,
        roster_players=seated,
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
    group_cache_invalidate(group_ids=[group.pk])


def _require_owner(group: Group, user: User) -> None:
    if group.owner_id != user.pk:
        raise GroupActionError("Only the group's owner can do that.")
