"""The scoresheet's pages: plain and htmx paths, bad input, permissions, query counts."""

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.engine import DeckKind, RuleSet
from scoring.models import Hole, Match
from scoring.views import board
from tests.factories import MatchFactory
from tests.scoresheet import GOOD, HX, hole_data, own

pytestmark = pytest.mark.django_db


# -- starting a match ------------------------------------------------------------------


# -- entering a hole -------------------------------------------------------------------


def test_saving_a_hole_scores_it_and_shows_it_on_the_scoreboard(client, three):
    response = client.post(reverse("scoring:hole_new", args=[three.pk]), hole_data(**GOOD))
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Hole 1 saved." in page
    assert '<td class="num scorecard__total">24</td>' in page
    assert "leading: <strong>Cy</strong>" in page
    # The last hole, the one that can be deleted, says what its page is for.
    hole = reverse("scoring:hole_detail", args=[three.pk, 1])
    assert f'href="{hole}">Hole 1: correct or delete</a>' in page


def test_saving_through_htmx_answers_with_the_scoreboard_in_one_round_trip(client, three):
    """The save button posts through htmx: the answer is the scoreboard page itself,
    with its address for the browser's history, not a redirect to fetch it. Only
    what goes inside <main> is sent, with the page's title: the header around it is
    the one the form's page already shows."""
    client.get(reverse("scoring:match_detail", args=[three.pk]))  # drawn before the save
    url = reverse("scoring:hole_new", args=[three.pk])
    response = client.post(url, hole_data(**GOOD), **HX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == reverse("scoring:match_detail", args=[three.pk])
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#main", "innerHTML")
    page = response.content.decode()
    assert page.lstrip().startswith(f"<title>Match {three.pk} · Golf scorer</title>")
    assert "<header" not in page and "<main" not in page
    assert "<h1>Scoreboard</h1>" in page
    assert "Hole 1 saved." in page
    assert '<td class="num scorecard__total">24</td>' in page
    assert "Next: hole 2. Deals: <strong>Bob</strong>, plays first: <strong>Cy</strong>." in page
    # The message was shown once: it does not come back on the next page.
    assert "Hole 1 saved." not in client.get(response["HX-Push-Url"]).content.decode()


def test_the_save_button_posts_through_htmx_and_the_form_still_posts_without_it(client, three):
    page = client.get(reverse("scoring:hole_new", args=[three.pk])).content.decode()
    url = reverse("scoring:hole_new", args=[three.pk])
    assert f'<form method="post" class="hole-form" data-wake-lock action="{url}"' in page
    assert f'<button type="submit" hx-post="{url}" hx-target="body"' in page


def test_an_impossible_hole_saved_through_htmx_comes_back_as_the_form(client, three):
    url = reverse("scoring:hole_new", args=[three.pk])
    data = hole_data(**{**GOOD, "grid_1": "K K K / K K 7"})
    response = client.post(url, data, **HX)
    assert response.status_code == 200
    assert "HX-Push-Url" not in response
    page = response.content.decode()
    assert 'value="K K K / K K 7"' in page
    assert "<h1>Hole 1" in page
    assert three.holes.count() == 0


def test_a_correction_through_htmx_answers_with_the_scoreboard(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    board = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert '<td class="num scorecard__total">24</td>' in board  # drawn, and kept
    url = reverse("scoring:hole_edit", args=[three.pk, 1])
    data = hole_data(**{**GOOD, "grid_0": "8 5 7 / 8 5 7"}, revision=1)
    response = client.post(url, data, **HX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == reverse("scoring:match_detail", args=[three.pk])
    page = response.content.decode()
    assert "Hole 1 corrected; the totals now count its new scores." in page
    assert '<td class="num scorecard__total">24</td>' not in page
    assert '<td class="num scorecard__total">0</td>' in page
    assert three.holes.get().scores.get(seat=0).score == 0


def test_the_last_hole_saved_through_htmx_shows_the_winner(client, save_hole):
    match = MatchFactory(players=["Ann", "Bob"], rules=RuleSet(holes=2).to_dict())
    own(client, match)
    save_hole(match, totals=[5, 9])
    data = hole_data(number=2, kind="totals", total_0="1", total_1="2")
    response = client.post(reverse("scoring:hole_new", args=[match.pk]), data, **HX)
    page = response.content.decode()
    assert '<h2 id="result-heading">Winner</h2>' in page
    assert "Rematch" in page
    assert "Next: hole" not in page


def test_a_double_submit_stores_one_hole(client, three):
    data = hole_data(**GOOD)
    url = reverse("scoring:hole_new", args=[three.pk])
    client.post(url, data)
    again = client.post(url, data)
    assert again.status_code == 302
    assert three.holes.count() == 1
    # The scoreboard after it says the hole was saved, once.
    page = client.get(again["Location"]).content.decode()
    assert page.count("Hole 1 saved.") == 1


def test_an_impossible_hole_comes_back_with_the_problem_beside_the_card(client, three):
    data = hole_data(grid_0="7 7 7 / 7 7 A", grid_1="K K 2 / Q J", grid_2="A 4 6 / A 4 6")
    response = client.post(reverse("scoring:hole_new", args=[three.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'value="7 7 7 / 7 7 A"' in page
    assert 'value="K K 2 / Q J"' in page
    assert "Row 2 has two cards; it needs three." in page
    # The message sits in Bob's result box, and the missing card's slot is marked.
    bob = page[page.index('id="result-1"') :]
    assert bob.index("Row 2 has two cards") < bob.index('id="result-2"')
    assert 'class="slot slot--bad" data-row="2" data-column="3"' in page
    assert not Hole.objects.exists()


def test_a_total_that_is_not_a_number_is_kept_and_explained(client, three):
    data = hole_data(kind="totals", total_0="12", total_1="twelve", total_2="3")
    page = client.post(reverse("scoring:hole_new", args=[three.pk]), data).content.decode()
    assert 'value="twelve"' in page
    assert "A total is a whole number, like 12 or \u22124." in page


def test_preview_scores_each_grid_as_a_fragment_for_htmx(client, three):
    url = reverse("scoring:hole_preview", args=[three.pk])
    data = hole_data(grid_0="8 5 7 / 8 3 9", grid_1="K K", grid_2="")
    fragment = client.post(url, data, **HX).content.decode()
    assert "<html" not in fragment
    assert re.search(r'<div id="result-0" class="result"[^>]* hx-swap-oob="true"', fragment)
    # "K K": row 1's first missing card, and the first place of the missing row 2.
    assert 'id="result-1" class="result" data-bad="1-3 2-1"' in fragment
    assert "Column 1: pair of 8s: 0" in fragment
    assert "Grid: 24" in fragment
    assert "Row 1 has two cards; it needs three." in fragment
    assert not Hole.objects.exists()


def test_preview_without_javascript_renders_the_whole_page(client, three):
    data = hole_data(**GOOD, went_out="2")
    page = client.post(reverse("scoring:hole_preview", args=[three.pk]), data).content.decode()
    assert "<h1>Hole 1" in page
    assert "Scores <strong>0</strong>" in page
    assert 'value="8 5 7 / 8 3 9"' in page
    assert not Hole.objects.exists()


# -- scoreboard, hole detail, corrections ----------------------------------------------


def test_scoreboard_full_page_and_htmx_fragment(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    url = reverse("scoring:match_detail", args=[three.pk])
    page = client.get(url).content.decode()
    assert "<h1>Scoreboard</h1>" in page
    assert "Enter hole 2" in page
    assert "<svg" in page
    fragment = client.get(url, **HX).content.decode()
    assert "<h1>" not in fragment
    assert 'id="board"' in fragment
    assert '<td class="num cell--won">0' in fragment


def test_hole_detail_draws_the_cards_and_the_breakdown(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    page = client.get(reverse("scoring:hole_detail", args=[three.pk, 1])).content.decode()
    assert '<span class="card" aria-label="K">K</span>' in page
    assert "Column 1: pair of 8s: 0" in page
    assert "Ann: 24" in page


def test_correcting_a_hole_changes_the_totals(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    url = reverse("scoring:hole_edit", args=[three.pk, 1])
    form_page = client.get(url).content.decode()
    assert 'value="8 5 7 / 8 3 9"' in form_page
    data = hole_data(**{**GOOD, "grid_0": "8 5 7 / 8 5 7"}, revision=1)
    response = client.post(url, data)
    assert response.status_code == 302
    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert "Hole 1 corrected" in page
    assert three.holes.get().scores.get(seat=0).score == 0


def test_deleting_the_last_hole_takes_a_second_step(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:hole_delete", args=[three.pk, 1])
    confirm = client.get(url).content.decode()
    assert "Yes, delete hole 1" in confirm
    assert "the totals go back to zero." in confirm  # not "after hole 0"
    assert three.holes.count() == 1
    client.post(url)
    assert three.holes.count() == 0
    save_hole(three, totals=[1, 2, 3])
    save_hole(three, totals=[4, 5, 6])
    second = client.get(reverse("scoring:hole_delete", args=[three.pk, 2])).content.decode()
    assert "where they were after hole 1." in second
    # What would be lost is said before the choice is made.
    assert "Its scores: Ann 4 · Bob 5 · Cy 6." in second


# -- who may see what ------------------------------------------------------------------


def test_the_share_link_is_read_only_and_polls_for_updates(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    own(client)
    url = reverse("scoring:match_shared", args=[three.share_token])
    page = client.get(url).content.decode()
    assert "<h1>Live scoreboard</h1>" in page
    assert 'hx-trigger="every 5s"' in page
    assert "Reload now" in page
    assert reverse("scoring:hole_detail", args=[three.pk, 1]) not in page
    assert "Enter hole" not in page
    fragment = client.get(url, **HX).content.decode()
    assert fragment.lstrip().startswith('<div id="board"')
    assert client.get(reverse("scoring:match_shared", args=["not-the-token"])).status_code == 404


def test_a_live_board_unchanged_since_its_last_look_is_not_sent_again(
    client, three, save_hole, django_assert_max_num_queries
):
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:match_shared", args=[three.share_token])
    first = client.get(url, **HX)
    assert first.status_code == 200
    assert first["Cache-Control"] == "private, no-cache"
    etag = first["ETag"]
    # The poll a few seconds later, from a browser holding that board: nothing to
    # draw and nothing sent but headers.
    with django_assert_max_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    # A hole saved meanwhile: the next poll gets the new board.
    save_hole(three, totals=[4, 0, 6])
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert '<td class="num scorecard__total">5</td>' in changed.content.decode()


def test_the_owners_board_fragment_is_checked_for_its_owner_first(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    own(client, three)
    url = reverse("scoring:match_detail", args=[three.pk])
    etag = client.get(url, **HX)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HX).status_code == 304
    # Another browser learns nothing, not even that the board is unchanged.
    from django.test import Client

    assert Client().get(url, HTTP_IF_NONE_MATCH=etag, **HX).status_code == 404
    # The whole page carries CSRF tokens: always sent whole.
    page = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert page.status_code == 200 and not page.has_header("ETag")


# -- cost --------------------------------------------------------------------------------


def _match_with(players, holes, save_hole):
    rules = RuleSet(variant="nine-card", holes=18).to_dict()
    match = MatchFactory(players=[f"P{n}" for n in range(players)], rules=rules)
    for _ in range(holes):
        save_hole(match, totals=list(range(players)))
    return match


@pytest.mark.parametrize(("players", "holes"), [(2, 1), (8, 18)])
def test_the_scoreboard_costs_the_same_few_queries_at_any_size(
    client, save_hole, django_assert_max_num_queries, players, holes
):
    match = _match_with(players, holes, save_hole)
    own(client, match)
    with django_assert_max_num_queries(6):
        page = client.get(reverse("scoring:match_detail", args=[match.pk])).content.decode()
    assert page.count('class="scorecard__name"') == players + 1


@pytest.mark.parametrize(("players", "holes"), [(2, 0), (8, 17)])
def test_saving_a_hole_costs_the_same_queries_at_any_size(
    client, save_hole, django_assert_max_num_queries, players, holes
):
    """Validate, score, write every score and each player's result, and answer with
    the scoreboard: a fixed number of queries, however many players and holes."""
    match = _match_with(players, holes, save_hole)
    own(client, match)
    data = hole_data(number=holes + 1, kind="totals")
    data.update({f"total_{seat}": str(seat) for seat in range(players)})
    with django_assert_max_num_queries(18):
        response = client.post(reverse("scoring:hole_new", args=[match.pk]), data, **HX)
    assert f"Hole {holes + 1} saved." in response.content.decode()


def test_a_board_is_drawn_once_until_the_match_changes(
    client, save_hole, django_assert_num_queries
):
    """A second look at an unchanged board reads no scores: the drawn board is
    kept, keyed on the match's last change."""
    match = _match_with(8, 18, save_hole)
    own(client, match)
    url = reverse("scoring:match_detail", args=[match.pk])
    first = client.get(url).content.decode()
    with django_assert_num_queries(2):  # the match and the session
        again = client.get(url).content.decode()
    # Every page masks its CSRF token afresh; the rest is the same.
    masked = re.compile(r'"X-CSRFToken": "[^"]+"|name="csrfmiddlewaretoken" value="[^"]+"')
    assert masked.sub("", again) == masked.sub("", first)


@pytest.mark.parametrize("change", ["save", "correct", "delete", "end"])
def test_every_change_to_a_match_shows_on_a_board_already_drawn(client, save_hole, change):
    from scoring import services

    match = MatchFactory(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    own(client, match)
    save_hole(match, totals=[3, 4])
    save_hole(match, totals=[5, 6])
    urls = [
        reverse("scoring:match_detail", args=[match.pk]),
        reverse("scoring:match_shared", args=[match.share_token]),
    ]
    for url in urls:
        assert '<td class="num scorecard__total">8</td>' in client.get(url).content.decode()
    if change == "save":
        save_hole(match, totals=[10, 0])
        expected = ['<td class="num scorecard__total">18</td>', '<td class="num">10</td>']
    elif change == "correct":
        hole = match.holes.get(number=2)
        entry = services.HoleEntry(kind="totals", totals=(1, 6))
        services.hole_correct(hole=hole, entry=entry, revision=hole.revision)
        expected = ['<td class="num scorecard__total">4</td>']
    elif change == "delete":
        services.hole_delete_last(match=match, number=2)
        expected = ['<td class="num scorecard__total">3</td>', "After 1 of 9 holes"]
    else:
        services.match_end(match=Match.objects.get(pk=match.pk))
        expected = ['<h2 id="result-heading">Winner</h2>', "<h2>Summary</h2>"]
    for url in urls:
        page = client.get(url).content.decode()
        for text in expected:
            assert text in page, (url, text)


def test_the_owners_board_and_the_shared_board_are_drawn_apart(client, three, save_hole):
    """Only the owner's board links each hole to its page; the shared one, drawn
    from the same match, must not borrow the owner's drawing."""
    save_hole(three, totals=[1, 2, 3])
    hole_link = reverse("scoring:hole_detail", args=[three.pk, 1])
    owners = reverse("scoring:match_detail", args=[three.pk])
    assert hole_link in client.get(owners).content.decode()
    shared = client.get(reverse("scoring:match_shared", args=[three.share_token])).content.decode()
    assert hole_link not in shared
    assert hole_link in client.get(owners).content.decode()


def test_preview_says_nothing_about_a_grid_still_being_entered(client, three):
    url = reverse("scoring:hole_preview", args=[three.pk])
    data = hole_data(grid_0="8 5 7 / 8 3 9", grid_1="K ? ? / ? ? ?", grid_2="")
    fragment = client.post(url, data, **HX).content.decode()
    assert "Grid: 24" in fragment
    assert "not a rank" not in fragment
    assert "empty" not in fragment


def test_a_tampered_form_is_refused_in_words_and_changes_nothing(client, three):
    url = reverse("scoring:hole_new", args=[three.pk])
    data = hole_data(**GOOD, token="not-a-token", went_out="7")
    response = client.post(url, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "This form is out of date" in page
    assert "Choose one of the players at this table." in page
    assert 'value="8 5 7 / 8 3 9"' in page
    assert not Hole.objects.exists()


def test_the_later_of_two_phones_is_shown_the_match_as_it_is(client, three):
    url = reverse("scoring:hole_new", args=[three.pk])
    client.post(url, hole_data(**GOOD))
    response = client.post(url, hole_data(**{**GOOD, "grid_0": "8 5 7 / 8 5 7"}))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Hole 1 was already saved from another phone" in page
    assert "<h1>Scoreboard</h1>" in page
    assert three.holes.get().scores.get(seat=0).score == 24


def test_the_later_of_two_phones_through_htmx_lands_on_the_scoreboards_address(client, three):
    url = reverse("scoring:hole_new", args=[three.pk])
    client.post(url, hole_data(**GOOD), **HX)
    response = client.post(url, hole_data(**{**GOOD, "grid_0": "8 5 7 / 8 5 7"}), **HX)
    assert "Hole 1 was already saved from another phone" in response.content.decode()
    assert response["HX-Push-Url"] == reverse("scoring:match_detail", args=[three.pk])


def test_going_back_to_a_page_htmx_no_longer_keeps_gets_the_whole_page(client, three):
    """htmx is told not to send HX-Request when it fetches a page for Back or
    Forward, or pages that answer htmx with a fragment would come back as one."""
    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert '"historyRestoreAsHxRequest": false' in page


def test_htmx_keeps_its_board_when_told_it_has_not_changed(client, three):
    """A 304 is the browser's business: should one reach htmx itself, it must not
    replace the live board with nothing. The other codes are handled as htmx's
    own defaults handle them."""
    import json

    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    config = json.loads(re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", page)[1])
    handling = config["responseHandling"]
    assert {"code": "304", "swap": False} in handling
    assert handling.index({"code": "304", "swap": False}) < handling.index(
        {"code": "[23]..", "swap": True}
    )
    assert {"code": "[45]..", "swap": False, "error": True} in handling


def test_a_finished_match_accepts_no_new_hole(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:hole_new", args=[three.pk])
    assert client.get(url)["Location"] == reverse("scoring:match_detail", args=[three.pk])
    page = client.post(url, hole_data(3, kind="totals", total_0=1, total_1=1, total_2=1))
    assert "This match is finished" in page.content.decode()
    assert three.holes.count() == 2


def test_csv_export_lists_every_hole_and_defuses_formulas(client, save_hole):
    match = MatchFactory(players=["=SUM(A1)", "Bob"])
    own(client, match)
    save_hole(match, totals=[5, -2])
    response = client.get(reverse("scoring:match_csv", args=[match.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbfPlayer,")  # for Excel: UTF-8
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Player,Hole 1,Total,Place"
    assert lines[1] == "'=SUM(A1),5,5,2"
    assert lines[2] == "Bob,-2,-2,1"


def test_paper_card_has_a_column_for_every_planned_hole_and_its_dealer(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    page = client.get(reverse("scoring:match_print", args=[three.pk])).content.decode()
    assert "<h1>Score card</h1>" in page
    assert page.count('<th scope="col" class="num">') == 3  # holes 1, 2 and the total
    assert '<td class="num">Bob</td>' in page  # Bob deals hole 2 after Ann


def test_the_paper_cards_dealers_are_named_as_short_as_tells_them_apart(client):
    match = MatchFactory(players=["Annabel", "Annie", "Dmitri"], rules=RuleSet(holes=3).to_dict())
    own(client, match)
    page = client.get(reverse("scoring:match_print", args=[match.pk])).content.decode()
    row = re.search(r'<tr class="dealer-row">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<td class="num">([^<]*)</td>', row) == ["Anna", "Anni", "Dmi"]


def test_the_paper_card_of_a_match_ended_early_stops_at_its_last_hole(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    services.match_end(match=three)
    page = client.get(reverse("scoring:match_print", args=[three.pk])).content.decode()
    assert page.count('<th scope="col" class="num">') == 2  # hole 1 and the total
    assert '<td class="num">Bob</td>' not in page  # no dealer for a hole never played


def test_checking_a_correction_without_javascript_stays_a_correction(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    data = hole_data(kind="totals", total_0=1, total_1=5, total_2=6, revision=1)
    page = client.post(reverse("scoring:hole_preview", args=[three.pk]), data).content.decode()
    assert "<h1>Correct hole 1" in page
    assert f'action="{reverse("scoring:hole_edit", args=[three.pk, 1])}"' in page
    assert "Scores <strong>1</strong>" in page


@pytest.mark.parametrize(
    ("rules", "slots", "ranks"),
    [
        (RuleSet(variant="nine-card"), 9, ["A", "10", "K"]),
        (RuleSet(variant="four-card"), 4, ["A", "10", "K"]),
        (RuleSet(deck=DeckKind.ZSA), 6, ["0", "X", "K"]),
    ],
)
def test_the_hole_page_draws_each_grid_in_the_variants_layout(client, rules, slots, ranks):
    match = MatchFactory(players=["Ann", "Bob"], rules=rules.to_dict())
    own(client, match)
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    assert page.count('<button type="button" class="slot"') == 2 * slots
    assert f"slots--cols-{rules.layout.columns}" in page
    keys = re.findall(r'data-rank="([^"]+)"', page)
    assert all(rank in keys for rank in ranks)
    assert "JK" not in keys  # no jokers under these rules


def test_a_live_board_kept_by_a_browser_is_sent_again_after_a_deploy(
    client, three, save_hole, monkeypatch
):
    """The match is unchanged, but the code that draws its board is new: the
    follower's browser must not keep the board drawn by the old code."""
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:match_shared", args=[three.share_token])
    etag = client.get(url, **HX)["ETag"]
    monkeypatch.setattr(board, "code_version", lambda: "a-new-release")
    again = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert again.status_code == 200
    assert again["ETag"] != etag
    assert client.get(url, HTTP_IF_NONE_MATCH=again["ETag"], **HX).status_code == 304


def test_a_live_board_sent_compressed_is_not_sent_again_unchanged(client, three, save_hole):
    """A phone's browser accepts gzip: the board comes compressed, its tag marked
    weak, and the next poll with that tag is still answered "not modified"."""
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:match_shared", args=[three.share_token])
    gz = {"HTTP_ACCEPT_ENCODING": "gzip", **HX}
    first = client.get(url, **gz)
    assert first["Content-Encoding"] == "gzip"
    etag = first["ETag"]
    assert etag.startswith('W/"')
    again = client.get(url, HTTP_IF_NONE_MATCH=etag, **gz)
    assert again.status_code == 304 and again.content == b""
    save_hole(three, totals=[4, 0, 6])
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **gz).status_code == 200
