"""Reading and writing cards and grids, and the errors for what cannot be read."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import Card, CardError, Grid, GridError, Layout, Rank, Suit
from scoring.engine.cards import STANDARD_RANKS, ZSA_RANKS
from scoring.engine.slots import grid_cells


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
    assert problem.message == "card 3 of row 1 and cards 1, 2 and 3 of row 2 are still empty"
    assert problem.places == ((None, 1, 3), (None, 2, 1), (None, 2, 2), (None, 2, 3))
    with pytest.raises(GridError) as caught:
        Grid.parse("K ? B / 2 3 4", Layout(2, 3))
    messages = [p.message for p in caught.value.problems]
    assert messages[0].startswith("card 3 of row 1: 'B' is not a rank")
    assert messages[1] == "card 2 of row 1 is still empty"


@pytest.mark.parametrize(
    ("text", "messages"),
    [
        # A "?" beyond the layout is an extra place, not a slot to fill.
        ("8 5 7 ? / 8 3 9", ["row 1 has four cards; it holds only three"]),
        # Places missing altogether are said as well as the empty one.
        ("K 5 ? / 8", ["card 3 of row 1 is still empty", "row 2 has one card; it needs three"]),
    ],
)
def test_empty_slots_do_not_hide_the_grids_shape(text, messages):
    with pytest.raises(GridError) as caught:
        Grid.parse(text, Layout(2, 3))
    found = [p.message for p in caught.value.problems]
    assert all(any(m.startswith(want) for m in found) for want in messages), found
    assert all(c <= 3 for p in caught.value.problems for _, r, c in p.places), found


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


def test_a_layout_of_empty_rows_still_makes_no_grid():
    with pytest.raises(GridError) as caught:
        Grid.parse("/", Layout(2, 0))
    assert str(caught.value) == "the grid is empty"


@given(
    st.lists(
        st.lists(st.sampled_from(["8", "K", "?", "B"]), min_size=0, max_size=5),
        min_size=1,
        max_size=4,
    )
)
def test_a_grid_with_empty_slots_never_passes_and_marks_only_real_slots(rows):
    """Whatever the shape, a grid with a "?" is refused, and the empty slots it
    marks are slots of the layout."""
    text = " / ".join(" ".join(row) for row in rows)
    layout = Layout(2, 3)
    try:
        Grid.parse(text, layout)
    except GridError as exc:
        for problem in exc.problems:
            if "still empty" not in problem.message:
                continue
            for _, r, c in problem.places:
                assert 1 <= r <= layout.rows and 1 <= c <= layout.columns, problem.message
    else:
        assert "?" not in text


def test_one_mistake_made_on_several_cards_is_said_once_with_every_place():
    """Typing "1" for an ace three times is one thing to put right, not three."""
    with pytest.raises(GridError) as caught:
        Grid.parse("1 1 5 / 1 7 B")
    ones, b = caught.value.problems
    assert ones.message == (
        "cards 1 and 2 of row 1 and card 1 of row 2: '1' is not a rank (an ace is written A)"
    )
    assert ones.places == ((None, 1, 1), (None, 1, 2), (None, 2, 1))
    # A single bad card still names its row and column.
    assert b.message.startswith("card 3 of row 2: 'B' is not a rank")
    assert (b.row, b.column, b.places) == (2, 3, ((None, 2, 3),))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4x", "'4x' is not a card: 'x' is not a suit (suits are S, H, D and C)"),
        ("10x", "'10x' is not a card: 'x' is not a suit (suits are S, H, D and C)"),
        ("KZ", "'KZ' is not a card: 'Z' is not a suit (suits are S, H, D and C)"),
        ("JKX", "'JKX' is a joker, and jokers have no suit"),
    ],
)
def test_a_right_rank_with_a_wrong_suit_blames_the_suit(text, message):
    """'4x' has a good rank: saying it is not a rank sends the player to the wrong
    half of the card."""
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("ranks", "hint"),
    [
        # No deck known: every deck's ranks, saying which are the ZSA deck's.
        (None, "(ranks are A, 2-10, J, Q, K, JK for a joker, and 0 and X in the ZSA deck)"),
        (STANDARD_RANKS, "(ranks are A, 2-10, J, Q and K)"),
        (STANDARD_RANKS + (Rank.JOKER,), "(ranks are A, 2-10, J, Q, K and JK for a joker)"),
        (ZSA_RANKS, "(the ZSA deck's ranks are 0, A, 2-9, X, J, Q and K)"),
    ],
)
def test_an_unknown_rank_is_told_the_ranks_of_the_deck_in_play(ranks, hint):
    with pytest.raises(CardError) as caught:
        Card.parse("B", ranks)
    assert str(caught.value) == f"'B' is not a rank {hint}"
    with pytest.raises(GridError) as grid_caught:
        Grid.parse("8 5 7 / 8 3 BH", Layout(2, 3), ranks)
    assert (
        str(grid_caught.value) == f"card 3 of row 2: 'BH' is not a card: 'B' is not a rank {hint}"
    )


def test_the_zsa_deck_is_not_told_to_write_a_suit():
    """Its eight suits do not count, and notation has letters for only four."""
    with pytest.raises(CardError) as caught:
        Card.parse("4p", ZSA_RANKS)
    assert str(caught.value) == (
        "'4p' is not a card: 'p' is not a suit; the ZSA deck's suits do not count, "
        "so write the rank alone"
    )


def messages_of(text, layout):
    with pytest.raises(GridError) as caught:
        Grid.parse(text, layout)
    return [p.message for p in caught.value.problems]


SIX_CARD = Layout(2, 3)


def test_a_row_too_many_is_said_even_when_a_card_of_it_is_wrong():
    assert messages_of("8 5 7 / 8 3 9 / 1 2 3", SIX_CARD) == [
        "this layout has two rows of three cards, but the grid has three rows",
        "card 1 of row 3: '1' is not a rank (an ace is written A)",
    ]
    assert messages_of("8 5 7 / 8 3 9 / 4 2 3", SIX_CARD) == [
        "this layout has two rows of three cards, but the grid has three rows"
    ]


def test_slashes_with_nothing_between_them_are_one_mistake_not_a_row():
    """ "8 5 7 // 8 3 9" has two rows of cards: it is not told it has three rows,
    nor that its second row is empty."""
    assert messages_of("8 5 7 // 8 3 9", SIX_CARD) == [
        "there is no card between the slashes after row 1; one slash separates two rows"
    ]
    assert messages_of("8 5 7 / , /// 8 3 9", SIX_CARD) == [
        "there is no card between the slashes after row 1; one slash separates two rows"
    ]
    assert messages_of("/ 8 5 7 / 8 3 9", SIX_CARD) == [
        "there is no card before the first slash; start with the cards of row 1"
    ]
    # The rows keep the numbers they are seen with.
    assert messages_of("8 5 7 // 8 B 9", SIX_CARD)[1].startswith("card 2 of row 2: 'B'")
    assert messages_of("8 5 7 // 8 3 9 // 1 2 3", Layout(3, 3)) == [
        "there is no card between the slashes after rows 1 and 2; one slash separates two rows",
        "card 1 of row 3: '1' is not a rank (an ace is written A)",
    ]


def test_a_row_begun_is_still_a_row():
    """One slash after the last card starts the next row: it has no cards yet."""
    with pytest.raises(GridError) as caught:
        Grid.parse("8 5 7 /", SIX_CARD)
    (problem,) = caught.value.problems
    assert (problem.message, problem.row, problem.column) == (
        "row 2 has no cards; it needs three",
        2,
        1,
    )


@pytest.mark.parametrize("text", ["8 5 7 / 8 3 9 /", "8 5 7 / 8 3 9 / ", "8 5 7\n8 3 9\n/"])
def test_a_slash_after_the_last_row_is_let_be(text):
    """The layout has no room for another row, so none is begun."""
    assert Grid.parse(text, SIX_CARD).notation() == "8 5 7 / 8 3 9"


def test_a_slash_after_a_row_too_many_still_counts_the_rows():
    assert messages_of("8 5 7 / 8 3 9 / 1 2 3 /", SIX_CARD)[0] == (
        "this layout has two rows of three cards, but the grid has four rows"
    )


def test_missing_rows_give_the_place_where_they_start():
    """As a short row gives its first missing card: a grid editor draws those
    places as slots still to fill, and says so once."""
    with pytest.raises(GridError) as caught:
        Grid.parse("8 5 7 / 8 3 9", Layout(3, 3))
    (problem,) = caught.value.problems
    assert problem.message == "this layout has three rows of three cards, but the grid has two rows"
    assert (problem.row, problem.column) == (3, 1)
    assert problem.at_seat(1).places == ((1, 3, 1),)
    # A row too many has no place in the layout.
    with pytest.raises(GridError) as caught:
        Grid.parse("8 5 7 / 8 3 9 / 1 2 3", SIX_CARD)
    assert (caught.value.problems[0].row, caught.value.problems[0].column) == (None, None)


# A whole grid may be typed without slashes: a phone's keyboard keeps "/" a screen away.


@pytest.mark.parametrize(
    ("text", "layout", "rows"),
    [
        ("8 5 7 8 3 9", Layout(2, 3), "8 5 7 / 8 3 9"),
        ("8,5,7,8,3,9", Layout(2, 3), "8 5 7 / 8 3 9"),
        ("kh 5 7 KD 3 9", Layout(2, 3), "KH 5 7 / KD 3 9"),
        ("8 5 7 3", Layout(2, 2), "8 5 / 7 3"),
        ("A 2 3 4 5 6 7 8 9", Layout(3, 3), "A 2 3 / 4 5 6 / 7 8 9"),
    ],
)
def test_a_whole_grid_without_slashes_is_read_row_by_row(text, layout, rows):
    assert Grid.parse(text, layout) == Grid.parse(rows, layout)
    assert str(Grid.parse(text, layout)) == rows


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8 5 7 8 3", "but the grid has one row"),  # a card short: not read as rows
        ("8 5 7 8 3 9 4", "but the grid has one row"),
    ],
)
def test_a_run_of_cards_of_another_size_is_still_one_row(text, message):
    with pytest.raises(GridError, match=message):
        Grid.parse(text, Layout(2, 3))


@given(
    st.lists(
        st.lists(st.sampled_from(["8", "KH", "A", "10", "JK", "Q"]), min_size=3, max_size=3),
        min_size=2,
        max_size=2,
    )
)
def test_leaving_out_the_slashes_of_a_whole_grid_changes_nothing(rows):
    layout = Layout(2, 3)
    with_slashes = " / ".join(" ".join(row) for row in rows)
    without = " ".join(" ".join(row) for row in rows)
    assert Grid.parse(without, layout) == Grid.parse(with_slashes, layout)
    assert grid_cells(without, layout) == grid_cells(with_slashes, layout)


def test_a_rank_says_how_else_notation_writes_it():
    """The hole form's keypad takes these from the keyboard too."""
    assert Rank.TEN.also_written == ("T",)
    assert Rank.JOKER.also_written == ("*",)
    assert Rank.KING.also_written == ()
    for rank in Rank:
        for text in rank.also_written:
            assert Card.parse(text).rank is rank


