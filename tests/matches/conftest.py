"""The scoresheet's fixtures, shared with tests/holes/ and tests/board/."""

from tests.scoresheet import save_hole, three  # noqa: F401 (fixtures for these tests)
