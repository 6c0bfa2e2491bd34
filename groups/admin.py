from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest

from groups.models import Group, Invite, Membership, RosterPlayer, roster_key
from groups.ratings import group_rerate
from groups.services import group_cache_invalidate
from scoring import services as scoring_services
from scoring.admin import DeleteSummaryAdmin
from scoring.models import Match
from scoring.names import tidy_name

# The group's page reads every member and regular with the rows that list them (one
# query, however many): a row's user shows as a link, changed on the row's own page,
# rather than in a widget that looks each user up again.


class MembershipInline(admin.TabularInline[Membership, Group]):
    model = Membership
    extra = 0
    fields = readonly_fields = ("user", "joined_at")
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Group | None = None) -> bool:
        return False  # NewMembershipInline adds them

    def get_queryset(self, request: HttpRequest) -> QuerySet[Membership]:
        return super().get_queryset(request).select_related("user", "group")


class NewMembershipInline(admin.TabularInline[Membership, Group]):
    """Members to add, with a user autocomplete (the members so far are above)."""

    model = Membership
    extra = 0
    fields = ["user"]
    autocomplete_fields = ["user"]
    verbose_name_plural = "add members"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Membership]:
        return super().get_queryset(request).none()


class RosterPlayerForm(forms.ModelForm[RosterPlayer]):
    """A roster entry's name kept tidy, as the group's own pages keep it
    (``scoring.names``)."""

    class Meta:
        model = RosterPlayer
        fields = ["name", "group", "user"]

    def clean_name(self) -> str:
        name = tidy_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError("Enter the player's name.")
        return name


class RosterFormSet(BaseInlineFormSet[RosterPlayer, Group, forms.ModelForm[RosterPlayer]]):
    """The roster rows of one save: two of them may not take one name, in any case
    ("Ann" and "ann", or "Ann" twice), which each row's own check against the
    database cannot see while neither is saved (``RosterPlayer.clean``)."""

    def clean(self) -> None:
        super().clean()
        seen: dict[str, str] = {}
        for form in self.forms:
            name = getattr(form, "cleaned_data", {}).get("name") or ""
            if not name or form.cleaned_data.get("DELETE"):
                continue
            key = roster_key(name)
            if key in seen:
                form.add_error("name", f"{seen[key]} is already on the roster.")
            seen.setdefault(key, name)


class RosterInline(admin.TabularInline[RosterPlayer, Group]):
    model = RosterPlayer
    form = RosterPlayerForm
    formset = RosterFormSet
    extra = 0
    fields = ["name", "user"]
    readonly_fields = ["user"]
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[RosterPlayer]:
        return super().get_queryset(request).select_related("user")


@admin.register(Group)
class GroupAdmin(DeleteSummaryAdmin):
    list_display = ["name", "owner", "created_at"]
    list_filter = ["created_at"]
    search_fields = ["name", "owner__username", "roster__name"]
    autocomplete_fields = ["owner"]
    readonly_fields = ["created_at"]
    inlines = [MembershipInline, NewMembershipInline, RosterInline]

    # A group saved here with its roster (a regular deleted unlinks their seats) or
    # deleted (with its matches) writes rows of its matches: the matches are locked
    # first, then the group's row, the order a save takes (``scoring.services``).
    def save_model(self, request: HttpRequest, obj: Group, form: Any, change: bool) -> None:
        if change:
            scoring_services.matches_lock(match_ids=_matches_of([obj.pk]))
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # The leaders and statistics name the regulars and count their seats; a
        # regular deleted makes their seats guests, whom the ratings count otherwise.
        super().save_related(request, form, formsets, change)
        if any(formset.model is RosterPlayer and formset.deleted_objects for formset in formsets):
            group_rerate(group_id=form.instance.pk)
        group_cache_invalidate(group_ids=[form.instance.pk])

    def delete_model(self, request: HttpRequest, obj: Group) -> None:
        scoring_services.matches_lock(match_ids=_matches_of([obj.pk]))
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Group]) -> None:
        scoring_services.matches_lock(match_ids=_matches_of(queryset.values("pk")))
        super().delete_queryset(request, queryset)


def _matches_of(group_ids: Any) -> list[int]:
    return list(Match.objects.filter(group__in=group_ids).values_list("pk", flat=True))


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    list_display = ["user", "group", "joined_at"]
    list_filter = ["joined_at", "group"]
    search_fields = ["user__username", "group__name"]
    autocomplete_fields = ["user", "group"]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin[Invite]):
    list_display = [
        "group",
        "created_by",
        "created_at",
        "expires_at",
        "uses",
        "max_uses",
        "revoked_at",
    ]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter), "created_at", "expires_at"]
    search_fields = ["group__name", "created_by__username"]
    readonly_fields = ["token", "created_at", "uses"]
    autocomplete_fields = ["group", "created_by"]


@admin.register(RosterPlayer)
class RosterPlayerAdmin(admin.ModelAdmin[RosterPlayer]):
    """A regular renamed, moved to another group or deleted here changes what their
    group's leaders and statistics show: each change invalidates its groups' cache.
    A move or a deletion makes their seats guests of the group, so its ratings are
    worked out again from scratch (a rare edit by hand)."""

    form = RosterPlayerForm
    list_display = ["name", "group", "user", "created_at"]
    list_filter = ["group"]
    search_fields = ["name", "group__name", "user__username"]
    autocomplete_fields = ["group", "user"]

    def save_model(self, request: HttpRequest, obj: RosterPlayer, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        moved_from = form.initial.get("group") if change else None
        if moved_from is not None and moved_from != obj.group_id:
            for group_id in sorted([moved_from, obj.group_id]):
                group_rerate(group_id=group_id)
        group_cache_invalidate(group_ids=[obj.group_id, moved_from])

    def delete_model(self, request: HttpRequest, obj: RosterPlayer) -> None:
        super().delete_model(request, obj)
        group_rerate(group_id=obj.group_id)
        group_cache_invalidate(group_ids=[obj.group_id])

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[RosterPlayer]) -> None:
        group_ids = sorted(set(queryset.values_list("group_id", flat=True)))
        super().delete_queryset(request, queryset)
        for group_id in group_ids:
            group_rerate(group_id=group_id)
        group_cache_invalidate(group_ids=group_ids)


# Django's own user admin, with the same delete confirmation as the groups'.
admin.site.unregister(User)


@admin.register(User)
class UserAdmin(DeleteSummaryAdmin, DjangoUserAdmin[User]):
    """Django's, but for the delete confirmation: a user takes their memberships, the
    invitations they made and their admin history with them, and may not be deleted
    while they own a group."""
