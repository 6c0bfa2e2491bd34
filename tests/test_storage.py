"""Static URLs (golfsite.storage): whitenoise's hashed names, remembered."""

import pytest
from django.core.files.storage import storages
from django.core.management import call_command

from golfsite.storage import StaticStorage


@pytest.fixture
def collected(tmp_path, settings):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "golfsite.storage.StaticStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    return tmp_path


def test_urls_are_the_hashed_ones_and_stay_the_same(collected):
    storage = StaticStorage()
    first = storage.url("css/site.css")
    assert first.startswith("/static/css/site.") and first != "/static/css/site.css"
    assert (collected / first.removeprefix("/static/")).exists()
    assert storage.url("css/site.css") == first
    assert storage.url("favicon.svg") != storage.url("css/site.css")


def test_a_file_not_collected_is_refused_every_time(collected):
    storage = StaticStorage()
    for _ in range(2):
        with pytest.raises(ValueError):
            storage.url("css/no-such-file.css")


def test_collecting_again_gives_the_new_names(collected, settings, tmp_path_factory):
    source = tmp_path_factory.mktemp("source")
    (source / "css").mkdir()
    settings.STATICFILES_DIRS = [source]
    storage = storages["staticfiles"]  # the one collectstatic writes with
    urls = []
    for colour in ("red", "blue"):
        (source / "css" / "site.css").write_text(f"body {{ color: {colour} }}")
        call_command("collectstatic", interactive=False, verbosity=0)
        urls.append(storage.url("css/site.css"))
    # A changed stylesheet gets a new hash, and the storage forgets the old URL.
    assert urls[0] != urls[1]
    assert (collected / urls[1].removeprefix("/static/")).read_text() == "body { color: blue }"


def test_debug_serves_plain_names(collected, settings):
    settings.DEBUG = True
    assert StaticStorage().url("css/site.css") == "/static/css/site.css"
