"""The code's version changes with any module or template of the site, and only
with them."""

from __future__ import annotations

from pathlib import Path

from golfsite.release import code_version, source_digest


def _site(base: Path) -> Path:
    for folder, name, text in (
        ("scoring", "views.py", "def view(): ...\n"),
        ("scoring/templates/scoring", "board.html", "<table></table>\n"),
        ("templates", "base.html", "<html></html>\n"),
    ):
        (base / folder).mkdir(parents=True, exist_ok=True)
        (base / folder / name).write_text(text)
    return base


def test_a_changed_module_or_template_changes_the_version(tmp_path):
    base = _site(tmp_path)
    before = source_digest(base)
    assert source_digest(base) == before  # read twice, the same
    (base / "scoring/templates/scoring/board.html").write_text("<table class=new></table>\n")
    after_template = source_digest(base)
    assert after_template != before
    (base / "scoring/views.py").write_text("def view(): return 1\n")
    assert source_digest(base) not in (before, after_template)


def test_a_file_renamed_changes_the_version(tmp_path):
    base = _site(tmp_path)
    before = source_digest(base)
    (base / "templates/base.html").rename(base / "templates/page.html")
    assert source_digest(base) != before


def test_files_that_draw_nothing_leave_the_version_alone(tmp_path):
    base = _site(tmp_path)
    before = source_digest(base)
    (base / "scoring/notes.txt").write_text("a note\n")
    (base / "tests").mkdir()
    (base / "tests/test_x.py").write_text("def test(): ...\n")
    assert source_digest(base) == before


def test_the_running_site_has_a_version():
    assert len(code_version()) == 16 and code_version() == code_version()
