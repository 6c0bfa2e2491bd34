"""Raise ``Group.history_revision`` with every change to a group's history that
something kept for the group depends on: a match started, finished, opened again,
moved, deleted or edited by hand, a hole of a finished match corrected, a seat's
roster link edited, a roster player renamed or deleted. The revision is part of
every cache key (``selectors.cached``: the history's counts), and it rises in the
same transaction as the change, so nothing is ever read stale.

The players' records (``groups.records``: statistics, head to head, leaders) count
finished matches only, and follow ``results_revision``: a match finishing is added
to them, and every other change to finished results forgets them (a corrected
match, only its own players'), to be counted again when next read. A match
starting raises ``history_revision`` only.

Saving the holes of a match still being played raises nothing: its row in the
history is read afresh on every visit.
"""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.db.models import Case, F, Model, PositiveIntegerField, QuerySet, When
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save
from django.dispatch import receiver

from scoring.models import Hole, Match, Player
from scoring.signals import match_reopened

from . import records as player_records
from .models import Group, RosterPlayer, roster_key


def revise(*group_ids: int | None, results: bool = True, records: bool = True) -> None:
    """Whatever was cached for these groups is stale from now on; with
    ``results=False`` (a match started), only what counts unfinished matches too.
    A change to finished results forgets the groups' player records as well, but
    with ``records=False``: a match finishing (``records.match_finished`` brings
    them up to date) or a change that leaves them right.

    The groups' rows are updated first, which locks them until the transaction
    ends: changes to a group's records, and reads that store one, take turns
    (``records._keep_unless_changed``)."""
    ids = {pk for pk in group_ids if pk is not None}
    if not ids:
        return
    raised: dict[str, Any] = {"history_revision": F("history_revision") + 1}
    if results:
        raised["results_revision"] = F("results_revision") + 1
        # The records stay right at the new revision: forgotten below (none is
        # right), or brought up to date by the caller. Unless they were already
        # behind (see ``Group.records_through``): then they stay behind. (The
        # right-hand sides read the row as it was before this update.)
        raised["records_through"] = (
            F("results_revision") + 1
            if records
            else Case(
                When(records_through=F("results_revision"), then=F("results_revision") + 1),
                default=F("records_through"),
                output_field=PositiveIntegerField(),
            )
        )
    Group.objects.filter(pk__in=ids).update(**raised)
    if results and records:
        player_records.forget(*ids)


def _with_its_group(origin: Any) -> bool:
    """Whether a deletion started from a group (everything in it goes too)."""
    return isinstance(origin, Group) or (isinstance(origin, QuerySet) and origin.model is Group)


def finished_match_changed(match: Match) -> None:
    """A finished match changed where it is (a hole corrected, an edit by hand):
    what was cached for its group is stale, and so are the records of the players
    seated at it, but no one else's."""
    with transaction.atomic(savepoint=False):
        revise(match.group_id, records=False)
        player_records.forget_match(match)


@receiver(pre_save, sender=RosterPlayer, dispatch_uid="groups.roster_key_follows_name")
def roster_key_follows_name(
    sender: type[RosterPlayer], instance: RosterPlayer, **kwargs: Any
) -> None:
    """Every roster entry saved stores the key its name is unique by, whether saved
    by the site, the admin or ``loaddata`` (which bypasses ``RosterPlayer.save``, so
    a fixture written before the key existed still gets it)."""
    instance.name_key = roster_key(instance.name)


@receiver(pre_save, sender=Match, dispatch_uid="groups.match_moving")
def match_moving(
    sender: type[Match], instance: Match, raw: bool, update_fields: Any, **kwargs: Any
) -> None:
    """A match saved whole (by hand) or moved changes its old group and its new one.
    The scoresheet's own saves name their fields and leave the group alone."""
    if raw or instance._state.adding:
        return
    if update_fields is not None and "group" not in update_fields:
        return
    before = Match.objects.filter(pk=instance.pk).values_list("group_id", flat=True).first()
    revise(before, instance.group_id)


