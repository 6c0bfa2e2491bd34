from django.urls import path

from .views import exports, groups, matches, members, players

app_name = "groups"

urlpatterns = [
    path("", groups.group_list, name="list"),
    path("<int:group_id>/", groups.group_detail, name="detail"),
    path("<int:group_id>/roster/", members.roster_add, name="roster_add"),
    path("<int:group_id>/invites/", members.invite_create, name="invite_create"),
    path(
        "<int:group_id>/invites/<int:invite_id>/revoke/",
        members.invite_revoke,
        name="invite_revoke",
    ),
    path(
        "<int:group_id>/members/<int:user_id>/remove/",
        members.member_remove,
        name="member_remove",
    ),
    path("<int:group_id>/owner/", members.ownership_transfer, name="ownership_transfer"),
    path("<int:group_id>/matches/", matches.history, name="history"),
    path("<int:group_id>/export.json", exports.export_json, name="export_json"),
    path("<int:group_id>/export.csv", exports.export_csv, name="export_csv"),
    path("<int:group_id>/players/<int:player_id>/", players.player, name="player"),
    path("<int:group_id>/matches/new/", matches.match_new, name="match_new"),
    path("<int:group_id>/matches/<int:pk>/ratings/", players.match_ratings, name="match_ratings"),
    path("<int:group_id>/matches/<int:pk>/rematch/", matches.match_rematch, name="match_rematch"),
    path("matches/<int:pk>/move/", matches.match_move, name="match_move"),
    path("join/<str:token>/", members.invite_accept, name="invite_accept"),
]