# A row typed without spaces: on a phone the space bar is small, and "K5J" reads one way.


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        ("K5J/K52", "K 5 J / K 5 2"),
        ("k5j / k52", "K 5 J / K 5 2"),
        ("10A10/T22", "10 A 10 / 10 2 2"),
        ("K5J K52", "K 5 J / K 5 2"),  # two runs make a whole grid, read row by row
        ("K5J\nK 5 2", "K 5 J / K 5 2"),
        ("*5Q/852", "JK 5 Q / 8 5 2"),
    ],
)
def test_a_row_typed_without_spaces_is_read_card_by_card(text, rows):
    layout = Layout(2, 3)
    assert Grid.parse(text, layout) == Grid.parse(rows, layout)
    # The hole form's slots show the same cards in the same places.
    cells = [tuple(Card.parse(token) for token in row) for row in grid_cells(text, layout)]
    assert tuple(cells) == Grid.parse(rows, layout).rows


def test_a_run_of_the_zsa_deck_reads_its_zero_and_x():
    assert str(Grid.parse("0X5/A00", Layout(2, 3), ZSA_RANKS)) == "0 X 5 / A 0 0"
    # Without jokers in play, a jack and a zero read one way only.
    assert str(Grid.parse("J05/A00", Layout(2, 3), ZSA_RANKS)) == "J 0 5 / A 0 0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # "5JK": a 5 and a joker, or a 5, a jack and a king?
        ("5JK 7 / 8 3 9", "card 1 of row 1: '5JK' is not a rank"),
        # A suit in the run: "5H7" is not read as cards.
        ("5H7 / 8 3 9", "card 1 of row 1: '5H7' is not a rank"),
        # A rank of no deck: the run is one unreadable card, not a guess.
        ("K5B / 8 3 9", "card 1 of row 1: 'K5B' is not a rank"),
    ],
)
def test_a_run_that_reads_two_ways_or_not_at_all_is_refused(text, message):
    with pytest.raises(GridError) as caught:
        Grid.parse(text, Layout(2, 3), STANDARD_RANKS + (Rank.JOKER,))
    assert caught.value.problems[0].message.startswith(message)


def test_a_run_with_a_rank_the_deck_lacks_is_not_split():
    """'4X' in a standard deck is a 4 with a wrong suit, as ever, not a 4 and an X."""
    with pytest.raises(GridError, match="'4X' is not a card: 'X' is not a suit"):
        Grid.parse("4X 5 7 / 8 3 9", Layout(2, 3), STANDARD_RANKS)
    # A card with its suit stays one card.
    assert str(Grid.parse("KH 57 / 839", Layout(2, 3), STANDARD_RANKS)) == "KH 5 7 / 8 3 9"
