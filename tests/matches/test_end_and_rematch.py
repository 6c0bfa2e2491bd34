"""Ending a match early, the winners of a finished one, and the rematch."""

import pytest
from django.urls import reverse

from scoring.models import Match
from tests.scoresheet import form_data

pytestmark = pytest.mark.django_db


def test_ending_a_match_early_takes_a_second_step_and_names_the_winner(client, three, save_hole):
    save_hole(three, totals=[9, 4, 6])
    url = reverse("scoring:match_end", args=[three.pk])
    confirm = client.get(url).content.decode()
    assert "Yes, end it after hole 1" in confirm
    three.refresh_from_db()
    assert not three.is_finished
    client.post(url)
    three.refresh_from_db()
    assert three.is_finished
    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert "<strong><bdi>Bob</bdi></strong> with 4." in page
    assert "Enter hole" not in page


def test_finished_match_names_every_winner_on_a_tie_and_offers_a_rematch(client, three, save_hole):
    save_hole(three, totals=[5, 5, 9])
    save_hole(three, totals=[2, 2, 1])
    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert "Shared win" in page
    assert "<strong><bdi>Ann</bdi></strong> and <strong><bdi>Bob</bdi></strong> with 7." in page
    assert "Best hole" in page
    url = reverse("scoring:match_rematch", args=[three.pk])
    assert f'href="{url}"' in page
    asked = client.get(url).content.decode()
    assert Match.objects.count() == 1
    response = client.post(url, form_data(asked))
    rematch = Match.objects.exclude(pk=three.pk).get()
    assert response["Location"] == reverse("scoring:hole_new", args=[rematch.pk])
    assert rematch.first_dealer == 1


def test_addresses_only_a_form_posts_to_send_a_reopened_page_on(client, three, save_hole):
    """A phone reloads a page it dropped: the address a form posted to (kept after
    "Check the scores" without the script, say) leads on instead of answering
    "method not allowed", and opening it changes nothing."""
    response = client.get(reverse("scoring:hole_preview", args=[three.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:hole_new", args=[three.pk])
    save_hole(three, totals=[5, 6, 7])
    response = client.get(reverse("scoring:match_rematch", args=[three.pk]))
    assert response.status_code == 200
    assert Match.objects.count() == 1
