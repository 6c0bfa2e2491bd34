"""The running release: what a deploy says it is, else the package's version."""

from importlib.metadata import version

from golfsite.release import code_version


def test_the_version_is_the_installed_packages_by_default(monkeypatch):
    monkeypatch.delenv("GOLFSITE_VERSION", raising=False)
    assert code_version() == version("golfsite")


def test_a_deploy_names_its_version_in_the_environment(monkeypatch):
    monkeypatch.setenv("GOLFSITE_VERSION", "2024-06-01-3f2a9c1")
    assert code_version() == "2024-06-01-3f2a9c1"
