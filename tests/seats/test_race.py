"""Many phones writing the table's draft of one hole at the same moment, through
the site as phones do (a live server, a database connection per request), on
PostgreSQL: eight seats saving their cards at once lose none, and two phones
confirming the hole at once store it once. (On SQLite the test database is one
connection shared by every server thread; see tests/holes/test_saved_at_once.py.)"""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.contrib.sessions.backends.db import SessionStore
from django.urls import reverse

from scoring import services
from scoring.engine import RuleSet
from scoring.models import Hole, SeatDraft
from scoring.views.access import PHONE_KEY
from tests.at_once import postgres_only
from tests.factories import MatchFactory
from tests.patterns import first_match
from tests.tables import EIGHT_PLAYERS

pytestmark = [postgres_only, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


class Phone:
    """A phone that joined the match: its own session, with its own CSRF cookie."""

    def __init__(self, base: str, match, n: int) -> None:
        store = SessionStore()
        store[PHONE_KEY] = f"phone-{n}"
        store.save()
        services.match_join(match=match, phone=f"phone-{n}")
        self.http = requests.Session()
        self.http.cookies.set("sessionid", store.session_key)
        self.base, self.match = base, match

    def page(self, url: str) -> str:
        answer = self.http.get(self.base + url, timeout=30)
        assert answer.status_code == 200, answer.status_code
        return answer.text

    def post(self, url: str, data: dict[str, str], page: str) -> requests.Response:
        csrf = first_match(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        data = {"csrfmiddlewaretoken": csrf, **data}
        answer = self.http.post(self.base + url, data, allow_redirects=False, timeout=30)
        assert answer.status_code in (200, 302), answer.status_code
        return answer


def test_eight_seats_saving_at_once_lose_nothing(live_server_settled):  # noqa: F811
    match = MatchFactory.create(players=NAMES, rules=RuleSet(holes=9).to_dict())
    phones = [Phone(live_server_settled.url, match, n) for n in range(8)]
    urls = [reverse("scoring:hole_seat", args=[match.pk, 1, n]) for n in range(8)]
    pages = [phone.page(url) for phone, url in zip(phones, urls, strict=True)]
    start = threading.Barrier(len(phones))

    def save(n: int) -> requests.Response:
        start.wait()
        data = {"number": "1", f"grid_{n}": EIGHT_PLAYERS[n], "mine": "on"}
        return phones[n].post(urls[n], data, pages[n])

    with ThreadPoolExecutor(len(phones)) as pool:
        answers = list(pool.map(save, range(len(phones))))

    assert all(answer.status_code == 302 for answer in answers)
    stored = dict(SeatDraft.objects.values_list("player__seat", "grid"))
    assert stored == {n: EIGHT_PLAYERS[n] for n in range(8)}
    assert set(SeatDraft.objects.values_list("phone", flat=True)) == {
        f"phone-{n}" for n in range(8)
    }
    assert not Hole.objects.exists()


def test_two_phones_confirming_at_once_store_the_hole_once(live_server_settled):  # noqa: F811
    match = MatchFactory.create(players=NAMES[:4], rules=RuleSet(holes=9).to_dict())
    for player in match.players.all():
        services.seat_draft_save(
            match=match, number=1, player=player, grid=EIGHT_PLAYERS[player.seat]
        )
    phones = [Phone(live_server_settled.url, match, n) for n in range(2)]
    url = reverse("scoring:hole_seats", args=[match.pk, 1])
    pages = [phone.page(url) for phone in phones]
    start = threading.Barrier(len(phones))

    def confirm(n: int) -> requests.Response:
        page = pages[n]
        data = {
            "token": first_match(r'name="token" value="([0-9a-f-]+)"', page).group(1),
            "seen": first_match(r'name="seen" value="([0-9a-f]+)"', page).group(1),
            "went_out": "",
        }
        start.wait()
        return phones[n].post(url, data, page)

    with ThreadPoolExecutor(len(phones)) as pool:
        answers = list(pool.map(confirm, range(len(phones))))

    # Both go on to the scoreboard: one saved the hole, the other is told it is saved.
    assert [answer.status_code for answer in answers] == [302, 302]
    hole = Hole.objects.get(match=match)
    assert hole.scores.count() == 4
    assert not SeatDraft.objects.exists()
