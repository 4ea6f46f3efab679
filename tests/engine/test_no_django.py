"""The engine is plain Python: no Django, no models, no scoring app."""

import ast
from pathlib import Path

import tournaments.engine

ENGINE = Path(tournaments.engine.__file__).parent
FORBIDDEN = ("django", "tournaments.models", "tournaments.services", "scoring")


def imported_modules(path: Path) -> list[str]:
    modules = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            modules.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against tournaments.engine
                base = "tournaments.engine" if node.level == 1 else "tournaments"
                modules.append(f"{base}.{node.module}" if node.module else base)
                if node.level > 1 or node.module is None:
                    modules.extend(f"{base}.{alias.name}" for alias in node.names)
            else:
                modules.append(node.module)
    return modules


def is_forbidden(module: str) -> bool:
    return any(module == bad or module.startswith(bad + ".") for bad in FORBIDDEN)


def test_engine_files_are_found():
    names = {path.name for path in ENGINE.glob("*.py")}
    assert {"games.py", "rounds.py", "placings.py", "seating.py", "plan.py"} <= names


def test_engine_imports_no_django():
    offending = {
        path.name: [m for m in imported_modules(path) if is_forbidden(m)]
        for path in sorted(ENGINE.glob("*.py"))
    }
    assert {name: mods for name, mods in offending.items() if mods} == {}


def test_the_checker_catches_django_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import django.db\nfrom tournaments.models import Event\nfrom ..models import Round\n"
        "from scoring import views\nimport random\n"
    )
    found = [m for m in imported_modules(sample) if is_forbidden(m)]
    assert found == ["django.db", "tournaments.models", "tournaments.models", "scoring"]
