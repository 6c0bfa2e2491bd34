"""Is this grid, or this whole table, possible under the rule set?

Every check returns all of its problems at once, each saying where it is (the seat,
row and column of every card involved), so a form can mark each card that is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import Card, Rank, Suit
from .errors import CardError, GridError, Problem, TableError, holders_phrase, seat_label
from .grid import EMPTY_SLOT, Grid, count_words, number_word
from .rules import MAX_PLAYERS, MIN_PLAYERS, DeckKind, RuleSet
from .slots import grid_cells

Place = tuple[int | None, int, int]


def parse_grid(text: str, rules: RuleSet, player: int | None = None) -> Grid:
    """Read a grid for ``rules``, checking its shape; problems carry the seat."""
    try:
        return Grid.parse(text, rules.layout, rules.ranks_in_play)
    except GridError as exc:
        if player is None:
            raise
        problems = [p.at_seat(player) for p in exc.problems]
        raise GridError("; ".join(p.message for p in problems), problems) from exc


def grid_problems(
    grid: Grid,
    rules: RuleSet,
    *,
    player: int | None = None,
    players: int = MIN_PLAYERS,
    count: bool = True,
) -> list[Problem]:
    """Everything wrong with one grid on its own: its shape, cards that are not in
    the deck, and (with ``count``) more copies of a card than the shoe for
    ``players`` holds."""
    problems = _layout_problems(grid, rules, player)
    in_play = rules.ranks_in_play
    needing_suit = rules.ranks_needing_suit
    for r, row in enumerate(grid.rows, start=1):
        for c, card in enumerate(row, start=1):
            if card.rank not in in_play:
                said = _not_in_deck(card, rules)
            elif card.suit is None and card.rank in needing_suit:
                said = _suit_question(card.rank, rules)
            else:
                continue
            problems.append(
                Problem(
                    f"{_where(player, r, c)}: {said}",
                    player=player,
                    row=r,
                    column=c,
                    places=((player, r, c),),
                )
            )
    # Too many copies are reported only when every card is in the deck.
    if count and not problems:
        problems = _count_problems([grid], rules, players, "in this grid", [player])
    return problems


def _layout_problems(grid: Grid, rules: RuleSet, player: int | None) -> list[Problem]:
    layout = rules.layout
    if grid.layout == layout:
        return []
    return [
        Problem(
            f"a {rules.variant_info.name} grid is {count_words(layout.rows, 'row')} of "
            f"{number_word(layout.columns)}; this one is "
            f"{count_words(grid.layout.rows, 'row')} of {number_word(grid.layout.columns)}",
            player=player,
        )
    ]


def seating_problems(
    players: int, rules: RuleSet, *, what: str = "hole", field: str | None = None
) -> list[Problem]:
    """Why ``players`` cannot sit down to a ``what`` (a hole, a match) under ``rules``:
    too few or too many, or a shoe too small to deal everyone and a first discard."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return [
            Problem(
                f"a {what} needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                f"not {count_words(players, 'player')}",
                field=field,
            )
        ]
    needed = players * rules.layout.size + 1
    shoe = rules.shoe_size(players)
    if needed > shoe:
        return [
            Problem(
                f"{count_words(players, 'player')} need {needed} cards (with the first discard), "
                f"but {_shoe_phrase(rules, players)} only {shoe}",
                field=field,
            )
        ]
    return []


def table_problems(
    grids: Sequence[Grid], rules: RuleSet, went_out: Sequence[bool] = ()
) -> list[Problem]:
    """Everything that makes a hole's table impossible: the number of players, each
    grid on its own, more copies of a card across the table than the shoe holds,
    and more than one player going out."""
    players = len(grids)
    problems = seating_problems(players, rules)
    for seat, grid in enumerate(grids):
        problems += grid_problems(grid, rules, player=seat, players=players, count=False)
    # Too many copies are reported only when every grid is otherwise fine.
    if not problems:
        problems = _count_problems(grids, rules, players, "on the table", list(range(players)))
    out = [seat for seat, flag in enumerate(went_out) if flag]
    if len(out) > 1:
        problems.append(
            Problem(
                "only one player can go out in a hole, but "
                f"{count_words(len(out), 'player')} are marked as out",
                places=(),
            )
        )
    return problems


