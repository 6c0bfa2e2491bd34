"""Cards and their text notation.

A card is written as its rank, optionally followed by a suit: ``8``, ``KH``, ``10♠``,
``TD`` (``T`` is accepted for 10), ``JK`` or ``*`` for a joker. The ZSA deck adds
the ranks ``0`` and ``X`` (its ten). Case does not matter.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import CardError


class Rank(enum.Enum):
    """A card rank. The value is the rank's symbol in notation."""

    ZERO = "0"
    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    ZSA_TEN = "X"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    JOKER = "JK"

    # Hashed by identity (members are singletons): with Enum's own hash, written in
    # Python, scoring a parsed grid takes 6.5 us instead of 5.5 (the bench's budget: 6).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The rank as written in notation (``"10"``, ``"K"``, ``"JK"``)."""
        return str(self.value)

    @property
    def also_written(self) -> tuple[str, ...]:
        """The other ways notation may write the rank: ``("T",)`` for a 10, ``("*",)``
        for a joker (the keypad's keys on a keyboard take them too)."""
        return tuple(
            text for text, rank in _RANK_BY_TEXT.items() if rank is self and text != self.value
        )

    @property
    def singular(self) -> str:
        """The rank in words, for messages: ``"7"``, ``"king"``, ``"joker"``."""
        return _RANK_WORDS.get(self, self.symbol)

    @property
    def plural(self) -> str:
        """The rank in words, plural: ``"7s"``, ``"kings"``, ``"jokers"``."""
        return _RANK_PLURALS.get(self, self.symbol + "s")


_RANK_WORDS = {
    Rank.ACE: "ace",
    Rank.ZSA_TEN: "X",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.JOKER: "joker",
}
_RANK_PLURALS = {
    Rank.ACE: "aces",
    Rank.ZSA_TEN: "Xs",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.JOKER: "jokers",
}

#: Ranks of a standard 52-card deck, in their usual order.
STANDARD_RANKS: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)

#: Ranks of the ZSA deck: fourteen ranks in eight suits, eight cards of each rank
#: (:data:`COPIES_PER_RANK` in ``rules``): 112 cards. The deck is sold as 120 cards; the
#: rules here count only the cards of these ranks.
ZSA_RANKS: tuple[Rank, ...] = (
    Rank.ZERO,
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.ZSA_TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)


