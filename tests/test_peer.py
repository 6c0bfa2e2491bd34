"""The bench's peer loader (scoring/management/peer.py).

CI has no checkout of the peer, so these tests write a small fake one into tmp_path:
our own few lines with the same layout (``server/game.py`` importing
``server/constants.py``) and the same interface the loader relies on.
"""

import sys
import textwrap
import types
from pathlib import Path

import pytest

from scoring.engine import RuleSet, check_grid, score_grid
from scoring.management.commands.bench import SIX_CARD
from scoring.management.peer import (
    GRID,
    PEER_ENV,
    PeerDisagreesError,
    PeerError,
    peer_scorer,
)

FAKE_CONSTANTS = """
VALUES = {"ACE": 1, "TWO": -2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7,
          "EIGHT": 8, "NINE": 9, "TEN": 10, "JACK": 10, "QUEEN": 10, "KING": 0, "JOKER": -2}
"""

FAKE_GAME = """
import dataclasses
import enum

import constants

Suit = enum.Enum("Suit", "HEARTS DIAMONDS CLUBS SPADES")
Rank = enum.Enum("Rank", list(constants.VALUES))


@dataclasses.dataclass
class Card:
    suit: Suit
    rank: Rank


@dataclasses.dataclass
class GameOptions:
    pass


@dataclasses.dataclass
class Player:
    id: str
    name: str
    cards: list

    def calculate_score(self, options):
        total = 0
        for top, bottom in zip(self.cards[:3], self.cards[3:]):
            if top.rank is bottom.rank and PAIRS_CANCEL:
                continue
            total += constants.VALUES[top.rank.name] + constants.VALUES[bottom.rank.name]
        return total
"""


def fake_peer(root: Path, *, pairs_cancel: bool = True) -> Path:
    """A checkout-shaped fake peer under ``root``; with ``pairs_cancel=False`` it
    disagrees with us about any grid holding a pair."""
    server = root / "server"
    server.mkdir(parents=True)
    (server / "constants.py").write_text(textwrap.dedent(FAKE_CONSTANTS))
    (server / "game.py").write_text(FAKE_GAME + f"\nPAIRS_CANCEL = {pairs_cancel}\n")
    return root


def our_score(notation: str) -> int:
    rules = RuleSet()
    return score_grid(check_grid(notation, rules), rules).total


def test_the_peer_scores_the_grid_the_bench_times():
    assert GRID == SIX_CARD


def test_without_a_checkout_the_bench_is_told_how_to_measure_the_peer(monkeypatch):
    monkeypatch.delenv(PEER_ENV, raising=False)
    scorer, reason = peer_scorer()
    assert scorer is None
    assert reason == (
        "peer not measured: set GOLF_PEER_DIR to a checkout of adlee-was-taken/golfgame"
    )


@pytest.mark.parametrize("where", ["missing", "empty"])
def test_a_path_that_is_not_a_checkout_is_named_in_one_line(tmp_path, where):
    path = tmp_path / "golfgame"
    if where == "empty":
        path.mkdir()
    scorer, reason = peer_scorer(str(path))
    assert scorer is None
    assert reason == (
        f"peer not measured: {path} is not a checkout of adlee-was-taken/golfgame"
        " (no server/game.py)"
    )
    assert "\n" not in reason


def test_the_peer_scores_the_bench_grid_as_we_do(tmp_path):
    scorer, label = peer_scorer(str(fake_peer(tmp_path)))
    assert scorer is not None
    # 24 needs the peer's layout right: top row in places 0-2, bottom row in 3-5,
    # so the columns are 8/8 (a pair), 5/3 and 7/9.
    assert scorer() == our_score(SIX_CARD) == 24
    assert scorer() == 24  # the same hand, scored again
    assert "calculate_score" in label


def test_the_checkout_comes_from_the_environment_when_no_path_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv(PEER_ENV, str(fake_peer(tmp_path)))
    scorer, _ = peer_scorer()
    assert scorer is not None
    assert scorer() == 24


def test_another_grid_is_handed_to_the_peer_card_for_card(tmp_path):
    notation = "KS 2H J / KD 5C Q"
    scorer, _ = peer_scorer(str(fake_peer(tmp_path)), notation=notation)
    assert scorer is not None
    assert scorer() == our_score(notation) == 23


def test_a_peer_that_scores_differently_is_refused_before_anything_is_timed(tmp_path):
    with pytest.raises(PeerDisagreesError, match=r"as 40, we score it 24"):
        peer_scorer(str(fake_peer(tmp_path, pairs_cancel=False)))


def test_a_checkout_without_the_scorer_fails_loudly(tmp_path):
    server = fake_peer(tmp_path) / "server"
    (server / "game.py").write_text("import constants\n")
    with pytest.raises(PeerError, match=r"game.py has no Card, Suit, Rank, Player, GameOptions"):
        peer_scorer(str(tmp_path))


@pytest.mark.parametrize("pairs_cancel", [True, False], ids=["loaded", "refused"])
def test_loading_the_peer_leaves_our_imports_as_they_were(tmp_path, monkeypatch, pairs_cancel):
    # Modules of ours (or a library's) named like the peer's must survive, and the
    # peer must get its own, not them.
    ours = {name: types.ModuleType(name) for name in ("game", "constants")}
    for name, module in ours.items():
        monkeypatch.setitem(sys.modules, name, module)
    path_before = list(sys.path)
    modules_before = dict(sys.modules)

    try:
        scorer, _ = peer_scorer(str(fake_peer(tmp_path, pairs_cancel=pairs_cancel)))
    except PeerDisagreesError:
        assert not pairs_cancel
    else:
        assert scorer is not None
        assert scorer() == 24

    assert sys.path == path_before
    assert sys.modules == modules_before
    for name, module in ours.items():
        assert sys.modules[name] is module
    assert str(tmp_path / "server") not in sys.path_importer_cache
    assert not (tmp_path / "server" / "__pycache__").exists()