def went_out_problems(
    rules: RuleSet, players: int, went_out: int | None, *, nobody_out: bool = False
) -> list[Problem]:
    """What is wrong with who went out first, given as a seat (``went_out``) or as
    nobody (``nobody_out``, said on purpose): a seat not at the table, both at once,
    or neither under rules that score that player (:attr:`RuleSet.needs_finisher`),
    where "nobody" is never assumed. Each problem has ``field="went_out"``."""
    if went_out is not None and not 0 <= went_out < players:
        return [Problem("the player marked as out is not at this table", field="went_out")]
    if went_out is not None and nobody_out:
        return [
            Problem(
                "choose the player who went out first or say that nobody did, not both",
                field="went_out",
            )
        ]
    if went_out is None and not nobody_out and rules.needs_finisher:
        scoring = " and ".join(rule.title for rule in rules.went_out_rules)
        verb = "scores" if len(rules.went_out_rules) == 1 else "score"
        ended = " or knocked early" if rules.early_knock else ""
        return [
            Problem(
                f"say who went out first{ended}, or that nobody did: {scoring} {verb} that player",
                field="went_out",
            )
        ]
    return []


def table_problems_so_far(texts: Sequence[str], rules: RuleSet) -> list[Problem]:
    """The card counts of a table whose grids are still being entered, one grid of
    notation a seat: more copies of a rank, or of one card, among the cards typed so
    far than the shoe for that many players holds, each problem marking every card
    it is about ("five kings on the table, but one deck has four: ..."). So a table
    hears of a count that cannot be while it still has grids to fill in.

    Slots still empty and text that is not a card in play are passed over (each
    grid's own check says what is wrong with them). A count that only one grid holds,
    a grid that reads whole, is left to that grid's own check (:func:`grid_problems`),
    which says it of that grid; and a whole grid that breaks a count on its own is
    left out until it is put right, so one mistake is said once.
    """
    ranks = rules.ranks_in_play
    players = len(texts)
    cards: list[tuple[Place, Card]] = []
    whole: set[int] = set()
    for seat, text in enumerate(texts):
        try:
            grid = Grid.parse(text, rules.layout, ranks)
        except GridError:
            pass
        else:
            if _count_problems([grid], rules, players, "in this grid", [seat]):
                continue
            whole.add(seat)
        for r, row in enumerate(grid_cells(text, rules.layout, ranks), start=1):
            for c, token in enumerate(row, start=1):
                if not token or token == EMPTY_SLOT:
                    continue
                try:
                    card = Card.parse(token, ranks)
                except CardError:
                    continue
                if card.rank in ranks:
                    cards.append(((seat, r, c), card))
    problems = _card_count_problems(cards, rules, players, "on the table")
    return [p for p in problems if not (len(p.holders) == 1 and p.holders[0] in whole)]


def grids_to_fill(texts: Sequence[str]) -> tuple[int, ...]:
    """The seats whose grid is still to be filled in: nothing typed yet, or a slot
    still empty (written ``?``, as a grid editor leaves it)."""
    return tuple(seat for seat, text in enumerate(texts) if not text.strip() or EMPTY_SLOT in text)


def check_grid(text: str, rules: RuleSet) -> Grid:
    """Parse and validate one grid against a single table of the rule set's deck.

    Raises :class:`GridError` or :class:`TableError` listing every problem.
    """
    grid = parse_grid(text, rules)
    problems = grid_problems(grid, rules)
    if problems:
        raise TableError.from_problems(problems)
    return grid


def check_table(texts: Sequence[str], rules: RuleSet, went_out: Sequence[bool] = ()) -> list[Grid]:
    """Parse and validate a whole table; raises one error listing every problem of
    every grid (each tagged with its seat)."""
    grids: list[Grid] = []
    problems: list[Problem] = []
    for seat, text in enumerate(texts):
        try:
            grids.append(parse_grid(text, rules, player=seat))
        except GridError as exc:
            problems.extend(exc.problems)
    if problems:
        raise GridError("; ".join(p.message for p in problems), problems)
    problems = table_problems(grids, rules, went_out)
    if problems:
        raise TableError.from_problems(problems)
    return grids


def _suit_question(rank: Rank, rules: RuleSet) -> str:
    """What is asked of a card typed without the suit its value depends on."""
    written = [str(Card(rank, suit)) for suit in Suit]
    reason = rules.suit_reason(rank)
    return (
        f"which {rank.singular}? {reason[:1].upper()}{reason[1:]}; write it "
        f"{', '.join(written[:-1])} or {written[-1]}"
    )


