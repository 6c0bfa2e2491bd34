"""Practice, FAQ, strategy and glossary pages."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from scoring.engine import VARIANTS, HouseRule, RuleSet, score_grid
from scoring.engine.deal import deal_grid
from tests.patterns import first_match

from .conftest import div_at, page_text, text_of

pytestmark = pytest.mark.django_db

URL = reverse("rules:practice")


def practice_score(seed, rules=None):
    rules = rules or RuleSet()
    from rules.presenters import PRACTICE_PAIR_CHANCE

    return score_grid(deal_grid(rules, seed=seed, pair_chance=PRACTICE_PAIR_CHANCE), rules).total


def test_practice_deals_a_grid_to_score_without_an_account(client):
    html = client.get(URL).content.decode()
    assert len(re.findall(r'<span role="listitem">', html)) == 6
    assert 'name="answer"' in html
    seed = first_match(r'name="seed" value="(\d+)"', html).group(1)
    assert "Practice grid: Six-card Golf" in text_of(html)
    assert f"seed={seed}" in html  # a link deals the same grid again
    # The total is not given away before answering.
    assert "Total:" not in html


def test_a_right_answer_is_confirmed_with_the_breakdown(client):
    total = practice_score(42)
    html = client.get(URL, {"seed": 42, "answer": str(total)}).content.decode()
    assert f"Right: this grid scores {total}".replace("-", "−") in text_of(html)
    assert "Total:" in text_of(html)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_wrong_answer_is_tried_again_against_the_same_grid(client, htmx):
    """The grid stays, what was typed stays in the box (which takes the focus), and
    the total is kept back: no breakdown, no score."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    total = practice_score(42)
    html = client.get(URL, {"seed": 42, "answer": str(total + 3)}, **headers).content.decode()
    assert f"Not right yet: you said {total + 3}".replace("-", "−") in text_of(html)
    assert len(re.findall(r'<span role="listitem">', html)) == 6
    assert f'value="{total + 3}"' in html
    assert first_match(r'<input type="text" name="answer"[^>]*>', html).group(0).count("autofocus")
    assert 'aria-describedby="answer-help answer-verdict"' in html
    assert "Total:" not in text_of(html)
    assert f"scores {total}".replace("-", "−") not in text_of(html)
    # The answer is one button away, under the same rules and grid.
    assert "Show me the answer" in html


@pytest.mark.parametrize("htmx", [False, True])
def test_show_me_the_answer_gives_the_breakdown_with_the_grid(client, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    total = practice_score(42)
    html = client.get(
        URL, {"seed": 42, "answer": str(total + 3), "reveal": "1"}, **headers
    ).content.decode()
    said = f"This grid scores {total}; you said {total + 3}.".replace("-", "−")
    assert said in text_of(html)
    assert len(re.findall(r'<span role="listitem">', html)) == 6
    assert f"Total: {total}".replace("-", "−") in text_of(html)
    assert "Show me the answer" not in html


def test_the_answer_can_be_shown_without_a_total(client):
    total = practice_score(42)
    html = client.get(URL, {"seed": 42, "answer": "", "reveal": "1"}).content.decode()
    assert f"This grid scores {total}.".replace("-", "−") in text_of(html)
    assert "Type your total first" not in text_of(html)


def test_a_real_minus_sign_is_read_as_minus(client):
    rules = RuleSet(house_rules=frozenset({HouseRule.SUPER_KINGS}))
    seed = next(s for s in range(500) if practice_score(s, rules) < 0)
    total = practice_score(seed, rules)
    html = client.get(
        URL, {"seed": seed, "answer": f"−{-total}", "house_rules": "super-kings"}
    ).content.decode()
    assert "Right:" in html


def test_the_same_seed_deals_the_same_grid_so_the_link_can_be_shared(client):
    first = client.get(URL, {"seed": 7}).content.decode()
    second = client.get(URL, {"seed": 7}).content.decode()
    grid = r'<div class="plain-grid.*?</div>'
    assert first_match(grid, first, re.S).group(0) == first_match(grid, second, re.S).group(0)


def test_practice_follows_the_chosen_variant(client):
    html = client.get(URL, {"variant": "nine-card", "seed": 3}).content.decode()
    assert len(re.findall(r'<span role="listitem">', html)) == 9


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"seed": 1, "answer": "twelve"}, "Type the total as a whole number"),
        ({"variant": "nope"}, "“nope” is not a variant this site knows"),
        ({"seed": "%%%"}, "here is a new grid"),
    ],
)
def test_bad_input_is_answered_in_words(client, htmx_client, query, message):
    for c in (client, htmx_client):
        response = c.get(URL, query)
        assert response.status_code == 200
        assert message in response.content.decode()


