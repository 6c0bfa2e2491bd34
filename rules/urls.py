from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.guide, name="guide"),
    path("card-values/", views.card_values, name="card_values"),
    path("try/", views.try_grid, name="try"),
    path("examples/", views.examples, name="examples"),
]
