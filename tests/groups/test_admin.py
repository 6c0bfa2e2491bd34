"""Every model has an admin page that lists, filters and searches."""

import re
import uuid

import pytest
from django.contrib.admin import site
from django.contrib.admin.utils import get_deleted_objects
from django.contrib.auth.models import Permission, User
from django.db import connection
from django.db.models import Model
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from groups.admin import NewMembershipInline, RosterInline
from groups.models import Membership
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Score
from scoring.services import HoleEntry
from tests.groups.admin_pages import form_data
from tests.patterns import visible_text

pytestmark = pytest.mark.django_db

MODELS = [
    ("groups", "group", "Friday"),
    ("groups", "membership", "milo"),
    ("groups", "invite", "Friday"),
    ("groups", "rosterplayer", "Ann"),
    ("scoring", "match", "Ann"),
    ("scoring", "player", "Ann"),
    ("scoring", "hole", "Ann"),
    ("scoring", "score", "Ann"),
]


@pytest.mark.parametrize(("app", "model", "term"), MODELS)
def test_admin_lists_and_searches_every_model(client, group, owner, play, app, model, term):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    url = reverse(f"admin:{app}_{model}_changelist")
    page = client.get(url, {"q": term}).content.decode()
    assert 'id="result_list"' in page, model
    assert "0 results" not in page, model
    first = client.get(url).context["cl"].result_list[0]
    change = client.get(reverse(f"admin:{app}_{model}_change", args=[first.pk]))
    assert change.status_code == 200


def test_match_admin_filters_by_group(client, group, owner, play):
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    url = reverse("admin:scoring_match_changelist")
    response = client.get(url, {"group__id__exact": group.pk})
    assert list(response.context["cl"].result_list) == [match]
    assert "Friday golf" in response.content.decode()


def test_scores_are_read_only_in_the_admin(client, group, owner, play):
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    score = match.holes.get().scores.first()
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    url = reverse("admin:scoring_score_change", args=[score.pk])
    client.post(url, {"score": "99", "seat": "0", "grid_score": "99", "breakdown": "{}"})
    score.refresh_from_db()
    assert score.score == 3


# -- delete confirmations ---------------------------------------------------------------


def deleting(admin_client: Client, obj: Model) -> str:
    meta = obj._meta
    url = reverse(f"admin:{meta.app_label}_{meta.model_name}_delete", args=[obj.pk])
    return admin_client.get(url).content.decode()


def link(obj) -> str:
    """How a confirmation names an object: its kind, and a link to its page."""
    meta = obj._meta
    url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])
    return f'{meta.verbose_name.capitalize()}: <a href="{url}">{obj}</a>'


def summary(page: str) -> dict[str, int]:
    """The confirmation's summary: how many of each kind go."""
    part = page.split("<h2>Summary</h2>")[1].split("</ul>")[0]
    return {kind: int(n) for kind, n in re.findall(r"<li>(.+?): (\d+)</li>", part)}


def test_deleting_a_group_counts_what_goes_with_it(admin_client, group, owner, play):
    play(group, owner, {"Ann": [3, 5], "Bob": [4, 4]})
    play(group, owner, {"Ann": [1], "Bob": [2], "Cy": [7]})
    page = deleting(admin_client, group)
    assert summary(page) == {
        "Groups": 1,
        "Matches": 2,
        "Players": 5,
        "Holes": 3,
        "Scores": 7,
        "Memberships": 2,
        "Invites": 1,
        "Roster players": 3,
        "Ratings": 5,  # two regulars of the first match, three of the second
    }
    # The objects list names the group alone, not every score it takes with it.
    assert link(group) in page
    assert "Score:" not in page
    assert "Match:" not in page


def test_deleting_a_seat_counts_its_scores(admin_client, group, owner, play):
    match = play(group, owner, {"Ann": [3, 5], "Bob": [4, 4]})
    ann = match.players.get(name="Ann")
    page = deleting(admin_client, ann)
    assert summary(page) == {"Players": 1, "Scores": 2}
    assert link(ann) in page


def test_deleting_selected_matches_counts_what_goes_with_them(admin_client, group, owner, play):
    first = play(group, owner, {"Ann": [3, 5], "Bob": [4, 4]})
    second = play(group, owner, {"Ann": [1], "Bob": [2], "Cy": [7]})
    play(group, owner, {"Ann": [9], "Bob": [9]})  # not selected
    action = {"action": "delete_selected", "_selected_action": [first.pk, second.pk]}
    page = admin_client.post(reverse("admin:scoring_match_changelist"), action)
    page = page.content.decode()
    assert summary(page) == {
        "Matches": 2,
        "Players": 5,
        "Holes": 3,
        "Scores": 7,
        "Ratings": 5,
    }
    assert link(first) in page
    assert link(second) in page


