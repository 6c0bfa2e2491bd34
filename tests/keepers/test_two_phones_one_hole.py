"""Two keeper phones, the one that started the match and one that joined it, saving
the same hole: it is stored once, and the second phone is told the other got there
first. The save path is the one every phone uses (one-time form tokens, the next
hole's number checked under the match's row lock)."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.urls import reverse

from scoring import services
from scoring.engine import RuleSet
from scoring.models import Hole
from scoring.views.access import PHONE_KEY
from tests.at_once import postgres_only
from tests.factories import MatchFactory
from tests.holes.test_saved_at_once import CONFLICT, Phone
from tests.keepers.helpers import join
from tests.patterns import first_match
from tests.scoresheet import session_owning


def _form(client, match):
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    return first_match(r'name="token" value="([0-9a-f-]+)"', page).group(1)


@pytest.mark.django_db
def test_the_second_phone_to_save_a_hole_is_told_and_stores_nothing(client, three, phone):
    join(phone, three)
    first, second = _form(client, three), _form(phone, three)
    url = reverse("scoring:hole_new", args=[three.pk])
    data = {"number": "1", "kind": "totals", "went_out": ""}
    saved = client.post(url, {**data, "token": first, "total_0": 1, "total_1": 2, "total_2": 3})
    assert saved.status_code == 302
    late = phone.post(url, {**data, "token": second, "total_0": 7, "total_1": 8, "total_2": 9})
    assert late.status_code == 200
    assert "Hole 1 was already saved from another phone" in late.content.decode()
    hole = Hole.objects.get(match=three)
    assert str(hole.token) == first
    assert list(hole.scores.order_by("seat").values_list("grid_score", flat=True)) == [1, 2, 3]


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_phones_racing_for_the_same_hole_store_it_once(live_server_settled):  # noqa: F811
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    joined = SessionStore()
    joined[PHONE_KEY] = "the-phone-that-joined"
    joined.save()
    services.match_join(match=match, phone="the-phone-that-joined")
    keys = [session_owning(match), joined.session_key]
    phones = [Phone(live_server_settled.url, key, match.pk, n) for n, key in enumerate(keys)]
    forms = [phone.open_form() for phone in phones]
    start = threading.Barrier(len(phones))

    def race(n: int):
        form = forms[n]
        assert form is not None
        start.wait()
        return phones[n].save(*form, (n, 10 + n))

    with ThreadPoolExecutor(len(phones)) as pool:
        attempts = list(pool.map(race, range(len(phones))))
    winners = [a for a in attempts if a.accepted]
    assert len(winners) == 1
    (loser,) = [a for a in attempts if not a.accepted]
    assert CONFLICT in loser.told
    assert Hole.objects.filter(match=match).count() == 1
    assert str(Hole.objects.get(match=match).token) == winners[0].token
