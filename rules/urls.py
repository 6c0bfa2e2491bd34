from django.urls import path

from . import play_views, views

app_name = "rules"

urlpatterns = [
    path("", views.guide, name="guide"),
    path("card-values/", views.card_values, name="card_values"),
    path("try/", views.try_grid, name="try"),
    path("examples/", views.examples, name="examples"),
    path("variants/", views.variants, name="variants"),
    path("variants/<slug:slug>/", views.variant_detail, name="variant"),
    path("house-rules/", views.house_rules, name="house_rules"),
    path("house-rules/<slug:slug>/", views.house_rule_detail, name="house_rule"),
    path("practice/", views.practice, name="practice"),
    path("play/", play_views.play, name="play"),
    path("faq/", views.faq, name="faq"),
    path("strategy/", views.strategy, name="strategy"),
    path("glossary/", views.glossary, name="glossary"),
]
