"""Is a grid or a whole table possible? Every problem, in words, with its place."""

import pytest

from scoring.engine import (
    JOKER_OPTIONS,
    VARIANTS,
    DeckKind,
    Grid,
    GridError,
    Rank,
    RulesError,
    RuleSet,
    TableError,
    check_grid,
    check_table,
    table_problems,
)
from scoring.engine.rules import MAX_PLAYERS, MIN_PLAYERS


def table_messages(texts, ruleset=None, went_out=()):
    with pytest.raises((TableError, GridError)) as caught:
        check_table(texts, ruleset or RuleSet(), went_out)
    return [p.message for p in caught.value.problems]


def test_five_sevens_on_one_deck():
    messages = table_messages(["7 7 7 / 3 4 5", "7 7 3 / 4 5 6"])
    assert messages == ["five 7s on the table, but one deck has four: players 1 and 2 hold them"]


def test_the_problem_lists_every_card_involved():
    with pytest.raises(TableError) as caught:
        check_table(["7 7 7 / 3 4 5", "7 7 3 / 4 5 6"], RuleSet())
    assert caught.value.problems[0].places == (
        (0, 1, 1),
        (0, 1, 2),
        (0, 1, 3),
        (1, 1, 1),
        (1, 1, 2),
    )


def test_five_players_get_two_decks_by_default():
    grids = ["7 3 4 / 5 6 8", "7 3 4 / 5 6 8", "7 3 4 / 5 6 8", "7 3 4 / 5 6 9", "7 A A / 5 6 9"]
    assert len(check_table(grids, RuleSet())) == 5


def test_an_explicit_deck_count_wins():
    grids = ["7 3 4 / 5 6 8", "7 3 4 / 5 6 8", "7 3 4 / 5 6 8", "7 3 4 / 5 6 9", "7 A A / 5 6 9"]
    messages = table_messages(grids, RuleSet(decks=1))
    assert (
        "five 7s on the table, but one deck has four: players 1, 2, 3, 4 and 5 hold them"
        in messages
    )


def test_exact_card_copies_when_suits_are_given():
    messages = table_messages(["KH 3 4 / 5 6 7", "KH 3 4 / 5 6 8"])
    assert messages == [
        "two K♥ on the table, but one deck has only one copy: players 1 and 2 hold them"
    ]


def test_jokers_when_none_are_in_play():
    messages = table_messages(["JK 3 4 / 5 6 7", "8 3 4 / 5 6 9"])
    assert messages == [
        "player 1, card 1 of row 1: a joker, but jokers are not in play under these rules"
    ]


def test_lucky_swing_has_one_joker():
    messages = table_messages(["JK 3 4 / 5 6 7", "JK 3 4 / 5 6 9"], RuleSet(jokers="lucky-swing"))
    assert messages == [
        "two jokers on the table, but Lucky Swing puts only one joker in the shoe: "
        "players 1 and 2 hold them"
    ]


def test_standard_jokers_two_per_deck():
    messages = table_messages(["JK JK 4 / 5 6 7", "JK 3 4 / 5 6 9"], RuleSet(jokers="standard"))
    assert messages == [
        "three jokers on the table, but the shoe has only two jokers: players 1 and 2 hold them"
    ]


def test_only_one_player_can_go_out():
    messages = table_messages(["8 3 4 / 5 6 7", "9 3 4 / 5 6 8"], went_out=[True, True])
    assert messages == ["only one player can go out in a hole, but two players are marked as out"]


def test_player_count_limits():
    assert table_messages(["8 3 4 / 5 6 7"]) == ["a hole needs 2 to 8 players, not one player"]
    assert (
        table_messages(["8 3 4 / 5 6 7"] * 9)[0] == "a hole needs 2 to 8 players, not nine players"
    )


def test_not_enough_cards_to_deal():
    ruleset = RuleSet(variant="nine-card", decks=1)
    grids = ["A 2 3 / 4 5 6 / 7 8 9"] * 6
    messages = table_messages(grids, ruleset)
    assert (
        messages[0]
        == "six players need 55 cards (with the first discard), but one deck holds only 52"
    )


def test_wrong_shape_is_reported_per_player():
    messages = table_messages(["8 3 4 / 5 6 7", "8 3 / 5 6 9"])
    assert messages == ["player 2, row 1 has two cards; it needs three"]


def test_every_unreadable_card_of_every_player_at_once():
    with pytest.raises(GridError) as caught:
        check_table(["8 B 4 / 5 6 7", "8 3 4 / Z 6 9"], RuleSet())
    places = [(p.player, p.row, p.column) for p in caught.value.problems]
    assert places == [(0, 1, 2), (1, 2, 1)]


def test_zsa_deck_cards():
    zsa = RuleSet(deck=DeckKind.ZSA)
    assert check_grid("0 X 5 / 0 A 2", zsa).notation() == "0 X 5 / 0 A 2"
    with pytest.raises(TableError, match="the ZSA deck's ten is written X"):
        check_grid("10 3 4 / 5 6 7", zsa)
    with pytest.raises(TableError, match="the ZSA deck has no jokers"):
        check_grid("JK 3 4 / 5 6 7", zsa)
    messages = table_messages(["5 5 5 / 5 5 3", "5 5 5 / 5 6 7"], zsa)
    assert messages == [
        "nine 5s on the table, but the ZSA deck has eight: players 1 and 2 hold them"
    ]


def test_zsa_suits_are_cosmetic():
    zsa = RuleSet(deck=DeckKind.ZSA)
    assert len(check_table(["5H 3 4 / 6 7 8", "5H 3 4 / 6 7 9"], zsa)) == 2


