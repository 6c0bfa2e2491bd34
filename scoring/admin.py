from collections import Counter, deque
from collections.abc import Sequence
from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import NestedObjects, model_ngettext, quote
from django.db import connections, models, router
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.text import capfirst

from scoring import services
from scoring.models import PLAYER_RESULT_FIELDS, Hole, Match, Player, Score


def _forward_relations(model: type[models.Model]) -> list[str]:
    """The foreign keys of ``model``, to select with its rows."""
    return [f.name for f in model._meta.concrete_fields if f.many_to_one]


class _Collector(NestedObjects):
    """Django's collector for the delete confirmation, which also joins each row it
    fetches to the rows its foreign keys name, so that naming it (``__str__``) reads
    no more rows: one query a kind, not one an object."""

    def related_objects(self, related_model: Any, related_fields: Any, objs: Any) -> Any:
        found = super().related_objects(related_model, related_fields, objs)
        return found.select_related(*_forward_relations(related_model))

    def get_del_batches(self, objs: Any, fields: Any) -> Any:
        # Django reads the rows that depend on 500 objects at a time on SQLite, its
        # limit for a bulk insert; a list of ids may be as long as the database's
        # limit on parameters (999 on SQLite, none on PostgreSQL).
        size = connections[self.using].features.max_query_params or len(objs)
        size = max(size // len(fields), 1)
        return [objs[i : i + size] for i in range(0, len(objs), size)]


def deleted_objects(
    objs: Sequence[models.Model], request: HttpRequest, admin_site: admin.AdminSite
) -> tuple[list[Any], dict[str, int], set[str], list[Any]]:
    """What :meth:`ModelAdmin.get_deleted_objects` answers, with a shorter list.

    The counts of every kind (the confirmation's summary), the kinds the user may not
    delete and the protected objects are Django's own. The list names the objects to
    delete and each object that depends on them directly, and under each of those
    only counts what goes with it ("8 players, 19 holes, 152 scores"): a group with
    years of history takes thousands of scores with it, a list no one could read.
    Each kind is read in one query (per 999 rows on SQLite), whatever it holds.
    """
    if isinstance(objs, QuerySet):
        objs = objs.select_related(*_forward_relations(objs.model))
    try:
        first = objs[0]
    except IndexError:
        return [], {}, set(), []
    collector = _Collector(using=router.db_for_write(type(first)), origin=objs)
    collector.collect(objs)

    def label(obj: models.Model) -> str:
        opts = obj._meta
        if admin_site.is_registered(type(obj)):
            try:
                url = reverse(
                    f"{admin_site.name}:{opts.app_label}_{opts.model_name}_change",
                    args=[quote(obj.pk)],
                )
            except NoReverseMatch:
                pass
            else:
                return format_html('{}: <a href="{}">{}</a>', capfirst(opts.verbose_name), url, obj)
        return f"{capfirst(opts.verbose_name)}: {obj}"

    def below(obj: models.Model) -> str:
        """How many of each kind go with ``obj``, nearest first."""
        counts: Counter[type[models.Model]] = Counter()
        seen, todo = {obj}, deque([obj])
        while todo:
            for child in collector.edges.get(todo.popleft(), ()):
                if child not in seen:
                    seen.add(child)
                    counts[type(child)] += 1
                    todo.append(child)
        return ", ".join(f"{n} {model_ngettext(model, n)}" for model, n in counts.items())

    to_delete: list[Any] = []
    listed: set[models.Model] = set()
    for root in collector.edges.get(None, ()):
        if root in listed:
            continue
        listed.add(root)
        children: list[Any] = []
        for child in collector.edges.get(root, ()):
            if child in listed:
                continue
            listed.add(child)
            children.append(label(child))
            if counts := below(child):
                children.append([counts])
        to_delete.append(label(root))
        if children:
            to_delete.append(children)

    perms_needed = {
        obj._meta.verbose_name
        for found in [*collector.model_objs.values(), collector.protected]
        for obj in found
        if admin_site.is_registered(type(obj))
        and not admin_site.get_model_admin(type(obj)).has_delete_permission(request, obj)
    }
    protected = [label(obj) for obj in collector.protected]
    model_count = {
        model._meta.verbose_name_plural: len(found) for model, found in collector.model_objs.items()
    }
    return to_delete, model_count, perms_needed, protected


class DeleteCountsAdmin(admin.ModelAdmin):
    """An admin whose delete confirmation lists what depends directly on the objects
    to delete and counts the rest (:func:`deleted_objects`)."""

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        return deleted_objects(objs, request, self.admin_site)


class PartOfAMatchAdmin(DeleteCountsAdmin):
    """An admin for what a match is made of (the match and its seats, holes and
    scores). After a save or a deletion here, the match's stored results are summed
    again and it is marked changed (``services.matches_edited``): its drawn
    scoreboard, and its group's cached history and statistics, are invalidated."""

    def match_ids(self, queryset: QuerySet[Any]) -> list[int]:
        """The matches the rows of ``queryset`` belong to."""
        return list(queryset.values_list("match_id", flat=True))

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        # The match locked before anything is written, as a save locks it
        # (``services.matches_lock``).
        ids = self.match_ids(type(obj).objects.filter(pk=obj.pk)) if change else []
        services.matches_lock(match_ids=ids)
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # Runs after save_model, once the inlines are saved too.
        super().save_related(request, form, formsets, change)
        obj = form.instance
        services.matches_edited(
            match_ids=self.match_ids(type(obj).objects.filter(pk=obj.pk)),
            group_ids=self.groups_before(form),
        )

    def groups_before(self, form: Any) -> list[int]:
        """The group the edited match was in before this edit moved it, if it did."""
        return []

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        ids = self.match_ids(type(obj).objects.filter(pk=obj.pk))
        services.matches_lock(match_ids=ids)
        super().delete_model(request, obj)
        services.matches_edited(match_ids=ids)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        ids = self.match_ids(queryset)
        services.matches_lock(match_ids=ids)
        super().delete_queryset(request, queryset)
        services.matches_edited(match_ids=ids)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["seat", "name", "roster_player", "total", "place"]
    # The regular a seat is shows as a link, read with the seats; a raw-id widget
    # would look each up again. Link a seat to another regular on the seat's page.
    # Seats are set when a match starts, and its scores are filed by seat: a seat
    # can be renamed here, not renumbered or added.
    readonly_fields = ["seat", "roster_player", "total", "place"]
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return super().get_queryset(request).select_related("roster_player")


@admin.register(Match)
class MatchAdmin(PartOfAMatchAdmin):
    list_display = ["pk", "created_at", "group", "holes_planned", "finished_at", "owner"]
    list_filter = [("group", admin.RelatedOnlyFieldListFilter), "finished_at", "created_at"]
    search_fields = ["players__name", "share_token", "group__name"]
    raw_id_fields = ["owner", "group", "rematch_of"]
    list_select_related = ["group", "owner"]
    readonly_fields = ["share_token", "created_at", "updated_at"]
    inlines = [PlayerInline]

    def match_ids(self, queryset: QuerySet[Any]) -> list[int]:
        return list(queryset.values_list("pk", flat=True))

    def groups_before(self, form: Any) -> list[int]:
        moved = "group" in form.changed_data and form.initial.get("group") is not None
        return [form.initial["group"]] if moved else []

    # A match deleted here goes as the scoresheet deletes one.
    def delete_model(self, request: HttpRequest, obj: Match) -> None:
        services.match_delete(match=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        for match in queryset.order_by("pk"):
            services.match_delete(match=match)


class ScoreInline(admin.TabularInline):
    model = Score
    extra = 0
    fields = ["seat", "player", "grid", "grid_score", "score", "went_out"]
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Score]:
        # Each row shows its player, and its name (``Score.__str__``) reads the hole too.
        return super().get_queryset(request).select_related("player", "hole")


@admin.register(Hole)
class HoleAdmin(PartOfAMatchAdmin):
    list_display = ["match", "number", "kind", "went_out", "revision", "created_at"]
    list_filter = ["kind", "created_at"]
    search_fields = ["match__players__name"]
    raw_id_fields = ["match"]
    readonly_fields = ["token", "created_at", "updated_at"]
    inlines = [ScoreInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        # A saved hole stays in its match (its scores belong to that match's seats).
        return [*super().get_readonly_fields(request, obj), *(["match"] if obj else [])]


@admin.register(Player)
class PlayerAdmin(PartOfAMatchAdmin):
    list_display = ["name", "match", "seat", "roster_player", "total", "place"]
    list_filter = ["place", ("match__group", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["name", "roster_player__name", "match__group__name"]
    raw_id_fields = ["match", "roster_player"]
    list_select_related = ["match", "roster_player"]
    readonly_fields = PLAYER_RESULT_FIELDS

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        # A saved seat stays at its match and its place at the table: its scores
        # are filed under both.
        fixed = ["match", "seat"] if obj else []
        return [*super().get_readonly_fields(request, obj), *fixed]


@admin.register(Score)
class ScoreAdmin(PartOfAMatchAdmin):
    list_display = ["player", "hole", "seat", "grid", "grid_score", "score", "went_out"]
    list_filter = ["went_out", "knock_penalty", "hole__kind"]
    search_fields = ["player__name", "grid"]
    raw_id_fields = ["hole", "player"]
    list_select_related = ["player", "hole"]

    def match_ids(self, queryset: QuerySet[Any]) -> list[int]:
        return list(queryset.values_list("hole__match_id", flat=True))

    # Scores come from the engine through the scoresheet; an edit here would leave the
    # totals, places and statistics behind. Correct a hole on its page instead.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Score | None = None) -> bool:
        return False
