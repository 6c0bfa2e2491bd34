"""Dealing random grids for the practice page: always legal, repeatable by seed."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import Card, DeckKind, Grid, GridError, Layout, Rank, RuleSet, grid_problems
from scoring.engine.deal import deal_grid, shoe
from scoring.engine.slots import cells_notation, grid_cells

RULE_SETS = [
    RuleSet(),
    RuleSet(variant="four-card"),
    RuleSet(variant="eight-card"),
    RuleSet(variant="nine-card"),
    RuleSet(variant="ten-card"),
    RuleSet(deck=DeckKind.ZSA),
    RuleSet(jokers="lucky-swing"),
    RuleSet(jokers="eagle-eye"),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.variant}-{r.deck.value}")
def test_every_dealt_grid_fits_the_layout_and_the_shoe(rules):
    for seed in range(150):
        grid = deal_grid(rules, seed=seed, pair_chance=0.6)
        assert grid.layout == rules.layout
        assert grid_problems(grid, rules) == []


def test_the_same_seed_deals_the_same_grid_and_others_differ():
    rules = RuleSet()
    assert deal_grid(rules, seed=7) == deal_grid(rules, seed=7)
    assert len({deal_grid(rules, seed=s).notation() for s in range(20)}) > 15


def test_a_shared_random_generator_deals_in_sequence():
    rules = RuleSet()
    rng = random.Random(3)
    first, second = deal_grid(rules, rng=rng), deal_grid(rules, rng=rng)
    assert first != second


def test_pair_chance_one_matches_every_column_when_the_variant_cancels():
    grid = deal_grid(RuleSet(variant="nine-card"), seed=1, pair_chance=1.0)
    assert all(len({card.rank for card in column}) == 1 for column in grid.columns)


def test_pair_chance_is_ignored_when_nothing_cancels():
    # Four-card Golf has no pairs to practise; the deal stays a plain deal.
    rules = RuleSet(variant="four-card")
    assert deal_grid(rules, seed=5, pair_chance=1.0) == deal_grid(rules, seed=5)


def test_pair_chance_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="pair_chance"):
        deal_grid(RuleSet(), pair_chance=1.5)


def test_the_shoe_holds_what_the_rules_say():
    assert len(shoe(RuleSet())) == 52
    assert len(shoe(RuleSet(), players=5)) == 104
    assert len(shoe(RuleSet(deck=DeckKind.ZSA))) == 112  # 14 ranks x 8 suits
    assert sum(card.rank is Rank.JOKER for card in shoe(RuleSet(variant="eight-card"))) == 4


def test_grid_cells_reads_each_slot_even_when_cards_are_wrong():
    assert grid_cells("8 B 7 / 8 3", Layout(2, 3)) == [["8", "B", "7"], ["8", "3", ""]]
    assert grid_cells("", Layout(2, 2)) == [["", ""], ["", ""]]
    assert grid_cells("1 2 3 4 / 5", Layout(2, 3)) == [["1", "2", "3"], ["5", "", ""]]


def test_cells_notation_parses_back_when_every_slot_has_a_card():
    cells = [["8", "5", "7"], ["8", "3", "9"]]
    assert Grid.parse(cells_notation(cells)).notation() == "8 5 7 / 8 3 9"
    assert cells_notation([["8", ""], ["", "K"]]) == "8 ? / ? K"


@pytest.mark.parametrize(
    "text",
    [
        "8 5 7 / 8 3 9",
        "8,5,7\n8 , 3 , 9",
        "  KH 10S 2d /JK * A  ",
        "A 2 3 4 5 / 6 7 8 9 10",
        "5 3 4/5 3 6/5 9 9",
    ],
)
def test_grid_cells_splits_exactly_as_grid_parse_does(text):
    grid = Grid.parse(text)
    cells = grid_cells(text, grid.layout)
    assert [[str(Card.parse(token)) for token in row] for row in cells] == [
        [str(card) for card in row] for row in grid.rows
    ]


def test_grid_cells_skip_slashes_with_nothing_between_them_as_grid_parse_does():
    """The slots show the cards where the grid's messages say they are."""
    assert grid_cells("8 5 7 // 8 3 9", Layout(2, 3)) == [["8", "5", "7"], ["8", "3", "9"]]
    assert grid_cells("/ 8 5 7 / 8 3 9", Layout(2, 3)) == [["8", "5", "7"], ["8", "3", "9"]]
    assert grid_cells("8 5 7 //", Layout(2, 3)) == [["8", "5", "7"], ["", "", ""]]
    with pytest.raises(GridError) as caught:
        Grid.parse("8 5 7 // 8 B 9", Layout(2, 3))
    (r, c) = caught.value.problems[1].row, caught.value.problems[1].column
    assert r is not None and c is not None
    assert grid_cells("8 5 7 // 8 B 9", Layout(2, 3))[r - 1][c - 1] == "B"


#: A card, an unreadable one, an empty slot or nothing, then a separator.
_PIECES = st.tuples(st.sampled_from(["8", "B", "?", ""]), st.sampled_from([" ", "/", " / ", ","]))


@given(st.lists(_PIECES, max_size=10).map(lambda pieces: "".join(a + b for a, b in pieces)))
def test_every_place_a_grid_problem_names_is_the_slot_grid_cells_shows_there(text):
    """Whatever the slashes, a wrong card is found in its slot, and an empty slot
    or a missing place is a slot drawn empty."""
    layout = Layout(2, 3)
    cells = grid_cells(text, layout)
    try:
        Grid.parse(text, layout)
    except GridError as exc:
        for problem in exc.problems:
            places = [(r, c) for _, r, c in problem.places]
            if not places and problem.row is not None and problem.column is not None:
                places = [(problem.row, problem.column)]
            for r, c in places:
                if r > layout.rows or c > layout.columns:
                    continue
                token = cells[r - 1][c - 1]
                if "'B'" in problem.message:
                    assert token == "B", (problem.message, cells)
                else:
                    assert token in ("", "?"), (problem.message, cells)
