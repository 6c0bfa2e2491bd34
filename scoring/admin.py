from django.contrib import admin
from django.http import HttpRequest

from scoring.models import PLAYER_RESULT_FIELDS, Hole, Match, Player, Score


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["seat", "name", "roster_player", "total", "place"]
    readonly_fields = ["total", "place"]
    raw_id_fields = ["roster_player"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["pk", "created_at", "group", "holes_planned", "finished_at", "owner"]
    list_filter = [("group", admin.RelatedOnlyFieldListFilter), "finished_at", "created_at"]
    search_fields = ["players__name", "share_token", "group__name"]
    raw_id_fields = ["owner", "group", "rematch_of"]
    list_select_related = ["group", "owner"]
    readonly_fields = ["share_token", "created_at", "updated_at"]
    inlines = [PlayerInline]


class ScoreInline(admin.TabularInline):
    model = Score
    extra = 0
    fields = ["seat", "player", "grid", "grid_score", "score", "went_out"]
    readonly_fields = fields


@admin.register(Hole)
class HoleAdmin(admin.ModelAdmin):
    list_display = ["match", "number", "kind", "went_out", "revision", "created_at"]
    list_filter = ["kind", "created_at"]
    search_fields = ["match__players__name"]
    raw_id_fields = ["match"]
    readonly_fields = ["token", "created_at", "updated_at"]
    inlines = [ScoreInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "match", "seat", "roster_player", "total", "place"]
    list_filter = ["place", ("match__group", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["name", "roster_player__name", "match__group__name"]
    raw_id_fields = ["match", "roster_player"]
    list_select_related = ["match", "roster_player"]
    readonly_fields = PLAYER_RESULT_FIELDS


@admin.register(Score)
class ScoreAdmin(admin.ModelAdmin):
    list_display = ["player", "hole", "seat", "grid", "grid_score", "score", "went_out"]
    list_filter = ["went_out", "knock_penalty", "hole__kind"]
    search_fields = ["player__name", "grid"]
    raw_id_fields = ["hole", "player"]
    list_select_related = ["player", "hole"]

    # Scores come from the engine through the scoresheet; an edit here would leave the
    # totals, places and statistics behind. Correct a hole on its page instead.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Score | None = None) -> bool:
        return False
