"""Demo deals are legal: every hole they deal passes the table check, under every
variant and deck, and a seed repeats a deal."""

import random
from collections import Counter

import pytest

from scoring.engine import PRESETS, VARIANTS, DeckKind, RuleSet, score_grid, table_problems
from scoring.engine.deal import deal_grids, shoe, went_out_seat


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_deal_is_legal(variant, players):
    rules = RuleSet(variant=variant)
    rng = random.Random(f"{variant}-{players}")
    for _ in range(20):
        grids, _ = deal_grids(rules, players, rng)
        assert len(grids) == players
        assert all(grid.layout == rules.layout for grid in grids)
        assert table_problems(grids, rules, [False] * players) == []


@pytest.mark.parametrize("slug", sorted(PRESETS))
def test_presets_deal_legally(slug):
    rules = PRESETS[slug][2]
    rng = random.Random(slug)
    grids, _ = deal_grids(rules, 3, rng)
    assert table_problems(grids, rules, [False] * 3) == []


def test_the_shoe_holds_what_the_rules_say():
    rules = RuleSet()
    cards = shoe(rules, 4)
    assert len(cards) == rules.shoe_size(4)
    counts = Counter(card.rank for card in cards)
    assert counts == Counter({rank: n for rank, n in rules.rank_limits(4).items() if n})


def test_a_zsa_shoe_has_no_suits():
    cards = shoe(RuleSet(deck=DeckKind.ZSA), 2)
    assert all(card.suit is None for card in cards)


def test_a_seed_repeats_the_deal():
    rules = RuleSet()
    first, _ = deal_grids(rules, 4, random.Random(7))
    again, _ = deal_grids(rules, 4, random.Random(7))
    assert [g.notation() for g in first] == [g.notation() for g in again]


def test_drawing_makes_grids_better_on_average():
    rules = RuleSet()
    dealt = [
        score_grid(g, rules).total
        for _ in range(60)
        for g in deal_grids(rules, 4, random.Random(_), draws=0)[0]
    ]
    drawn = [
        score_grid(g, rules).total
        for _ in range(60)
        for g in deal_grids(rules, 4, random.Random(_), draws=12)[0]
    ]
    assert sum(drawn) < sum(dealt)


def test_who_went_out_is_a_seat_or_nobody():
    rng = random.Random(3)
    seen = {went_out_seat([5, 2, 9], rng) for _ in range(200)}
    assert seen <= {None, 0, 1, 2}
    assert 1 in seen and None in seen
