"""A rule set in brief: the variant and length, then only what differs from the
variant's usual play, as the new match's folded rules show it."""

from scoring.engine import DeckKind, HouseRule, RuleSet
from scoring.engine.rules import EndOfHole, FlipOnDiscard


def test_the_usual_rules_are_the_variant_and_the_length():
    assert RuleSet().outline() == ("Six-card Golf", "9 holes")
    assert RuleSet(variant="ten-card", holes=1).outline() == ("Ten-card Golf", "1 hole")


def test_every_choice_that_differs_is_named_in_the_catalogues_order():
    rules = RuleSet(
        deck=DeckKind.ZSA,
        decks=1,
        house_rules=frozenset({HouseRule.KNOCK_PENALTY, HouseRule.SUPER_KINGS}),
        flip_on_discard=FlipOnDiscard.SPEED_GOLF,
        end_of_hole=EndOfHole.IMMEDIATE,
        flip_as_action=True,
        early_knock=True,
        initial_flips=0,
    )
    assert rules.outline() == (
        "Six-card Golf",
        "9 holes",
        "ZSA deck",
        "1 deck",
        "Super Kings",
        "Knock penalty",
        "Speed Golf",
        "Hole ends at once",
        "Flip as action",
        "Early knock",
        "No cards turned up to start",
    )


def test_jokers_are_named_when_there_are_any():
    assert "Standard jokers" in RuleSet(jokers="standard").outline()
    assert RuleSet(jokers="none").outline() == ("Six-card Golf", "9 holes")
    assert RuleSet(decks=2, initial_flips=1).outline()[2:] == (
        "2 decks",
        "1 card turned up to start",
    )


def test_the_variants_usual_starting_flips_are_not_named_even_when_given():
    usual = RuleSet(variant="nine-card").starting_flips
    assert RuleSet(variant="nine-card", initial_flips=usual).outline() == (
        "Nine-card Golf",
        "9 holes",
    )


def test_the_engine_names_only_the_rules_that_score_who_went_out():
    rules = RuleSet(house_rules=frozenset({HouseRule.UNDERDOG_BONUS, HouseRule.KNOCK_PENALTY}))
    assert rules.went_out_rules == (HouseRule.KNOCK_PENALTY,)
    assert RuleSet().went_out_rules == ()


def test_the_speed_golf_preset_is_golfcards_speed_golf_and_nothing_more():
    """It used to end the hole at once too, which that Speed Golf does not do and the
    preset's summary did not say: it changes only what a discard does."""
    from scoring.engine import PRESETS, RuleSet

    _, summary, rules = PRESETS["speed-golf"]
    changed = {k for k, v in rules.to_dict().items() if RuleSet().to_dict()[k] != v}
    assert changed == {"flip_on_discard"}
    assert "ends" not in summary.lower() and "at once" not in summary
