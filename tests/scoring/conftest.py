"""The scoresheet's fixtures, shared with tests/hardening/ (which imports
``save_hole`` from here)."""

from tests.scoresheet import save_hole, three  # noqa: F401 (fixtures for these tests)
