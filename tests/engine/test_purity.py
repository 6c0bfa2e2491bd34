"""The engine is plain Python: nothing under scoring/engine may import Django."""

import ast
from pathlib import Path

import scoring.engine

ENGINE_DIR = Path(scoring.engine.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_engine_has_python_files_to_check():
    assert len(list(ENGINE_DIR.glob("*.py"))) >= 5


def test_no_engine_module_imports_django_or_the_apps():
    offenders = {
        path.name: sorted(
            m
            for m in imported_modules(path)
            if m.split(".")[0] in {"django", "scoring", "rules", "golfsite"}
        )
        for path in ENGINE_DIR.rglob("*.py")
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_purity_check_would_notice_a_django_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from django.db import models\nimport os\n")
    assert "django.db" in imported_modules(sneaky)
