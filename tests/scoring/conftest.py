"""``save_hole`` (tests/scoresheet.py) for the services' tests here."""

from tests.scoresheet import save_hole  # noqa: F401 (a fixture for these tests)