class Suit(enum.Enum):
    """A suit of a standard deck. The value is its letter in notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's sign: ``♠ ♥ ♦ ♣``."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT: dict[str, Suit] = {s.value: s for s in Suit} | {
    v: k for k, v in _SUIT_SYMBOLS.items()
}
# Some keyboards produce the outlined forms of the red suits.
_SUIT_BY_TEXT |= {"♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♤": Suit.SPADES, "♧": Suit.CLUBS}
_RANK_BY_TEXT: dict[str, Rank] = {r.value: r for r in Rank} | {"T": Rank.TEN, "*": Rank.JOKER}


def split_run(token: str, ranks: tuple[Rank, ...] | None = None) -> list[str]:
    """A run of cards typed without spaces (``"K5J"``) as its cards (``["K", "5",
    "J"]``), where it reads only one way: every card one character of a rank of
    ``ranks`` (every deck's when None), a 10 its two. Anything else comes back
    whole, for :meth:`Card.parse` to read or to say what is wrong with it: a card
    (``"KH"``, ``"10"``, ``"JK"``), a suit in the run (``"5H7"``), or a run that
    reads two ways while jokers are in play (``"5JK"`` is a 5 and a joker, or a 5, a
    jack and a king; ``"J0"`` may be a joker mistyped)."""
    upper = token.upper()
    if len(token) < 2 or upper in _RANK_BY_TEXT:
        return [token]
    held = tuple(Rank) if ranks is None else ranks
    if Rank.JOKER in held and ("JK" in upper or "J0" in upper):
        return [token]
    singles = {text for text, rank in _RANK_BY_TEXT.items() if len(text) == 1 and rank in held}
    pieces: list[str] = []
    i = 0
    while i < len(upper):
        if Rank.TEN in held and upper.startswith("10", i):
            pieces.append(token[i : i + 2])
            i += 2
        elif upper[i] in singles:
            pieces.append(token[i])
            i += 1
        else:
            return [token]
    return pieces


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and, when the player cared to say, a suit.

    Jokers never have a suit. Two cards pair when their ranks are equal; suits only
    matter for the one-eyed jacks and for counting exact copies in a deck.
    """

    rank: Rank
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.rank is Rank.JOKER and self.suit is not None:
            raise CardError(f"'{self}' is a joker, and jokers have no suit")

    @classmethod
    def parse(cls, text: str, ranks: tuple[Rank, ...] | None = None) -> Card:
        """Read one card from notation (``"KH"``, ``"10♠"``, ``"jk"``).

        Raises :class:`CardError` saying what is wrong with the text. ``ranks``, the
        ranks of the deck in play (:attr:`RuleSet.ranks_in_play`), only words that
        error: the ranks it offers are the deck's, and the ZSA deck's suits are not
        written. Without it, the error names the ranks of every deck.
        """
        raw = text.strip()
        token = raw.upper()
        if not token:
            raise CardError("a card is missing")
        rank = _RANK_BY_TEXT.get(token)
        if rank is not None:
            return cls(rank)
        suit = _SUIT_BY_TEXT.get(token[-1])
        rank_text = token[:-1]
        rank = _RANK_BY_TEXT.get(rank_text)
        if suit is None:
            if token[0] in "SHDC♠♥♦♣" and token[1:] in _RANK_BY_TEXT:
                raise CardError(
                    f"'{raw}' has its suit first; write the rank first, "
                    f"like '{token[1:]}{token[0]}'"
                )
            if rank is not None and token[-1].isalpha():
                # A rank and then a letter: the rank is right, the suit is not ("4x").
                if rank is Rank.JOKER:
                    raise CardError(f"'{raw}' is a joker, and jokers have no suit")
                raise CardError(
                    f"'{raw}' is not a card: '{raw[-1]}' is not a suit{_suit_hint(ranks)}"
                )
            raise CardError(f"'{raw}' is not a rank{_rank_hint(token, ranks)}")
        if rank is None:
            raise CardError(
                f"'{raw}' is not a card: '{raw[:-1]}' is not a rank{_rank_hint(rank_text, ranks)}"
            )
        if rank is Rank.JOKER:
            raise CardError(f"'{raw}' is a joker, and jokers have no suit")
        return cls(rank, suit)

    def __str__(self) -> str:
        """The card in notation, ASCII only: ``"KH"``, ``"8"``, ``"JK"``."""
        return self.rank.symbol + (self.suit.value if self.suit else "")

    @property
    def display(self) -> str:
        """The card for people: ``"K♥"``, ``"8"``, ``"Joker"``."""
        if self.rank is Rank.JOKER:
            return "Joker"
        return self.rank.symbol + (self.suit.symbol if self.suit else "")


def _rank_hint(token: str, ranks: tuple[Rank, ...] | None) -> str:
    if token in ("1", "ACE"):
        return " (an ace is written A)"
    if token in ("JOKER", "JO", "J0"):
        return " (a joker is written JK or *)"
    if ranks is None:
        return " (ranks are A, 2-10, J, Q, K, JK for a joker, and 0 and X in the ZSA deck)"
    if _is_zsa(ranks):
        return f" (the ZSA deck's ranks are {ranks_phrase(ranks)})"
    return f" (ranks are {ranks_phrase(ranks)})"


def _suit_hint(ranks: tuple[Rank, ...] | None) -> str:
    if ranks is not None and _is_zsa(ranks):
        # Its eight suits do not count, and notation has letters for only four.
        return "; the ZSA deck's suits do not count, so write the rank alone"
    return " (suits are S, H, D and C)"


def _is_zsa(ranks: tuple[Rank, ...]) -> bool:
    """Whether ``ranks`` are the ZSA deck's: only it has an X."""
    return Rank.ZSA_TEN in ranks


#: The number ranks, 2 to 10, said as one span ("2-10") when a deck has them all.
_NUMBER_RANKS = STANDARD_RANKS[STANDARD_RANKS.index(Rank.TWO) : STANDARD_RANKS.index(Rank.TEN) + 1]


def ranks_phrase(ranks: tuple[Rank, ...]) -> str:
    """The ranks as a player writes them, in the order of :class:`Rank`:
    ``"A, 2-10, J, Q, K and JK for a joker"``, ``"0, A, 2-9, X, J, Q and K"``."""
    held = [rank for rank in Rank if rank in ranks]
    numbers = [rank for rank in held if rank in _NUMBER_RANKS]
    words: list[str] = []
    for rank in held:
        if rank in _NUMBER_RANKS:
            if rank is numbers[0]:
                span = len(numbers) > 1
                words.append(f"{numbers[0].symbol}-{numbers[-1].symbol}" if span else rank.symbol)
        elif rank is Rank.JOKER:
            words.append("JK for a joker")
        else:
            words.append(rank.symbol)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
