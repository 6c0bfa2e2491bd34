from collections.abc import Sequence
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import actions as admin_actions
from django.contrib.admin.utils import quote, unquote
from django.db.models import (
    CASCADE,
    PROTECT,
    ForeignObjectRel,
    Model,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import capfirst

from scoring import services
from scoring.models import (
    PLAYER_RESULT_FIELDS,
    Hole,
    Match,
    MatchKeeper,
    Player,
    Score,
    SeatDraft,
)


def cascade(
    model: type[Model], objs: Sequence[Any] | QuerySet[Any]
) -> tuple[list[QuerySet[Any]], list[QuerySet[Any]]]:
    """What deleting ``objs`` (rows of ``model``) deletes with them, a queryset a kind
    (each row once, however many relations reach it), and the rows that forbid it:
    the relations pointing at each kind, followed as Django's deletion follows them
    (``on_delete=CASCADE`` deletes, ``PROTECT`` forbids, the rest leave rows be)."""
    reached: dict[type[Model], Q] = {}
    protecting: list[QuerySet[Any]] = []
    todo: list[tuple[type[Model], str]] = [(model, "pk")]
    while todo:
        kind, path = todo.pop()
        for relation in kind._meta.get_fields(include_hidden=True):
            # The foreign keys of other kinds pointing here (as a many-to-many's own
            # table points at both of its ends).
            if not isinstance(relation, ForeignObjectRel) or relation.many_to_many:
                continue
            related, field = relation.field.model, relation.field.name
            lookup = f"{field}__{path}__in" if path != "pk" else f"{field}__in"
            if lookup.count("__") > 8:
                continue  # a cycle of cascades; none of this site's goes this deep
            if relation.on_delete is PROTECT:
                protecting.append(related._default_manager.filter(**{lookup: objs}))
            elif relation.on_delete is CASCADE:
                reached[related] = reached.get(related, Q()) | Q(**{lookup: objs})
                todo.append((related, lookup.removesuffix("__in")))
    deleted = [kind._default_manager.filter(where) for kind, where in reached.items()]
    return deleted, protecting


class DeleteSummaryAdmin(admin.ModelAdmin[Any]):
    """An admin whose delete confirmation names the objects to delete and counts what
    goes with them, kind by kind ("Matches: 40, Scores: 1440"), rather than naming
    every row: a group with years of history takes thousands of scores with it. Each
    kind is counted in one query, however many rows it holds.

    What goes with the objects and what keeps them are read from the models'
    relations (:func:`cascade`): ``on_delete=CASCADE`` rows are counted, kind by
    kind, ``on_delete=PROTECT`` rows are named; ``tests/groups/test_admin.py`` holds
    them equal to what Django's own delete confirmation finds.
    """

    def get_deleted_objects(
        self, objs: Sequence[Any] | QuerySet[Any], request: HttpRequest
    ) -> tuple[list[str], dict[str, int], set[str], list[str]]:
        # ``objs`` is a list of one (the delete page) or a queryset (the "delete
        # selected" action), which the counts below then take as a subquery.
        if not objs:
            return [], {}, set(), []
        deleted, protecting = cascade(self.model, objs)
        counts = [(self.model, len(objs))]
        counts += [(qs.model, n) for qs in deleted if (n := qs.count())]
        protected = [obj for qs in protecting for obj in qs]
        # As Django asks: the right to delete every kind found, protected or not,
        # that has an admin (asked of the kind: no admin here decides by object).
        kinds = {model for model, _ in counts} | {type(obj) for obj in protected}
        perms_needed = {
            model._meta.verbose_name
            for model in kinds
            if self.admin_site.is_registered(model)
            and not self.admin_site.get_model_admin(model).has_delete_permission(request)
        }
        model_count = {model._meta.verbose_name_plural: n for model, n in counts}
        return (
            [self.delete_label(obj) for obj in objs],
            model_count,
            perms_needed,
            [self.delete_label(obj) for obj in protected],
        )

    def delete_label(self, obj: Model) -> str:
        """How a confirmation names ``obj``: its kind, and a link to its admin page."""
        opts = obj._meta
        if not self.admin_site.is_registered(type(obj)):
            return f"{capfirst(opts.verbose_name)}: {obj}"
        url = reverse(
            f"{self.admin_site.name}:{opts.app_label}_{opts.model_name}_change",
            args=[quote(obj.pk)],
        )
        return format_html('{}: <a href="{}">{}</a>', capfirst(opts.verbose_name), url, obj)


class PartOfAMatchAdmin(DeleteSummaryAdmin):
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


class PlayerInline(admin.TabularInline[Player, Match]):
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
    readonly_fields = ["share_token", "join_token", "created_at", "updated_at"]
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


class ScoreInline(admin.TabularInline[Score, Hole]):
    model = Score
    extra = 0
    fields = readonly_fields = ("seat", "player", "grid", "grid_score", "score", "went_out")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Score]:
        # Each row shows its player.
        return super().get_queryset(request).select_related("player")


