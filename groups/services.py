"""Writes for groups: every change to a group, its members, invites and roster."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from .models import Group, Invite, Membership, RosterPlayer


class GroupActionError(Exception):
    """A group change that cannot be made; the message says why, for the user."""


@transaction.atomic
def group_create(*, owner: AbstractBaseUser, name: str) -> Group:
    """A new group, its owner its first member."""
    group = Group.objects.create(owner=owner, name=name.strip())
    Membership.objects.create(group=group, user=owner)
    return group


def invite_create(*, group: Group, by: AbstractBaseUser) -> Invite:
    """A new invitation link (owner only)."""
    _require_owner(group, by)
    return Invite.objects.create(group=group, created_by=by)


def invite_revoke(*, invite: Invite, by: AbstractBaseUser) -> None:
    """Stop an invitation link from working, for good (owner only)."""
    _require_owner(invite.group, by)
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])


@transaction.atomic
def invite_accept(*, token: str, user: AbstractBaseUser) -> Group:
    """Join the group an active invite is for; joining twice changes nothing."""
    invite = Invite.objects.select_related("group").filter(token=token).first()
    if invite is None or not invite.is_active:
        raise GroupActionError("This invitation link is not valid any more.")
    Membership.objects.get_or_create(group=invite.group, user=user)
    return invite.group


@transaction.atomic
def member_remove(*, group: Group, by: AbstractBaseUser, user: AbstractBaseUser) -> None:
    """The owner removes a member, or a member leaves. The owner cannot leave
    without handing the group over first."""
    if user.pk == group.owner_id:
        raise GroupActionError("The owner cannot leave; hand the group over first.")
    if by.pk != user.pk:
        _require_owner(group, by)
    Membership.objects.filter(group=group, user=user).delete()


@transaction.atomic
def ownership_transfer(*, group: Group, by: AbstractBaseUser, to: AbstractBaseUser) -> None:
    """Hand the group to another member (owner only)."""
    _require_owner(group, by)
    if not Membership.objects.filter(group=group, user=to).exists():
        raise GroupActionError("Only a member can own the group.")
    group.owner = to  # type: ignore[assignment]
    group.save(update_fields=["owner"])


def roster_add(*, group: Group, name: str) -> RosterPlayer:
    """Add a regular player to the group's roster."""
    name = name.strip()
    try:
        with transaction.atomic():
            return RosterPlayer.objects.create(group=group, name=name)
    except IntegrityError as exc:
        raise GroupActionError(f"{name} is already on the roster.") from exc


def _require_owner(group: Group, user: AbstractBaseUser) -> None:
    if group.owner_id != user.pk:
        raise GroupActionError("Only the group's owner can do that.")
