"""Fixtures for a hole entered phone by phone: a four-player match kept by
``client``'s browser (``four``), and the fixtures of the scoresheet's tests."""

import pytest
from django.test import Client

from scoring.engine import RuleSet
from scoring.models import Match
from tests.factories import MatchFactory
from tests.scoresheet import own, save_hole, three  # noqa: F401 (fixtures for these tests)


@pytest.fixture
def four(client: Client) -> Match:
    """A three-hole match of Ann, Ben, Cat and Dan, kept by ``client``'s browser."""
    match = MatchFactory.create(
        players=["Ann", "Ben", "Cat", "Dan"], rules=RuleSet(holes=3).to_dict()
    )
    own(client, match)
    return match


@pytest.fixture
def phone() -> Client:
    """Another phone at the table: its own cookies, no account, keeps nothing yet."""
    return Client()
