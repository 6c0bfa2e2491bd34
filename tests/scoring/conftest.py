"""``save_hole`` for the services' tests here and in tests/hardening/ (whose conftest
imports it from this one)."""

from tests.scoresheet import save_hole  # noqa: F401 (a fixture for these tests)
