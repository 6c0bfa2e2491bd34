"""Every model has an admin page that lists, filters and searches."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

pytestmark = pytest.mark.django_db

MODELS = [
    ("groups", "group", "Friday"),
    ("groups", "membership", "milo"),
    ("groups", "invite", "Friday"),
    ("groups", "rosterplayer", "Ann"),
    ("scoring", "match", "Ann"),
    ("scoring", "player", "Ann"),
    ("scoring", "hole", "Ann"),
    ("scoring", "score", "Ann"),
]


@pytest.mark.parametrize(("app", "model", "term"), MODELS)
def test_admin_lists_and_searches_every_model(client, group, owner, play, app, model, term):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    url = reverse(f"admin:{app}_{model}_changelist")
    page = client.get(url, {"q": term}).content.decode()
    assert 'id="result_list"' in page, model
    assert "0 results" not in page, model
    first = client.get(url).context["cl"].result_list[0]
    change = client.get(reverse(f"admin:{app}_{model}_change", args=[first.pk]))
    assert change.status_code == 200


def test_match_admin_filters_by_group(client, group, owner, play):
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    url = reverse("admin:scoring_match_changelist")
    response = client.get(url, {"group__id__exact": group.pk})
    assert list(response.context["cl"].result_list) == [match]
    assert "Friday golf" in response.content.decode()


def test_scores_are_read_only_in_the_admin(client, group, owner, play):
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    score = match.holes.get().scores.first()
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    url = reverse("admin:scoring_score_change", args=[score.pk])
    client.post(url, {"score": "99", "seat": "0", "grid_score": "99", "breakdown": "{}"})
    score.refresh_from_db()
    assert score.score == 3
