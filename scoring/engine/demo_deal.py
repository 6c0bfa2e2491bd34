"""Random legal deals for demo data: a shuffled shoe dealt into grids, each improved
by a few greedy draws so the grids look like holes people played.

Every card comes from the shoe the rules give for the table, so a dealt hole always
passes :func:`scoring.engine.validation.table_problems`. Pure and seeded by the
caller's :class:`random.Random`, so a seed repeats a deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card, Rank, Suit
from .grid import Grid
from .rules import DeckKind, RuleSet


def shoe(rules: RuleSet, players: int) -> list[Card]:
    """Every card of the shoe for ``players`` players, in a fixed order. Standard
    decks carry suits (so one-eyed jacks and exact copies can be checked); ZSA cards
    and jokers have none."""
    suits = list(Suit)
    cards: list[Card] = []
    for rank, copies in rules.rank_limits(players).items():
        for copy in range(copies):
            if rank is Rank.JOKER or rules.deck is DeckKind.ZSA:
                cards.append(Card(rank))
            else:
                cards.append(Card(rank, suits[copy % len(suits)]))
    return cards


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
