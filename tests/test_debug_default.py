"""DEBUG is off unless asked for: the command line and every server run
without Django's debug pages; `make run` and the tests turn it on."""

import os
import stat
import subprocess
import sys
from pathlib import Path

from config.settings import local_secret_key

ROOT = Path(__file__).resolve().parent.parent


def _settings_in_a_clean_process(**env) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "from django.conf import settings as s; print(s.DEBUG, '*' in s.ALLOWED_HOSTS)",
        ],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()


def test_debug_is_off_without_the_variable_and_on_only_when_asked():
    assert _settings_in_a_clean_process(SECRET_KEY="k" * 60) == ["False", "False"]
    assert _settings_in_a_clean_process(DEBUG="true") == ["True", "True"]
    assert _settings_in_a_clean_process(DEBUG="", SECRET_KEY="k" * 60) == ["False", "False"]


def test_make_run_turns_debug_on_and_the_tests_too():
    assert "export DEBUG=${DEBUG:-true}" in (ROOT / "deploy" / "run-local.sh").read_text()
    assert os.environ["DJANGO_SETTINGS_MODULE"] == "tests.settings"
    assert os.environ["DEBUG"]  # tests/settings.py sets it (true) unless it was given


def test_without_secret_key_one_machine_keeps_its_own_made_once(tmp_path):
    path = tmp_path / ".venue-secret"
    first = local_secret_key(path)
    assert len(first) >= 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert local_secret_key(path) == first  # kept: sign-ins survive a restart
    other = local_secret_key(tmp_path / "another")
    assert other != first
