"""Playing a hole: the deal, the turn sequence, the flip and knock rules, going
out and the last turns, bad moves refused without a change, and saved hands."""

from collections import Counter

import pytest

from scoring.engine import Card, DeckKind, EndOfHole, FlipOnDiscard, Rank, RuleSet, score_hole
from scoring.engine.deal import shoe
from scoring.engine.play import (
    MAX_RESHUFFLES,
    Action,
    Game,
    Hand,
    IllegalMove,
    Move,
    Step,
    deal,
    legal_moves,
    place_name,
    play,
    playable_problem,
)

DRAW, TAKE, DISCARD, PASS, KNOCK = (
    Move(Action(a)) for a in ("draw", "take", "discard", "pass", "knock")
)


def Moves(text):  # noqa: N802 - reads like a constructor in the tests
    return [Move.parse(part) for part in text.split()]


def flip(slot):
    return Move(Action.FLIP, slot)


def swap(slot):
    return Move(Action.SWAP, slot)


def after_starting_flips(hand):
    """Play every seat's starting flips on its first places."""
    while hand.step is Step.START:
        play(hand, flip(hand.face_down(hand.turn)[0]))
    return hand


def test_the_deal_gives_every_seat_a_face_down_grid_and_turns_one_card_up():
    hand = deal(RuleSet(), 3, seed=7, dealer=2)
    assert [len(cards) for cards in hand.cards] == [6, 6, 6]
    assert not any(any(row) for row in hand.face_up)
    assert len(hand.discards) == 1
    assert len(hand.stock) == 52 - 18 - 1
    assert hand.all_cards() == Counter(shoe(RuleSet(), 3))
    # The seat left of the dealer starts.
    assert (hand.turn, hand.step) == (0, Step.START)


def test_the_same_seed_deals_the_same_cards_and_another_seed_others():
    first, again, other = (deal(RuleSet(), 2, seed) for seed in (11, 11, 12))
    assert first.to_dict() == again.to_dict()
    assert first.cards != other.cards


def test_each_seat_turns_up_its_starting_cards_then_the_first_player_draws():
    hand = deal(RuleSet(), 3, seed=1, dealer=0)
    order = []
    while hand.step is Step.START:
        order.append(hand.turn)
        play(hand, flip(hand.face_down(hand.turn)[0]))
    assert order == [1, 1, 2, 2, 0, 0]
    assert [sum(up) for up in hand.face_up] == [2, 2, 2]
    assert (hand.turn, hand.step) == (1, Step.DRAW)


def test_nine_card_golf_starts_with_three_cards_up():
    hand = after_starting_flips(deal(RuleSet(variant="nine-card"), 2, seed=3))
    assert [sum(up) for up in hand.face_up] == [3, 3]


def test_a_drawn_card_is_swapped_face_up_and_the_old_card_goes_on_the_discards():
    hand = after_starting_flips(deal(RuleSet(), 2, seed=5, dealer=1))
    top_of_stock, hidden = hand.stock[-1], hand.cards[0][5]
    event = play(hand, DRAW)
    assert (event.card, hand.held, hand.step) == (top_of_stock, top_of_stock, Step.PLACE)
    event = play(hand, swap(5))
    assert hand.cards[0][5] == top_of_stock and hand.face_up[0][5]
    assert hand.top_discard == hidden and event.replaced == hidden
    assert (hand.turn, hand.step, hand.held) == (1, Step.DRAW, None)


def test_a_taken_discard_must_go_into_the_grid():
    hand = after_starting_flips(deal(RuleSet(), 2, seed=5, dealer=1))
    play(hand, TAKE)
    assert DISCARD not in legal_moves(hand)
    with pytest.raises(IllegalMove, match="taken from the discard pile must go into your grid"):
        play(hand, DISCARD)


def test_a_drawn_card_may_be_discarded_and_the_turn_passes():
    hand = after_starting_flips(deal(RuleSet(), 2, seed=5, dealer=1))
    play(hand, DRAW)
    drawn = hand.held
    play(hand, DISCARD)
    assert hand.top_discard == drawn
    assert (hand.turn, hand.step) == (1, Step.DRAW)


def test_under_speed_golf_a_discard_is_followed_by_a_flip_that_cannot_be_passed():
    hand = after_starting_flips(
        deal(RuleSet(flip_on_discard=FlipOnDiscard.SPEED_GOLF), 2, seed=5, dealer=1)
    )
    play(hand, DRAW)
    play(hand, DISCARD)
    assert hand.step is Step.FLIP and hand.turn == 0
    with pytest.raises(IllegalMove, match="Speed Golf"):
        play(hand, PASS)
    play(hand, flip(4))
    assert hand.face_up[0][4] and hand.turn == 1


