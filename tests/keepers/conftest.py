"""Fixtures for handing a match over: a match kept by one browser (``three``, from
tests/scoresheet.py), and a second browser, ``phone``, that has not joined it."""

import pytest
from django.test import Client

from tests.scoresheet import save_hole, three  # noqa: F401 (fixtures for these tests)


@pytest.fixture
def phone() -> Client:
    """Another phone at the table: its own cookies, no account, keeps nothing yet."""
    return Client()
