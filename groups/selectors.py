"""Reads for groups: what a user may see, and nothing more."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, QuerySet
from django.http import Http404

from .models import Group


def groups_for_user(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Group]:
    """The groups ``user`` belongs to, with their member counts."""
    if not user.is_authenticated:
        return Group.objects.none()
    return (
        Group.objects.filter(memberships__user=user)
        .annotate(member_count=Count("memberships", distinct=True))
        .order_by("name")
    )


def group_for_member(*, user: AbstractBaseUser | AnonymousUser, group_id: int) -> Group:
    """The group, if ``user`` is a member; a 404 for everyone else, so nobody can
    tell a private group from one that does not exist."""
    if not user.is_authenticated:
        raise Http404("No such group")
    group = (
        Group.objects.filter(pk=group_id, memberships__user=user).select_related("owner").first()
    )
    if group is None:
        raise Http404("No such group")
    return group