def _not_in_deck(card: Card, rules: RuleSet) -> str:
    rank = card.rank
    if rank is Rank.JOKER:
        if rules.deck is DeckKind.ZSA:
            return "the ZSA deck has no jokers"
        return "a joker, but jokers are not in play under these rules"
    if rank is Rank.TEN:
        return "the ZSA deck's ten is written X"
    if rank is Rank.ZSA_TEN:
        return "X is the ZSA deck's ten; in a standard deck write 10"
    return f"'{rank.symbol}' is only in the ZSA deck"


def _count_problems(
    grids: Sequence[Grid], rules: RuleSet, players: int, where: str, seats: list[int | None]
) -> list[Problem]:
    """More cards of a rank than the shoe for ``players`` holds and, in standard
    decks (one copy of each card per deck), more copies of one card than there are
    decks; each problem marks every card it is about."""
    cards = [
        ((seat, r, c), card)
        for seat, grid in zip(seats, grids, strict=True)
        for r, row in enumerate(grid.rows, start=1)
        for c, card in enumerate(row, start=1)
    ]
    return _card_count_problems(cards, rules, players, where)


def _card_count_problems(
    cards: Sequence[tuple[Place, Card]], rules: RuleSet, players: int, where: str
) -> list[Problem]:
    """The too-many-copies problems of ``cards``, each given with its place."""
    decks = rules.deck_count(players)
    problems: list[Problem] = []
    for rank, n in Counter(card.rank for _, card in cards).items():
        copies = rules.rank_copies(rank, players)
        if n > copies:
            found = tuple(place for place, card in cards if card.rank is rank)
            problems.append(
                _too_many(
                    f"{count_words(n, rank.singular, rank.plural)} {where}, "
                    f"but {_holds(rules, rank, decks, copies)}",
                    found,
                )
            )
    if rules.deck is DeckKind.STANDARD:
        suited = Counter(card for _, card in cards if card.suit is not None)
        for card, n in suited.items():
            if n > decks:
                found = tuple(place for place, other in cards if other == card)
                problems.append(
                    _too_many(
                        f"{count_words(n, card.display, card.display)} {where}, but "
                        f"{count_words(decks, 'deck')} {'has' if decks == 1 else 'have'} "
                        f"only {count_words(decks, 'copy', 'copies')}",
                        found,
                    )
                )
    return problems


def _too_many(message: str, found: tuple[Place, ...]) -> Problem:
    """A too-many-copies problem marking every card ``found``; on a table (cards
    with seats) the message ends with the seats that hold them."""
    holders = tuple(sorted({seat for seat, _, _ in found if seat is not None}))
    if holders:
        message = f"{message}: {holders_phrase(holders)}"
    return Problem(message, player=_only_seat(found), places=found, holders=holders)


def _holds(rules: RuleSet, rank: Rank, decks: int, copies: int) -> str:
    if rank is Rank.JOKER:
        option = rules.joker_option
        if option.in_shoe is not None:
            return f"{option.name} puts only {count_words(copies, 'joker')} in the shoe"
        return f"the shoe has only {count_words(copies, 'joker')}"
    if rules.deck is DeckKind.ZSA:
        deck = "the ZSA deck has" if decks == 1 else f"{count_words(decks, 'ZSA deck')} have"
    else:
        deck = f"{count_words(decks, 'deck')} {'has' if decks == 1 else 'have'}"
    return f"{deck} {number_word(copies)}"


def _shoe_phrase(rules: RuleSet, players: int) -> str:
    decks = rules.deck_count(players)
    if rules.deck is DeckKind.ZSA:
        return "the ZSA deck holds" if decks == 1 else f"{count_words(decks, 'ZSA deck')} hold"
    return f"{count_words(decks, 'deck')} {'holds' if decks == 1 else 'hold'}"


def _only_seat(places: tuple[Place, ...]) -> int | None:
    """The seat all these cards belong to, or None when they span players."""
    seats = {seat for seat, _, _ in places}
    return seats.pop() if len(seats) == 1 else None


def _where(player: int | None, row: int, column: int) -> str:
    place = f"card {column} of row {row}"
    return place if player is None else f"{seat_label(player)}, {place}"