def test_the_endgame_flip_is_offered_only_once_someone_is_nearly_out():
    rules = RuleSet(flip_on_discard=FlipOnDiscard.ENDGAME)
    hand = after_starting_flips(deal(rules, 2, seed=5, dealer=1))
    play(hand, DRAW)
    play(hand, DISCARD)
    assert hand.turn == 1  # nobody has one face-down card or fewer: no flip
    hand = after_starting_flips(deal(rules, 2, seed=5, dealer=1))
    hand.face_up[1] = [True, True, True, True, True, False]
    play(hand, DRAW)
    play(hand, DISCARD)
    assert hand.step is Step.FLIP
    assert {PASS, flip(2)} <= set(legal_moves(hand))
    play(hand, PASS)
    assert hand.turn == 1


def test_turning_a_card_up_instead_of_drawing_needs_the_flip_as_action_rule():
    hand = after_starting_flips(deal(RuleSet(), 2, seed=5, dealer=1))
    with pytest.raises(IllegalMove, match="Draw from the stock or take the discard first"):
        play(hand, flip(3))
    hand = after_starting_flips(deal(RuleSet(flip_as_action=True), 2, seed=5, dealer=1))
    play(hand, flip(3))
    assert hand.face_up[0][3] and hand.turn == 1


def test_going_out_gives_everyone_else_exactly_one_more_turn():
    hand = after_starting_flips(deal(RuleSet(), 3, seed=9, dealer=2))
    hand.face_up[0] = [True, True, True, True, True, False]
    play(hand, DRAW)
    event = play(hand, swap(5))
    assert event.ended == "went-out" and hand.went_out == 0
    assert hand.final_turns == [1, 2]
    for seat in (1, 2):
        assert hand.turn == seat and not hand.over
        play(hand, DRAW)
        play(hand, DISCARD)
    assert hand.over and hand.ended_by == "went-out"
    assert all(all(row) for row in hand.face_up)


def test_the_zsa_rule_ends_the_hole_the_moment_someone_goes_out():
    rules = RuleSet(deck=DeckKind.ZSA, end_of_hole=EndOfHole.IMMEDIATE)
    hand = after_starting_flips(deal(rules, 3, seed=9, dealer=2))
    hand.face_up[0] = [True, True, True, True, True, False]
    play(hand, DRAW)
    play(hand, swap(5))
    assert hand.over and hand.went_out == 0


def test_an_early_knock_turns_the_last_cards_up_and_counts_as_going_out():
    rules = RuleSet(early_knock=True, house_rules=frozenset())
    hand = after_starting_flips(deal(rules, 2, seed=4, dealer=1))
    with pytest.raises(IllegalMove, match="2 face-down cards or fewer"):
        play(hand, KNOCK)
    hand.face_up[0] = [True, True, True, True, False, False]
    event = play(hand, KNOCK)
    assert event.turned == (hand.cards[0][4], hand.cards[0][5])
    assert hand.went_out == 0 and hand.final_turns == [1]


def test_knocking_is_refused_without_the_early_knock_rule():
    hand = after_starting_flips(deal(RuleSet(), 2, seed=4, dealer=1))
    hand.face_up[0] = [True, True, True, True, False, False]
    with pytest.raises(IllegalMove, match="not part of these rules"):
        play(hand, KNOCK)


def test_the_finished_hole_is_scored_by_the_engine_with_who_went_out():
    hand = after_starting_flips(deal(RuleSet(), 2, seed=9, dealer=1))
    hand.face_up[0] = [True] * 5 + [False]
    play(hand, DRAW)
    play(hand, swap(5))
    play(hand, DRAW)
    play(hand, DISCARD)
    grids = [hand.grid(seat) for seat in range(2)]
    assert hand.score() == score_hole(grids, hand.rules, went_out=0)


def test_the_discards_are_shuffled_into_a_new_stock_once_then_the_hole_ends():
    hand = after_starting_flips(deal(RuleSet(), 4, seed=2, dealer=3))
    reshuffled = False
    while not hand.over:
        play(hand, DRAW)
        play(hand, DISCARD)
        assert hand.all_cards() == Counter(shoe(RuleSet(), 4))
        reshuffled = reshuffled or hand.reshuffles == 1
    assert reshuffled and hand.reshuffles == MAX_RESHUFFLES
    assert hand.ended_by == "stock" and hand.went_out is None


@pytest.mark.parametrize(
    ("setup", "move", "message"),
    [
        ("", "draw", "First turn up your starting cards"),
        ("flips", "swap:2", "Draw from the stock or take the discard first"),
        ("flips draw", "take", "You already hold"),
        ("flips", "flip:9", "There is no such place: your grid has 6 cards"),
        ("flips", "pass", "You cannot pass"),
    ],
)
def test_a_move_the_rules_do_not_allow_is_refused_with_a_reason_and_changes_nothing(
    setup, move, message
):
    hand = deal(RuleSet(), 2, seed=5, dealer=1)
    if "flips" in setup:
        after_starting_flips(hand)
    if "draw" in setup:
        play(hand, DRAW)
    before = hand.to_dict()
    with pytest.raises(IllegalMove, match=message):
        play(hand, Move.parse(move))
    assert hand.to_dict() == before


