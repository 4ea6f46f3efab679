"""Helpers for the database tests: run organizer commands, write their CSV files, count rows,
and say when a tool a test needs is missing.

Everything here goes through the commands (or, where a test says so, the services), so
the tests exercise the interface organizers script against (DESIGN.md, "Interfaces
other tools rely on").
"""

import csv
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from desk.forms import EventSettingsForm
from scoring.models import Game, Penalty, RackScore, ScoreChange, TieBreakDecision
from tests.factories import UserFactory
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat, Table

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
DATA = ROOT / "tests" / "data"
IN_CI = os.environ.get("CI", "").strip().lower() == "true"
PYTHON = ROOT / ".venv" / "bin" / "python"

ENTRANT_HEADER = [
    "entrant_id",
    "first_name",
    "last_name",
    "birth_date",
    "gender",
    "club",
    "division",
]
SCORE_HEADER = ["division", "round", "table", "game", "entrant_id", "rack_total", "ended", "winner"]


def unavailable(reason: str):
    """A tool or service a test needs is missing: fail under CI=true (nothing may pass
    unnoticed there), skip elsewhere, saying why."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: this test must run)", pytrace=False)
    pytest.skip(reason)


# ---------------------------------------------------------------- running commands


def run(name: str, *args) -> str:
    """Run a management command in this process; return what it printed (stdout)."""
    out, err = io.StringIO(), io.StringIO()
    call_command(name, *[str(a) for a in args], stdout=out, stderr=err)
    return out.getvalue()


def write_csv(path: Path, header, rows, *, encoding="utf-8", lineterminator="\n") -> Path:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator=lineterminator)
    writer.writerow(header)
    writer.writerows(rows)
    path.write_bytes(buffer.getvalue().encode(encoding))
    return path


def entrants_file(path: Path, players) -> Path:
    """Our own entrants format; ``players`` are tuples in ENTRANT_HEADER order."""
    return write_csv(path, ENTRANT_HEADER, players)


# ---------------------------------------------------------------- seating and scores


def seating(slug: str, *args) -> list[dict]:
    """export_seating as a list of rows (dicts)."""
    text = run("export_seating", slug, *args)
    return list(csv.DictReader(io.StringIO(text)))


def tables_of(slug: str, division: str, number: int) -> dict[int, list[str]]:
    """{table number: [entrant ids in seat order]} for one round, from export_seating."""
    tables: dict[int, list[str]] = {}
    for row in seating(slug, "--division", division, "--round", number):
        if row["seat"] == "bye":
            continue
        tables.setdefault(int(row["table"]), []).append((int(row["seat"]), row["entrant_id"]))
    return {t: [e for _, e in sorted(seats)] for t, seats in sorted(tables.items())}


def score_rows(division, number, table, game, racks, *, ended="", winner=None):
    """The rows of one game for import_scores; ``racks`` is {entrant id: rack total}."""
    return [
        [division, number, table, game, entrant, value, ended, "yes" if entrant == winner else ""]
        for entrant, value in racks.items()
    ]


def ranked_game(players, game_number, *, step=10):
    """A plain game in which the first player goes out and the others hold 10, 20, …"""
    return {p: i * step for i, p in enumerate(players)}


def import_scores(slug, path: Path, rows, *extra) -> str:
    write_csv(path, SCORE_HEADER, rows)
    return run("import_scores", slug, path, *extra)


# ---------------------------------------------------------------- "nothing changed"


def snapshot() -> dict:
    """Every row count that a refused command must leave alone, and the values that matter."""
    return {
        "events": Event.objects.count(),
        "divisions": sorted(
            Division.objects.values_list("event_id", "name", "status", "combined_into_id")
        ),
        "entrants": sorted(
            Entrant.objects.values_list(
                "event_id",
                "external_id",
                "first_name",
                "last_name",
                "status",
                "division_id",
                "phone",
                "club",
            )
        ),
        "rounds": sorted(Round.objects.values_list("division_id", "number", "status")),
        "tables": Table.objects.count(),
        "seats": Seat.objects.count(),
        "byes": Bye.objects.count(),
        "games": sorted(
            Game.objects.values_list("table_id", "number", "ended", "winner_id", "version")
        ),
        "racks": sorted(RackScore.objects.values_list("game_id", "entrant_id", "rack_total")),
        "audit": ScoreChange.objects.count(),
        "penalties": Penalty.objects.count(),
        "decisions": TieBreakDecision.objects.count(),
    }


# ---------------------------------------------------------------- the real command line


def make_migrated_sqlite(directory: Path) -> Path:
    """A fresh SQLite database with every migration applied, made by the real CLI."""
    path = directory / "template.sqlite3"
    result = cli(path, "migrate", "--noinput", "-v", "0")
    assert result.returncode == 0, result.stderr
    return path


def cli(database: Path, *args, timeout=120) -> subprocess.CompletedProcess:
    """Run ``manage.py`` as organizers do, against the SQLite file ``database``."""
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{database}", PYTHONIOENCODING="utf-8")
    env.pop("DJANGO_SETTINGS_MODULE", None)
    python = PYTHON if PYTHON.exists() else Path(sys.executable)
    return subprocess.run(
        [str(python), "manage.py", *[str(a) for a in args]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory) -> Path:
    """One migrated SQLite file per test process; copy it for each subprocess test."""
    return make_migrated_sqlite(tmp_path_factory.mktemp("cli-template"))


@pytest.fixture
def fresh_sqlite(migrated_template, tmp_path) -> Path:
    """A brand-new, migrated, empty SQLite database for the real command line."""
    path = tmp_path / "fresh.sqlite3"
    shutil.copyfile(migrated_template, path)
    for suffix in ("-wal", "-shm"):  # in case the migrating process left WAL files
        companion = Path(f"{migrated_template}{suffix}")
        if companion.exists():
            shutil.copyfile(companion, Path(f"{path}{suffix}"))
    return path


# ---------------------------------------------------------------- the desk's pages


def organizer_client(event: Event, language: str | None = None) -> Client:
    """A test client signed in as a new organizer of ``event``; ``language`` (if given)
    is the language the visitor chose (the django_language cookie)."""
    user = UserFactory()
    event.organizers.add(user)
    client = Client()
    client.force_login(user)
    if language:
        client.cookies["django_language"] = language
    return client


def settings_post(event: Event, **changes) -> dict:
    """What the desk settings page sends for ``event`` as it stands, with ``changes``."""
    form = EventSettingsForm(instance=event)
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = value
    data.update(changes)
    return data
