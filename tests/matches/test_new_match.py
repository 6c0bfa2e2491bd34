"""The new-match page: each option explained from the engine, the players seated
and the match kept by this browser, presets, a name typed twice marked on its box,
and the first dealer's list naming the players (in a group too)."""

import re

import pytest
from django.urls import reverse

from groups.forms import GroupMatchForm
from scoring.engine import HouseRule, RuleSet
from scoring.forms import SAME_NAME, MatchForm
from scoring.models import Match
from scoring.views.access import SESSION_KEY
from tests.factories import new_match_form
from tests.groups.factories import GroupFactory, RosterPlayerFactory, UserFactory
from tests.patterns import first_match
from tests.scoresheet import NEW_MATCH, checked

pytestmark = pytest.mark.django_db


def dealer_options(page):
    """The first dealer's options as (value, text), in order."""
    select = first_match(r'<select name="first_dealer".*?</select>', page, re.S).group(0)
    return re.findall(r'<option value="(\d+)"[^>]*>([^<]*)</option>', select)


def field_item(page, name):
    """The list item of the new-match form holding the name box ``name``."""
    start = page.rindex("<li>", 0, page.index(f'name="{name}"'))
    return page[start : page.index("</li>", start)]


def test_new_match_page_explains_each_option_from_the_engine(client):
    page = client.get(reverse("scoring:match_new")).content.decode()
    assert "<h1>New match</h1>" in page
    assert RuleSet().variant_info.summary in page
    assert HouseRule.SUPER_KINGS.summary in page
    assert "Party set" in page  # a preset
    assert "Whoever discards a drawn card must also turn up one face-down card." in page


def test_new_match_links_each_variant_and_house_rule_to_its_rules_page(client):
    from scoring.engine import VARIANTS

    html = client.get(reverse("scoring:match_new")).content.decode()
    for slug in VARIANTS:
        assert f'href="{reverse("rules:variant", args=[slug])}"' in html
    for rule in HouseRule:
        assert f'href="{reverse("rules:house_rule", args=[rule.slug])}"' in html
    # ...and each of those pages exists.
    assert client.get(reverse("rules:house_rule", args=["tied-shame"])).status_code == 200


def test_starting_a_match_seats_players_and_keeps_it_in_this_browser(client):
    response = client.post(reverse("scoring:match_new"), NEW_MATCH)
    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:hole_new", args=[match.pk])
    assert [p.name for p in match.players.all()] == ["Ann", "Bob", "Cy"]
    assert match.first_dealer == 1
    assert client.session[SESSION_KEY] == [match.pk]
    page = client.get(response["Location"]).content.decode()
    assert "Deals: <strong><bdi>Bob</bdi></strong>" in page
    assert "Plays first: <strong><bdi>Cy</bdi></strong>" in page


