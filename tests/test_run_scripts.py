"""`make run` and `make venue` take their port from PORT (8000 unless set), refuse anything
but a port, and with it serve and print addresses on that port: checked through the
scripts' --dry-run, which prints what would be served and stops before anything starts."""

import os
import subprocess

import pytest

from tests.helpers import ROOT


def script(name: str, *args, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("PORT", "BASE_URL")}
    environment.update(env)
    return subprocess.run(
        ["bash", str(ROOT / "deploy" / name), *args],
        env=environment,
        capture_output=True,
        text=True,
        timeout=30,
    )


def lines(result) -> list[str]:
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_make_run_serves_on_the_port_given():
    assert lines(script("run-local.sh", "--dry-run", PORT="8765")) == [
        "BASE_URL=http://127.0.0.1:8765",
        ".venv/bin/python manage.py runserver 127.0.0.1:8765",
    ]


def test_make_run_serves_on_8000_by_default_and_keeps_a_base_url_given():
    assert lines(script("run-local.sh", "--dry-run"))[-1].endswith("runserver 127.0.0.1:8000")
    given = script("run-local.sh", "--dry-run", PORT="8765", BASE_URL="http://10.0.0.5:8765")
    assert lines(given)[0] == "BASE_URL=http://10.0.0.5:8765"


def test_make_venue_serves_the_halls_network_on_the_port_given():
    result = lines(script("venue.sh", "--dry-run", PORT="8765", VENUE_ADDRESS="192.168.1.20"))
    assert result[0] == "BASE_URL=http://192.168.1.20:8765"
    assert "--bind 0.0.0.0:8765" in result[1]


@pytest.mark.parametrize("name", ["run-local.sh", "venue.sh"])
@pytest.mark.parametrize("port", ["abc", "0", "65536", "80 81", "-1"])
def test_anything_but_a_port_is_refused(name, port):
    result = script(name, "--dry-run", PORT=port)
    assert result.returncode == 2
    assert f"PORT={port} is not a port: give a number from 1 to 65535" in result.stderr
    assert result.stdout == ""


def test_an_unknown_option_is_refused():
    result = script("run-local.sh", "--serve-forever")
    assert result.returncode == 2
    assert "Unknown option --serve-forever" in result.stderr
