"""Variant and house-rule pages: engine facts, worked examples with and without, 404s,
and sentences that agree with the engine's facts."""

import re

import pytest
from django.urls import reverse

from rules.content.variants import VARIANT_PAGES
from rules.presenters import CaseResult, all_rule_infos, score_case
from scoring.engine import (
    ADJUSTMENT_ORDER,
    JOKER_OPTIONS,
    VARIANTS,
    Card,
    HouseRule,
    Rank,
    RuleSet,
    check_grid,
    check_table,
    score_grid,
    score_hole,
)
from scoring.engine.rules import COPIES_PER_RANK, DECK_RANKS, PLAY_RULE_INFO, DeckKind

from .conftest import page_text, table_values, text_of


def rules_ranks(rules):
    ranks = list(DECK_RANKS[rules.deck])
    if rules.rank_copies(Rank.JOKER):
        ranks.append(Rank.JOKER)
    return ranks


pytestmark = pytest.mark.django_db


def shown(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def test_the_variants_page_lists_every_engine_variant_and_the_other_pages(client):
    html = client.get(reverse("rules:variants")).content.decode()
    for slug, variant in VARIANTS.items():
        assert reverse("rules:variant", args=[slug]) in html
        assert variant.summary.split(":")[0] in html
    assert reverse("rules:variant", args=["zsa-deck"]) in html
    assert reverse("rules:variant", args=["power-cards"]) in html


@pytest.mark.parametrize("slug", list(VARIANTS))
def test_each_variant_page_states_the_engines_facts(client, slug):
    variant = VARIANTS[slug]
    rules = RuleSet(variant=slug)
    text = text_of(client.get(reverse("rules:variant", args=[slug])).content.decode())
    assert f"{variant.layout.rows} rows of {variant.layout.columns}" in text
    assert f"Cards turned up at the start {rules.starting_flips}" in text
    assert ("never: every card counts" in text) is (not variant.cancels)
    page = next(p for p in VARIANT_PAGES if p.slug == slug)
    total = score_grid(check_grid(page.example, rules), rules).total
    assert f"A sample grid: {shown(total)}" in text
    # The value table is the engine's: twos, for instance.
    html = client.get(reverse("rules:variant", args=[slug])).content.decode()
    assert table_values(html) == {
        card.display: shown(rules.value(card)) for card in map(Card, rules_ranks(rules))
    }


def test_the_four_card_page_explains_knocking_and_peeking(client):
    text = text_of(client.get(reverse("rules:variant", args=["four-card"])).content.decode())
    assert "knock" in text and "look at the two cards nearest you" in text
    assert "face down" in text


def test_the_nine_card_page_needs_three_of_a_rank(client):
    text = text_of(client.get(reverse("rules:variant", args=["nine-card"])).content.decode())
    assert "when all three of its cards share a rank" in text


def test_the_zsa_page_scores_its_22_with_the_zsa_deck(client):
    text = text_of(client.get(reverse("rules:variant", args=["zsa-deck"])).content.decode())
    assert "A sample grid: 22" in text
    assert "X X 10" in text  # the ZSA ten in the value table
    assert "“ends at once” choice" in text


def test_the_power_card_page_says_how_they_differ(client):
    text = text_of(client.get(reverse("rules:variant", args=["power-cards"])).content.decode())
    assert "Cambio" in text and "Cabo" in text
    assert "not interchangeable" in text


@pytest.mark.parametrize(
    "url",
    [
        "/rules/variants/nope/",
        "/rules/variants/seven-card/",
        "/rules/house-rules/nope/",
        "/rules/house-rules/none/",
        "/rules/house-rules/jokers-none/",
    ],
)
def test_unknown_slugs_are_404(client, url):
    assert client.get(url).status_code == 404


def test_the_house_rules_page_lists_every_option_of_the_engine(client):
    html = client.get(reverse("rules:house_rules")).content.decode()
    for rule in HouseRule:
        assert reverse("rules:house_rule", args=[rule.slug]) in html
    for slug in JOKER_OPTIONS:
        if slug != "none":
            assert reverse("rules:house_rule", args=[f"jokers-{slug}"]) in html
    for key in PLAY_RULE_INFO:
        assert reverse("rules:house_rule", args=[key.replace("_", "-")]) in html


def test_the_order_of_hole_rules_is_the_engines(client):
    html = client.get(reverse("rules:house_rules")).content.decode()
    order = html.split('<ol class="order">')[1].split("</ol>")[0]
    titles = re.findall(r'">([^<]+)</a>', order)
    assert titles == [rule.title for rule in ADJUSTMENT_ORDER]


@pytest.mark.parametrize("info", all_rule_infos(), ids=lambda i: i.slug)
def test_each_rule_page_shows_the_engines_numbers_with_and_without(client, info):
    html = client.get(reverse("rules:house_rule", args=[info.slug])).content.decode()
    text = text_of(html)
    assert html.count("<h1>") == 1
    assert info.title in text
    for case in info.text.cases:
        rules = RuleSet.from_dict({"variant": "six-card", **case.rules})
        if len(case.grids) == 1:
            total = score_grid(check_grid(case.grids[0], rules), rules).total
            assert f"{case.label}: {shown(total)}" in text
        else:
            scores = score_hole(check_table(case.grids, rules), rules, case.went_out).scores
            assert f"{case.label}: {', '.join(shown(s) for s in scores)}" in text


def case_total(result: CaseResult) -> object:
    """A one-grid case's total, or a table's hole scores."""
    if result.grid:
        return result.grid.total
    assert result.hole is not None, result.case
    return result.hole.scores


def test_every_grid_and_hole_rule_has_an_example_that_shows_a_difference():
    for info in all_rule_infos():
        if info.kind == "house" or info.kind == "jokers":
            results = [score_case(case) for case in info.text.cases]
            totals = [case_total(r) for r in results]
            assert len(set(map(str, totals))) > 1, info.slug


def test_the_knock_penalty_example_adds_ten_to_the_player_who_went_out(client):
    text = text_of(client.get(reverse("rules:house_rule", args=["knock-penalty"])).content.decode())
    assert "Went out without the lowest score: +10" in text
    assert "The order rules apply" in text


def test_play_rule_pages_list_their_choices(client):
    text = text_of(client.get(reverse("rules:house_rule", args=["end-of-hole"])).content.decode())
    assert "One more turn" in text and "Ends at once" in text
    text = text_of(
        client.get(reverse("rules:house_rule", args=["flip-on-discard"])).content.decode()
    )
    assert "Speed Golf" in text and "Endgame flip" in text
    assert "not how a finished grid is scored" in text


# -- words that agree with the engine's facts -------------------------------------------


ZSA_PAGES = [
    reverse("rules:variant", args=["zsa-deck"]),
    reverse("rules:variants"),
    reverse("rules:card_values") + "?deck=zsa",
    reverse("rules:try") + "?deck=zsa",
    reverse("rules:practice") + "?deck=zsa&seed=1",
]


@pytest.mark.parametrize("url", ZSA_PAGES)
def test_no_page_calls_the_zsa_deck_a_120_card_deck_to_golf(client, url):
    """It is sold as 120 cards, but Golf counts eight of each of its fourteen ranks
    (112): no page, nor its description, names it "the 120-card ZSA deck" beside a
    table of 112."""
    html = client.get(url).content.decode()
    assert "120-card ZSA" not in html and "ZSA 120" not in html


def test_the_zsa_variant_page_names_both_numbers(client):
    ranks, copies = len(DECK_RANKS[DeckKind.ZSA]), COPIES_PER_RANK[DeckKind.ZSA]
    assert (ranks, copies) == (14, 8)
    assert RuleSet(deck=DeckKind.ZSA).shoe_size(2) == ranks * copies
    text = page_text(client, reverse("rules:variant", args=["zsa-deck"]))
    assert "sold as a 120-card deck" in text
    assert f"{ranks} ranks in eight suits, {copies} cards of each rank" in text


def test_the_ten_card_page_lists_more_than_a_lone_catch_all(client):
    html = client.get(reverse("rules:variant", args=["ten-card"])).content.decode()
    points = html.split("<h2>What to know</h2>")[1].split("</ul>")[0]
    items = re.findall(r"<li>(.*?)</li>", points)
    assert len(items) >= 2
    assert "Everything else" not in points


@pytest.mark.parametrize("slug", ["eight-card", "nine-card", "ten-card"])
def test_a_variant_with_the_same_decks_at_every_table_says_so_once(client, slug):
    rules = RuleSet.from_dict({"variant": slug})
    assert rules.deck_count(2) == rules.deck_count(5) == 2
    text = page_text(client, reverse("rules:variant", args=[slug]))
    assert f"2 decks ({rules.shoe_size(2)} cards) at any table." in text
    assert "for five or more" not in text


def test_a_variant_whose_decks_depend_on_the_table_still_says_both(client):
    text = page_text(client, reverse("rules:variant", args=["six-card"]))
    assert "Usually 1 deck (52 cards) for up to four players, 2 (104 cards) for five or more" in (
        text
    )


def test_the_holes_page_does_not_say_the_number_of_holes_changes_play(client):
    text = page_text(client, reverse("rules:house_rule", args=["holes"]))
    assert "changes how a hole is played" not in text
    assert "changes neither how a hole is played nor how a grid is scored" in text
    # The other play rules without an example keep the sentence that fits them.
    flips = page_text(client, reverse("rules:house_rule", args=["flip-on-discard"]))
    assert "This rule changes how a hole is played, not how a finished grid is scored." in flips


def test_the_house_rules_index_promises_examples_only_where_pages_have_them(client):
    text = page_text(client, reverse("rules:house_rules"))
    assert "each page shows a grid scored with and without" not in text
    assert "where it changes a score, a worked example" in text
    # Pages without a worked example exist, so the old promise could not be kept.
    without = client.get(reverse("rules:house_rule", args=["flip-as-action"]))
    assert "<h2>Worked example</h2>" not in without.content.decode()


def test_wolfpack_does_not_call_two_pairs_of_jacks_the_worst_hand(client):
    without = RuleSet()
    assert score_grid(check_grid("J J 3 / J J 4", without), without).total == 7
    text = page_text(client, reverse("rules:house_rule", args=["wolfpack"]))
    assert "worst hand" not in text
    assert "already score 0" in text


def test_the_underdog_page_says_the_bonus_goes_to_the_lowest_score(client):
    """The engine gives the −3 to every lowest score of the hole, whoever leads the
    match: the page no longer says it helps the player who is behind."""
    rules = RuleSet(house_rules=frozenset({HouseRule.UNDERDOG_BONUS}))
    hole = score_hole(check_table(["8 5 7 / 8 3 9", "8 2 K / 8 5 A"], rules), rules)
    assert [p.score for p in hole.players] == [24, 1]
    text = page_text(client, reverse("rules:house_rule", args=["underdog-bonus"]))
    assert "helps a player who is behind to" not in text
    assert "the bonus goes to the lowest score of the hole" in text