def test_a_score_names_itself_without_a_query(group, owner, play, django_assert_num_queries):
    """The admin names a score (titles, confirmations, its log) from its own row."""
    match = play(group, owner, {"Ann": [3], "Bob": [7]})
    bob = Score.objects.get(hole__match=match, seat=1)
    with django_assert_num_queries(0):
        name = str(bob)
    assert name == f"Score 7 (seat 1, hole id {bob.hole_id})"


def test_deleting_selected_scores_asks_in_as_many_queries_for_many(
    admin_client, group, owner, play
):
    """The confirmation names every selected score: a few or many, the same count."""
    few = play(group, owner, {"Ann": [3], "Bob": [4]})
    many = play(group, owner, {"Ann": [1, 2, 3, 4], "Bob": [5, 6, 7, 8], "Cy": [9, 9, 9, 9]})
    url = reverse("admin:scoring_score_changelist")
    counts = []
    for match in (few, many):
        selected = list(Score.objects.filter(hole__match=match))
        action = {"action": "delete_selected", "_selected_action": [s.pk for s in selected]}
        with CaptureQueriesContext(connection) as queries:
            page = admin_client.post(url, action).content.decode()
        assert all(str(score) in page for score in selected)
        counts.append(len(queries))
    assert counts[1] == counts[0], counts


def test_a_user_who_owns_a_group_is_kept_by_it(admin_client, group, owner, member):
    page = deleting(admin_client, owner)
    assert "would require deleting the following protected related objects" in page
    assert link(group) in page
    assert (
        admin_client.post(
            reverse("admin:auth_user_delete", args=[owner.pk]), {"post": "yes"}
        ).status_code
        == 200
    )
    assert User.objects.filter(pk=owner.pk).exists()
    page = deleting(admin_client, member)
    assert "protected" not in page
    assert summary(page)["Memberships"] == 1


@pytest.mark.parametrize(
    "target",
    [
        lambda g, m: g,
        lambda g, m: m,
        lambda g, m: m.holes.first(),
        lambda g, m: m.players.first(),
        lambda g, m: m.holes.first().scores.first(),
        lambda g, m: g.owner,
        lambda g, m: g.members.exclude(pk=g.owner_id).get(),
        lambda g, m: g.roster.first(),
    ],
    ids=["group", "match", "hole", "player", "score", "owner", "member", "regular"],
)
def test_a_confirmation_counts_what_djangos_own_would(rf, client, group, owner, play, target):
    """Each admin says what goes with its objects; Django's own collector is the check."""
    match = play(group, owner, {"Ann": [3, 5], "Bob": [4, 4]})
    play(group, owner, {"Ann": [1], "Bob": [2], "Cy": [7]})
    group.invites.create(created_by=owner)
    helper = User.objects.create_user("helper", password="a-long-pass-phrase-9", is_staff=True)
    helper.user_permissions.add(*Permission.objects.filter(codename__endswith="_match"))
    request = rf.get("/")
    request.user = helper
    obj = target(group, match)
    model_admin = site.get_model_admin(type(obj))
    ours = model_admin.get_deleted_objects([obj], request)
    django = get_deleted_objects([obj], request, site)
    assert ours[1] == django[1]  # the counts of every kind
    assert ours[2] == django[2]  # the kinds the user may not delete
    assert sorted(ours[3]) == sorted(django[3])  # the protected objects


def test_a_confirmation_asks_for_the_right_to_delete_every_kind_it_counts(
    client, group, owner, play
):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    helper = User.objects.create_user("helper", password="a-long-pass-phrase-9", is_staff=True)
    helper.user_permissions.add(*Permission.objects.filter(codename__endswith="_group"))
    client.force_login(helper)
    page = deleting(client, group)
    assert "doesn't have permission to delete the following types of objects" in page
    lacking = page.split('<ul id="deleted-objects">')[1].split("</ul>")[0]
    for kind in ["match", "player", "hole", "score", "membership", "invite", "roster player"]:
        assert f"<li>{kind}</li>" in lacking
    assert "<li>group</li>" not in lacking


# -- change pages -----------------------------------------------------------------------


def test_a_groups_page_shows_its_members_and_adds_one(admin_client, group, stranger):
    url = reverse("admin:groups_group_change", args=[group.pk])
    response = admin_client.get(url)
    page = response.content.decode()
    milo = Membership.objects.get(user__username="milo")
    # Each member is a link to the user, the membership has its own page.
    assert reverse("admin:auth_user_change", args=[milo.user_id]) in page
    assert reverse("admin:groups_membership_change", args=[milo.pk]) in page
    # Members are added with a user autocomplete.
    inlines = response.context["inline_admin_formsets"]
    new = next(i.formset.prefix for i in inlines if isinstance(i.opts, NewMembershipInline))
    assert f'name="{new}-__prefix__-user"' in page
    assert "admin-autocomplete" in page
    data = form_data(response)
    data[f"{new}-TOTAL_FORMS"] = "1"
    data[f"{new}-0-user"] = str(stranger.pk)
    assert admin_client.post(url, data).status_code == 302
    assert group.members.filter(pk=stranger.pk).exists()
    assert group.members.count() == 3


