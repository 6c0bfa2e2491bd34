from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.models import User

from groups.models import Group, Invite, Membership, RosterPlayer
from scoring.admin import DeleteCountsAdmin


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


class RosterInline(admin.TabularInline):
    model = RosterPlayer
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Group)
class GroupAdmin(DeleteCountsAdmin):
    list_display = ["name", "owner", "created_at"]
    list_filter = ["created_at"]
    search_fields = ["name", "owner__username", "roster__name"]
    autocomplete_fields = ["owner"]
    readonly_fields = ["created_at"]
    inlines = [MembershipInline, RosterInline]


@admin.register(Membership)
class MembershipAdmin(DeleteCountsAdmin):
    list_display = ["user", "group", "joined_at"]
    list_filter = ["joined_at", "group"]
    search_fields = ["user__username", "group__name"]
    autocomplete_fields = ["user", "group"]


@admin.register(Invite)
class InviteAdmin(DeleteCountsAdmin):
    list_display = ["group", "created_by", "created_at", "revoked_at"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter), "created_at"]
    search_fields = ["group__name", "created_by__username"]
    readonly_fields = ["token", "created_at"]
    autocomplete_fields = ["group", "created_by"]


@admin.register(RosterPlayer)
class RosterPlayerAdmin(DeleteCountsAdmin):
    list_display = ["name", "group", "user", "created_at"]
    list_filter = ["group"]
    search_fields = ["name", "group__name", "user__username"]
    autocomplete_fields = ["group", "user"]


# Django's own user admin, with the same delete confirmation: a user takes their
# memberships and the invitations they made with them, each named by its group.
admin.site.unregister(User)


@admin.register(User)
class UserAdmin(DeleteCountsAdmin, DjangoUserAdmin):
    """Django's, but for the delete confirmation."""
