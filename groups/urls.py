from django.urls import path

from . import views

app_name = "groups"

urlpatterns = [
    path("", views.group_list, name="list"),
    path("<int:group_id>/", views.group_detail, name="detail"),
    path("<int:group_id>/roster/", views.roster_add, name="roster_add"),
    path("<int:group_id>/invites/", views.invite_create, name="invite_create"),
    path(
        "<int:group_id>/invites/<int:invite_id>/revoke/",
        views.invite_revoke,
        name="invite_revoke",
    ),
    path(
        "<int:group_id>/members/<int:user_id>/remove/",
        views.member_remove,
        name="member_remove",
    ),
    path("<int:group_id>/owner/", views.ownership_transfer, name="ownership_transfer"),
    path("<int:group_id>/matches/", views.history, name="history"),
    path("<int:group_id>/export.json", views.export_json, name="export_json"),
    path("<int:group_id>/export.csv", views.export_csv, name="export_csv"),
    path("<int:group_id>/players/<int:player_id>/", views.player, name="player"),
    path("<int:group_id>/matches/new/", views.match_new, name="match_new"),
    path("<int:group_id>/matches/<int:pk>/ratings/", views.match_ratings, name="match_ratings"),
    path("<int:group_id>/matches/<int:pk>/rematch/", views.match_rematch, name="match_rematch"),
    path("matches/<int:pk>/move/", views.match_move, name="match_move"),
    path("join/<str:token>/", views.invite_accept, name="invite_accept"),
]
