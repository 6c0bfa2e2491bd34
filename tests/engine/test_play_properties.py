"""Properties of whole hands played by computer players under random rule sets:
only legal moves, the deck's cards all accounted for, every hand ends, and the
end is scored exactly as score_hole scores the final grids."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import JOKER_OPTIONS, DeckKind, EndOfHole, FlipOnDiscard, RuleSet, score_hole
from scoring.engine.coach import Strength, computer_move
from scoring.engine.deal import shoe
from scoring.engine.play import (
    MAX_ROUNDS,
    MAX_SEATS,
    MIN_SEATS,
    Hand,
    deal,
    legal_moves,
    play,
    playable_problem,
)


@st.composite
def tables(draw):
    """A rule set the engine can play, the number of seats and who sits there."""
    variant = draw(st.sampled_from(["six-card", "eight-card", "nine-card", "ten-card"]))
    deck = DeckKind.ZSA if variant == "six-card" and draw(st.booleans()) else DeckKind.STANDARD
    rules = RuleSet(
        variant=variant,
        deck=deck,
        jokers=draw(st.sampled_from(list(JOKER_OPTIONS))) if deck is DeckKind.STANDARD else None,
        flip_on_discard=draw(st.sampled_from(list(FlipOnDiscard))),
        flip_as_action=draw(st.booleans()),
        early_knock=draw(st.booleans()),
        end_of_hole=draw(st.sampled_from(list(EndOfHole))),
    )
    seats = draw(st.integers(MIN_SEATS, MAX_SEATS))
    strengths = draw(st.lists(st.sampled_from(list(Strength)), min_size=seats, max_size=seats))
    return rules, strengths, draw(st.integers(0, 2**62))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_computer_players_play_any_table_legally_to_a_scored_end(table):
    rules, strengths, seed = table
    assert playable_problem(rules, len(strengths)) is None
    hand = deal(rules, len(strengths), seed)
    deck = Counter(shoe(rules, len(strengths)))
    moves = 0
    while not hand.over:
        move = computer_move(hand, strengths[hand.turn])
        assert move in legal_moves(hand)
        play(hand, move)
        moves += 1
        assert hand.all_cards() == deck
        # Each turn is at most three moves (draw, place, flip), after the starting flips.
        assert moves <= 3 * MAX_ROUNDS * len(strengths) + 4 * len(strengths)
    grids = [hand.grid(seat) for seat in range(len(strengths))]
    assert hand.score() == score_hole(grids, rules, went_out=hand.went_out)
    assert Hand.from_dict(hand.to_dict()).to_dict() == hand.to_dict()
