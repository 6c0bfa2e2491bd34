"""Every page of the rules reference (and the home page): one heading, a title, a
description and the reference's links; and every id an attribute points at is
there, once, so a screen reader reads the help a field names."""

import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from rules.content.variants import VARIANT_PAGES
from rules.presenters import all_rule_infos
from tests.patterns import first_match

pytestmark = pytest.mark.django_db

TRY = reverse("rules:try")
PRACTICE = reverse("rules:practice")


ALL_PAGES = [
    "home",
    "rules:guide",
    "rules:card_values",
    "rules:try",
    "rules:examples",
    "rules:variants",
    "rules:house_rules",
    "rules:practice",
    "rules:play",
    "rules:faq",
    "rules:strategy",
    "rules:glossary",
]


@pytest.mark.parametrize("name", ALL_PAGES)
def test_every_page_has_one_h1_a_title_a_description_and_the_reference_nav(client, name):
    html = client.get(reverse(name)).content.decode()
    assert html.count("<h1") == 1
    title = first_match(r"<title>(.*?)</title>", html, re.S).group(1)
    assert len(title) > 20
    description = first_match(r'<meta name="description" content="([^"]+)"', html).group(1)
    assert len(description) > 50
    nav = html.split('aria-label="Rules reference"')[1]
    for other in ALL_PAGES[1:]:
        assert f'href="{reverse(other)}"' in nav
    assert "onclick" not in html and "<script>" not in html
    assert "http://" not in html and "https://" not in html


class Page(HTMLParser):
    """Every id of a page and every id its attributes point at."""

    REFERENCES = ("aria-describedby", "aria-labelledby", "aria-controls", "aria-owns")

    def __init__(self, html: str) -> None:
        super().__init__()
        self.ids: list[str] = []
        #: (tag, attribute, id) for every id an attribute refers to.
        self.refs: list[tuple[str, str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.append(attrs["id"])
        for name in self.REFERENCES:
            for ref in (attrs.get(name) or "").split():
                self.refs.append((tag, name, ref))
        if tag == "label" and attrs.get("for"):
            self.refs.append((tag, "for", attrs["for"]))


def rules_pages() -> list[str]:
    """Every page of rules/urls.py (and the home page), with the queries people use."""
    pages = [
        reverse("home"),
        reverse("rules:guide"),
        reverse("rules:card_values"),
        reverse("rules:card_values") + "?jokers=eagle-eye&house_rules=one-eyed-jacks",
        reverse("rules:card_values") + "?variant=nope",
        reverse("rules:card_values") + "?house_rules=knock-penalty",
        TRY,
        TRY + "?grid=8+5+7+%2F+8+3+9",
        TRY + "?grid=8+B+7+%2F+8+3",
        TRY + "?grid=K+K+K+%2F+K+K+3",
        TRY + "?grid=JK+3+4+%2F+5+6+7",
        TRY + "?variant=nope&grid=%25%25",
        TRY + "?grid=" + "K+" * 150,
        TRY + "?variant=ten-card&deck=zsa&house_rules=super-kings",
        reverse("rules:examples"),
        reverse("rules:variants"),
        reverse("rules:house_rules"),
        PRACTICE,
        PRACTICE + "?seed=3&answer=12",
        PRACTICE + "?seed=3&answer=twelve",
        PRACTICE + "?seed=%25%25",
        PRACTICE + "?variant=nope",
        reverse("rules:play"),
        reverse("rules:play") + "?seed=5&rules=nine-card&opponents=3",
        reverse("rules:play") + "?rules=four-card&seed=nope",
        reverse("rules:faq"),
        reverse("rules:strategy"),
        reverse("rules:glossary"),
    ]
    pages += [reverse("rules:variant", args=[page.slug]) for page in VARIANT_PAGES]
    pages += [reverse("rules:house_rule", args=[info.slug]) for info in all_rule_infos()]
    return pages


def test_the_page_list_covers_every_url_of_the_rules_app():
    from rules.urls import urlpatterns

    listed = {urlsplit(page).path for page in rules_pages()}
    for pattern in urlpatterns:
        if "<" in str(pattern.pattern):
            continue  # the detail pages are listed one by one, each slug of the content
        assert reverse(f"rules:{pattern.name}") in listed


def test_every_id_that_rules_pages_point_at_exists(client):
    missing = []
    for url in rules_pages():
        response = client.get(url)
        assert response.status_code == 200, url
        page = Page(response.content.decode())
        duplicated = {i for i in page.ids if page.ids.count(i) > 1}
        assert not duplicated, (url, duplicated)
        missing += [(url, ref) for ref in page.refs if ref[2] not in page.ids]
    assert not missing


@pytest.mark.parametrize("url", [reverse("rules:card_values"), TRY])
def test_the_deck_help_is_shown_where_the_deck_field_points(client, url):
    html = client.get(url).content.decode()
    select = first_match(r'<select name="deck"[^>]*>', html).group(0)
    help_id = first_match(r'aria-describedby="([^"]+)"', select).group(1)
    help_text = first_match(rf'<[^>]+ id="{help_id}"[^>]*>([^<]*)<', html).group(1)
    assert "ZSA deck" in help_text
