"""Fixes from the phone review of the rules pages: the twos sentence of the guide,
where the try page lists problems, the try page with no grid, help ids that
aria-describedby points at, and the practice heading."""

import re
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from rules.content.variants import VARIANT_PAGES
from rules.presenters import all_rule_infos
from scoring.engine import Card, Rank, RuleSet, check_grid, score_grid

from .conftest import text_of

pytestmark = pytest.mark.django_db

TRY = reverse("rules:try")
PRACTICE = reverse("rules:practice")


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


def div_at(html: str, start: str) -> str:
    """The ``<div>`` that begins at ``start``, up to its own closing tag."""
    begin = html.index(start)
    depth = 0
    for tag in re.finditer(r"<div\b|</div>", html[begin:]):
        depth += -1 if tag.group(0) == "</div>" else 1
        if depth == 0:
            return html[begin : begin + tag.end()]
    raise AssertionError(f"{start} is never closed")


def section_text(html: str, start: str, end: str) -> str:
    return text_of(html.split(start, 1)[1].split(end, 1)[0])


# -- 1. The guide's twos ------------------------------------------------------------


def test_the_guide_says_each_two_takes_its_value_off_its_own_column(client):
    html = client.get(reverse("rules:guide")).content.decode()
    text = section_text(html, "Why twos are better apart", "</section>")
    assert "take 1 and 3 off" not in text
    rules = RuleSet()
    two = rules.value(Card(Rank.TWO))
    apart = score_grid(check_grid("2 2 4 / 3 5 6", rules), rules)
    paired = score_grid(check_grid("2 3 4 / 2 5 6", rules), rules)
    assert f"each two takes {-two} off its own column" in text
    # The columns the twos sit in, as the engine works them out (with real minus signs).
    for column in apart.columns[:2]:
        assert column.values[0] == two
        assert column.reason.replace("-", "\u2212") in text
    assert f"{paired.total} with the twos paired" in text
    assert f"{apart.total} with them apart" in text


# -- 2. Problems of the try page: numbered, under the grid, above the keypad ---------


def test_a_problem_of_several_cards_is_numbered_and_listed_under_the_grid(client):
    html = client.get(TRY, {"grid": "K K K / K K 3"}).content.decode()
    editor = div_at(html, '<div class="editor')
    assert "row-errors" not in html and "see problem" not in html
    assert "<ul" not in editor and "<li" not in editor  # nothing between the rows
    problems = re.search(r'<ol class="problems"[^>]*>(.*?)</ol>', html, re.S)
    assert problems, "the problems are listed in a numbered list"
    # Right under the grid, above the keypad.
    after_grid = html.split(editor, 1)[1].lstrip()
    assert after_grid.startswith('<ol class="problems"')
    assert html.index('class="problems"') < html.index("data-keys")
    items = re.findall(r'<li id="([^"]+)"[^>]*>([^<]*)</li>', problems.group(1))
    assert [(i, m) for i, m in items] == [
        ("grid-problem-1", "Five kings in this grid, but one deck has four.")
    ]
    slots = re.findall(r'<button type="button" class="slot[^>]*>', html)
    described = [s for s in slots if 'aria-describedby="grid-problem-1"' in s]
    assert len(described) == 5
    assert html.count('<span class="slot__mark" aria-hidden="true">Problem&nbsp;1</span>') == 5


def test_a_problem_of_one_card_is_numbered_too_and_the_slot_names_its_number(client):
    html = client.get(TRY, {"grid": "8 B 7 / 8 3 ZZ"}).content.decode()
    problems = re.search(r'<ol class="problems"[^>]*>(.*?)</ol>', html, re.S).group(1)
    items = re.findall(r'<li id="([^"]+)"[^>]*>([^<]*)</li>', problems)
    assert [i for i, _ in items] == ["slot-1-2-error", "slot-2-3-error"]
    assert "Card 2 of row 1: &#x27;B&#x27; is not a rank" in items[0][1]
    assert "Card 3 of row 2: &#x27;ZZ&#x27; is not a rank" in items[1][1]
    slot = re.search(
        r'<div class="slot-cell">\s*<button[^>]*data-row="2" data-column="3".*?</div>', html, re.S
    )
    assert 'aria-describedby="slot-2-3-error"' in slot.group(0)
    assert "Problem&nbsp;2" in slot.group(0)


