"""What the drawn scoreboard shows: who leads or won, the score card, standings,
chart and summary, with every player's name shown as text."""

import re

import pytest

from scoring.charts import FSI, PDI
from scoring.engine import RuleSet
from scoring.views.board import board_fragment
from tests.factories import MatchFactory
from tests.patterns import first_match

pytestmark = pytest.mark.django_db

NAME = "<b>&\"'"
ESCAPED = "&lt;b&gt;&amp;&quot;&#x27;"


def drawn(match, readonly=False):
    match.refresh_from_db()
    return board_fragment(match, readonly=readonly).html


def standings(html):
    """(place, name, total, behind) for each item of the standings, in order."""
    items = re.findall(
        r'<li><span class="standings__place">(\d+)</span> '
        r'<span class="standings__name"><bdi>([^<]*)</bdi></span> '
        r'<span class="standings__total">(-?\d+)</span>'
        r' <span class="help standings__behind">(?:(\d+) behind)?</span></li>',
        html,
    )
    return [(int(p), name, int(total), int(behind or 0)) for p, name, total, behind in items]


#: A player's part of the summary: their name over their figures.
SUMMARY_NAME = '<tbody><tr><th scope="rowgroup" colspan="5" class="summary__name">'


def summary(html):
    """Each player in the summary: the name, then total, best hole, holes won, pairs,
    out first."""
    table = first_match(r'<table class="summary">.*?</table>', html, flags=re.S).group(0)
    rows = re.findall(
        re.escape(SUMMARY_NAME)
        + r'<bdi>([^<]*)</bdi></th></tr><tr>((?:<td class="num">[^<]*</td>)+)</tr></tbody>',
        table,
    )
    return [
        (name, *map(int, re.findall(r'<td class="num">([^<]*)</td>', cells)))
        for name, cells in rows
    ]


@pytest.mark.parametrize("readonly", [False, True])
def test_a_name_is_shown_as_text_in_every_part_of_a_finished_board(save_hole, readonly):
    match = MatchFactory.create(players=[NAME, "Ann"], rules=RuleSet(holes=2).to_dict())
    save_hole(match, totals=[1, 5])
    save_hole(match, totals=[2, 6])
    html = drawn(match, readonly=readonly)
    assert f"<strong><bdi>{ESCAPED}</bdi></strong> with 3." in html  # the winner
    card = '<th scope="col" class="scorecard__name is-leading">'
    assert f"{card}<bdi>{ESCAPED}</bdi> <span" in html  # the card
    assert f'<span class="standings__name"><bdi>{ESCAPED}</bdi></span>' in html
    assert f">{FSI}{ESCAPED}{PDI} 3</text>" in html  # the chart's label for the line
    assert f"{SUMMARY_NAME}<bdi>{ESCAPED}</bdi></th>" in html  # the summary
    assert html.count(ESCAPED) == 5
    assert "<b>" not in html and "&\"'" not in html


def test_a_name_is_shown_as_text_on_a_board_still_being_played(save_hole):
    match = MatchFactory.create(players=["Ann", NAME], rules=RuleSet(holes=9).to_dict())
    save_hole(match, totals=[5, 1])
    html = drawn(match)
    assert f"leading: <strong><bdi>{ESCAPED}</bdi></strong>." in html
    assert html.count(ESCAPED) == 4  # leader, card, standings, chart: no summary yet
    assert "<b>" not in html


def test_a_long_name_is_cut_on_the_chart_before_it_is_escaped(save_hole):
    match = MatchFactory.create(players=["Ann", "<script>alert(1)</script>"])
    save_hole(match, totals=[5, 1])
    html = drawn(match)
    # Cut to nine characters, the cut shown, then escaped.
    assert f">{FSI}&lt;script&gt;\u2026{PDI} 1</text>" in html
    assert "<script" not in html
    assert f">{FSI}Ann{PDI} 5</text>" in html  # a name that fits is left whole


def test_standings_rank_by_total_share_places_and_say_how_far_behind(save_hole):
    match = MatchFactory.create(
        players=["Ann", "Bob", "Cy", "Di"], rules=RuleSet(holes=9).to_dict()
    )
    save_hole(match, totals=[5, 3, 9, 3])
    save_hole(match, totals=[0, 2, 4, 2])
    assert standings(drawn(match)) == [
        (1, "Ann", 5, 0),
        (1, "Bob", 5, 0),
        (1, "Di", 5, 0),
        (4, "Cy", 13, 8),
    ]


