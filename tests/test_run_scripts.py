"""`make run` and `make venue` take their port from PORT (8000 unless set), refuse anything
but a port, and serve and print addresses on that port. The real scripts run in a copy of
deploy/ whose .venv holds stand-ins for python, celery and gunicorn: each notes the command
it was given and returns at once, so nothing is migrated, started or served."""

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from tests.helpers import ROOT

STAND_IN = """#!/bin/sh
echo "$(basename "$0") $* | BASE_URL=${BASE_URL:-}" >> "$CALLS"
"""


@pytest.fixture
def project(tmp_path) -> Path:
    (tmp_path / "deploy").mkdir()
    for path in (ROOT / "deploy").glob("*.sh"):
        shutil.copy(path, tmp_path / "deploy" / path.name)
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    for name in ("python", "celery", "gunicorn"):
        (bin_ / name).write_text(STAND_IN)
        (bin_ / name).chmod(stat.S_IRWXU)
    return tmp_path


def script(project: Path, name: str, **env) -> tuple[subprocess.CompletedProcess, list[str]]:
    calls = project / "calls"
    environment = {k: v for k, v in os.environ.items() if k not in ("PORT", "BASE_URL")}
    environment.update(env, CALLS=str(calls), CELERY_BROKER_URL="memory://")
    result = subprocess.run(
        ["bash", str(project / "deploy" / name)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result, calls.read_text().splitlines() if calls.exists() else []


def served(calls: list[str], program: str) -> str:
    return next(call for call in calls if call.startswith(program))


def test_make_run_serves_on_the_port_given(project):
    result, calls = script(project, "run-local.sh", PORT="8765")
    assert result.returncode == 0, result.stderr
    assert served(calls, "python manage.py runserver") == (
        "python manage.py runserver 127.0.0.1:8765 | BASE_URL=http://127.0.0.1:8765"
    )
    # The demo's passwords and the sign-in address are printed with that port too.
    assert "python manage.py load_demo | BASE_URL=http://127.0.0.1:8765" in calls


def test_make_run_serves_on_8000_by_default_and_keeps_a_base_url_given(project):
    result, calls = script(project, "run-local.sh")
    assert result.returncode == 0, result.stderr
    assert served(calls, "python manage.py runserver").startswith(
        "python manage.py runserver 127.0.0.1:8000 |"
    )
    (project / "calls").unlink()
    result, calls = script(
        project, "run-local.sh", PORT="8765", BASE_URL="http://192.168.1.20:8765"
    )
    assert served(calls, "python manage.py runserver").endswith(
        "| BASE_URL=http://192.168.1.20:8765"
    )


def test_make_venue_serves_the_halls_network_on_the_port_given(project):
    result, calls = script(project, "venue.sh", PORT="8765", VENUE_ADDRESS="192.168.1.20")
    assert result.returncode == 0, result.stderr
    assert "open  http://192.168.1.20:8765/" in result.stdout
    assert "--bind 0.0.0.0:8765" in served(calls, "gunicorn")


@pytest.mark.parametrize("name", ["run-local.sh", "venue.sh"])
@pytest.mark.parametrize("port", ["abc", "0", "65536", "80 81", "-1"])
def test_anything_but_a_port_is_refused_before_anything_starts(project, name, port):
    result, calls = script(project, name, PORT=port)
    assert result.returncode == 2
    assert f"PORT={port} is not a port: give a number from 1 to 65535" in result.stderr
    assert calls == []
