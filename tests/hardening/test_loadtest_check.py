"""The load test's bookkeeping: it must notice a lost, doubled or unexplained hole."""

import pytest

from scoring.management.commands.loadtest import Command
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def test_the_hole_check_finds_what_went_wrong(save_hole):
    match = MatchFactory(players=["Ann", "Bob"])
    save_hole(match, totals=[3, 4])  # hole 1
    save_hole(match, totals=[5, 6])  # hole 2
    m = match.pk
    assert Command.lost_holes([(m, 1), (m, 2)], {(m, 1), (m, 2)}) == []
    # A hole whose answer never arrived (the run stopped mid-request) is fine.
    assert Command.lost_holes([(m, 1)], {(m, 1), (m, 2)}) == []
    assert Command.lost_holes([(m, 1), (m, 2), (m, 3)], {(m, 1), (m, 2), (m, 3)}) == [
        f"match {m} hole 3: accepted but stored 0 times"
    ]
    assert Command.lost_holes([(m, 1)], {(m, 1)}) == [f"match {m} hole 2: stored but never sent"]
    assert Command.lost_holes([(m, 1), (m, 1), (m, 2)], {(m, 1), (m, 2)}) == [
        f"match {m} hole 1: accepted twice"
    ]
