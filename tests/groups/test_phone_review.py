"""Fixes from a phone review of the group and account pages: what cannot be undone
asks first, POST-only addresses opened again go somewhere sensible, the import
refuses damaged files, the wording says what is true, and the CSV says how far each
match went."""

import re

import pytest
from django.http import HttpResponse
from django.urls import reverse

from groups import services
from groups.models import Membership
from scoring import services as scoring_services
from scoring.engine import RuleSet
from tests.patterns import visible_text

pytestmark = pytest.mark.django_db


def text(response: HttpResponse) -> str:
    return response.content.decode()


# -- 1. asking before what cannot be undone ----------------------------------------------


def test_removing_a_member_asks_first_and_changes_nothing(client, owner, member, group):
    client.force_login(owner)
    url = reverse("groups:member_remove", args=[group.pk, member.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert "Remove milo from Friday golf?" in text(page)
    assert Membership.objects.filter(group=group, user=member).exists()
    client.post(url)
    assert not Membership.objects.filter(group=group, user=member).exists()


def test_leaving_asks_first(client, member, group):
    client.force_login(member)
    url = reverse("groups:member_remove", args=[group.pk, member.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert "Leave Friday golf?" in text(page)
    assert Membership.objects.filter(group=group, user=member).exists()
    response = client.post(url)
    assert response["Location"] == reverse("groups:list")
    assert not Membership.objects.filter(group=group, user=member).exists()


def test_making_another_member_the_owner_asks_first(client, owner, member, group):
    client.force_login(owner)
    url = reverse("groups:ownership_transfer", args=[group.pk])
    page = client.get(url, {"user": member.pk})
    assert page.status_code == 200
    assert "Make milo the owner of Friday golf?" in text(page)
    assert f'name="user" value="{member.pk}"' in text(page)
    group.refresh_from_db()
    assert group.owner == owner
    client.post(url, {"user": member.pk})
    group.refresh_from_db()
    assert group.owner == member


def test_the_group_page_links_to_the_questions_and_posts_nothing_itself(
    client, owner, member, group
):
    client.force_login(owner)
    page = text(client.get(group.get_absolute_url()))
    remove = reverse("groups:member_remove", args=[group.pk, member.pk])
    hand_over = reverse("groups:ownership_transfer", args=[group.pk])
    assert f'href="{remove}"' in page
    assert f'href="{hand_over}?user={member.pk}"' in page
    assert f'action="{remove}"' not in page
    assert f'action="{hand_over}"' not in page
    client.force_login(member)
    page = text(client.get(group.get_absolute_url()))
    leave = reverse("groups:member_remove", args=[group.pk, member.pk])
    assert re.search(
        rf'<a class="button button--leave" href="{leave}"><span>Leave <bdi>Friday golf</bdi>', page
    )


def test_a_member_asking_to_remove_another_is_told_no_before_any_question(
    client, make_user, member, group
):
    third = make_user("tess")
    Membership.objects.create(group=group, user=third)
    client.force_login(member)
    response = client.get(reverse("groups:member_remove", args=[group.pk, third.pk]), follow=True)
    assert "Only the group&#x27;s owner can do that." in text(response)
    assert "Remove tess" not in text(response)


def test_the_owner_is_told_to_hand_over_before_leaving(client, owner, group):
    client.force_login(owner)
    response = client.get(reverse("groups:member_remove", args=[group.pk, owner.pk]), follow=True)
    assert "hand the group over first" in text(response)


# -- 2. POST-only addresses opened again ------------------------------------------------


def test_a_refused_roster_name_reloaded_goes_back_to_the_roster(client, member, group):
    client.force_login(member)
    url = reverse("groups:roster_add", args=[group.pk])
    refused = client.post(url, {"name": "ann"})
    assert refused.status_code == 200
    again = client.get(url)
    assert again.status_code == 302
    assert again["Location"] == group.get_absolute_url() + "#roster"


@pytest.mark.parametrize(
    "name, args",
    [
        ("groups:invite_create", lambda g, i: [g.pk]),
        ("groups:invite_revoke", lambda g, i: [g.pk, i.pk]),
        ("groups:ownership_transfer", lambda g, i: [g.pk]),
    ],
)
def test_post_only_addresses_opened_go_back_to_the_group(client, owner, group, name, args):
    invite = group.invites.first()
    client.force_login(owner)
    response = client.get(reverse(name, args=args(group, invite)))
    assert response.status_code == 302
    assert response["Location"] == group.get_absolute_url()
    invite.refresh_from_db()
    assert invite.revoked_at is None


def test_moving_a_match_opened_as_an_address_goes_back_to_the_match(client, owner):

    match = scoring_services.match_create(
        names=["Ann", "Zed"], first_dealer=0, rules=RuleSet(holes=3), owner=owner
    )
    client.force_login(owner)
    response = client.get(reverse("groups:match_move", args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:match_detail", args=[match.pk])


# -- 4. wording ---------------------------------------------------------------------------


def test_a_player_without_a_finished_match_is_named(client, member, group, owner, play):
    play(group, owner, {"Bob": [3], "Cy": [4]})
    zed = services.roster_add(group=group, name="Zed")
    client.force_login(member)
    page = text(client.get(reverse("groups:player", args=[group.pk, zed.pk])))
    assert "Zed has no finished match in Friday golf yet." in visible_text(page)
    assert "No finished matches in" not in page


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_group_name_gets_the_forms_own_message(client, member, name):
    client.force_login(member)
    response = client.post(reverse("groups:list"), {"name": name})
    assert response.status_code == 200
    assert "Give the group a name." in text(response)
    assert "This field is required." not in text(response)


def test_a_long_group_name_is_refused_in_plain_words(client, member):
    client.force_login(member)
    response = client.post(reverse("groups:list"), {"name": "G" * 61})
    assert "Keep the name to 60 characters or fewer." in text(response)


def test_a_bad_date_filter_names_no_format_the_browser_may_not_show(client, member, group):
    client.force_login(member)
    page = text(client.get(reverse("groups:history", args=[group.pk]), {"since": "31/13/2025"}))
    assert "That is not a date the page can read. Choose the date again" in page
    assert "2025-03-31" not in page


def test_the_roster_help_says_how_seats_are_linked(client, member, group):
    client.force_login(member)
    page = text(client.get(group.get_absolute_url()))
    assert "Link match players to them" not in page
    assert "Tick them when you start a match here" in page


# -- 6. an invitation opened again by a member --------------------------------------------


def test_a_member_opening_the_invitation_again_is_told_and_sent_to_the_group(client, member, group):
    invite = group.invites.first()
    client.force_login(member)
    page = text(client.get(reverse("groups:invite_accept", args=[invite.token])))
    assert "You are already a member of Friday golf" in visible_text(page)
    assert f'href="{group.get_absolute_url()}"' in page
    assert "Join Friday golf?" not in visible_text(page)
    assert "<form" not in page.split('<main id="main"', 1)[1]


def test_someone_new_is_still_asked_to_join(client, stranger, group):
    invite = group.invites.first()
    client.force_login(stranger)
    page = text(client.get(reverse("groups:invite_accept", args=[invite.token])))
    assert "Join Friday golf?" in visible_text(page)


# -- 7. the CSV says how far each match went -----------------------------------------------


def test_the_csv_gives_holes_played_and_each_matchs_status(client, member, group, owner, play):
    import csv
    import io

    play(group, owner, {"Ann": [3, 5], "Bob": [4, 6]})
    play(group, owner, {"Ann": [1, 2], "Bob": [2, 2]}, rules=RuleSet(holes=9))
    play(group, owner, {"Ann": [7], "Bob": [2]}, rules=RuleSet(holes=9), finish=False)
    services.group_match_create(
        group=group,
        by=owner,
        picked=[],
        new_names=["Cy", "Dee"],
        first_dealer=0,
        rules=RuleSet(holes=3),
    )
    client.force_login(member)
    response = client.get(reverse("groups:export_csv", args=[group.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    seen = [
        (r["Player"], r["Status"], r["Holes played"], r["Holes planned"], r["Total"], r["Won"])
        for r in rows
    ]
    assert seen == [
        ("Ann", "finished", "2", "2", "8", "yes"),
        ("Bob", "finished", "2", "2", "10", ""),
        ("Ann", "ended early", "2", "9", "3", "yes"),
        ("Bob", "ended early", "2", "9", "4", ""),
        ("Ann", "in progress", "1", "9", "7", ""),
        ("Bob", "in progress", "1", "9", "2", ""),
        ("Cy", "in progress", "0", "3", "0", ""),
        ("Dee", "in progress", "0", "3", "0", ""),
    ]
    assert "Holes" not in rows[0]