def test_a_face_up_card_cannot_be_turned_up_again():
    hand = deal(RuleSet(), 2, seed=5, dealer=1)
    play(hand, flip(0))
    with pytest.raises(IllegalMove, match="The top-left card is already face up"):
        play(hand, flip(0))


def test_a_move_out_of_turn_or_from_an_old_page_is_refused():
    hand = after_starting_flips(deal(RuleSet(), 2, seed=5, dealer=1))
    before = hand.to_dict()
    with pytest.raises(IllegalMove, match="not your turn"):
        play(hand, DRAW, seat=1)
    with pytest.raises(IllegalMove, match="moved on"):
        play(hand, DRAW, seat=0, at=hand.moves_made - 1)
    assert hand.to_dict() == before
    play(hand, DRAW, seat=0, at=hand.moves_made)
    assert hand.held is not None


@pytest.mark.parametrize("text", ["", "dance", "swap", "swap:x", "flip:-1", "draw:3", "swap:99999"])
def test_text_that_is_no_move_is_refused_in_words(text):
    with pytest.raises(IllegalMove):
        Move.parse(text)


def test_moves_read_back_as_they_are_written():
    for move in Moves("draw take discard pass knock swap:3 flip:0"):
        assert Move.parse(str(move)) == move


def test_places_are_named_as_a_player_says_them():
    layout = RuleSet().layout
    assert [place_name(layout, slot) for slot in (0, 1, 5)] == [
        "top-left",
        "top-middle",
        "bottom-right",
    ]
    assert place_name(RuleSet(variant="nine-card").layout, 4) == "middle-middle"
    assert place_name(RuleSet(variant="ten-card").layout, 8) == "bottom row, card 4"


def test_four_card_golf_played_from_memory_is_not_offered_and_says_why():
    problem = playable_problem(RuleSet(variant="four-card"), 2)
    assert problem and "from memory" in problem
    with pytest.raises(IllegalMove, match="from memory"):
        deal(RuleSet(variant="four-card"), 2, seed=1)
    assert playable_problem(RuleSet(), 5) == "A practice table has 2 to 4 players"
    assert playable_problem(RuleSet(variant="ten-card"), 4) is None


def test_a_saved_hand_reads_back_the_same_and_plays_on_alike():
    rules = RuleSet(jokers="lucky-swing", flip_on_discard=FlipOnDiscard.SPEED_GOLF)
    hand = after_starting_flips(deal(rules, 3, seed=21))
    play(hand, DRAW)
    copy = Hand.from_dict(hand.to_dict())
    assert copy.to_dict() == hand.to_dict()
    play(hand, DISCARD)
    play(copy, DISCARD)
    assert copy.to_dict() == hand.to_dict()


@pytest.mark.parametrize(
    "garbage", [{}, {"rules": {"variant": "six-card"}}, {"rules": "x"}, {"cards": [[1]]}]
)
def test_data_that_is_no_saved_hand_is_refused(garbage):
    with pytest.raises(IllegalMove, match="not a saved hand"):
        Hand.from_dict(garbage)


def test_masking_shuffles_only_the_cards_a_player_cannot_see():
    import random

    hand = after_starting_flips(deal(RuleSet(), 3, seed=8))
    masked = hand.masked(0, random.Random(1))
    assert masked.all_cards() == hand.all_cards()
    assert masked.discards == hand.discards
    for seat in range(3):
        for slot in range(6):
            if hand.face_up[seat][slot]:
                assert masked.cards[seat][slot] == hand.cards[seat][slot]
    assert masked.stock != hand.stock


def test_a_match_keeps_each_holes_scores_and_passes_the_deal_left():
    game = Game.start(RuleSet(), 3, holes=9, seed=99)
    dealers = []
    for hole in range(1, 4):
        assert game.hole == hole
        dealers.append(game.hand.dealer)
        while not game.hand.over:
            game.play(legal_moves(game.hand)[0])
        assert len(game.scores) == hole
        game.next_hole()
    assert dealers == [2, 0, 1]
    assert game.totals == [sum(scores[s] for scores in game.scores) for s in range(3)]
    copy = Game.from_dict(game.to_dict())
    assert copy.to_dict() == game.to_dict()


def test_a_one_hole_match_is_over_after_its_hole():
    game = Game.start(RuleSet(), 2, holes=1, seed=5)
    while not game.hand.over:
        game.play(legal_moves(game.hand)[0])
    assert game.finished
    with pytest.raises(IllegalMove, match="match is over"):
        game.next_hole()


def test_a_match_of_any_other_length_is_refused():
    with pytest.raises(IllegalMove, match="1, 9 or 18 holes"):
        Game.start(RuleSet(), 2, holes=4, seed=1)


def test_jokers_are_dealt_when_the_rules_put_them_in_the_shoe():
    hand = deal(RuleSet(variant="eight-card"), 2, seed=3)
    assert hand.all_cards()[Card(Rank.JOKER)] == 4