def test_htmx_gets_only_the_practice_section(htmx_client):
    response = htmx_client.get(URL, {"seed": 42, "answer": "0"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="practice"')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_deal_another_links_to_a_new_seed(client):
    html = client.get(URL, {"seed": 42}).content.decode()
    link = first_match(r'href="([^"]*)">Deal another grid', html).group(1)
    assert "seed=" in link and "seed=42&" not in link + "&"


def test_faq_answers_with_the_engines_numbers(client):
    text = text_of(client.get(reverse("rules:faq")).content.decode())
    rules = RuleSet()
    from scoring.engine import Card, Rank

    assert f"Both are worth {rules.value(Card(Rank.JACK))}" in text
    assert "keeps its −4" in text
    assert "May I look at my face-down cards?" in text
    assert "What if the stock runs out?" in text


def test_strategy_covers_the_main_habits(client):
    text = text_of(client.get(reverse("rules:strategy")).content.decode())
    for heading in (
        "Keep twos apart",
        "Kings are safe anywhere",
        "Read the discard pile",
        "When to go out",
    ):
        assert heading in text
    assert "Twos paired: 18" in text and "Twos apart: 14" in text


def test_glossary_defines_the_words_of_the_game(client):
    text = text_of(client.get(reverse("rules:glossary")).content.decode())
    for word in ("Hole", "Stock", "Discard pile", "Going out", "Knock", "Layout"):
        assert f" {word} " in text


def test_the_practice_heading_is_words_and_the_seed_stays_in_the_link(client):
    html = client.get(URL, {"seed": 83742, "house_rules": "super-kings"}).content.decode()
    heading = first_match(r'<h2 id="practice-title">(.*?)</h2>', html, re.S).group(1)
    assert "83742" not in heading and not re.search(r"\d{3}", heading)
    assert text_of(heading).strip() == "Practice grid: Six-card Golf, Super Kings"
    link = first_match(r'<a class="share" href="([^"]+)">', html).group(1).replace("&amp;", "&")
    assert parse_qs(urlsplit(link).query) == {
        "house_rules": ["super-kings"],
        "seed": ["83742"],
        "variant": ["six-card"],
    }
    # The link deals the very same cards.
    grid = div_at(html, '<div class="plain-grid')
    assert div_at(client.get(link).content.decode(), '<div class="plain-grid') == grid


def test_a_practice_seed_that_cannot_be_read_is_explained(client):
    html = client.get(URL, {"seed": "%%%"}).content.decode()
    assert "That practice grid’s number is not valid; here is a new grid." in html or (
        "That practice grid&#x27;s number is not valid; here is a new grid." in html
    )


@pytest.mark.parametrize("htmx", [False, True])
def test_checking_an_empty_total_says_what_to_do(client, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    html = client.get(URL, {"seed": "3", "answer": ""}, **headers).content.decode()
    assert 'id="answer-error"' in html
    assert "Type your total first" in text_of(html)
    assert 'aria-describedby="answer-help answer-error"' in html
    # The grid is still there to add up.
    assert "The dealt grid, row by row" in html


def test_a_fresh_practice_grid_shows_no_error(client):
    html = client.get(URL, {"seed": "3"}).content.decode()
    assert "answer-error" not in html
    assert "Type your total first" not in html


def test_the_faq_names_every_variant_that_needs_two_decks(client):
    text = page_text(client, reverse("rules:faq"))
    two = [v.name for v in VARIANTS.values() if v.decks_small_table > 1]
    assert two == ["Eight-card Golf", "Nine-card Golf", "Ten-card Golf"]
    assert "Eight-, nine- and ten-card Golf need two decks from the start" in text


def test_the_glossary_gives_grid_and_layout_one_meaning_each(client):
    html = client.get(reverse("rules:glossary")).content.decode()
    grid = first_match(r'<dt id="grid">Grid</dt><dd>(.*?)</dd>', html).group(1)
    layout = first_match(r'<dt id="layout">Layout</dt><dd>(.*?)</dd>', html).group(1)
    assert "also called the layout" not in grid
    assert "shape" in grid and layout.startswith("The shape of a grid")
