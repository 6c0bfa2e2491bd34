"""The peer engine's grid scorer, loaded from a checkout outside this repository, so
`make bench` can time it beside ours on the same grid in the same run.

The peer is adlee-was-taken/golfgame, the engine behind golfcards.club. Its code is
never part of this repository (licence and house rule): point ``GOLF_PEER_DIR`` at a
checkout of it (only ``server/game.py`` and ``server/constants.py`` are needed). The
scorer timed is ``Player.calculate_score`` from ``server/game.py``, under the peer's
default rules (``GameOptions()``, what its ``Game.start_game`` uses when given none),
on a hand built before timing starts. Before anything is timed the peer's score must
equal ours, so the two figures always measure the same work.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from scoring.engine import Grid, RuleSet, check_grid, score_grid

PEER_ENV = "GOLF_PEER_DIR"
PEER_REPO = "adlee-was-taken/golfgame"
#: The bench's grid (``bench.engine.SIX_CARD``): columns 8/8, 5/3, 7/9.
GRID = "8 5 7 / 8 3 9"

PeerScorer = Callable[[], object]


class PeerError(RuntimeError):
    """The peer checkout cannot score the bench's grid like for like."""


class PeerDisagreesError(PeerError):
    """The peer scores the grid differently from us, so timing it would compare
    different work."""


def peer_scorer(path: str | None = None, *, notation: str = GRID) -> tuple[PeerScorer | None, str]:
    """The peer's scorer for ``notation``, ready to time, and a line saying what it is.

    ``path`` (else ``$GOLF_PEER_DIR``) is a checkout of the peer. Without one the
    scorer is None and the line says how to provide it. With one, the callable takes no
    arguments and scores a hand built once, here; its score has already been checked
    against ours. Raises :class:`PeerError` when the checkout cannot score the grid,
    :class:`PeerDisagreesError` when it scores it differently from us.
    """
    path = path or os.environ.get(PEER_ENV)
    if not path:
        return None, f"peer not measured: set {PEER_ENV} to a checkout of {PEER_REPO}"
    server = Path(path) / "server"
    if not (server / "game.py").is_file():
        return (
            None,
            f"peer not measured: {path} is not a checkout of {PEER_REPO} (no server/game.py)",
        )
    rules = RuleSet()
    grid = check_grid(notation, rules)
    ours = score_grid(grid, rules).total
    game = _import_peer_game(server)
    hand = _peer_hand(game, grid)
    options = game.GameOptions()

    def score() -> object:
        return hand.calculate_score(options)

    theirs = score()
    if theirs != ours:
        raise PeerDisagreesError(
            f"the peer at {path} scores {notation!r} as {theirs!r}, we score it {ours}: "
            "timing them side by side would compare different work"
        )
    return score, "peer: golfgame Player.calculate_score"


@contextmanager
def _peer_imports(directory: Path) -> Iterator[None]:
    """Import from ``directory`` first; afterwards ``sys.path`` and ``sys.modules`` are
    as they were.

    The peer's modules have bare top-level names (``game``, ``constants``, ``config``),
    so any loaded module of the same name is set aside while the peer imports and put
    back afterwards; whatever the import added leaves ``sys.modules`` again (the
    returned scorer keeps its own references).
    """
    saved_path = list(sys.path)
    saved_modules = dict(sys.modules)
    had_finder = str(directory) in sys.path_importer_cache
    saved_bytecode = sys.dont_write_bytecode
    names = {p.stem for p in directory.glob("*.py")} | {
        p.name for p in directory.iterdir() if (p / "__init__.py").is_file()
    }
    for name in list(sys.modules):
        if name.partition(".")[0] in names:
            del sys.modules[name]
    sys.path.insert(0, str(directory))
    sys.dont_write_bytecode = True  # leave the peer's checkout as it was
    try:
        yield
    finally:
        sys.dont_write_bytecode = saved_bytecode
        sys.path[:] = saved_path
        if not had_finder:
            sys.path_importer_cache.pop(str(directory), None)
        for name in set(sys.modules) - set(saved_modules):
            del sys.modules[name]
        sys.modules.update(saved_modules)


def _import_peer_game(server: Path) -> ModuleType:
    with _peer_imports(server):
        try:
            game = importlib.import_module("game")
        except Exception as exc:
            raise PeerError(f"{server / 'game.py'} does not import: {exc!r}") from exc
    if Path(game.__file__ or "").resolve() != (server / "game.py").resolve():
        raise PeerError(f"imported {game.__file__}, not {server / 'game.py'}")
    missing = [n for n in ("Card", "Suit", "Rank", "Player", "GameOptions") if not hasattr(game, n)]
    if missing:
        raise PeerError(f"{server / 'game.py'} has no {', '.join(missing)}: has its API changed?")
    return game


def _peer_hand(game: ModuleType, grid: Grid) -> Any:
    """The peer's ``Player`` holding ``grid``: top row in places 0-2, bottom row in 3-5.

    ``grid`` passed our six-card check (two rows of three, standard ranks, no jokers),
    and ranks and suits have the same member names in both engines. A card written
    without a suit gets clubs: suits score nothing under the peer's default rules.
    """
    cards = [
        game.Card(game.Suit[card.suit.name if card.suit else "CLUBS"], game.Rank[card.rank.name])
        for card in grid.rows[0] + grid.rows[1]
    ]
    return game.Player(id="bench", name="bench", cards=cards)
