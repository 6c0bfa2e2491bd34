"""The try-it scorer: state in the query string, errors next to the card and
numbered under the grid, an empty grid that says what to do, htmx or not."""

import re
from html import unescape as html_unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from scoring.engine import HouseRule, RuleSet, check_grid, score_grid
from tests.patterns import first_match

from .conftest import div_at, text_of

pytestmark = pytest.mark.django_db

URL = reverse("rules:try")


def share_link(html: str) -> str:
    return first_match(r'<a class="share" href="([^"]+)"', html).group(1).replace("&amp;", "&")


def test_first_load_renders_the_breakdown_on_the_server(client):
    html = client.get(URL + "?variant=six-card&grid=8+5+7+%2F+8+3+9").content.decode()
    assert "It scores 24" in text_of(html)
    assert "Column 1: pair of 8s: 0" in text_of(html)
    assert 'aria-label="Column 1: 8 over 8, pair of 8s, 0 points"' in html


def test_house_rules_in_the_query_change_the_score_as_the_engine_says(client):
    grid = "K 3 4 / 5 6 7"
    rules = RuleSet(house_rules=frozenset({HouseRule.SUPER_KINGS}))
    expected = score_grid(check_grid(grid, rules), rules).total
    html = client.get(
        URL, {"variant": "six-card", "grid": grid, "house_rules": "super-kings"}
    ).content.decode()
    assert f"It scores {expected}" in text_of(html)
    assert re.search(r'value="super-kings"[^>]*checked', html)


def test_the_query_string_round_trips_through_the_share_link(client):
    query = {
        "variant": "nine-card",
        "house_rules": ["ten-penny", "blackjack"],
        "grid": "5 3 10 / 5 3 6 / 5 9 9",
    }
    html = client.get(URL, query).content.decode()
    link = share_link(html)
    assert parse_qs(urlsplit(link).query) == {
        "variant": ["nine-card"],
        "house_rules": ["ten-penny", "blackjack"],
        "grid": ["5 3 10 / 5 3 6 / 5 9 9"],
    }
    again = client.get(link).content.decode()
    assert text_of(again).count("It scores") == 1
    assert share_link(again) == link


def test_an_unknown_card_is_named_next_to_it_and_nothing_is_scored(client):
    response = client.get(URL, {"grid": "8 B 7 / 8 3 9"})
    html = response.content.decode()
    assert response.status_code == 200
    slot = first_match(r'<button[^>]*data-row="1" data-column="2"[^>]*>', html).group(0)
    assert "slot--wrong" in slot and 'aria-describedby="slot-1-2-error"' in slot
    error = first_match(r'id="slot-1-2-error">([^<]*)<', html).group(1)
    assert "'B' is not a rank" in html_unescape(error)
    assert "No score yet" in html
    assert 'value="8 B 7 / 8 3 9"' in html  # what was typed is kept


def test_empty_slots_say_so(client):
    html = client.get(URL, {"grid": "8 ? 7 / 8 3"}).content.decode()
    assert "Card 2 of row 1 and card 3 of row 2 are still empty." in text_of(html)


def test_too_many_copies_are_marked_on_every_card_involved(client):
    html = client.get(URL, {"grid": "K K K / K K 3"}).content.decode()
    assert "five kings in this grid, but one deck has four" in text_of(html).lower()
    # Each of the five kings points at the one problem, numbered under the grid.
    assert len(re.findall(r'class="slot[^"]*"[^>]*aria-describedby="grid-problem-1"', html)) == 5
    assert len(re.findall(r"Problem&nbsp;1\b", html)) == 5
    assert 'id="grid-problem-1"' in html


def test_bad_query_strings_get_a_clear_message_not_a_500(client, htmx_client):
    for c in (client, htmx_client):
        response = c.get(URL + "?grid=%%%&variant=nope")
        assert response.status_code == 200
        assert "“nope” is not a variant this site knows" in response.content.decode()


def test_a_jokers_grid_where_jokers_are_not_in_play_is_explained(client):
    html = client.get(URL, {"grid": "JK 3 4 / 5 6 7"}).content.decode()
    assert "jokers are not in play" in html


def test_a_grid_too_long_to_be_real_is_refused_kindly(client):
    response = client.get(URL, {"grid": "K " * 150})
    assert response.status_code == 200
    html = response.content.decode()
    assert "too long to be a Golf grid" in html
    # The grid was refused, not the rules: the page says which.
    assert "This grid could not be read" in html and "Shorten the grid" in html
    assert "These rules could not be read" not in html


def test_rules_that_cannot_be_read_are_named_as_the_rules(client):
    html = client.get(URL, {"variant": "nope", "grid": "8 5 7 / 8 3 9"}).content.decode()
    assert "These rules could not be read" in html
    assert "Change the variant choice in the rules above" in html