def holes_left_behind(holes: QuerySet[Hole]) -> list[Hole]:
    """The holes that deleting ``holes`` would leave after a gap: each later hole of
    their matches that is not deleted with them."""
    first_deleted = holes.filter(match=OuterRef("match")).order_by("number").values("number")
    later = Hole.objects.filter(
        match__in=holes.values("match"), number__gt=Subquery(first_deleted[:1])
    )
    return list(later.exclude(pk__in=holes.values("pk")).order_by("match", "number"))


def left_behind_message(left: list[Hole]) -> str:
    return (
        f"Nothing was deleted: {str(left[0]).lower()} would be left after a gap. A match's "
        "holes are numbered as they were played, so only its last hole can be deleted, "
        "as on the scoresheet: delete the holes after it first (or with it), or correct "
        "the hole on its page instead."
    )


@admin.register(Hole)
class HoleAdmin(PartOfAMatchAdmin):
    """A match's holes. Only the last holes of a match can be deleted here, as on the
    scoresheet: the next hole is numbered from how many there are, so a gap would
    stop the match's next save."""

    list_display = ["match", "number", "kind", "went_out", "revision", "created_at"]
    list_filter = ["kind", "created_at"]
    search_fields = ["match__players__name"]
    raw_id_fields = ["match"]
    readonly_fields = ["token", "created_at", "updated_at"]
    inlines = [ScoreInline]
    actions = ["delete_selected"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        # A saved hole stays in its match (its scores belong to that match's seats).
        return [*super().get_readonly_fields(request, obj), *(["match"] if obj else [])]

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        holes = Hole.objects.filter(pk=unquote(object_id))
        if left := holes_left_behind(holes):
            self.message_user(request, left_behind_message(left), messages.ERROR)
            return redirect(f"{self.admin_site.name}:scoring_hole_change", object_id)
        return super().delete_view(request, object_id, extra_context)

    # In place of the site's own action, which it calls once the holes may go.
    @admin.action(permissions=["delete"], description="Delete selected holes")
    def delete_selected(self, request: HttpRequest, queryset: QuerySet[Hole]) -> Any:
        if left := holes_left_behind(queryset):
            self.message_user(request, left_behind_message(left), messages.ERROR)
            return None
        return admin_actions.delete_selected(self, request, queryset)


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


@admin.register(MatchKeeper)
class MatchKeeperAdmin(DeleteSummaryAdmin):
    """The phones that joined a match through its join link. Deleting one takes its
    rights away, as "Remove" on the scoreboard does; phones are only ever added by
    opening a join link, never here."""

    list_display = ["match", "joined_at"]
    list_filter = ["joined_at"]
    list_select_related = ["match"]
    raw_id_fields = ["match"]
    readonly_fields = ["match", "phone", "joined_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(SeatDraft)
class SeatDraftAdmin(DeleteSummaryAdmin):
    """The seats' cards entered phone by phone for a match's next hole, before it is
    saved. Shown to look at a table that is stuck; deleting one takes that seat's
    cards out, as "Take these cards out" on the seat's page does. They are entered
    only on the seats' pages and go when the hole is saved, never typed here."""

    list_display = ["player", "match", "number", "went_out", "updated_at"]
    list_filter = ["updated_at"]
    search_fields = ["player__name"]
    raw_id_fields = ["match", "player"]
    readonly_fields = [
        "match",
        "number",
        "player",
        "grid",
        "went_out",
        "phone",
        "user",
        "updated_at",
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[SeatDraft]:
        # A draft names itself by its seat (``SeatDraft.__str__``), and the list
        # shows its match (the list's own select_related is skipped once this is set).
        return super().get_queryset(request).select_related("match", "player")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: SeatDraft | None = None) -> bool:
        return False
