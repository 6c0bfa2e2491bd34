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
    """(HTML + CSS, everything) compressed sizes of the page at ``url``."""
    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content
    first_paint = compressed(html)
    total = first_paint
    for path in ASSET.findall(html.decode()):
        found = finders.find(path.removeprefix("/static/"))
        assert found, f"{url} loads {path}, which does not exist"
        with open(found, "rb") as asset:
            size = compressed(asset.read())
        total += size
        if path.endswith(".css"):
            first_paint += size
    return first_paint, total


PAGES = [reverse("home"), reverse("rules:guide")]


@pytest.mark.parametrize("url", PAGES)
def test_page_weight_within_budget(client, url):
    first_paint, total = weigh(client, url)
    assert first_paint <= FIRST_PAINT_BUDGET, f"{url}: HTML+CSS {first_paint} bytes compressed"
    assert total <= TOTAL_BUDGET, f"{url}: {total} bytes compressed with its assets"


def test_the_weigher_counts_assets(client):
    first_paint, total = weigh(client, reverse("home"))
    assert total - first_paint > 10_000  # htmx alone is more than that compressed