@receiver(post_save, sender=Match, dispatch_uid="groups.match_saved")
def match_saved(
    sender: type[Match],
    instance: Match,
    created: bool,
    raw: bool,
    update_fields: Any,
    **kwargs: Any,
) -> None:
    """A match started (the history grows; the results, which count finished
    matches only, do not), finished (its last hole saved, or ended early: the
    scoresheet sets ``finished_at``), or, finished already, changed (a hole
    corrected, an edit by hand)."""
    if raw or instance.group_id is None:
        return
    finished = instance.finished_at is not None
    if created or not finished:
        # A match made finished (by hand) has no seats yet: each seat saved on its
        # own forgets the records (``seat_edited``).
        if created:
            revise(instance.group_id, results=finished)
        return
    finishing = update_fields is not None and "finished_at" in update_fields
    if not finishing:
        finished_match_changed(instance)
        return
    # One transaction even for a save outside any (the scoresheet's are inside
    # one): the group's row stays locked until the records are up to date.
    with transaction.atomic(savepoint=False):
        revise(instance.group_id, records=False)
        player_records.match_finished(instance)


@receiver(match_reopened, dispatch_uid="groups.match_reopened")
def match_opened_again(sender: type[Match], match: Match, **kwargs: Any) -> None:
    """A finished match's last hole deleted: it no longer counts as finished."""
    revise(match.group_id)


@receiver(post_save, sender=Hole, dispatch_uid="groups.hole_corrected")
def hole_corrected(
    sender: type[Hole], instance: Hole, created: bool, raw: bool, **kwargs: Any
) -> None:
    """A hole of a finished match corrected. (A new hole finishes its match, or not,
    through ``match_saved``.)"""
    if raw or created:
        return
    match = instance.match
    if match.finished_at is not None:
        finished_match_changed(match)


@receiver(post_delete, sender=Match, dispatch_uid="groups.match_deleted")
def match_deleted(sender: type[Match], instance: Match, origin: Any, **kwargs: Any) -> None:
    if not _with_its_group(origin):
        revise(instance.group_id)


@receiver(post_save, sender=Player, dispatch_uid="groups.seat_edited")
def seat_edited(sender: type[Player], instance: Player, raw: bool, **kwargs: Any) -> None:
    """A seat saved on its own: the scoresheet writes seats in bulk, so this is an
    edit by hand, maybe linking another roster player. Their group's records are
    forgotten too: the seat may be at another group's match (``records.matches_played``)."""
    if not raw:
        revise(
            *Player.objects.filter(pk=instance.pk)
            .values_list("match__group_id", "roster_player__group_id")
            .first()
            or ()
        )


@receiver(post_save, sender=RosterPlayer, dispatch_uid="groups.roster_player_edited")
def roster_player_edited(
    sender: type[Model], instance: RosterPlayer, created: bool, raw: bool, **kwargs: Any
) -> None:
    """A regular renamed (the leaders and statistics keep names), or moved to
    another group by hand (their record would count the old group's matches). A new
    regular has played no match yet: nothing cached names them."""
    if not raw and not created:
        revise(instance.group_id, records=False)
        player_records.forget_players([instance.pk])


@receiver(pre_delete, sender=RosterPlayer, dispatch_uid="groups.roster_player_deleting")
def roster_player_deleting(
    sender: type[Model], instance: RosterPlayer, origin: Any, **kwargs: Any
) -> None:
    """Before the deletion writes anything (their record and pairs, then their
    seats, then their group's row, in ``roster_player_deleted``), their group's row
    is locked: first, as a match finishing locks it (``scoring.services``), or the
    two, run at once, would each wait for rows the other holds.

    The rows to delete were looked for before this lock: a record of theirs kept
    since (a read counting it) would be missed, and the deletion refused when it
    commits. Once the row is locked none can be kept, so theirs is deleted here."""
    if _with_its_group(origin):
        return
    if connection.features.has_select_for_update:
        list(
            Group.objects.select_for_update(no_key=True)
            .filter(pk=instance.group_id)
            .order_by()
            .values_list("pk", flat=True)
        )
    player_records.forget_players([instance.pk])


@receiver(post_delete, sender=RosterPlayer, dispatch_uid="groups.roster_player_deleted")
def roster_player_deleted(
    sender: type[Model], instance: RosterPlayer, origin: Any, **kwargs: Any
) -> None:
    """Their seats lose the link, so they leave the leaders. Their record, and every
    pair's against them, went with them; nobody else's counts their seats."""
    if not _with_its_group(origin):
        revise(instance.group_id, records=False)
