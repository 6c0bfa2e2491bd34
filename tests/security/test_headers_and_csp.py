"""Headers every response carries, and templates that keep the CSP possible."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def template_files():
    roots = [Path(settings.BASE_DIR) / "templates"]
    roots += list(Path(settings.BASE_DIR).glob("*/templates"))
    return sorted(path for root in roots for path in root.rglob("*.html"))


def test_csp_forbids_inline_and_eval_scripts_and_other_hosts(client):
    response = client.get(reverse("home"))
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"  # no style attributes, no <style>
    assert policy["default-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"


def test_security_headers(client):
    response = client.get(reverse("home"))
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def test_there_are_templates_to_check():
    assert len(template_files()) >= 3


@pytest.mark.parametrize("path", template_files(), ids=lambda p: p.name)
def test_templates_have_no_inline_scripts_or_event_handlers(path):
    html = path.read_text()
    inline_scripts = [
        tag for tag in re.findall(r"<script\b[^>]*>", html, flags=re.I) if "src=" not in tag
    ]
    assert inline_scripts == []
    assert re.findall(r"\son[a-z]+\s*=", html, flags=re.I) == []
    assert "hx-on" not in html  # htmx evaluates those, which the CSP forbids


@pytest.mark.parametrize("path", template_files(), ids=lambda p: p.name)
def test_templates_have_no_inline_styles(path):
    """The CSP allows style sheets from this host only: a style attribute or a
    <style> element would be silently ignored by the browser."""
    html = path.read_text()
    assert re.findall(r"\sstyle\s*=", html, flags=re.I) == []
    assert re.findall(r"<style\b", html, flags=re.I) == []


def test_html_built_in_python_has_no_inline_styles():
    """Markup written in Python (the score card, format_html help texts) keeps to the CSP too."""
    sources = [
        path
        for app in ("scoring", "groups", "rules", "golfsite")
        for path in (Path(settings.BASE_DIR) / app).rglob("*.py")
        if "migrations" not in path.parts
    ]
    assert len(sources) > 10
    offenders = [p.name for p in sources if re.search(r"\sstyle\s*=|<style\b", p.read_text())]
    assert offenders == []


@pytest.mark.parametrize("path", ["/", "/healthz", "/api/v1/rules", "/matches/new/"])
def test_permissions_policy_turns_off_what_the_site_never_uses(client, path):
    header = client.get(path)["Permissions-Policy"]
    policy = dict(part.strip().split("=", 1) for part in header.split(","))
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert policy[feature] == "()", feature
    # The scoresheet keeps the screen awake during a match, from this site only.
    assert policy["screen-wake-lock"] == "(self)"
