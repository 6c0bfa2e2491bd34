"""Dealing: random grids that could really come out of the shoe.

``deal_grid`` gives the practice page one grid a learner scores; ``deal_grids``
deals a whole table and improves each grid by a few greedy draws, so demo holes
look like holes people played. Every card comes from the shoe the rules give for
the table, so a dealt hole always passes
:func:`scoring.engine.validation.table_problems`. Pass a ``seed`` (or your own
:class:`random.Random`) and the same cards come out every time, so a dealt grid
can live in a URL and tests stay deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card, Rank, Suit
from .grid import Grid
from .rules import DECK_RANKS, MIN_PLAYERS, DeckKind, RuleSet

#: Suits a standard deck is dealt with; ZSA cards are dealt without a suit
#: (its eight suits are cosmetic and the engine does not name them).
_STANDARD_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def shoe(rules: RuleSet, players: int = MIN_PLAYERS) -> list[Card]:
    """Every card in the shoe for ``players`` players, in a fixed order."""
    cards: list[Card] = []
    decks = rules.deck_count(players)
    for rank in DECK_RANKS[rules.deck]:
        if rules.deck is DeckKind.STANDARD:
            cards.extend(Card(rank, suit) for suit in _STANDARD_SUITS for _ in range(decks))
        else:
            cards.extend(Card(rank) for _ in range(rules.rank_copies(rank, players)))
    cards.extend(Card(Rank.JOKER) for _ in range(rules.rank_copies(Rank.JOKER, players)))
    return cards


def deal_grid(
    rules: RuleSet,
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    pair_chance: float = 0.0,
    players: int = MIN_PLAYERS,
) -> Grid:
    """Deal one grid of ``rules.layout`` from a shuffled shoe.

    ``pair_chance`` (0 to 1) is the chance that each column is dealt already
    matched (every card of one rank), so practice grids show pairs more often than
    a fair deal would; the cards still come from the shoe, so the grid is always
    one the rules allow. Give ``seed`` or ``rng`` for a repeatable deal.
    """
    if not 0.0 <= pair_chance <= 1.0:
        raise ValueError(f"pair_chance must be from 0 to 1, not {pair_chance}")
    rand = rng if rng is not None else random.Random(seed)
    stock = shoe(rules, players)
    rand.shuffle(stock)
    layout = rules.layout
    columns: list[list[Card]] = []
    for _ in range(layout.columns):
        column: list[Card] | None = None
        if rules.variant_info.cancels and rand.random() < pair_chance:
            column = _take_matched(stock, layout.rows, rand)
        if column is None:
            column = [stock.pop() for _ in range(layout.rows)]
        columns.append(column)
    return Grid.from_columns(columns)


def _take_matched(stock: list[Card], size: int, rand: random.Random) -> list[Card] | None:
    """Take ``size`` cards of one rank out of the stock, or None if no rank has enough."""
    by_rank: dict[Rank, list[int]] = {}
    for index, card in enumerate(stock):
        by_rank.setdefault(card.rank, []).append(index)
    ranks = sorted(
        (rank for rank, places in by_rank.items() if len(places) >= size),
        key=lambda rank: rank.value,
    )
    if not ranks:
        return None
    places = by_rank[rand.choice(ranks)][:size]
    taken = [stock[i] for i in places]
    for i in sorted(places, reverse=True):
        del stock[i]
    return taken


def deal_grids(
    rules: RuleSet, players: int, rng: random.Random, draws: int = 10
) -> tuple[list[Grid], list[Card]]:
    """Deal each player a grid from a shuffled shoe, then let each take between half
    of ``draws`` and ``draws`` cards from the stock greedily: a card that completes a column's set
    replaces the column's dearest odd card; any other card replaces the dearest card
    it beats. Returns the grids in seating order and the discards."""
    stock = shoe(rules, players)
    rng.shuffle(stock)
    layout = rules.layout
    columns: list[list[list[Card]]] = []
    for _ in range(players):
        cards = [stock.pop() for _ in range(layout.size)]
        columns.append(
            [
                [cards[r * layout.columns + c] for r in range(layout.rows)]
                for c in range(layout.columns)
            ]
        )
    discards: list[Card] = []
    for _ in range(rng.randint(draws // 2, draws)):
        for seat in range(players):
            if not stock:
                break
            drawn = stock.pop()
            discards.append(_place(drawn, columns[seat], rules))
    grids = [Grid.from_columns(cols) for cols in columns]
    return grids, discards


def _place(drawn: Card, columns: list[list[Card]], rules: RuleSet) -> Card:
    """Put ``drawn`` where it helps most and return the card thrown away (maybe
    ``drawn`` itself)."""
    value = rules.value
    best: tuple[int, int, int] | None = None  # (gain, column, row)
    for c, column in enumerate(columns):
        same = sum(1 for card in column if card.rank is drawn.rank)
        odd = [(value(card), r) for r, card in enumerate(column) if card.rank is not drawn.rank]
        if same and odd:
            worth, r = max(odd)
            gain = 100 + worth
        else:
            worth, r = max((value(card), r) for r, card in enumerate(column))
            gain = worth - value(drawn)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, c, r)
    if best is None:
        return drawn
    _, c, r = best
    thrown = columns[c][r]
    columns[c][r] = drawn
    return thrown


def went_out_seat(totals: Sequence[int], rng: random.Random) -> int | None:
    """Who went out: usually a player with one of the lowest grids, sometimes someone
    who gambled, now and then nobody recorded."""
    roll = rng.random()
    if roll < 0.1 or not totals:
        return None
    if roll < 0.8:
        low = min(totals)
        return rng.choice([seat for seat, total in enumerate(totals) if total == low])
    return rng.randrange(len(totals))
