"""Hypothesis strategies for cards, grids and rule sets."""

from hypothesis import strategies as st

from scoring.engine import JOKER_OPTIONS, VARIANTS, Card, Grid, HouseRule, Rank, RuleSet, Suit
from scoring.engine.cards import STANDARD_RANKS
from scoring.engine.rules import LINES_LAYOUT

suits = st.one_of(st.none(), st.sampled_from(list(Suit)))
standard_cards = st.builds(Card, st.sampled_from(STANDARD_RANKS), suits)
cards = st.one_of(standard_cards, st.just(Card(Rank.JOKER)))


@st.composite
def _rule_sets(draw):
    """Any rule set the engine accepts: rows and diagonals cancel only in nine-card
    Golf, so the rule is dropped from any other variant's house rules."""
    variant = draw(st.sampled_from(list(VARIANTS)))
    house_rules = draw(st.frozensets(st.sampled_from(list(HouseRule))))
    if VARIANTS[variant].layout != LINES_LAYOUT:
        house_rules -= {HouseRule.LINES_CANCEL}
    jokers = draw(st.sampled_from(list(JOKER_OPTIONS)))
    return RuleSet(variant=variant, jokers=jokers, house_rules=house_rules)


rule_sets = _rule_sets()


@st.composite
def grids(draw, rows=None, columns=None, card=cards):
    n_rows = rows or draw(st.integers(1, 3))
    n_cols = columns or draw(st.integers(1, 5))
    return Grid(tuple(tuple(draw(card) for _ in range(n_cols)) for _ in range(n_rows)))


@st.composite
def grids_for(draw, ruleset, card=cards):
    layout = ruleset.layout
    return draw(grids(rows=layout.rows, columns=layout.columns, card=card))
