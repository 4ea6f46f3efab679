"""Fixtures for the Celery tests: the shared Redis (db 15) for the in-process worker,
private Redis servers and worker subprocesses for the tests that break things.

Rules (STACK-NOTES, "Celery"):
- the pytest process never changes broker_url / result_backend: the in-process
  worker uses whatever CELERY_BROKER_URL was exported before the run (db 15 of the
  shared Redis); tests that need another broker run the web side and the worker
  as subprocesses with their own environment;
- the shared Redis is only ever used as a broker in db 15, never stopped, never
  flushed;
- with CI=true a missing Redis (or redis-server) fails the test instead of
  skipping it.
"""

import io
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pypdf
import pytest

from tests.helpers import (  # noqa: F401  (fixtures)
    IN_CI,
    PYTHON,
    ROOT,
    fresh_sqlite,
    migrated_template,
    unavailable,
)

SHARED_REDIS_DB = 15


def wait_for(check, *, timeout: float, interval: float = 0.1, what: str = "condition"):
    """Poll ``check()`` until it returns something truthy; return that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


# ---------------------------------------------------------------- PDFs


def pdf_text(content: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(content), strict=True)
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def pdf_pages(content: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(content), strict=True).pages)


# ---------------------------------------------------------------- the shared Redis (db 15)


@pytest.fixture(scope="session")
def shared_broker_url() -> str:
    """The broker exported for the run; it must be db 15 of a Redis that answers."""
    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis://"):
        unavailable(
            "CELERY_BROKER_URL is not set to a Redis URL "
            f"(export CELERY_BROKER_URL=redis://127.0.0.1:6379/{SHARED_REDIS_DB})"
        )
    if urlsplit(url).path.strip("/") != str(SHARED_REDIS_DB):
        unavailable(
            f"CELERY_BROKER_URL={url}: the worker tests only use Redis db " f"{SHARED_REDIS_DB}"
        )
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=2).ping()
    except redis.RedisError as error:
        unavailable(f"Redis at {url} is not reachable: {error}")
    return url


class TaskGate:
    """The in-process worker runs a task only while the test waits for it.

    The test thread and the worker thread take turns on the (file) test database,
    so no test depends on which of them writes first. Real concurrency (file
    SQLite in WAL mode, two processes) is what test_worker_killed and
    test_redis_down exercise.
    """

    def __init__(self):
        self.lock = threading.Lock()
        self.finished: list[tuple[str, tuple]] = []
        self.changed = threading.Condition()

    def before_task(self, sender=None, **kwargs):
        if not sender.request.is_eager:  # only the worker thread's tasks take turns
            self.lock.acquire()

    def after_task(self, sender=None, args=None, **kwargs):
        if sender.request.is_eager:
            return
        with self.changed:
            self.finished.append((sender.name, tuple(args or ())))
            self.changed.notify_all()
        self.lock.release()

    def wait(self, name: str, args: tuple, *, timeout: float) -> None:
        """Let the worker run until task ``name(*args)`` has finished."""
        self.lock.release()
        try:
            with self.changed:
                done = self.changed.wait_for(lambda: (name, args) in self.finished, timeout)
        finally:
            self.lock.acquire()
        assert done, f"{name}{args} did not finish within {timeout:.0f} s"


@pytest.fixture(scope="module")
def task_gate():
    from celery import signals

    gate = TaskGate()
    signals.task_prerun.connect(gate.before_task, weak=False)
    signals.task_postrun.connect(gate.after_task, weak=False)
    yield gate
    signals.task_prerun.disconnect(gate.before_task)
    signals.task_postrun.disconnect(gate.after_task)


@pytest.fixture
def worker_turns(celery_worker, task_gate):
    """The test holds the database while it runs; ``worker_turns.wait(...)`` hands it over."""
    task_gate.lock.acquire()
    yield task_gate
    task_gate.lock.release()


@pytest.fixture(scope="module")
def celery_worker(shared_broker_url, task_gate):
    """A real worker in a thread (solo pool) on the shared Redis, db 15.

    Each test process gets its own queue, so two pytest-xdist processes (or
    tests elsewhere that send tasks nobody consumes) never take each other's
    tasks. Routing is not the broker URL: changing task_routes is safe at run
    time (Celery rebuilds its router on a task_routes change).
    """
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    queue = f"rummikub-tests-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    app.loader.import_module("celery.contrib.testing.tasks")
    # The project ignores results (CELERY_TASK_IGNORE_RESULT): the ping check needs one.
    ping = app.tasks["celery.ping"]
    ping.ignore_result = False
    saved_routes = app.conf.task_routes
    app.conf.task_routes = {"printing.*": {"queue": queue}, "celery.ping": {"queue": queue}}
    try:
        with start_worker(
            app, pool="solo", perform_ping_check=True, queues=[queue], shutdown_timeout=30
        ) as worker:
            yield worker
    finally:
        app.conf.task_routes = saved_routes
        import redis

        client = redis.Redis.from_url(shared_broker_url)
        # Only our own queue's keys (kombu keeps its bindings without expiry).
        client.delete(queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
        client.close()


# ---------------------------------------------------------------- private Redis servers


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PrivateRedis:
    """A redis-server of our own on a free port: started, stopped, started again."""

    def __init__(self, directory: Path):
        self.port = free_port()
        self.directory = directory
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def ping(self) -> bool:
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        try:  # no retries: redis-py 8 retries a refused connection for 4 s by default
            client = redis.Redis(
                port=self.port,
                socket_connect_timeout=0.5,
                socket_timeout=1,
                retry=Retry(NoBackoff(), 0),
            )
            try:
                return bool(client.ping())
            finally:
                client.close()
        except redis.RedisError:
            return False

    def start(self) -> None:
        assert self.process is None or self.process.poll() is not None
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
                "--daemonize",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self.ping, timeout=10, what=f"redis-server on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        assert not self.ping()


@pytest.fixture
def private_redis(tmp_path):
    if shutil.which("redis-server") is None:
        unavailable("redis-server is not on the PATH")
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.stop()


# ---------------------------------------------------------------- subprocesses


def subprocess_env(*, database: Path, broker: str, media: Path, **extra) -> dict:
    env = dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{database}",
        CELERY_BROKER_URL=broker,
        CELERY_RESULT_BACKEND=broker,
        MEDIA_ROOT=str(media),
        DJANGO_SETTINGS_MODULE="config.settings",
        PYTHONIOENCODING="utf-8",
        PYTHONUNBUFFERED="1",
        **{k: str(v) for k, v in extra.items()},
    )
    env.pop("REDIS_URL", None)
    return env


def scenario(env: dict, *args, timeout=120) -> str:
    """Run ``python -m tests.worker.scenario ARGS``; its stdout."""
    result = subprocess.run(
        [str(PYTHON), "-m", "tests.worker.scenario", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


class Worker:
    """``celery -A config worker`` as a subprocess, in its own process group."""

    def __init__(self, env: dict, log: Path, *, name: str, pool: str = "prefork"):
        self.log = log
        python = PYTHON if PYTHON.exists() else Path(sys.executable)
        args = [
            str(python),
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            f"--pool={pool}",
            "--concurrency=1",
            "--loglevel=INFO",
            "-n",
            f"{name}-{uuid.uuid4().hex[:6]}@%h",
            "--without-mingle",
            "--without-gossip",
        ]
        self.handle = log.open("wb")
        self.process = subprocess.Popen(
            args,
            cwd=ROOT,
            env=env,
            stdout=self.handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_ready(self, timeout=30):
        def ready():
            assert self.process.poll() is None, f"worker exited:\n{self.text()[-3000:]}"
            return " ready." in self.text()

        wait_for(ready, timeout=timeout, what="the worker to be ready")

    def children(self) -> list[int]:
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(p) for p in path.read_text().split()] if path.exists() else []

    def kill_all(self):
        """SIGKILL the whole worker (main process and pool children) at once."""
        self.signal(signal.SIGKILL)
        self.process.wait(10)

    def signal(self, number: int) -> None:
        try:  # the whole group: a pool child whose main process died must not live on
            os.killpg(self.process.pid, number)
        except ProcessLookupError:
            pass

    def stop(self):
        """At the end of a test: nothing to finish gracefully, kill the whole group."""
        self.signal(signal.SIGKILL)
        self.process.wait(10)
        self.handle.close()


@pytest.fixture
def workers():
    """Start workers with ``workers.start(...)``; every one is stopped at the end."""
    started: list[Worker] = []

    class Starter:
        def start(self, *args, **kwargs) -> Worker:
            worker = Worker(*args, **kwargs)
            started.append(worker)
            return worker

    yield Starter()
    for worker in started:
        worker.stop()


class WebProcess:
    """``scenario serve``: a long-lived Django process the test talks to in JSON lines."""

    def __init__(self, env: dict, log: Path):
        self.stderr = log.open("wb")
        self.log = log
        self.process = subprocess.Popen(
            [str(PYTHON), "-m", "tests.worker.scenario", "serve"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            bufsize=1,
        )

    def __call__(self, do: str, *, timeout: float = 60, **kwargs) -> dict:
        import json
        import select

        self.process.stdin.write(json.dumps({"do": do, **kwargs}) + "\n")
        self.process.stdin.flush()
        readable, _, _ = select.select([self.process.stdout], [], [], timeout)
        assert readable, f"the web process did not answer {do!r} within {timeout:.0f} s"
        line = self.process.stdout.readline()
        assert line, f"the web process died:\n{self.log.read_text(errors='replace')[-3000:]}"
        answer = json.loads(line)
        assert answer.pop("ok"), answer["error"]
        return answer

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.stderr.close()


def document_row(database: Path, document_uuid: str | None = None) -> dict | None:
    """The document row, read straight from the SQLite file (no Django needed)."""
    connection = sqlite3.connect(database, timeout=10)
    connection.row_factory = sqlite3.Row
    try:
        query = "SELECT * FROM tournaments_generateddocument"
        params: tuple = ()
        if document_uuid is not None:
            query += " WHERE uuid = ?"
            params = (document_uuid.replace("-", ""),)
        row = connection.execute(query + " ORDER BY id DESC LIMIT 1", params).fetchone()
        return dict(row) if row else None
    finally:
        connection.close()
