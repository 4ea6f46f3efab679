"""The benchmarks' server, served as in production but without nginx (bench/saves_bench.py,
bench/tablecodes_bench.py): a throw-away PostgreSQL database (or, with ``pg=None``, a
SQLite file as the venue laptop has), migrated, the event made by
the caller's set-up, then gunicorn with deploy/gunicorn.conf.py and WORKERS sync workers
on 127.0.0.1 (a free port), DEBUG off, settings bench.settings (production's plus the
bare view /bench/bare/, which no deployment serves). Loopback only. Everything is stopped
and the database dropped on the way out.
"""

import os
import secrets
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.save_profile import drop_database, make_database, quiet

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pids) -> float:
    """User + system CPU time of these processes (those still alive)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


@dataclass
class Served:
    host: str  # http://127.0.0.1:PORT
    workers: list[int]  # the gunicorn workers' pids
    database: str  # the throw-away database's name (PostgreSQL), or its file (SQLite)
    out: Path  # a temporary folder: logs, the plan
    plan: object  # what the set-up returned


@contextmanager
def served(set_up: Callable[[Path], object], *, workers: int, pg: str | None) -> Iterator[Served]:
    """Migrate a new database (PostgreSQL at ``pg``, else a SQLite file in the run's
    folder), call ``set_up(folder)`` (Django is set up by then), start gunicorn and wait
    until every worker answers; stop it all afterwards."""
    out = Path(tempfile.mkdtemp(prefix="bench-"))
    if pg is None:
        database = str(out / "bench.sqlite3")
        url = f"sqlite:///{database}"
    else:
        database, url = make_database(pg)
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": url,
        "DEBUG": "false",
        "SECRET_KEY": "bench-" + secrets.token_hex(24),
        "ALLOWED_HOSTS": "127.0.0.1",
        "BASE_URL": f"http://127.0.0.1:{port}",
        "SECURE_SSL_REDIRECT": "false",
        "STATIC_ROOT": str(out / "static"),
        "MEDIA_ROOT": str(out / "media"),
        # Keep each worker's connection for the whole run, so that the PostgreSQL
        # backends' CPU can be read per phase (production's 60 s only adds a reconnect
        # a minute).
        "CONN_MAX_AGE": "3600",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": str(workers),
        "LOG_LEVEL": "WARNING",
    }
    os.environ.update({k: env[k] for k in env if k != "CONN_MAX_AGE"})
    server = None
    try:
        import django

        django.setup()
        quiet("migrate", "--noinput")
        quiet("collectstatic", "--noinput")
        plan = set_up(out)
        from django.db import connection

        connection.close()
        server = subprocess.Popen(
            [
                str(ROOT / ".venv" / "bin" / "gunicorn"),
                "-c",
                str(ROOT / "deploy" / "gunicorn.conf.py"),
                "config.wsgi",
            ],
            cwd=ROOT,
            env=env,
            stdout=(out / "gunicorn.log").open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        host = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                with urllib.request.urlopen(host + "/bench/bare/", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit(f"gunicorn did not start: see {out / 'gunicorn.log'}")
        time.sleep(1)
        pids = children(server.pid)
        for _ in range(4 * workers):  # every worker imports and connects
            urllib.request.urlopen(host + "/bench/bare/", timeout=5).read()
        yield Served(host=host, workers=pids, database=database, out=out, plan=plan)
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        from django.db import connections

        connections.close_all()
        if pg is not None:
            drop_database(pg, database)
        print(f"logs: {out}")
