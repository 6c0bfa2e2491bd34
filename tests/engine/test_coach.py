"""The coach: expected points of each choice from what the player can see, its
advice and reviews in words, and the computer players built on it."""

import random
import statistics

import pytest

from scoring.engine import Card, HouseRule, RuleSet
from scoring.engine.coach import Strength, about, advise, computer_move, options, review
from scoring.engine.play import Action, Move, Step, deal, play


def position(top, bottom, *, up="111000", held=None, discard=None, rules=None, seats=2):
    """A hand at seat 0's turn with its grid set to ``top`` / ``bottom`` (the face-up
    ones as ``up`` says), holding ``held`` if given (drawn from the stock)."""
    hand = deal(rules or RuleSet(), seats, seed=3, dealer=seats - 1)
    hand.cards[0] = [Card.parse(text) for text in (top + " " + bottom).split()]
    hand.face_up[0] = [flag == "1" for flag in up]
    for seat in range(1, seats):
        hand.face_up[seat] = [True, True, False, False, False, False]
    hand.step, hand.starting_left, hand.turn = Step.DRAW, 0, 0
    if discard:
        hand.discards.append(Card.parse(discard))
    if held:
        hand.held, hand.held_from, hand.step = Card.parse(held), Action.DRAW, Step.PLACE
    return hand


def test_a_drawn_card_that_pairs_a_column_is_best_swapped_under_its_partner():
    hand = position("8S 5H KC", "4D 9C 7H", held="8H")
    best = advise(hand).best
    assert best.move == Move(Action.SWAP, 3)
    assert "bottom-left" in best.words and "8♥" in best.words


def test_a_discard_that_pairs_a_face_up_card_is_worth_taking():
    hand = position("QS 5H KC", "4D 9C 7H", discard="QH")
    assert advise(hand).best.move == Move(Action.TAKE)


def test_a_high_card_drawn_over_a_low_grid_is_best_discarded():
    hand = position("AS 2H KC", "4D 9C 7H", held="QH")
    assert advise(hand).best.move == Move(Action.DISCARD)


def test_the_advice_says_what_to_do_and_what_it_is_worth():
    advice = advise(position("8S 5H KC", "4D 9C 7H", held="8H"))
    assert advice.words.startswith("I would swap the 8♥ for the face-down card in the bottom-left")
    assert "points expected for that column" in advice.words
    assert [o.points for o in advice.options] == sorted(o.points for o in advice.options)


def test_the_best_move_is_reviewed_as_a_good_choice():
    hand = position("8S 5H KC", "4D 9C 7H", held="8H")
    verdict = review(hand, Move(Action.SWAP, 3))
    assert verdict.cost == 0 and verdict.words.startswith("Good choice")


def test_a_worse_move_is_reviewed_with_the_best_and_the_points_it_gave_away():
    hand = position("8S 5H KC", "4D 9C 7H", held="8H")
    verdict = review(hand, Move(Action.SWAP, 2))  # throws out the king
    assert verdict.cost > 3
    assert "Best was to swap the 8♥ for the face-down card in the bottom-left" in verdict.words
    assert about(verdict.cost).removeprefix("about ") + " points fewer expected" in verdict.words


def test_going_out_under_the_knock_penalty_counts_the_penalty():
    plain = position("QS QH JC", "JD 9C 7H", up="111110", held="TH")
    penalised = position(
        "QS QH JC",
        "JD 9C 7H",
        up="111110",
        held="TH",
        rules=RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY})),
    )
    goes_out = Move(Action.SWAP, 5)

    def worth(hand):
        return next(o for o in options(hand) if o.move == goes_out).points

    assert worth(penalised) == worth(plain) + 10
    assert "you go out" in next(o for o in options(plain) if o.move == goes_out).detail


def test_starting_flips_are_all_as_good_as_each_other():
    hand = deal(RuleSet(), 2, seed=1)
    advice = advise(hand)
    assert len({round(o.points, 6) for o in advice.options}) == 1
    assert "as good as another" in advice.words


def test_expected_points_are_said_to_one_decimal_with_a_real_minus_sign():
    assert about(3.14159) == "about 3.1"
    assert about(-2.25) == "about \u22122.2"
    assert about(-0.01) == "about 0.0"


def played_positions(seats=3, seed=5, moves=40):
    """Positions from a real hand played by normal computer players."""
    hand = deal(RuleSet(), seats, seed=seed)
    found = []
    for _ in range(moves):
        if hand.over:
            break
        found.append(hand.masked(hand.turn, random.Random(0)))
        play(hand, computer_move(hand, Strength.NORMAL))
    return found


@pytest.mark.parametrize("strength", list(Strength))
def test_computer_players_never_read_a_hidden_card(strength):
    for hand in played_positions():
        seat = hand.turn
        move = computer_move(hand, strength)
        for shuffle in range(3):
            scrambled = hand.masked(seat, random.Random(shuffle))
            assert computer_move(scrambled, strength) == move


def test_the_coach_never_reads_a_hidden_card():
    for hand in played_positions(moves=15):
        scrambled = hand.masked(hand.turn, random.Random(9))
        assert advise(scrambled) == advise(hand)


def test_a_computer_player_moves_the_same_way_in_the_same_position():
    for hand in played_positions(moves=10):
        assert computer_move(hand, Strength.EASY) == computer_move(hand, Strength.EASY)


def test_computer_players_only_make_legal_moves_and_finish_the_hole():
    hand = deal(RuleSet(), 4, seed=12)
    strengths = [Strength.EASY, Strength.NORMAL, Strength.HARD, Strength.NORMAL]
    while not hand.over:
        play(hand, computer_move(hand, strengths[hand.turn]))
    assert hand.ended_by == "went-out"


def test_a_normal_player_scores_far_better_than_an_easy_one_over_many_deals():
    points: dict[Strength, list[int]] = {Strength.EASY: [], Strength.NORMAL: []}
    for seed in range(20):
        seats = [Strength.EASY, Strength.NORMAL] if seed % 2 else [Strength.NORMAL, Strength.EASY]
        hand = deal(RuleSet(), 2, seed=seed)
        while not hand.over:
            play(hand, computer_move(hand, seats[hand.turn]))
        for strength, score in zip(seats, hand.score().scores, strict=True):
            points[strength].append(score)
    assert statistics.mean(points[Strength.NORMAL]) + 5 < statistics.mean(points[Strength.EASY])
