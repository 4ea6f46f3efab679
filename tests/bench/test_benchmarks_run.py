"""Every benchmark in bench/ runs at a tiny size and prints its figures, so none can rot:
each in a process of its own, as bench/README.md says to run it, with the options that
make it small. Those served by gunicorn on PostgreSQL need the test database server
(skipped without it, failed under CI=true)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import unavailable

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("PG_TEST_URL", "postgres://postgres@127.0.0.1:5432/test")

# bench file, tiny options, what its output must say
TINY = {
    "engine_bench.py": (
        ["--sizes", "12", "--command-entrants", "16"],
        ["Engine, one division played to medals", "simulate_event --entrants 16"],
    ),
    "pages_bench.py": (  # --keep: into a folder not made yet, which it makes
        ["--sizes", "8,16", "--repeat", "1", "--keep", "{tmp}/events"],
        ["print page (finished)", "worst ratio"],
    ),
    "printing_bench.py": (
        ["--entrants", "16", "--repeat", "1"],
        ["ready: ", "score sheets of a whole round", "renderer: ", "bare reportlab: "],
    ),
    "qr_bench.py": (
        ["--entrants", "16", "--repeat", "1"],
        ["segno: 4 QR codes", "score sheets: 4 with their QR codes"],
    ),
}
SERVED = {
    "tablecodes_bench.py": (
        ["--tables", "2", "--workers", "1", "--deadline", "60", "--pg", PG],
        ["games stored: 6/6", "every game stored exactly once"],
    ),
    "saves_bench.py": (
        ["--entrants", "16", "--seconds", "8", "--clients", "1", "--workers", "1"]
        + ["--only", "bare,saves", "--pg", PG],
        ["saves answered 'saved'", "nothing lost or doubled"],
    ),
    "player_pages_bench.py": (
        ["--entrants", "16", "--seconds", "3", "--clients", "1", "--rush-seconds", "4"]
        + ["--rush-users", "4", "--poll", "1", "--workers", "1", "--pg", PG],
        ["server CPU per poll", "saves' p95 at the rush while 16 pages poll"],
    ),
    "save_profile.py": (
        ["--entrants", "8", "--saves", "4", "--pg", PG],
        ["4 saves in round 1", "POST (save)", "CPU median"],
    ),
}


def run_bench(name: str, options: list[str], tmp_path: Path) -> str:
    # The benchmark chooses its own settings and database, as when run by hand.
    env = {
        k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")
    }
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / name), *(o.format(tmp=tmp_path) for o in options)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{name} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", sorted(TINY))
def test_the_benchmark_runs_and_prints_its_figures(name, tmp_path):
    options, figures = TINY[name]
    out = run_bench(name, options, tmp_path)
    for figure in figures:
        assert figure in out, (name, figure, out)
    if name == "pages_bench.py":
        assert (tmp_path / "events" / "bench.sqlite3").exists()


@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", sorted(SERVED))
def test_the_served_benchmark_runs_and_prints_its_figures(name, tmp_path):
    try:
        import psycopg

        psycopg.connect(PG, connect_timeout=2).close()
    except Exception as error:  # noqa: BLE001 - any failure to connect means no server
        unavailable(f"PostgreSQL is not reachable at {PG} ({error})")
    options, figures = SERVED[name]
    out = run_bench(name, options, tmp_path)
    for figure in figures:
        assert figure in out, (name, figure, out)


def test_every_benchmark_is_run_here():
    """A benchmark added to bench/ is added here too (the rest are its helpers)."""
    helpers = {
        "__init__.py",
        "locustfile.py",
        "pacing.py",
        "player_pages_locust.py",
        "server.py",
        "settings.py",
        "urls.py",
    }
    benches = {p.name for p in (ROOT / "bench").glob("*.py")} - helpers
    assert benches == set(TINY) | set(SERVED)
