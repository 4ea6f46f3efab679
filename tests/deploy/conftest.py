"""The deployment test's fixture: the whole state-meet stack (tests/deploy/stack.py).

Run by `make test-deploy`, not by `make test` (.ci/tests.sh ignores tests/deploy).
Without nginx, openssl, redis-server or PostgreSQL the test skips saying what is
missing; with CI=true it fails instead.
"""

import os
import signal

import pytest

from .stack import Stack, Unavailable

IN_CI = os.environ.get("CI", "").strip().lower() == "true"


@pytest.fixture(scope="module")
def stack():
    # A CI timeout's SIGTERM still tears everything down (processes, database, files).
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield from _stack()
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(number, frame):
    raise KeyboardInterrupt(f"signal {number}")


def _stack():
    deployment = Stack()
    try:
        deployment.start()
    except Unavailable as missing:
        deployment.close()
        if IN_CI:
            pytest.fail(f"{missing} (CI=true: the deployment test must run)", pytrace=False)
        pytest.skip(str(missing))
    except BaseException:
        print(deployment.log_tails())
        deployment.close()
        raise
    pids = [p.pid for p in deployment.processes]
    try:
        yield deployment
    finally:
        # Shown by pytest only when something failed.
        print(deployment.log_tails())
        deployment.close()
        left = [pid for pid in pids if _running(pid)]
        assert not left, f"processes left running after teardown: {left}"


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is gone for our purposes
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False
