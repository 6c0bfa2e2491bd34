"""Matches inside a group: started from the roster with the usual rules, moved in
after signing in, and seen by members only."""

import re

import pytest
from django.urls import reverse

from groups import services
from groups.models import RosterPlayer
from scoring import services as scoring_services
from scoring.engine import HouseRule, RuleSet
from scoring.models import Match
from scoring.services import HoleEntry
from scoring.views.access import SESSION_KEY
from tests.scoresheet import NEW_MATCH, checked, fold

pytestmark = pytest.mark.django_db


def group_match_data(**fields):
    data = {k: v for k, v in NEW_MATCH.items() if not k.startswith("player_")}
    data["first_dealer"] = "1"
    data.update(fields)
    return data


def test_the_group_page_offers_a_new_match(client, group, member):
    client.force_login(member)
    page = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert reverse("groups:match_new", args=[group.pk]) in page


def test_new_match_lists_the_roster_and_fills_in_the_usual_rules(client, group, member):
    group.usual_rules = RuleSet(variant="nine-card", holes=18).to_dict()
    group.save()
    client.force_login(member)
    page = client.get(reverse("groups:match_new", args=[group.pk])).content.decode()
    assert "<h1>New match in <bdi>Friday golf</bdi></h1>" in page
    ann = group.roster.get(name="Ann")
    assert f'name="roster" value="{ann.pk}"' in page
    assert checked(page, "variant") == ["nine-card"]
    assert 'name="holes" value="18"' in page


def test_a_groups_usual_rules_are_the_line_under_the_names(client, group, member):
    group.usual_rules = RuleSet(variant="nine-card", holes=18).to_dict()
    group.save()
    client.force_login(member)
    page = client.get(reverse("groups:match_new", args=[group.pk])).content.decode()
    assert fold(page) == (False, "Nine-card Golf · 18 holes")


def test_starting_from_the_roster_seats_ticked_players_then_new_ones(client, group, member):
    services.roster_add(group=group, name="Bob")
    ann, bob = group.roster.get(name="Ann"), group.roster.get(name="Bob")
    client.force_login(member)
    data = group_match_data(roster=[ann.pk, bob.pk], player_1="Cy", variant="four-card")
    response = client.post(reverse("groups:match_new", args=[group.pk]), data)
    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:hole_new", args=[match.pk])
    assert match.group == group
    seats = list(match.players.values_list("name", "roster_player__name"))
    assert seats == [("Ann", "Ann"), ("Bob", "Bob"), ("Cy", "Cy")]
    assert RosterPlayer.objects.filter(group=group, name="Cy").exists()
    group.refresh_from_db()
    assert group.usual_rules["variant"] == "four-card"
    # Anyone in the group can open it.
    assert client.get(match.get_absolute_url()).status_code == 200