def test_the_summary_of_a_finished_match(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob", "Cy"], rules=RuleSet(holes=2).to_dict())
    # Ann 24 with one pair, Bob 8 with two and went out, Cy 17 with none.
    save_hole(match, grids=["8 5 7 / 8 3 9", "K 5 J / K 5 2", "A 2 3 / 4 5 6"], went_out=1)
    save_hole(match, totals=[2, 20, 3], went_out=0)
    html = drawn(match)
    assert "<strong><bdi>Cy</bdi></strong> with 20." in html
    assert standings(html) == [(1, "Cy", 20, 0), (2, "Ann", 26, 6), (3, "Bob", 28, 8)]
    # name, total, best hole, holes won, pairs, out first
    assert summary(html) == [
        ("Cy", 20, 3, 0, 0, 0),
        ("Ann", 26, 2, 1, 1, 1),
        ("Bob", 28, 8, 1, 2, 1),
    ]


def test_a_match_being_played_has_standings_and_a_chart_but_no_summary(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    save_hole(match, totals=[4, 7])
    html = drawn(match)
    assert "After 1 of 9 holes, leading: <strong><bdi>Ann</bdi></strong>." in html
    assert standings(html) == [(1, "Ann", 4, 0), (2, "Bob", 7, 3)]
    assert html.count("<polyline ") == 2
    assert "Summary" not in html and '<table class="summary">' not in html


def test_before_the_first_hole_the_board_is_an_empty_card(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"])
    html = drawn(match)
    assert "No hole saved yet." in html
    assert html.count('class="scorecard__name"') == 2  # a column per player
    assert html.count('class="num scorecard__total">0</td>') == 2
    for part in ("Standings", "<ol", "Progress", "<svg", "Summary"):
        assert part not in html


def test_a_finished_match_without_a_complete_hole_shows_no_best_hole(save_hole):
    """A score deleted in the admin leaves its hole off the board; a match ended
    after that hole alone has no best hole to show (not the word None)."""
    from scoring import services
    from scoring.models import Score

    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    save_hole(match, totals=[3, 4])
    Score.objects.filter(hole__match=match, seat=1).delete()
    services.match_end(match=match)
    html = drawn(match)
    assert "None" not in html
    assert (
        f'{SUMMARY_NAME}<bdi>Ann</bdi></th></tr><tr><td class="num">0</td><td class="num"></td>'
        in html
    )


def test_the_card_has_a_column_per_player_with_the_totals_before_the_holes():
    """A hole a row and a player a column, so four players fit a phone: the totals
    come first, under the names (the places are the standings' own, just below)."""
    from tests.factories import eight_player_match

    html = drawn(eight_player_match(played=12, holes=18))
    card = first_match(r'<table class="scorecard[^"]*">.*?</table>', html, flags=re.S).group(0)
    heads = [
        re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", card)
    ]
    assert [h.removesuffix(" leads") for h in heads] == [
        "Hole",
        *(f"Player {n}" for n in range(1, 9)),
    ]
    totals = first_match(r'<tr class="scorecard__totals">(.*?)</tr>', card).group(1)
    assert re.findall(r"<td[^>]*>(.*?)</td>", totals)[0] == "288"
    rows = re.findall(r"<tbody>(.*?)</tbody>", card, flags=re.S)[0].split("</tr>")[:-1]
    assert [
        re.sub(r"<[^>]+>", "", first_match(r"<th[^>]*>(.*?)</th>", r).group(1)) for r in rows
    ] == [str(n) for n in range(1, 13)]
    # Hole 1's row: Player 1 went out with 24.
    cells = re.findall(r"<td[^>]*>(.*?)</td>", rows[0])
    assert len(cells) == 8 and re.sub(r"<[^>]+>", "", cells[0]) == "24•"


def test_a_three_figure_total_cuts_the_name_shorter_on_the_chart(save_hole):
    """The label beside the chart has room for so many characters: the total is
    never the part cut off ("Bartholo… 20" for 200)."""
    match = MatchFactory.create(players=["Ann", "Bartholomew"], rules=RuleSet(holes=4).to_dict())
    for _ in range(4):
        save_hole(match, totals=[5, 50])
    html = drawn(match)
    assert f">{FSI}Bartho\u2026{PDI} 200</text>" in html
    assert f">{FSI}Ann{PDI} 20</text>" in html


def test_each_hole_number_of_a_keepers_card_opens_that_hole_and_a_shared_card_has_none(
    save_hole,
):
    from django.urls import reverse

    match = MatchFactory.create(players=["Ann", "Ben"], rules=RuleSet(holes=3).to_dict())
    save_hole(match, totals=[1, 5])
    save_hole(match, totals=[4, 2])
    links = re.findall(r'<a href="([^"]+)" aria-label="Hole (\d+)">(\d+)</a>', drawn(match))
    assert links == [
        (reverse("scoring:hole_detail", args=[match.pk, n]), str(n), str(n)) for n in (1, 2)
    ]
    assert 'aria-label="Hole 1"' not in drawn(match, readonly=True)


def test_the_chart_is_titled_for_a_screen_reader_by_the_holes_it_shows(save_hole):
    match = MatchFactory.create(players=["Ann", "Ben"], rules=RuleSet(holes=3).to_dict())
    save_hole(match, totals=[1, 5])
    assert '<title id="chart-title">Running totals after hole 1</title>' in drawn(match)
    save_hole(match, totals=[4, 2])
    assert "Running totals after each of 2 holes</title>" in drawn(match)
