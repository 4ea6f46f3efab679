"""The project's Markdown documents: every relative link (a file, a heading in it) leads
somewhere, and every command they show in code (`manage.py NAME`, `make TARGET`) exists."""

import re
from pathlib import Path

import pytest
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {".venv", ".git", "node_modules", "staticfiles", "media", ".celery-broker"}
DOCUMENTS = sorted(
    path for path in ROOT.rglob("*.md") if not SKIPPED & set(path.relative_to(ROOT).parts)
)

LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
INLINE_CODE = re.compile(r"`([^`\n]+)`")


def headings(path: Path) -> set[str]:
    """The anchors GitHub makes of a document's headings (lower case, punctuation dropped,
    spaces to hyphens)."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    anchors = set()
    for line in text.splitlines():
        if match := re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line):
            title = re.sub(r"[`*_]", "", match.group(1)).strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def links(path: Path) -> list[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    text = INLINE_CODE.sub("", text)
    return [target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]


def code(path: Path) -> list[str]:
    """What a document shows as code, line by line: its fenced blocks' lines and its
    `inline` spans (a command never runs from one line or span into the next)."""
    text = path.read_text(encoding="utf-8")
    lines = [line for block in FENCE.findall(text) for line in block.splitlines()]
    return lines + INLINE_CODE.findall(FENCE.sub("", text))


def make_targets() -> set[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*):", makefile, re.M))


def test_there_are_documents_to_check():
    names = {str(path.relative_to(ROOT)) for path in DOCUMENTS}
    assert {"README.md", "docs/guide.md", "docs/development.md"} <= names


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(path):
    broken = []
    for target in links(path):
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in headings(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    assert broken == []


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_shown_exists(path):
    # `manage.py NAME` run as a command: at the start of a line or a code span, or after
    # the python that runs it (not "every manage.py command" in a picture).
    run = re.compile(r"(?:^|python3?\s+|\$PY\s+)manage\.py\s+([a-z_]+)")
    commands, targets = set(), set()
    for line in code(path):
        commands |= set(run.findall(line)) | set(re.findall(r"\$M\s+([a-z_]+)", line))
        targets |= set(re.findall(r"(?<![\w-])make\s+([a-z][\w-]*)", line))
    assert sorted(commands - set(get_commands())) == []
    assert sorted(targets - make_targets()) == []


# A file of the project named in code (`tests/test_x.py`, `printing/selectors/`,
# `tournaments/access.client_address`, a template as Django names it). The changelog is a
# record of what was, and may name files since moved.
PROJECT_PATH = re.compile(
    r"`((?:tests|docs|deploy|bench|static|templates|tournaments|scoring|web|desk|entry|public"
    r"|printing|cli|config|locale|fixtures|\.ci)/[^`\s]*)`"
)


def project_file_exists(name: str) -> bool:
    name = name.split("::")[0].rstrip(".,:;)")
    module, _, _attribute = name.rpartition(".")
    return any(
        (ROOT / candidate).exists()
        for candidate in (name, f"templates/{name}", f"{module}.py", f"{module}/__init__.py")
    )


@pytest.mark.parametrize(
    "path",
    [path for path in DOCUMENTS if path.name != "CHANGELOG.md"],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_every_project_file_named_exists(path):
    text = path.read_text(encoding="utf-8")
    missing = sorted(
        {
            name
            for name in PROJECT_PATH.findall(text)
            if not any(mark in name for mark in "<*") and not project_file_exists(name)
        }
    )
    assert missing == []
