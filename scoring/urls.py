from django.urls import path

from .views import board, exports, holes, keepers, matches, seats

app_name = "scoring"

urlpatterns = [
    path("", matches.match_list, name="match_list"),
    path("new/", matches.match_new, name="match_new"),
    path("<int:pk>/", board.match_detail, name="match_detail"),
    path("<int:pk>/export.csv", exports.match_csv, name="match_csv"),
    path("<int:pk>/print/", exports.match_print, name="match_print"),
    path("<int:pk>/end/", matches.match_end, name="match_end"),
    path("<int:pk>/rematch/", matches.match_rematch, name="match_rematch"),
    path("<int:pk>/delete/", matches.match_delete, name="match_delete"),
    path("<int:pk>/share/replace/", matches.match_share_replace, name="match_share_replace"),
    path("<int:pk>/holes/new/", holes.hole_new, name="hole_new"),
    path("<int:pk>/holes/preview/", holes.hole_preview, name="hole_preview"),
    path("<int:pk>/holes/<int:number>/", holes.hole_detail, name="hole_detail"),
    path("<int:pk>/holes/<int:number>/edit/", holes.hole_edit, name="hole_edit"),
    path("<int:pk>/holes/<int:number>/delete/", holes.hole_delete, name="hole_delete"),
    path("<int:pk>/holes/<int:number>/seats/", seats.hole_seats, name="hole_seats"),
    path("<int:pk>/holes/<int:number>/seats/<int:seat>/", seats.hole_seat, name="hole_seat"),
    path("shared/<str:token>/", board.match_shared, name="match_shared"),
    path("<int:pk>/join/qr.svg", keepers.match_join_qr, name="match_join_qr"),
    path("<int:pk>/join/replace/", keepers.match_join_replace, name="match_join_replace"),
    path(
        "<int:pk>/keepers/<int:keeper>/remove/",
        keepers.match_keeper_remove,
        name="match_keeper_remove",
    ),
    path("join/<str:token>/", keepers.match_join, name="match_join"),
]