def test_one_player_gets_a_message_and_keeps_what_was_typed(client):
    data = {**NEW_MATCH, "player_2": "", "player_3": "", "house_rules": ["super-kings"]}
    response = client.post(reverse("scoring:match_new"), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "A match needs 2 to 8 players, not one player." in page
    assert 'value="Ann"' in page
    assert checked(page, "house_rules") == ["super-kings"]
    assert not Match.objects.exists()


def test_a_preset_fills_the_rules_and_keeps_the_names(client):
    data = {**NEW_MATCH, "preset": "nine-card"}
    page = client.post(reverse("scoring:match_new"), data).content.decode()
    assert checked(page, "variant") == ["nine-card"]
    assert 'value="Cy"' in page
    assert not Match.objects.exists()


# -- the same name twice --------------------------------------------------------------


def test_a_repeated_name_is_marked_on_the_later_box_and_everything_typed_is_kept(client):
    data = new_match_form(player_1="Ann", player_2="Bob", player_3="ann", holes="5")
    response = client.post(reverse("scoring:match_new"), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert not Match.objects.exists()
    assert SAME_NAME in field_item(page, "player_3")
    assert 'aria-invalid="true"' in field_item(page, "player_3")
    assert "errorlist" not in field_item(page, "player_1")
    assert "errorlist" not in field_item(page, "player_2")
    for name, value in (("player_1", "Ann"), ("player_3", "ann"), ("holes", "5")):
        assert f'name="{name}" value="{value}"' in page


def test_every_repeat_of_a_name_is_marked():
    form = MatchForm(new_match_form(player_1="Ann", player_2="ANN", player_3="Bo", player_5="ann"))
    assert not form.is_valid()
    assert set(form.errors) == {"player_2", "player_5"}
    assert form.errors["player_5"] == [SAME_NAME]


def test_a_name_of_nothing_visible_is_no_name_and_a_hidden_character_makes_no_new_one():
    """Pasted names can carry a zero-width space: alone it is a blank box, and after
    "Ann" it is still Ann."""
    form = MatchForm(new_match_form(player_1="Ann", player_2="Bo", player_3="\u200b"))
    assert form.is_valid(), form.errors
    assert form.seated_names(form.data) == ["Ann", "Bo"]
    form = MatchForm(new_match_form(player_1="Ann", player_2="Ann\u200b"))
    assert not form.is_valid()
    assert form.errors["player_2"] == [SAME_NAME]


# -- the first dealer's list names the players ----------------------------------------


def test_a_blank_form_numbers_the_seats(client):
    page = client.get(reverse("scoring:match_new")).content.decode()
    assert dealer_options(page) == [(str(n), f"Player {n}") for n in range(1, 9)]


def test_a_refused_form_names_each_seat_in_the_dealers_list(client):
    # Blank boxes are skipped, as when the players are seated: Cy sits second.
    data = new_match_form(player_1="Ann", player_2="", player_3="Cy", holes="0")
    page = client.post(reverse("scoring:match_new"), data).content.decode()
    assert "Number of holes" in page and "errorlist" in page
    options = dealer_options(page)
    assert options[:3] == [("1", "Ann"), ("2", "Cy"), ("3", "Player 3")]
    assert options[-1] == ("8", "Player 8")


def test_a_preset_names_each_seat_in_the_dealers_list(client):
    data = new_match_form(player_1="Ann", player_2="Bob", preset="nine-card")
    page = client.post(reverse("scoring:match_new"), data).content.decode()
    assert dealer_options(page)[:3] == [("1", "Ann"), ("2", "Bob"), ("3", "Player 3")]


def test_the_names_do_not_change_what_the_dealer_means(client):
    data = new_match_form(player_1="Ann", player_2="Bob", player_3="Cy", first_dealer="3")
    client.post(reverse("scoring:match_new"), data)
    assert Match.objects.get().first_dealer == 2


# -- a group's new match --------------------------------------------------------------


@pytest.fixture
def group(db):
    group = GroupFactory.create(name="Friday golf", owner=UserFactory.create(username="olive"))
    for name in ("Ann", "Bob"):
        RosterPlayerFactory.create(group=group, name=name)
    return group


def group_data(**fields):
    data = {k: v for k, v in new_match_form().items() if not k.startswith("player_")}
    data.update(fields)
    return data


def test_a_typed_name_that_repeats_a_ticked_regular_is_marked(group):
    ann = group.roster.get(name="Ann")
    form = GroupMatchForm(group_data(roster=[ann.pk], player_1="Cy", player_2="ann"), group=group)
    assert not form.is_valid()
    assert form.errors["player_2"] == [SAME_NAME]
    assert set(form.errors) == {"player_2"}


def test_the_group_form_still_starts_a_match_with_different_names(group):
    ann = group.roster.get(name="Ann")
    form = GroupMatchForm(group_data(roster=[ann.pk], player_1="Cy"), group=group)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["names"] == ["Ann", "Cy"]


def test_a_group_form_seats_the_ticked_regulars_first_in_the_dealers_list(group):
    ann = group.roster.get(name="Ann")
    # As the group's page draws it after a preset button: what was ticked and typed.
    form = GroupMatchForm(initial={"roster": [str(ann.pk)], "player_1": "Cy"}, group=group)
    assert dealer_options(str(form["first_dealer"]))[:3] == [
        ("1", "Ann"),
        ("2", "Cy"),
        ("3", "Seat 3"),
    ]
    refused = GroupMatchForm(
        group_data(roster=[ann.pk], player_1="Cy", player_2="Di", holes="0"), group=group
    )
    assert not refused.is_valid()
    assert [text for _, text in dealer_options(str(refused["first_dealer"]))[:4]] == [
        "Ann",
        "Cy",
        "Di",
        "Seat 4",
    ]