def test_a_matchs_page_links_each_seat_to_its_regular(admin_client, group, owner, play):
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    url = reverse("admin:scoring_match_change", args=[match.pk])
    page = admin_client.get(url).content.decode()
    for seat in match.players.all():
        # The regular is a link; the seat's own page (linked too) changes it.
        assert reverse("admin:groups_rosterplayer_change", args=[seat.roster_player_id]) in page
        assert reverse("admin:scoring_player_change", args=[seat.pk]) in page


# -- edits by hand follow through -------------------------------------------------------


@pytest.fixture
def root(client):
    """``client``, signed in as a superuser."""
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    return admin


@pytest.fixture
def as_member(member):
    """A second browser, signed in as a member of the group."""
    browser = Client()
    browser.force_login(member)
    return browser


def test_a_seat_renamed_in_the_admin_shows_on_a_scoreboard_already_drawn(
    client, root, group, owner, play
):
    match = play(group, owner, {"Ann": [3, 1], "Bob": [4, 2]}, finish=False)
    board = reverse("scoring:match_shared", args=[match.share_token])
    assert "Ann" in client.get(board).content.decode()  # drawn, and kept
    ann = match.players.get(name="Ann")
    url = reverse("admin:scoring_player_change", args=[ann.pk])
    data = {"match": match.pk, "seat": 0, "name": "Zed", "roster_player": ann.roster_player_id}
    assert client.post(url, {**data, "_save": "Save"}).status_code == 302
    page = client.get(board).content.decode()
    assert "Zed" in page
    assert ">Ann<" not in page


def test_a_hole_deleted_in_the_admin_leaves_the_board_and_the_totals(
    client, root, group, owner, play
):
    match = play(group, owner, {"Ann": [3, 1], "Bob": [4, 2]})
    board = reverse("scoring:match_shared", args=[match.share_token])
    assert '<td class="num scorecard__total">6</td>' in client.get(board).content.decode()
    hole = match.holes.get(number=2)
    client.post(reverse("admin:scoring_hole_delete", args=[hole.pk]), {"post": "yes"})
    page = client.get(board).content.decode()
    assert '<td class="num scorecard__total">3</td>' in page
    assert '<td class="num scorecard__total">6</td>' not in page
    assert [p.total for p in match.players.order_by("seat")] == [3, 4]


def hole_numbers(match):
    return list(match.holes.order_by("number").values_list("number", flat=True))


def save_next_hole(match):
    """Save the match's next hole, numbered as the scoresheet numbers it."""
    number = match.holes.count() + 1
    entry = HoleEntry(kind="totals", totals=(1, 1))
    scoring_services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=number)


def test_the_admin_deletes_only_a_matchs_last_hole(client, root, group, owner, play):
    """The next hole is numbered from how many there are: a hole deleted from the
    middle would leave the next save clashing with the last hole for good."""
    rules = RuleSet(holes=4)
    match = play(group, owner, {"Ann": [3, 1, 2], "Bob": [4, 2, 2]}, rules=rules, finish=False)
    first = match.holes.get(number=1)
    url = reverse("admin:scoring_hole_delete", args=[first.pk])
    for response in (client.get(url, follow=True), client.post(url, {"post": "yes"}, follow=True)):
        assert response.redirect_chain[-1][0] == reverse(
            "admin:scoring_hole_change", args=[first.pk]
        )
        said = visible_text(response.content.decode())
        assert f"Nothing was deleted: hole 2 of match {match.pk} would be left after a gap." in said
        assert "only its last hole can be deleted" in said
    assert hole_numbers(match) == [1, 2, 3]
    last = match.holes.get(number=3)
    client.post(reverse("admin:scoring_hole_delete", args=[last.pk]), {"post": "yes"})
    assert hole_numbers(match) == [1, 2]
    save_next_hole(match)
    assert hole_numbers(match) == [1, 2, 3]


