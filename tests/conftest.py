"""Shared fixtures for the whole suite."""

import pytest


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    """Pages render in tests without running collectstatic first.

    Production uses whitenoise's compressed, hashed storage, which needs the
    manifest that `collectstatic` writes; tests that check that storage set it
    up themselves.
    """
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
