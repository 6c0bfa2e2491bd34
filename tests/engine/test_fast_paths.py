"""The engine's fast paths give the answers the plain way would.

Parsing and checking take shortcuts on the common case (see the comments in
``grid.py`` and ``validation.py``); these properties hold each shortcut to the
straightforward reading of the rules it stands in for.
"""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import (
    JOKER_OPTIONS,
    VARIANTS,
    Card,
    DeckKind,
    Rank,
    RulesError,
    RuleSet,
    grid_problems,
    table_problems,
)
from scoring.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from scoring.engine.validation import _count_problems, seating_problems

from .strategies import cards, grids, grids_for, rule_sets, suits


@given(st.data(), rule_sets, st.integers(2, 8))
def test_too_many_copies_are_found_as_a_plain_count_finds_them(data, ruleset, players):
    layout = ruleset.layout
    table = data.draw(
        st.lists(
            grids(rows=layout.rows, columns=layout.columns), min_size=players, max_size=players
        )
    )
    limits = ruleset.rank_limits(players)
    decks = ruleset.deck_count(players)
    everything = [
        (seat, r, c, card)
        for seat, grid in enumerate(table)
        for r, row in enumerate(grid.rows, start=1)
        for c, card in enumerate(row, start=1)
    ]
    if any(limits[card.rank] == 0 for *_, card in everything):
        return  # reported card by card instead, before anything is counted
    if players * layout.size + 1 > ruleset.shoe_size(players):
        return  # too many players for the shoe: nothing is counted either
    ranks = Counter(card.rank for *_, card in everything)
    exact = Counter(
        (card.rank, card.suit)
        for *_, card in everything
        if card.suit is not None and ruleset.deck is DeckKind.STANDARD
    )
    expected = [
        tuple((s, r, c) for s, r, c, card in everything if card.rank is rank)
        for rank, n in ranks.items()
        if n > limits[rank]
    ] + [
        tuple((s, r, c) for s, r, c, card in everything if (card.rank, card.suit) == key)
        for key, n in exact.items()
        if n > decks
    ]
    found = [p.places for p in table_problems(table, ruleset)]
    assert found == expected


@given(cards)
def test_rank_copies_and_rank_limits_agree(card):
    for ruleset in (RuleSet(), RuleSet(jokers="lucky-swing"), RuleSet(deck=DeckKind.ZSA)):
        for players in range(2, 9):
            copies = ruleset.rank_copies(card.rank, players)
            assert copies == ruleset.rank_limits(players)[card.rank]


def test_a_rank_the_deck_lacks_has_no_copies_for_any_number_of_players():
    """grid_problems counts copies first and takes "nothing over" to mean "every
    card is in the deck", which needs the ranks without copies to be the same
    whatever the number of players."""
    for variant in VARIANTS:
        for jokers in JOKER_OPTIONS:
            for deck in DeckKind:
                for decks in (None, 1, 2, 3, 4):
                    try:
                        ruleset = RuleSet(variant=variant, jokers=jokers, deck=deck, decks=decks)
                    except RulesError:
                        continue
                    missing = {r for r, n in ruleset.rank_limits(MIN_PLAYERS).items() if not n}
                    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
                        limits = ruleset.rank_limits(players)
                        assert {r for r, n in limits.items() if not n} == missing


any_card = st.one_of(
    st.builds(Card, st.sampled_from([r for r in Rank if r is not Rank.JOKER]), suits),
    st.just(Card(Rank.JOKER)),
)
any_rules = st.one_of(
    rule_sets,
    st.builds(RuleSet, variant=st.sampled_from(list(VARIANTS)), deck=st.just(DeckKind.ZSA)),
)


@given(st.data(), any_rules, st.integers(MIN_PLAYERS, MAX_PLAYERS), st.none() | st.integers(0, 7))
def test_a_grid_is_checked_card_by_card_then_counted(data, ruleset, players, player):
    """grid_problems counts first; the answer is the one of checking every card is
    in the deck, then (only if so) counting copies."""
    grid = data.draw(grids_for(ruleset, card=any_card))
    plain = grid_problems(grid, ruleset, player=player, players=players, count=False)
    if not plain:
        plain = _count_problems([grid], ruleset, players, "in this grid", [player])
    assert grid_problems(grid, ruleset, player=player, players=players) == plain


@given(
    st.data(),
    any_rules,
    st.lists(st.booleans(), max_size=9),
    st.integers(0, 9),
)
def test_a_table_is_checked_grid_by_grid_then_counted(data, ruleset, went_out, players):
    """table_problems counts the table first; the answer is the one of checking the
    seating and each grid (shape, cards in the deck), then counting if all is well."""
    layout = ruleset.layout
    shaped = grids_for(ruleset, card=any_card)
    table = data.draw(st.lists(shaped | grids(card=any_card), min_size=players, max_size=players))
    plain = seating_problems(players, ruleset)
    for seat, grid in enumerate(table):
        plain += grid_problems(grid, ruleset, player=seat, players=players, count=False)
    if not plain:
        plain = _count_problems(table, ruleset, players, "on the table", list(range(players)))
    found = table_problems(table, ruleset, went_out)
    if sum(went_out) > 1:
        found = found[:-1]  # the going-out problem, always last
    assert found == plain
    assert all(grid.layout == layout for grid in table) or found