def test_too_few_players_is_explained_and_the_ticks_are_kept(client, group, member):
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    data = group_match_data(roster=[ann.pk], holes="5")
    response = client.post(reverse("groups:match_new", args=[group.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "A match needs 2 to 8 players, not one player." in page
    assert checked(page, "roster") == [str(ann.pk)]
    assert 'name="holes" value="5"' in page
    assert not Match.objects.exists()


def test_a_new_name_that_is_on_the_roster_is_refused(client, group, member):
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    data = group_match_data(roster=[ann.pk], player_1="ann", player_2="Bo")
    page = client.post(reverse("groups:match_new", args=[group.pk]), data).content.decode()
    assert "same name" in page
    assert not Match.objects.exists()


def test_a_preset_keeps_the_ticked_players(client, group, member):
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    data = group_match_data(roster=[ann.pk], preset="nine-card")
    page = client.post(reverse("groups:match_new", args=[group.pk]), data).content.decode()
    assert checked(page, "roster") == [str(ann.pk)]
    assert checked(page, "variant") == ["nine-card"]


def test_new_match_in_a_group_is_404_for_strangers_and_log_in_for_visitors(client, group, stranger):
    url = reverse("groups:match_new", args=[group.pk])
    anonymous = client.get(url)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    assert client.post(url, group_match_data(player_1="A", player_2="B")).status_code == 404
    assert not Match.objects.exists()


def match_urls(match):
    return [
        ("get", reverse("scoring:match_detail", args=[match.pk])),
        ("get", reverse("scoring:match_csv", args=[match.pk])),
        ("get", reverse("scoring:match_print", args=[match.pk])),
        ("get", reverse("scoring:hole_new", args=[match.pk])),
        ("get", reverse("scoring:hole_detail", args=[match.pk, 1])),
        ("get", reverse("scoring:hole_edit", args=[match.pk, 1])),
        ("get", reverse("scoring:hole_delete", args=[match.pk, 1])),
        ("get", reverse("scoring:match_end", args=[match.pk])),
        ("post", reverse("scoring:match_rematch", args=[match.pk])),
        ("post", reverse("scoring:hole_preview", args=[match.pk])),
    ]


def test_a_group_match_is_for_members_only_but_the_share_link_works(
    client, group, owner, member, stranger, play
):
    match = play(group, owner, {"Ann": [3, 5], "Bob": [4, 4]}, finish=False)
    # Even the browser session that started it does not help a non-member.
    session = client.session
    session[SESSION_KEY] = [match.pk]
    session.save()
    for method, url in match_urls(match):
        assert getattr(client, method)(url).status_code == 404, url
    client.force_login(stranger)
    for method, url in match_urls(match):
        assert getattr(client, method)(url).status_code == 404, url
    assert not client.get(reverse("scoring:match_list")).context["matches"]
    shared = client.get(reverse("scoring:match_shared", args=[match.share_token]))
    assert shared.status_code == 200
    assert "Ann" in shared.content.decode()
    client.force_login(member)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Ann" in page and reverse("groups:detail", args=[group.pk]) in page


def test_a_removed_member_loses_the_groups_matches(client, group, owner, member, play):
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    client.force_login(member)
    assert client.get(match.get_absolute_url()).status_code == 200
    services.member_remove(group=group, by=owner, user=member)
    assert client.get(match.get_absolute_url()).status_code == 404


def test_an_anonymous_match_moves_into_a_group_after_signing_in(client, group, member):
    client.post(reverse("scoring:match_new"), {**NEW_MATCH, "player_1": "ann"})
    match = Match.objects.get()
    client.force_login(member)
    page = client.get(match.get_absolute_url()).content.decode()
    assert reverse("groups:match_move", args=[match.pk]) in page
    assert "Friday golf" in page
    response = client.post(reverse("groups:match_move", args=[match.pk]), {"group": group.pk})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.group == group and match.owner == member
    links = list(match.players.values_list("roster_player__name", flat=True))
    assert links == ["Ann", "Bob", "Cy"]  # "ann" found Ann; Bob and Cy joined
    assert group.roster.count() == 3
    page = client.get(match.get_absolute_url()).content.decode()
    assert reverse("groups:match_move", args=[match.pk]) not in page


def test_moving_needs_the_match_and_the_group(client, group, member, stranger):
    client.post(reverse("scoring:match_new"), NEW_MATCH)
    match = Match.objects.get()
    url = reverse("groups:match_move", args=[match.pk])
    client.force_login(stranger)
    # The stranger's browser started the match, but is not in the group.
    assert client.post(url, {"group": group.pk}).status_code == 404
    assert client.post(url, {"group": "x"}).status_code == 404
    # Someone else's match: not theirs to move.
    client.force_login(member)
    session = client.session
    session[SESSION_KEY] = []
    session.save()
    assert client.post(url, {"group": group.pk}).status_code == 404
    match.refresh_from_db()
    assert match.group is None


def test_totals_and_places_follow_every_save_correction_and_delete(group, owner, play):
    match = play(group, owner, {"Ann": [3, 5], "Bob": [4, 4], "Cy": [2, 6]}, finish=False)
    assert [(p.total, p.place) for p in match.players.all()] == [(8, 1), (8, 1), (8, 1)]
    hole = match.holes.get(number=2)
    scoring_services.hole_correct(
        hole=hole, entry=HoleEntry(kind="totals", totals=(5, 4, 9)), revision=1
    )
    assert [(p.total, p.place) for p in match.players.all()] == [(8, 1), (8, 1), (11, 3)]
    cy = match.players.get(name="Cy")
    assert (cy.holes_played, cy.best_hole, cy.worst_hole, cy.times_out) == (2, 2, 9, 0)
    scoring_services.hole_delete_last(match=match, number=2)
    assert [(p.total, p.place) for p in match.players.all()] == [(3, 2), (4, 3), (2, 1)]
    scoring_services.hole_delete_last(match=match, number=1)
    assert [(p.total, p.place) for p in match.players.all()] == [(0, None)] * 3
    assert [(p.holes_played, p.best_hole) for p in match.players.all()] == [(0, None)] * 3


def test_a_knock_penalty_is_marked_on_the_score(group, owner, play):
    rules = RuleSet(holes=1, house_rules=frozenset({HouseRule.KNOCK_PENALTY}))
    match = play(group, owner, {"Ann": [9], "Bob": [4]}, rules=rules, went_out=[0])
    ann, bob = match.holes.get().scores.order_by("seat")
    assert ann.knock_penalty and ann.score == 19
    assert not bob.knock_penalty
    seats = list(match.players.all())
    assert [(p.knock_penalties, p.times_out) for p in seats] == [(1, 1), (0, 0)]


def test_typed_names_on_the_roster_are_linked_in_the_order_typed(client, group, member):
    services.roster_add(group=group, name="Bob")
    client.force_login(member)
    data = group_match_data(player_1="bob", player_2="Cy", player_3="ANN")
    client.post(reverse("groups:match_new", args=[group.pk]), data)
    match = Match.objects.get()
    seats = list(match.players.values_list("name", "roster_player__name"))
    assert seats == [("Bob", "Bob"), ("Cy", "Cy"), ("Ann", "Ann")]  # as the roster spells them
    assert group.roster.count() == 3


def test_the_plain_new_match_page_points_members_to_their_groups(client, group, member):
    url = reverse("scoring:match_new")
    assert reverse("groups:match_new", args=[group.pk]) not in client.get(url).content.decode()
    client.force_login(member)
    page = client.get(url).content.decode()
    link = reverse("groups:match_new", args=[group.pk])
    assert f'<a href="{link}"><bdi>Friday golf</bdi></a>' in page


def test_a_preset_in_a_group_says_what_it_filled_in(client, group, member):
    client.force_login(member)
    data = group_match_data(preset="four-card", holes="5")
    page = client.post(reverse("groups:match_new", args=[group.pk]), data).content.decode()
    assert "Four-card Golf filled in the rules: Four-card Golf · 5 holes." in page
    assert fold(page) == (False, "Four-card Golf · 5 holes")


def test_my_matches_point_a_member_to_the_groups_histories(client, group, member):
    """A member's "My matches" lists what they started; their group's matches,
    started on another phone, are in its history, which the page links to."""
    client.force_login(member)
    page = client.get(reverse("scoring:match_list")).content.decode()
    history = reverse("groups:history", args=[group.pk])
    assert f'is in its history: <a href="{history}"><bdi>Friday golf</bdi></a>.' in page


def test_my_matches_without_a_group_say_nothing_of_histories(client):
    page = client.get(reverse("scoring:match_list")).content.decode()
    assert "in its history" not in page and "in their history" not in page


def test_a_groups_dealer_list_calls_an_unnamed_seat_a_seat(client, group, member):
    """The seats are the ticked regulars, then the new names: "Player 2" would read
    as the second name box."""
    client.force_login(member)
    page = client.get(reverse("groups:match_new", args=[group.pk])).content.decode()
    select = page[page.index('<select name="first_dealer"') :]
    select = select[: select.index("</select>")]
    assert 'data-unnamed="Seat"' in select
    assert ">Seat 2</option>" in select and "Player 2" not in select


def test_a_plain_new_match_offers_each_of_the_members_groups(client, group, member):
    services.group_create(owner=member, name="Sunday league")
    client.force_login(member)
    page = client.get(reverse("scoring:match_new")).content.decode()
    # Two groups: "… in Friday golf or Sunday league to pick …", each a link.
    found = re.search(
        r"Start the match in (<a [^>]+><bdi>[^<]+</bdi></a>) or (<a [^>]+><bdi>[^<]+</bdi></a>) to",
        page,
    )
    assert found
    assert {re.sub(r"<[^>]+>", "", link) for link in found.groups()} == {
        "Friday golf",
        "Sunday league",
    }


def test_moving_a_match_opened_as_an_address_goes_back_to_the_match(client, owner):

    match = scoring_services.match_create(
        names=["Ann", "Zed"], first_dealer=0, rules=RuleSet(holes=3), owner=owner
    )
    client.force_login(owner)
    response = client.get(reverse("groups:match_move", args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:match_detail", args=[match.pk])
