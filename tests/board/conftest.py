"""The scoresheet's fixtures, shared with tests/matches/ and tests/holes/."""

from tests.scoresheet import save_hole, three  # noqa: F401 (fixtures for these tests)
