"""Tables of grids shared by the tests and the benchmarks (``bench/`` reads them
from here; no test imports ``bench``). Plain notation strings, no Django, so the
engine's benchmark can use them in a process without it."""

#: One hole of an 8-player six-card table, a grid a seat: the largest table there
#: is, for the largest scoreboard a phone shows and the engine's costliest check.
EIGHT_PLAYERS = (
    "8 5 7 / 8 3 9",
    "KS 5H JC / KD 5C 2H",
    "A 2 3 / 4 5 6",
    "7 8 9 / 10 J Q",
    "K A 2 / 3 4 5",
    "6 7 8 / 9 10 J",
    "Q K A / 2 3 4",
    "5 6 7 / 8 9 10",
)
