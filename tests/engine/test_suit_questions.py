"""Under One-eyed Jacks a jack's suit decides its value: a jack typed without one is a
question beside that card, never a silent 10."""

from scoring.engine import Card, Grid, HouseRule, Rank, RuleSet, Suit, grid_problems
from scoring.engine.rules import DeckKind

ONE_EYED = RuleSet(house_rules=frozenset({HouseRule.ONE_EYED_JACKS}))


def test_a_jack_without_a_suit_is_asked_about_where_it_lies():
    grid = Grid.parse("8 5 7 / 3 J 9", ONE_EYED.layout)
    (problem,) = grid_problems(grid, ONE_EYED, player=1)
    assert (problem.player, problem.row, problem.column) == (1, 2, 2)
    assert problem.places == ((1, 2, 2),)
    assert problem.message.startswith("player 2, card 2 of row 2: ")
    assert "its suit decides its value" in problem.message
    one_eyed = ONE_EYED.value(Card(Rank.JACK, Suit.HEARTS))
    other = ONE_EYED.value(Card(Rank.JACK, Suit.CLUBS))
    assert f"hearts and spades are worth {one_eyed}" in problem.message
    assert f"clubs and diamonds {other}" in problem.message


def test_a_jack_with_its_suit_or_without_the_rule_needs_nothing_more():
    assert grid_problems(Grid.parse("8 5 7 / 3 JD 9", ONE_EYED.layout), ONE_EYED) == []
    assert grid_problems(Grid.parse("8 5 7 / 3 J 9", ONE_EYED.layout), RuleSet()) == []
    assert RuleSet().ranks_needing_suit == ()
    assert ONE_EYED.ranks_needing_suit == (Rank.JACK,)
    # The ZSA deck's suits are not written, so nothing asks for one.
    zsa = RuleSet(deck=DeckKind.ZSA, house_rules=ONE_EYED.house_rules)
    assert zsa.ranks_needing_suit == ()


def test_suits_are_written_in_standard_decks_only():
    """What the keypads ask: the four suit keys are for standard decks; the ZSA
    deck's eight suits are none of them, and its scoring reads no suit."""
    assert RuleSet().suits_written
    assert ONE_EYED.suits_written
    assert not RuleSet(deck=DeckKind.ZSA).suits_written
