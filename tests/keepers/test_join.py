"""The join link: opening it asks first, its button makes the phone a keeper, and a
link that is wrong, replaced or tried too often lets nobody in."""

import pytest
from django.urls import reverse

from golfsite import ratelimit
from scoring import services
from scoring.models import MatchKeeper
from scoring.views.access import PHONE_KEY
from scoring.views.keepers import JOIN_PER_ADDRESS
from tests.factories import MatchFactory
from tests.keepers.helpers import join, join_url
from tests.patterns import visible_text
from tests.security.test_isolated_names import ARABIC, HEBREW, assert_every_name_isolated

pytestmark = pytest.mark.django_db


def test_opening_the_link_asks_first_and_changes_nothing(three, phone):
    page = phone.get(join_url(three))
    assert page.status_code == 200
    text = visible_text(page.content.decode())
    assert "Keep the score on this phone?" in text
    assert "Ann, Bob, Cy" in text
    assert "Join and keep the score" in text
    assert not MatchKeeper.objects.exists()
    assert PHONE_KEY not in phone.session
    assert phone.get(three.get_absolute_url()).status_code == 404


def test_joining_makes_the_phone_a_keeper_that_its_session_remembers(three, phone):
    response = phone.post(join_url(three), follow=True)
    assert response.redirect_chain == [(three.get_absolute_url(), 302)]
    assert "This phone keeps the score of this match now" in response.content.decode()
    keeper = MatchKeeper.objects.get()
    assert keeper.match == three
    assert keeper.phone == phone.session[PHONE_KEY]
    assert len(keeper.phone) >= 32
    # The session, not the address: the same phone comes back to it later.
    assert phone.get(reverse("scoring:hole_new", args=[three.pk])).status_code == 200
    assert three.get_absolute_url() in phone.get(reverse("scoring:match_list")).content.decode()


def test_joining_again_or_as_a_keeper_adds_no_second_row(client, three, phone):
    join(phone, three)
    assert phone.post(join_url(three)).status_code == 302
    assert MatchKeeper.objects.count() == 1
    # The phone that started it keeps it already.
    again = client.post(join_url(three), follow=True)
    assert "This phone already keeps the score of this match." in again.content.decode()
    assert MatchKeeper.objects.count() == 1
    # ... and opening the link just goes to the match.
    assert client.get(join_url(three))["Location"] == three.get_absolute_url()


def test_one_phone_id_serves_every_match_it_joins(three, phone):
    other = MatchFactory.create(players=["Di", "Ed"])
    join(phone, three)
    join(phone, other)
    assert MatchKeeper.objects.values("phone").distinct().count() == 1
    assert phone.get(other.get_absolute_url()).status_code == 200


def test_a_wrong_link_is_not_found(three, phone):
    response = phone.get(reverse("scoring:match_join", args=["not-a-real-token"]))
    assert response.status_code == 404
    assert phone.post(reverse("scoring:match_join", args=["x" * 32])).status_code == 404
    assert not MatchKeeper.objects.exists()


def test_the_share_token_is_no_join_link(three, phone):
    assert phone.post(reverse("scoring:match_join", args=[three.share_token])).status_code == 404
    assert not MatchKeeper.objects.exists()


def test_a_replaced_link_says_so_and_lets_nobody_in(three, phone):
    old = join_url(three)
    services.match_join_replace(match=three)
    page = phone.get(old)
    assert page.status_code == 410
    text = page.content.decode()
    assert "This join link was replaced" in text
    assert "Ask a phone that keeps the score" in text
    assert phone.post(old).status_code == 410
    assert not MatchKeeper.objects.exists()
    assert phone.get(three.get_absolute_url()).status_code == 404
    # The new link works.
    three.refresh_from_db()
    join(phone, three)


def test_join_attempts_are_limited_per_address(three, phone):
    wrong = reverse("scoring:match_join", args=["guess"])
    for _ in range(JOIN_PER_ADDRESS.attempts):
        assert phone.get(wrong).status_code == 404
    refused = phone.post(join_url(three))
    assert refused.status_code == 429
    assert "Too many tries to join a match from your connection" in refused.content.decode()
    assert not MatchKeeper.objects.exists()
    # Another address is not stopped.
    other = phone.get(join_url(three), REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 200
    ratelimit.forget_everything()
    join(phone, three)


def test_the_join_page_isolates_each_name(phone):
    match = MatchFactory.create(players=[HEBREW, ARABIC, "Ann"])
    page = phone.get(join_url(match)).content.decode()
    for name in (HEBREW, ARABIC):
        assert assert_every_name_isolated(page, name) == 1
