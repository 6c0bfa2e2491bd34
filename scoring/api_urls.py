from django.urls import path

from .views import api

app_name = "api"

urlpatterns = [
    path("score", api.score, name="score"),
    path("score-hole", api.score_hole_view, name="score_hole"),
    path("rules", api.rules_list, name="rules"),
    path("openapi.json", api.openapi, name="openapi"),
]
