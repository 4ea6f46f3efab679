"""The translation catalogs under locale/ and GNU gettext's tools, for the tests."""

import gettext
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tests.helpers import ROOT, unavailable

LOCALE = ROOT / "locale"
# The languages besides English; each has a complete catalog (settings.LANGUAGES).
TRANSLATED = ("fr", "es")


def po_files() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def need_gettext() -> None:
    """msgfmt and xgettext (GNU gettext, what Django's makemessages and compilemessages
    call): skip saying so, or fail with CI=true (deploy/ensure-test-tools.sh installs it)."""
    for tool in ("msgfmt", "xgettext", "msgmerge", "msguniq"):
        if shutil.which(tool) is None:
            unavailable(f"GNU gettext's {tool} is missing (apt-get install -y gettext)")


def compiled(po: Path, into: Path) -> dict:
    """The .po file compiled by msgfmt into ``into``: its messages as gettext reads them."""
    mo = into / f"{po.parent.parent.name}-{po.stem}.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po)], check=True, timeout=60)
    return read_mo(mo)


def read_mo(mo: Path) -> dict:
    with mo.open("rb") as handle:
        return dict(gettext.GNUTranslations(handle)._catalog)


# What `make messages` runs (Makefile): the same languages, domains and ignored folders.
MAKEMESSAGES = [
    ["makemessages", "-l", "fr", "-l", "es", "--no-obsolete", "--add-location=file"],
    ["makemessages", "-l", "fr", "-l", "es", "--no-obsolete", "--add-location=file"]
    + ["-d", "djangojs"],
]
IGNORED = (
    ".venv",
    ".git",
    "staticfiles",
    "media",
    "bench",
    "tests",
    ".celery-broker",
    "htmx.min.js",
)


def fresh_catalogs(into: Path, *, extra: dict[str, str] | None = None) -> Path:
    """Copy the project into ``into`` and run makemessages there, as `make messages` does,
    leaving the committed catalogs alone; ``extra`` adds files (path: text) to the copy
    first. Returns the copy's locale folder."""
    need_gettext()
    copy = into / "project"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(*IGNORED, "__pycache__", "*.pyc", "*.sqlite3*"),
        symlinks=True,
    )
    for name, text in (extra or {}).items():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).write_text(text, encoding="utf-8")
    for args in MAKEMESSAGES:
        done = subprocess.run(
            [sys.executable, "manage.py", *args, *(f"--ignore={i}" for i in IGNORED)],
            cwd=copy,
            # As `make messages` runs it: the project's settings, not the tests' own.
            env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"makemessages failed:\n{done.stdout}\n{done.stderr}"
    return copy / "locale"


# ---------------------------------------------------------------- reading a .po file


@dataclass
class Entry:
    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    where: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        place = f" ({self.where[0]})" if self.where else ""
        return f"{self.msgid!r}{place}"


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str) -> str:
    text = text.strip()
    assert text.startswith('"') and text.endswith('"'), text
    out, chars = [], iter(text[1:-1])
    for char in chars:
        out.append(_ESCAPES.get(next(chars), "?") if char == "\\" else char)
    return "".join(out)


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (the header and obsolete ``#~`` entries left out)."""
    entries, entry, key = [], None, None

    def finish():
        if entry is not None and entry.msgid != "":
            entries.append(entry)

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if not line:
            finish()
            entry, key = None, None
            continue
        if line.startswith("#~"):
            continue
        if entry is None:
            entry = Entry(msgid="")
        if line.startswith("#,"):
            entry.flags |= {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#:"):
            entry.where += line[2:].split()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            _append(entry, key, _unquote(line))
        else:
            key, _, rest = line.partition(" ")
            _append(entry, key, _unquote(rest), start=True)
    return entries


def _append(entry: Entry, key: str, text: str, *, start: bool = False) -> None:
    if key.startswith("msgstr"):
        index = int(key[7:-1]) if key.startswith("msgstr[") else 0
        entry.msgstr[index] = ("" if start else entry.msgstr.get(index, "")) + text
    elif key in ("msgid", "msgid_plural", "msgctxt"):
        setattr(entry, key, ("" if start else getattr(entry, key) or "") + text)
    else:
        raise AssertionError(f"unexpected line in a .po file: {key}")


def plural_count(path: Path) -> int:
    """nplurals from the catalog's Plural-Forms header."""
    text = path.read_text(encoding="utf-8")
    return int(text.split("nplurals=", 1)[1].split(";", 1)[0])


def problems(path: Path) -> list[str]:
    """Every message of the catalog that is not ready for a reader: fuzzy (a guess
    makemessages made from a similar message), without a translation, or with an empty
    plural form."""
    found = []
    forms = plural_count(path)
    for entry in read_po(path):
        if "fuzzy" in entry.flags:
            found.append(f"fuzzy: {entry.label}")
        elif entry.msgid_plural is not None and (
            sorted(entry.msgstr) != list(range(forms))
            or not all(v.strip() for v in entry.msgstr.values())
        ):
            found.append(f"a plural form missing: {entry.label}")
        elif entry.msgid_plural is None and not entry.msgstr.get(0, "").strip():
            found.append(f"not translated: {entry.label}")
    return found