def test_htmx_sends_every_error_spot_of_the_form_out_of_band(htmx_client):
    """htmx swaps only the result: the form's error spots come along out of band, so
    a refused choice is marked beside its field, and a fixed one is cleared."""
    html = htmx_client.get(URL, {"deck": "zsa", "jokers": "standard"}).content.decode()
    assert (
        '<p class="field-error" id="id_jokers_error" data-error-for="id_jokers" '
        'hx-swap-oob="true">The ZSA deck has no jokers.</p>'
    ) in html
    assert "Change the jokers choice in the rules above" in html
    for spot in ("grid-error", "id_variant_error", "id_deck_error", "id_house_rules_error"):
        assert re.search(f'id="{spot}"[^>]*hx-swap-oob="true" hidden>', html), spot
    fixed = htmx_client.get(URL, {"deck": "zsa", "grid": "8 5 7 / 8 3 9"}).content.decode()
    assert re.search('id="id_jokers_error"[^>]*hx-swap-oob="true" hidden></p>', fixed)


def test_without_a_grid_the_page_shows_empty_slots_and_no_score(client):
    """What is shown matches the empty field: no made-up grid scored beside it."""
    html = client.get(URL + "?variant=ten-card").content.decode()
    assert "It scores" not in html
    assert len(re.findall(r'<button type="button" class="slot', html)) == 10
    assert "No cards yet" in html and "all ten cards are in" in html


