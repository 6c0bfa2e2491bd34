"""The rules of Golf in plain Python: cards, grids, rule sets, validation, scoring.

Nothing here imports Django (a test keeps it so). Pages, forms and the API ask this
package; a card value or a rule is written nowhere else.
"""

from .cards import Card, Rank, Suit
from .errors import CardError, GolfError, GridError, Problem, RulesError, TableError
from .grid import Grid, Layout
from .rules import (
    ADJUSTMENT_ORDER,
    HOUSE_RULE_INFO,
    JOKER_OPTIONS,
    PRESETS,
    VARIANTS,
    DeckKind,
    EndOfHole,
    FlipOnDiscard,
    HouseRule,
    JokerOption,
    RuleSet,
    Variant,
)
from .scoring import (
    Adjustment,
    ColumnScore,
    GridScore,
    HoleScore,
    PlayerScore,
    apply_hole_rules,
    score_grid,
    score_hole,
    score_totals,
)
from .validation import (
    check_grid,
    check_table,
    grid_problems,
    grids_to_fill,
    parse_grid,
    table_problems,
    table_problems_so_far,
    went_out_problems,
)

__all__ = [
    "ADJUSTMENT_ORDER",
    "HOUSE_RULE_INFO",
    "JOKER_OPTIONS",
    "PRESETS",
    "VARIANTS",
    "Adjustment",
    "Card",
    "CardError",
    "ColumnScore",
    "DeckKind",
    "EndOfHole",
    "FlipOnDiscard",
    "GolfError",
    "Grid",
    "GridError",
    "GridScore",
    "HoleScore",
    "HouseRule",
    "JokerOption",
    "Layout",
    "PlayerScore",
    "Problem",
    "Rank",
    "RuleSet",
    "RulesError",
    "Suit",
    "TableError",
    "Variant",
    "apply_hole_rules",
    "check_grid",
    "check_table",
    "grid_problems",
    "grids_to_fill",
    "parse_grid",
    "score_grid",
    "score_hole",
    "score_totals",
    "table_problems",
    "table_problems_so_far",
    "went_out_problems",
]
