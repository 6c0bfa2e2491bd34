"""The dependencies point one way: the engine, then the scoresheet (``scoring``),
then ``groups``. The scoresheet reaches a group's rows through foreign keys and
tells groups of its changes with a signal, but imports none of its code; and no
part of the site or its tests imports the benchmark code (``bench/``)."""

import ast
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)


def imports(folder: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Every module each Python file under ``folder`` imports, by its top name."""
    found = {}
    for path in (root / folder).rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(root))] = names
    return found


def offenders(folder: str, forbidden: set[str], root: Path = ROOT) -> dict[str, list[str]]:
    return {
        path: sorted(names & forbidden)
        for path, names in imports(folder, root).items()
        if names & forbidden and "/migrations/" not in path
    }


def test_the_scoresheet_imports_nothing_of_groups_or_accounts():
    assert len(imports("scoring")) > 10
    assert offenders("scoring", {"groups", "accounts"}) == {}


def test_neither_the_site_nor_its_tests_import_the_benchmark_code():
    for folder in ("golfsite", "scoring", "rules", "groups", "accounts", "tests"):
        assert offenders(folder, {"bench"}) == {}, folder


def test_the_check_would_notice_such_an_import(tmp_path):
    (tmp_path / "scoring").mkdir()
    (tmp_path / "scoring" / "views.py").write_text("from groups.models import Group\n")
    (tmp_path / "scoring" / "forms.py").write_text("import groups.selectors\nimport os\n")
    assert offenders("scoring", {"groups"}, tmp_path) == {
        "scoring/views.py": ["groups"],
        "scoring/forms.py": ["groups"],
    }