def test_htmx_gets_only_the_result(htmx_client):
    response = htmx_client.get(URL, {"grid": "8 2 K / 8 5 A"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="try-result"')
    assert "<html" not in html and "It scores 4" in html
    # The rules summary above the form follows along, out of band.
    assert '<span id="rules-summary" hx-swap-oob="true">Six-card Golf</span>' in html
    assert "HX-Request" in response["Vary"]


def test_the_form_works_without_javascript(client):
    html = client.get(URL).content.decode()
    form = first_match(r'<form id="try-form"[^>]*>', html).group(0)
    assert 'method="get"' in form and f'action="{URL}"' in form
    assert 'hx-push-url="true"' in form
    # The card-by-card form: one labelled select per slot.
    assert len(re.findall(r'<select name="slot" id="slot-\d-\d">', html)) == 6
    assert 'for="slot-2-3"' in html
    # The tap keys only appear once the script runs.
    assert re.search(r'<div class="keys" data-keys hidden>', html)
    assert re.search(r'<script src="[^"]*js/try.js" defer>', html)
    assert "onclick" not in html and "<script>" not in html


def test_picking_cards_one_by_one_leads_to_the_shareable_grid(client):
    response = client.get(
        URL,
        {
            "variant": "six-card",
            "house_rules": "super-kings",
            "slot": ["K", "2", "", "KD", "5", "JK"],
        },
    )
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query)
    assert query == {
        "variant": ["six-card"],
        "house_rules": ["super-kings"],
        "grid": ["K 2 ? / KD 5 JK"],
    }


def test_the_picked_cards_stay_selected(client):
    html = client.get(URL, {"grid": "KH 2 3 / K 5 6"}).content.decode()
    first = first_match(r'<select name="slot" id="slot-1-1">(.*?)</select>', html, re.S).group(1)
    assert '<option value="KH" selected>' in first
    second = first_match(r'<select name="slot" id="slot-1-2">(.*?)</select>', html, re.S).group(1)
    assert '<option value="2" selected>' in second


def test_htmx_is_told_to_push_the_tidy_shareable_url(htmx_client):
    response = htmx_client.get(
        URL, {"variant": "six-card", "deck": "standard", "jokers": "", "grid": "8  3 7/8 3 9"}
    )
    assert response["HX-Push-Url"] == URL + "?variant=six-card&grid=8+3+7+%2F+8+3+9"


def test_a_hole_rule_in_the_query_is_explained_not_ignored(client):
    response = client.get(URL, {"grid": "8 5 7 / 8 3 9", "house_rules": "knock-penalty"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Knock penalty does not change what this page shows" in html
    # Only the rules that change one grid are offered as boxes.
    assert 'value="knock-penalty"' not in html and 'value="blackjack"' in html


def test_suit_keys_are_offered_only_for_standard_decks(client):
    html = client.get(URL, {"grid": "8 5 7 / 8 3 9"}).content.decode()
    assert re.findall(r'data-suit="([SHDC]?)"', html) == ["", "S", "H", "D", "C"]
    html = client.get(URL, {"deck": "zsa", "grid": "5 X Q / 5 2 4"}).content.decode()
    assert "data-suit" not in html
    assert 'data-rank="X"' in html and 'data-rank="0"' in html


def test_the_reference_nav_marks_the_current_page(client):
    html = client.get(URL).content.decode()
    assert f'<a href="{URL}" aria-current="page">Try a grid</a>' in html


def test_control_characters_are_dropped_not_echoed(client):
    response = client.get(URL + "?grid=8%005+7+%2F+8+3+9")
    html = response.content.decode()
    assert "\x00" not in html
    assert "It scores 24" in html


# -- problems: numbered, under the grid, above the keypad --------------------------------


def test_a_problem_of_several_cards_is_numbered_and_listed_under_the_grid(client):
    html = client.get(URL, {"grid": "K K K / K K 3"}).content.decode()
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
    html = client.get(URL, {"grid": "8 B 7 / 8 3 ZZ"}).content.decode()
    problems = first_match(r'<ol class="problems"[^>]*>(.*?)</ol>', html, re.S).group(1)
    items = re.findall(r'<li id="([^"]+)"[^>]*>([^<]*)</li>', problems)
    assert [i for i, _ in items] == ["slot-1-2-error", "slot-2-3-error"]
    assert "Card 2 of row 1: &#x27;B&#x27; is not a rank" in items[0][1]
    assert "Card 3 of row 2: &#x27;ZZ&#x27; is not a rank" in items[1][1]
    slot = first_match(
        r'<div class="slot-cell">\s*<button[^>]*data-row="2" data-column="3".*?</div>', html, re.S
    )
    assert 'aria-describedby="slot-2-3-error"' in slot.group(0)
    assert "Problem&nbsp;2" in slot.group(0)


def test_empty_slots_of_a_part_filled_grid_are_not_listed_as_problems(client):
    html = client.get(URL, {"grid": "8 ? 7 / 8 3"}).content.decode()
    assert 'class="problems"' not in html and "slot--wrong" not in html
    text = text_of(html)
    assert "No score yet" in text
    assert "Card 2 of row 1 and card 3 of row 2 are still empty." in text


# -- no grid yet -------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["", "?grid=", "?variant=ten-card", "?grid=+%3F+%2F+%3F"])
def test_with_no_grid_the_page_is_empty_and_says_what_to_do(client, query):
    html = client.get(URL + query).content.decode()
    size = 10 if "ten-card" in query else 6
    field = first_match(r'<input type="text"[^>]* name="grid"[^>]*>', html).group(0)
    assert 'value=""' in field or re.search(r'value="[ ?/]*"', field)
    assert html.count('<span class="card card--empty" aria-hidden="true">?</span>') == size
    assert "It scores" not in html and 'class="scored-grid"' not in html
    assert "slot--wrong" not in html and 'class="problems"' not in html
    assert "no card here yet" not in html.lower()
    hint = re.search(r'<p id="try-empty"[^>]*>(.*?)</p>', html, re.S)
    assert hint and "No cards yet" in text_of(hint.group(1))


def test_the_empty_page_offers_an_example_that_fills_the_field(client):
    html = client.get(URL + "?variant=nine-card").content.decode()
    link = first_match(r'<a href="([^"]+)"[^>]*>Start from an example grid</a>', html).group(1)
    link = link.replace("&amp;", "&")
    grid = parse_qs(urlsplit(link).query)["grid"][0]
    assert parse_qs(urlsplit(link).query)["variant"] == ["nine-card"]
    shown = client.get(link).content.decode()
    assert f'value="{grid}"' in shown  # what is typed is what is scored
    rules = RuleSet.from_dict({"variant": "nine-card"})
    assert f"It scores {score_grid(check_grid(grid, rules), rules).total}" in text_of(shown)


def test_an_empty_grid_offers_a_link_to_the_rules_only(client):
    text = text_of(client.get(URL, {"variant": "ten-card"}).content.decode())
    assert "Link to this grid" not in text
    assert "Link to these rules" in text
    typed = text_of(client.get(URL, {"grid": "8 5 7 / 8 3 9"}).content.decode())
    assert "Link to this grid and these rules" in typed


def test_a_one_eyed_jack_without_its_suit_is_asked_about_beside_its_slot(client):
    html = client.get(
        URL, {"variant": "six-card", "grid": "8 5 7 / 3 J 9", "house_rules": "one-eyed-jacks"}
    ).content.decode()
    assert 'aria-describedby="slot-2-2-error"' in html
    listed = first_match(r'<li id="slot-2-2-error">(.*?)</li>', html).group(1)
    assert listed.startswith("Card 2 of row 2: which jack?")
    assert "its suit decides its value" in listed
    assert "It scores" not in text_of(html)
