"""Reading and writing cards and grids, and the errors for what cannot be read."""

import pytest

from scoring.engine import Card, CardError, Grid, GridError, Layout, Rank, Suit


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("8", Rank.EIGHT, None),
        ("KH", Rank.KING, Suit.HEARTS),
        ("kh", Rank.KING, Suit.HEARTS),
        ("10♠", Rank.TEN, Suit.SPADES),
        ("T", Rank.TEN, None),
        ("td", Rank.TEN, Suit.DIAMONDS),
        ("JK", Rank.JOKER, None),
        ("jk", Rank.JOKER, None),
        ("*", Rank.JOKER, None),
        ("J", Rank.JACK, None),
        ("JC", Rank.JACK, Suit.CLUBS),
        ("0", Rank.ZERO, None),
        ("x", Rank.ZSA_TEN, None),
        ("A♣", Rank.ACE, Suit.CLUBS),
        ("Q♦", Rank.QUEEN, Suit.DIAMONDS),
    ],
)
def test_card_parse(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B", "'B' is not a rank"),
        ("1", "'1' is not a rank (an ace is written A)"),
        ("JKH", "'JKH' is a joker, and jokers have no suit"),
        ("H5", "'H5' has its suit first; write the rank first, like '5H'"),
        ("11H", "'11H' is not a card: '11' is not a rank"),
    ],
)
def test_card_parse_errors(text, message):
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    assert str(caught.value).startswith(message)


def test_card_text_and_display():
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "10H"
    assert Card(Rank.TEN, Suit.HEARTS).display == "10♥"
    assert Card(Rank.JOKER).display == "Joker"


def test_grid_parse_rows_and_columns():
    grid = Grid.parse("8 5 7 / 8 3 9")
    assert grid.layout == Layout(2, 3)
    assert [str(c) for c in grid.columns[0]] == ["8", "8"]
    assert grid.notation() == "8 5 7 / 8 3 9"


def test_grid_accepts_commas_newlines_and_case():
    assert Grid.parse("kh,5, 7\n8 3 9").notation() == "KH 5 7 / 8 3 9"


def test_grid_reports_every_bad_card_with_its_place():
    with pytest.raises(GridError) as caught:
        Grid.parse("8 5 7 / 8 3 B / Z 1 2")
    problems = caught.value.problems
    assert [p.message.split(":")[0] for p in problems] == [
        "card 3 of row 2",
        "card 1 of row 3",
        "card 2 of row 3",
    ]
    assert problems[0].message.startswith("card 3 of row 2: 'B' is not a rank")
    assert (problems[0].row, problems[0].column) == (2, 3)


def test_slots_not_filled_yet_are_one_problem_marking_each_slot():
    """A grid tapped in half way ("?" for each empty slot) has one thing to finish,
    not an unknown rank per empty slot."""
    with pytest.raises(GridError) as caught:
        Grid.parse("K 5 ? / ? ? ?", Layout(2, 3))
    (problem,) = caught.value.problems
    assert problem.message == "no card yet in card 3 of row 1 and cards 1, 2 and 3 of row 2"
    assert problem.places == ((None, 1, 3), (None, 2, 1), (None, 2, 2), (None, 2, 3))
    with pytest.raises(GridError) as caught:
        Grid.parse("K ? B / 2 3 4", Layout(2, 3))
    messages = [p.message for p in caught.value.problems]
    assert messages[0].startswith("card 3 of row 1: 'B' is not a rank")
    assert messages[1] == "no card yet in card 2 of row 1"


def test_grid_shape_against_a_layout():
    with pytest.raises(GridError) as caught:
        Grid.parse("8 5 / 8 3 9", Layout(2, 3))
    assert caught.value.problems[0].message == "row 1 has two cards; it needs three"
    with pytest.raises(GridError) as caught:
        Grid.parse("8 5 7 / 8 3 9 / A 2 3", Layout(2, 3))
    assert "has two rows of three cards, but the grid has three rows" in str(caught.value)


def test_empty_grid():
    with pytest.raises(GridError, match="the grid is empty"):
        Grid.parse("   ")
