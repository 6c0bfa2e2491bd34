"""Page weight budgets (issue "Performance"): every page with everything it loads
is at most 60 KB compressed, and the HTML plus its CSS (what the first paint
needs) at most 14 KB compressed, one TCP initial window."""

import gzip
import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db

TOTAL_BUDGET = 60 * 1024
FIRST_PAINT_BUDGET = 14 * 1024

ASSET = re.compile(r'<(?:link|script|img)\b[^>]*?(?:href|src)="(/static/[^"]+)"', re.I)


def compressed(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def weigh(client, url):
    """(HTML + CSS, everything) compressed sizes of the page at ``url``: the page as
    the server sends it to a browser that accepts gzip, its assets compressed as
    whitenoise serves them."""
    response = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert response.status_code == 200, url
    assert response["Content-Encoding"] == "gzip", f"{url} is sent uncompressed"
    first_paint = len(response.content)
    total = first_paint
    html = gzip.decompress(response.content).decode()
    for path in ASSET.findall(html):
        found = finders.find(path.removeprefix("/static/"))
        assert found, f"{url} loads {path}, which does not exist"
        with open(found, "rb") as asset:
            size = compressed(asset.read())
        total += size
        if path.endswith(".css"):
            first_paint += size
    return first_paint, total


PAGES = [
    reverse("home"),
    reverse("rules:guide"),
    reverse("rules:card_values"),
    reverse("rules:try") + "?variant=six-card&grid=8+5+7+%2F+8+3+9",
    reverse("rules:examples"),
    reverse("rules:variants"),
    reverse("rules:variant", args=["nine-card"]),
    reverse("rules:house_rules"),
    reverse("rules:house_rule", args=["knock-penalty"]),
    reverse("rules:practice"),
    reverse("rules:faq"),
    reverse("rules:strategy"),
    reverse("rules:glossary"),
    reverse("scoring:match_new"),
    reverse("login"),
    reverse("signup"),
]


def make_match_pages(client):
    """A finished 8-player, 18-hole match owned by ``client``'s session: the largest
    scoreboard, and the hole pages of a match in play."""
    from scoring.views.access import SESSION_KEY
    from tests.factories import eight_player_match

    full = eight_player_match(played=18)
    playing = eight_player_match(played=1)
    session = client.session
    session[SESSION_KEY] = [full.pk, playing.pk]
    session.save()
    return [
        reverse("scoring:match_detail", args=[full.pk]),
        reverse("scoring:hole_detail", args=[full.pk, 18]),
        reverse("scoring:match_detail", args=[playing.pk]),
        reverse("scoring:hole_new", args=[playing.pk]),
        reverse("scoring:match_shared", args=[full.share_token]),
    ]


def test_match_pages_within_budget(client):
    for url in make_match_pages(client):
        first_paint, total = weigh(client, url)
        assert first_paint <= FIRST_PAINT_BUDGET, f"{url}: HTML+CSS {first_paint} bytes"
        assert total <= TOTAL_BUDGET, f"{url}: {total} bytes with its assets"


@pytest.mark.parametrize("url", PAGES)
def test_page_weight_within_budget(client, url):
    first_paint, total = weigh(client, url)
    assert first_paint <= FIRST_PAINT_BUDGET, f"{url}: HTML+CSS {first_paint} bytes compressed"
    assert total <= TOTAL_BUDGET, f"{url}: {total} bytes compressed with its assets"


def test_a_page_arrives_compressed_and_reads_the_same(client):
    url = reverse("rules:guide")
    plain = client.get(url).content
    sent = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert sent["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in sent["Vary"]
    assert len(sent.content) * 3 < len(plain)
    # The same page but for its CSRF token, masked afresh for every answer.
    token = re.compile(rb"[A-Za-z0-9]{64}")
    assert token.sub(b"", gzip.decompress(sent.content)) == token.sub(b"", plain)


def test_the_weigher_counts_assets(client):
    first_paint, total = weigh(client, reverse("home"))
    assert total - first_paint > 10_000  # htmx alone is more than that compressed
