from django.urls import path

from . import views

app_name = "scoring"

urlpatterns = [
    path("", views.match_list, name="match_list"),
    path("new/", views.match_new, name="match_new"),
    path("<int:pk>/", views.match_detail, name="match_detail"),
    path("<int:pk>/export.csv", views.match_csv, name="match_csv"),
    path("<int:pk>/print/", views.match_print, name="match_print"),
    path("<int:pk>/end/", views.match_end, name="match_end"),
    path("<int:pk>/rematch/", views.match_rematch, name="match_rematch"),
    path("<int:pk>/delete/", views.match_delete, name="match_delete"),
    path("<int:pk>/holes/new/", views.hole_new, name="hole_new"),
    path("<int:pk>/holes/preview/", views.hole_preview, name="hole_preview"),
    path("<int:pk>/holes/<int:number>/", views.hole_detail, name="hole_detail"),
    path("<int:pk>/holes/<int:number>/edit/", views.hole_edit, name="hole_edit"),
    path("<int:pk>/holes/<int:number>/delete/", views.hole_delete, name="hole_delete"),
    path("shared/<str:token>/", views.match_shared, name="match_shared"),
]