def test_empty_slots_of_a_part_filled_grid_are_not_listed_as_problems(client):
    html = client.get(TRY, {"grid": "8 ? 7 / 8 3"}).content.decode()
    assert 'class="problems"' not in html and "slot--wrong" not in html
    text = text_of(html)
    assert "No score yet" in text
    assert "Card 2 of row 1 and card 3 of row 2 are still empty." in text


# -- 3. The try page with no grid -----------------------------------------------------


@pytest.mark.parametrize("query", ["", "?grid=", "?variant=ten-card", "?grid=+%3F+%2F+%3F"])
def test_with_no_grid_the_page_is_empty_and_says_what_to_do(client, query):
    html = client.get(TRY + query).content.decode()
    size = 10 if "ten-card" in query else 6
    field = re.search(r'<input type="text"[^>]* name="grid"[^>]*>', html).group(0)
    assert 'value=""' in field or re.search(r'value="[ ?/]*"', field)
    assert html.count('<span class="card card--empty" aria-hidden="true">?</span>') == size
    assert "It scores" not in html and 'class="scored-grid"' not in html
    assert "slot--wrong" not in html and 'class="problems"' not in html
    assert "no card here yet" not in html.lower()
    hint = re.search(r'<p id="try-empty"[^>]*>(.*?)</p>', html, re.S)
    assert hint and "No cards yet" in text_of(hint.group(1))


def test_the_empty_page_offers_an_example_that_fills_the_field(client):
    html = client.get(TRY + "?variant=nine-card").content.decode()
    link = re.search(r'<a href="([^"]+)"[^>]*>Start from an example grid</a>', html).group(1)
    link = link.replace("&amp;", "&")
    grid = parse_qs(urlsplit(link).query)["grid"][0]
    assert parse_qs(urlsplit(link).query)["variant"] == ["nine-card"]
    shown = client.get(link).content.decode()
    assert f'value="{grid}"' in shown  # what is typed is what is scored
    rules = RuleSet.from_dict({"variant": "nine-card"})
    assert f"It scores {score_grid(check_grid(grid, rules), rules).total}" in text_of(shown)


# -- 4. Every id an attribute points at exists -------------------------------------------


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
    select = re.search(r'<select name="deck"[^>]*>', html).group(0)
    help_id = re.search(r'aria-describedby="([^"]+)"', select).group(1)
    help_text = re.search(rf'<[^>]+ id="{help_id}"[^>]*>([^<]*)<', html).group(1)
    assert "ZSA deck" in help_text


# -- 5. The practice heading -------------------------------------------------------------


def test_the_practice_heading_is_words_and_the_seed_stays_in_the_link(client):
    html = client.get(PRACTICE, {"seed": 83742, "house_rules": "super-kings"}).content.decode()
    heading = re.search(r'<h2 id="practice-title">(.*?)</h2>', html, re.S).group(1)
    assert "83742" not in heading and not re.search(r"\d{3}", heading)
    assert text_of(heading).strip() == "Practice grid: Six-card Golf, Super Kings"
    link = re.search(r'<a class="share" href="([^"]+)">', html).group(1).replace("&amp;", "&")
    assert parse_qs(urlsplit(link).query) == {
        "house_rules": ["super-kings"],
        "seed": ["83742"],
        "variant": ["six-card"],
    }
    # The link deals the very same cards.
    grid = div_at(html, '<div class="plain-grid')
    assert div_at(client.get(link).content.decode(), '<div class="plain-grid') == grid


def test_a_practice_seed_that_cannot_be_read_is_explained(client):
    html = client.get(PRACTICE, {"seed": "%%%"}).content.decode()
    assert "That practice grid’s number is not valid; here is a new grid." in html or (
        "That practice grid&#x27;s number is not valid; here is a new grid." in html
    )