def test_the_admin_deletes_selected_holes_only_from_the_end_of_their_matches(
    client, root, group, owner, play
):
    rules = RuleSet(holes=4)
    match = play(group, owner, {"Ann": [3, 1, 2], "Bob": [4, 2, 2]}, rules=rules, finish=False)
    other = play(group, owner, {"Ann": [5, 5], "Bob": [6, 6]})
    url = reverse("admin:scoring_hole_changelist")

    def selected(*holes):
        return {"action": "delete_selected", "_selected_action": [hole.pk for hole in holes]}

    one, two, three = match.holes.order_by("number")
    last_of_other = other.holes.get(number=2)
    refused = client.post(url, selected(two, last_of_other, one), follow=True)
    said = visible_text(refused.content.decode())
    assert f"Nothing was deleted: hole 3 of match {match.pk} would be left after a gap." in said
    assert hole_numbers(match) == [1, 2, 3] and hole_numbers(other) == [1, 2]
    # The last holes of each match may go, asked first as ever.
    asked = client.post(url, selected(three, two, last_of_other))
    assert "<title>Delete multiple objects" in asked.content.decode()
    client.post(url, {**selected(three, two, last_of_other), "post": "yes"})
    assert hole_numbers(match) == [1] and hole_numbers(other) == [1]
    save_next_hole(match)
    assert hole_numbers(match) == [1, 2]


def test_scores_deleted_in_the_admin_leave_the_statistics(
    client, root, group, owner, play, as_member
):
    match = play(group, owner, {"Ann": [3, 1], "Bob": [4, 2]})
    ann = group.roster.get(name="Ann")
    player_page = reverse("groups:player", args=[group.pk, ann.pk])
    assert "<dt>Best hole</dt><dd>1</dd>" in as_member.get(player_page).content.decode()
    scores = [s.pk for s in Score.objects.filter(hole__match=match, hole__number=2)]
    action = {"action": "delete_selected", "post": "yes", "_selected_action": scores}
    client.post(reverse("admin:scoring_score_changelist"), action)
    assert match.players.get(name="Ann").holes_played == 1
    assert "<dt>Best hole</dt><dd>3</dd>" in as_member.get(player_page).content.decode()


def test_a_regular_renamed_in_the_admin_shows_in_the_groups_leaders(
    client, root, group, owner, play, as_member
):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    page = reverse("groups:detail", args=[group.pk])
    ann = group.roster.get(name="Ann")
    leader = f'<a href="{reverse("groups:player", args=[group.pk, ann.pk])}">'
    assert leader + "<bdi>Ann</bdi></a>: 1 win" in as_member.get(page).content.decode()  # cached
    url = reverse("admin:groups_rosterplayer_change", args=[ann.pk])
    data = {"group": group.pk, "name": "Annabel", "user": ""}
    assert client.post(url, {**data, "_save": "Save"}).status_code == 302
    assert leader + "<bdi>Annabel</bdi></a>: 1 win" in as_member.get(page).content.decode()


def test_a_seat_or_a_hole_stays_where_it_is_in_the_admin(client, root, group, owner, play):
    """Scores are filed by match and seat: the admin renames a seat, but does not
    renumber it or move it (or a hole) to another match."""
    match = play(group, owner, {"Ann": [3, 1], "Bob": [4, 2]})
    other = play(group, owner, {"Ann": [5], "Bob": [6]})
    bob = match.players.get(name="Bob")
    url = reverse("admin:scoring_player_change", args=[bob.pk])
    data = {"match": other.pk, "seat": 5, "name": "Rob", "roster_player": bob.roster_player_id}
    assert client.post(url, {**data, "_save": "Save"}).status_code == 302
    bob.refresh_from_db()
    assert (bob.match_id, bob.seat, bob.name) == (match.pk, 1, "Rob")
    hole = match.holes.get(number=2)
    page = client.get(reverse("admin:scoring_hole_change", args=[hole.pk])).content.decode()
    assert 'name="match"' not in page
    assert 'name="number"' in page  # the rest stays editable
    page = client.get(reverse("admin:scoring_match_change", args=[match.pk])).content.decode()
    assert 'name="players-0-name"' in page
    assert 'name="players-0-seat"' not in page
    assert [p.total for p in match.players.order_by("seat")] == [4, 6]


@pytest.mark.parametrize("second", ["ZOË", "Zoë"])
def test_two_new_regulars_with_one_name_are_refused(admin_client, group, second):
    """Each row checks the database, where neither is yet; the save checks both,
    in any case or in the same one."""
    url = reverse("admin:groups_group_change", args=[group.pk])
    response = admin_client.get(url)
    inlines = response.context["inline_admin_formsets"]
    roster = next(i.formset.prefix for i in inlines if isinstance(i.opts, RosterInline))
    data = form_data(response)
    total = int(data[f"{roster}-TOTAL_FORMS"])
    data[f"{roster}-TOTAL_FORMS"] = str(total + 2)
    data[f"{roster}-{total}-name"] = "Zoë"
    data[f"{roster}-{total + 1}-name"] = second
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "Zoë is already on the roster." in response.content.decode()
    assert not group.roster.filter(name__in=["Zoë", "ZOË"]).exists()