def test_standard_deck_has_no_zero_or_x():
    with pytest.raises(TableError, match="'0' is only in the ZSA deck"):
        check_grid("0 3 4 / 5 6 7", RuleSet())
    with pytest.raises(TableError, match="X is the ZSA deck's ten; in a standard deck write 10"):
        check_grid("X 3 4 / 5 6 7", RuleSet())


def test_a_single_grid_is_checked_against_one_table():
    with pytest.raises(TableError, match="five kings in this grid, but one deck has four"):
        check_grid("K K K / K K 3", RuleSet())


def test_too_many_copies_are_said_only_once_every_card_is_in_the_deck():
    """A card the deck lacks is the mistake to fix first: counting would only
    repeat it."""
    with pytest.raises(TableError) as caught:
        check_grid("7 7 7 / 7 7 X", RuleSet())
    assert [p.message for p in caught.value.problems] == [
        "card 3 of row 2: X is the ZSA deck's ten; in a standard deck write 10"
    ]
    assert table_messages(["7 7 7 / 3 4 5", "7 7 JK / 4 5 6"]) == [
        "player 2, card 3 of row 1: a joker, but jokers are not in play under these rules"
    ]


def test_a_grid_of_the_wrong_shape_is_said_before_any_count():
    grids = [Grid.parse("7 7 7 7 / 7 3 4 5"), Grid.parse("7 3 4 / 5 6 8")]
    problems = table_problems(grids, RuleSet())
    assert [(p.player, p.message) for p in problems] == [
        (0, "a Six-card Golf grid is two rows of three; this one is two rows of four")
    ]


def every_rule_set():
    for variant in VARIANTS:
        for jokers in JOKER_OPTIONS:
            for deck in DeckKind:
                for decks in (None, 1, 2, 3, 4):
                    try:
                        yield RuleSet(variant=variant, jokers=jokers, deck=deck, decks=decks)
                    except RulesError:
                        continue


def test_the_ranks_in_play_are_the_ranks_the_shoe_holds_for_any_table():
    """A card is refused as not in the deck, and an unknown rank is offered the
    ranks in play, by the same ranks whatever the number of players."""
    for ruleset in every_rule_set():
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            held = {rank for rank in Rank if ruleset.rank_copies(rank, players)}
            assert held == set(ruleset.ranks_in_play), (ruleset, players)


def test_rules_from_dict_reports_every_problem():
    with pytest.raises(RulesError) as caught:
        RuleSet.from_dict(
            {"variant": "seven-card", "jokers": 3, "house_rules": ["super-kings", "bogus"], "x": 1}
        )
    by_field = {p.field: p.message for p in caught.value.problems}
    assert by_field["x"] == "'x' is not a rule option"
    assert by_field["variant"].startswith("'seven-card' is not a variant")
    assert by_field["jokers"] == "a joker option must be a name, like 'none'"
    assert by_field["house_rules"].startswith("'bogus' is not a house rule")


def test_rules_with_deeply_nested_or_huge_house_rules_are_refused_in_words():
    nested: list[object] = []
    for _ in range(100_000):
        nested = [nested]
    for house_rules in (nested, [10**5000], ["x" * 10_000]):
        with pytest.raises(RulesError) as caught:
            RuleSet.from_dict({"variant": "six-card", "house_rules": house_rules})
        assert "not a house rule" in str(caught.value)
        assert len(str(caught.value)) < 400


def test_rules_need_a_variant():
    with pytest.raises(RulesError, match="choose a variant"):
        RuleSet.from_dict({})


def test_zsa_with_jokers_is_refused():
    with pytest.raises(RulesError, match="the ZSA deck has no jokers"):
        RuleSet.from_dict({"variant": "six-card", "deck": "zsa", "jokers": "standard"})


def test_rules_round_trip_through_a_dict():
    ruleset = RuleSet.from_dict(
        {
            "variant": "nine-card",
            "jokers": "eagle-eye",
            "house_rules": ["wolfpack", "blackjack"],
            "flip_on_discard": "speed-golf",
            "holes": 18,
        }
    )
    assert RuleSet.from_dict(ruleset.to_dict()).to_dict() == ruleset.to_dict()
    assert ruleset.to_dict()["house_rules"] == ["blackjack", "wolfpack"]


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (RuleSet(), "card 1 of row 1: 'B' is not a rank (ranks are A, 2-10, J, Q and K)"),
        (
            RuleSet(variant="eight-card"),
            "card 1 of row 1: 'B' is not a rank (ranks are A, 2-10, J, Q, K and JK for a joker)",
        ),
        (
            RuleSet(deck=DeckKind.ZSA),
            "card 1 of row 1: 'B' is not a rank "
            "(the ZSA deck's ranks are 0, A, 2-9, X, J, Q and K)",
        ),
    ],
)
def test_an_unknown_rank_is_told_only_the_ranks_these_rules_deal(rules, message):
    """A standard deck is not offered 0 and X, nor jokers when none are shuffled in."""
    width = rules.layout.columns
    row = " ".join(["B"] + ["5"] * (width - 1))
    text = f"{row} / {' '.join(['7'] * width)}"
    with pytest.raises(GridError) as caught:
        check_grid(text, rules)
    assert [p.message for p in caught.value.problems] == [message]
    with pytest.raises(GridError) as caught:
        check_table([text.replace("7", "8"), text], rules)
    assert caught.value.problems[0].message == "player 1, " + message


def test_a_wrong_suit_is_blamed_on_the_suit_under_the_rules():
    with pytest.raises(GridError) as caught:
        check_grid("4x 5 7 / 8 3 10x", RuleSet())
    assert [p.message for p in caught.value.problems] == [
        "card 1 of row 1: '4x' is not a card: 'x' is not a suit (suits are S, H, D and C)",
        "card 3 of row 2: '10x' is not a card: 'x' is not a suit (suits are S, H, D and C)",
    ]
