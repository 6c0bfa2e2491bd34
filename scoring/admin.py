from django.contrib import admin

from scoring.models import Hole, Match, Player, Score


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["pk", "created_at", "holes_planned", "finished_at", "owner"]
    list_filter = ["finished_at", "created_at"]
    search_fields = ["players__name", "share_token"]
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
    list_filter = ["kind"]
    search_fields = ["match__players__name"]
    readonly_fields = ["token", "created_at", "updated_at"]
    inlines = [ScoreInline]
