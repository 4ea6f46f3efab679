"""The state-meet deployment of deploy/README.md, started on this one machine.

nginx (Debian's package) with the site rendered from deploy/nginx.conf by
deploy/nginx-site.sh, terminating TLS with a self-signed certificate; two gunicorn
instances and two Celery workers and one beat, each started with the ExecStart line
of its systemd unit in deploy/ (paths mapped from /srv/rummikub to this checkout,
%H to a made-up host name); an environment file written in the documented format
and given to every process, as systemd's EnvironmentFile= does (and nothing else
from the caller's environment); a uniquely named PostgreSQL database; a private
redis-server with a password; MEDIA_ROOT and STATIC_ROOT in a temporary directory.

Nothing shared is touched: free ports, a new database (dropped at the end), the
shared Redis on 6379 is never used. ``close()`` kills every process started here
(by process group), drops the database and removes the directory, and is safe to
call after a partial start.

    with Stack() as stack: ...           # or stack = Stack(); stack.start(); stack.close()
"""

import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent.parent
DEPLOY = ROOT / "deploy"
SRV = "/srv/rummikub"  # where the units expect the checkout
STATE = "/var/lib/rummikub"  # the beat unit's StateDirectory
PG_URL = os.environ.get("PG_TEST_URL", "postgres://postgres@127.0.0.1:5432/test")


class Unavailable(Exception):
    """A tool or service the deployment needs is missing."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_open(port: int, host="127.0.0.1") -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def wait_for(check, *, timeout: float, what: str, interval=0.1):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
    )


def missing_tools() -> list[str]:
    """What this machine lacks for the deployment (empty: everything is there)."""
    missing = []
    if nginx_binary() is None:
        missing.append("nginx (apt-get install -y nginx)")
    for tool, package in (("openssl", "openssl"), ("redis-server", "redis-server")):
        if shutil.which(tool) is None:
            missing.append(f"{tool} (apt-get install -y {package})")
    if not (ROOT / ".venv" / "bin" / "gunicorn").exists():
        missing.append(".venv with gunicorn and celery (make venv)")
    try:
        import psycopg

        psycopg.connect(_admin_url(), connect_timeout=3).close()
    except Exception as error:  # noqa: BLE001 - any failure means "not reachable"
        missing.append(
            f"PostgreSQL at {PG_URL} ({type(error).__name__}: "
            f"{str(error).strip().splitlines()[0] if str(error).strip() else ''})"
        )
    return missing


def _admin_url() -> str:
    parts = urlsplit(PG_URL)
    return urlunsplit(parts._replace(path="/postgres"))


def _database_url(name: str) -> str:
    return urlunsplit(urlsplit(PG_URL)._replace(path=f"/{name}"))


def unit(path: Path) -> dict:
    """The parts of a systemd unit we use: ExecStart (split), Environment, EnvironmentFile."""
    text = re.sub(r"\\\n\s*", " ", path.read_text())
    found = {"environment": {}}
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key == "ExecStart":
            found["exec_start"] = shlex.split(value)
        elif key == "Environment":
            for item in shlex.split(value):
                name, _, val = item.partition("=")
                found["environment"][name] = val
        elif key in ("EnvironmentFile", "WorkingDirectory"):
            found[key] = value.strip()
    assert found.get("EnvironmentFile") == "/etc/rummikub/env", path
    assert found.get("WorkingDirectory") == SRV, path
    return found


def read_env_file(path: Path) -> dict:
    """KEY=VALUE lines, comments and blanks skipped (what EnvironmentFile= reads)."""
    env = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            env[key.strip()] = value.strip()
    return env


def _own_group_dying_with_us():
    """In the child before exec: its own process group (so the whole group can be
    killed), and SIGKILL when the test process dies without tearing down (Linux)."""
    os.setsid()
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Process:
    """A process in its own process group, its output in a log file."""

    def __init__(self, name: str, args: list[str], env: dict, log: Path, cwd: Path = ROOT):
        self.name, self.args, self.log = name, args, log
        self.handle = log.open("ab")
        self.popen = subprocess.Popen(
            args,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self.handle,
            stderr=subprocess.STDOUT,
            preexec_fn=_own_group_dying_with_us,
        )

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen.poll() is None

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def check_alive(self):
        if not self.alive():
            raise AssertionError(
                f"{self.name} exited ({self.popen.returncode}):\n" f"{self.text()[-3000:]}"
            )

    def kill(self, number=signal.SIGKILL, wait=10.0):
        """Signal the whole group (a dead master must not leave its workers behind)."""
        try:
            os.killpg(self.popen.pid, number)
        except ProcessLookupError:
            pass
        try:
            self.popen.wait(wait)
        except subprocess.TimeoutExpired:
            if number != signal.SIGKILL:
                self.kill(signal.SIGKILL)
        if number == signal.SIGKILL:
            # Pool children of the group that outlived their parent, if any.
            try:
                os.killpg(self.popen.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def close(self):
        self.kill(signal.SIGKILL)
        self.handle.close()


class Stack:
    """The whole deployment; see the module's docstring."""

    WEB = 2
    WORKERS = 2

    def __init__(
        self,
        *,
        gunicorn_workers: int = 2,
        celery_concurrency: int | None = None,
        name: str = "deploy",
    ):
        self.gunicorn_workers = gunicorn_workers
        self.celery_concurrency = celery_concurrency
        self.token = f"{os.getpid()}_{secrets.token_hex(4)}"
        self.name = name
        self.processes: list[Process] = []
        self.web: list[Process] = []
        self.workers: list[Process] = []
        self.worker_names: list[str] = []
        self.database: str | None = None
        self.settings: dict = {}
        self.tmp: Path | None = None

    # ------------------------------------------------------------ start

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()

    def start(self):
        missing = missing_tools()
        if missing:
            raise Unavailable("the deployment test needs: " + "; ".join(missing))
        self.tmp = Path(tempfile.mkdtemp(prefix=f"rummikub-{self.name}-"))
        # nginx's workers run as another user (www-data): they read static files and
        # write their temporary files here.
        self.tmp.chmod(0o755)
        for sub in ("media", "static", "nginx", "state", "logs"):
            (self.tmp / sub).mkdir(mode=0o755)
        self.logs = self.tmp / "logs"

        self.https_port, self.http_port = free_port(), free_port()
        self.web_ports = [free_port() for _ in range(self.WEB)]
        self.base_url = f"https://127.0.0.1:{self.https_port}"

        self._database()
        self._redis()
        self._env_file()
        self._release()
        self._certificate()
        self._nginx()
        for i in range(self.WEB):
            self._gunicorn(i)
        for i in range(self.WORKERS):
            self._worker(i)
        self._beat()
        for process in self.web:
            port = int(process.bind.rsplit(":", 1)[1])
            wait_for(
                lambda p=process, port=port: p.check_alive() or port_open(port),
                timeout=30,
                what=f"{process.name} to listen",
            )
        for worker in self.workers:
            wait_for(
                lambda w=worker: w.check_alive() or " ready." in w.text(),
                timeout=60,
                what=f"{worker.name} to be ready",
            )
        wait_for(
            lambda: self.nginx.check_alive() or port_open(self.https_port),
            timeout=15,
            what="nginx to listen",
        )

    def _database(self):
        import psycopg

        self.database = f"rummikub_deploy_{self.token}"
        with psycopg.connect(_admin_url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{self.database}"')
        self.database_url = _database_url(self.database)

    def _redis(self):
        self.redis_port = free_port()
        self.redis_password = secrets.token_hex(16)
        config = self.tmp / "redis.conf"  # the password stays off the command line
        config.write_text(
            f"port {self.redis_port}\nbind 127.0.0.1\nrequirepass {self.redis_password}\n"
            f"save \"\"\nappendonly no\ndir {self.tmp / 'state'}\ndaemonize no\n"
        )
        self.redis = self._spawn(
            "redis",
            ["redis-server", str(config)],
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        )
        self.redis_url = f"redis://:{self.redis_password}@127.0.0.1:{self.redis_port}/0"

        def answers():
            self.redis.check_alive()
            result = subprocess.run(
                [
                    "redis-cli",
                    "-p",
                    str(self.redis_port),
                    "--no-auth-warning",
                    "-a",
                    self.redis_password,
                    "ping",
                ],
                capture_output=True,
                text=True,
            )
            return result.stdout.strip() == "PONG"

        if shutil.which("redis-cli"):
            wait_for(answers, timeout=10, what="redis-server")
        else:
            wait_for(lambda: port_open(self.redis_port), timeout=10, what="redis-server")

    def _env_file(self):
        """/etc/rummikub/env, as deploy/README.md describes it."""
        self.env_path = self.tmp / "env"
        lines = [
            "# /etc/rummikub/env for this test (deploy/README.md, section 2)",
            "DEBUG=false",
            f"SECRET_KEY={secrets.token_urlsafe(60)}",
            "ALLOWED_HOSTS=127.0.0.1",
            f"BASE_URL={self.base_url}",
            f"DATABASE_URL={self.database_url}",
            f"REDIS_URL={self.redis_url}",
            f"MEDIA_ROOT={self.tmp / 'media'}",
            f"STATIC_ROOT={self.tmp / 'static'}",
            "TIME_ZONE=America/New_York",
            f"GUNICORN_WORKERS={self.gunicorn_workers}",
            "LOG_LEVEL=INFO",
        ]
        self.env_path.write_text("\n".join(lines) + "\n")
        self.env_path.chmod(0o640)
        self.settings = read_env_file(self.env_path)

    def env(self, **extra) -> dict:
        """What systemd gives a unit: a bare environment plus the env file."""
        base = {
            "PATH": f"{ROOT / '.venv' / 'bin'}:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
            "HOME": str(self.tmp / "state"),
            "LANG": "C.UTF-8",
            "PYTHONUNBUFFERED": "1",
        }
        return {**base, **self.settings, **{k: str(v) for k, v in extra.items()}}

    def manage(
        self, *args, check=True, timeout=180, input=None, env: dict | None = None
    ) -> subprocess.CompletedProcess:
        """``manage.py ARGS`` on this deployment (a release step or an organizer's command)."""
        result = subprocess.run(
            [str(ROOT / ".venv" / "bin" / "python"), "manage.py", *args],
            cwd=ROOT,
            env=self.env(**(env or {})),
            capture_output=True,
            text=True,
            timeout=timeout,
            input=input,
        )
        if check and result.returncode != 0:
            raise AssertionError(
                f"manage.py {' '.join(args)} failed ({result.returncode}):\n"
                f"{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
            )
        return result

    def _release(self):
        """deploy/README.md section 3: check --deploy, migrate, collectstatic."""
        self.check_deploy = self.manage("check", "--deploy", "--fail-level", "WARNING")
        self.manage("migrate", "--noinput")
        self.manage("collectstatic", "--noinput", "-v0")

    def _certificate(self):
        self.certificate = self.tmp / "nginx" / "cert.pem"
        self.certificate_key = self.tmp / "nginx" / "key.pem"
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                "/CN=127.0.0.1",
                "-addext",
                "subjectAltName=IP:127.0.0.1",
                "-keyout",
                str(self.certificate_key),
                "-out",
                str(self.certificate),
            ],
            check=True,
            capture_output=True,
        )

    def _nginx(self):
        site = subprocess.run(
            ["bash", str(DEPLOY / "nginx-site.sh")],
            check=True,
            capture_output=True,
            text=True,
            env={
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "SERVER_NAME": "127.0.0.1",
                "WEB_SERVERS": " ".join(f"127.0.0.1:{p}" for p in self.web_ports),
                "LISTEN_HTTP": f"127.0.0.1:{self.http_port}",
                "LISTEN_HTTPS": f"127.0.0.1:{self.https_port}",
                "BASE_URL": self.base_url,
                "TLS_CERTIFICATE": str(self.certificate),
                "TLS_CERTIFICATE_KEY": str(self.certificate_key),
                "STATIC_ROOT": self.settings["STATIC_ROOT"],
            },
        ).stdout
        prefix = self.tmp / "nginx"
        (prefix / "rummikub.conf").write_text(site)
        user = ""
        if os.geteuid() == 0:
            import pwd

            try:
                pwd.getpwnam("www-data")
                user = "user www-data;"  # as Debian's /etc/nginx/nginx.conf
            except KeyError:
                pass
        mime = "include /etc/nginx/mime.types;" if Path("/etc/nginx/mime.types").exists() else ""
        # The main file stands in for Debian's /etc/nginx/nginx.conf (which we must not
        # touch): everything that is ours comes from deploy/nginx.conf, included as the
        # site, as sites-enabled/rummikub would be.
        (prefix / "nginx.conf").write_text(f"""
{user}
worker_processes 2;
daemon off;
pid {prefix}/nginx.pid;
error_log {self.logs}/nginx-error.log warn;
events {{ worker_connections 512; }}
http {{
    {mime}
    default_type application/octet-stream;
    sendfile on;
    access_log {self.logs}/nginx-access.log;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/rummikub.conf;
}}
""")
        command = [
            nginx_binary(),
            "-p",
            str(prefix),
            "-c",
            str(prefix / "nginx.conf"),
            "-e",
            str(self.logs / "nginx-error.log"),
        ]
        test = subprocess.run([*command, "-t"], capture_output=True, text=True)
        if test.returncode != 0:
            raise AssertionError(
                f"nginx -t refused the rendered deploy/nginx.conf:\n" f"{test.stderr}\n{site}"
            )
        self.nginx_test_output = test.stderr
        self.nginx = self._spawn("nginx", command)

    def _from_unit(self, path: Path, **substitutions) -> tuple[list[str], dict]:
        found = unit(path)
        args = []
        for arg in found["exec_start"]:
            arg = arg.replace(SRV, str(ROOT)).replace(STATE, str(self.tmp / "state"))
            for key, value in substitutions.items():
                arg = arg.replace(key, value)
            args.append(arg)
        assert not any("%" in a and re.search(r"%[a-zA-Z]", a) for a in args), args
        return args, found["environment"]

    def _gunicorn(self, i: int):
        args, unit_env = self._from_unit(DEPLOY / "gunicorn.service")
        bind = f"127.0.0.1:{self.web_ports[i]}"
        process = self._spawn(
            f"gunicorn-{i + 1}", args, env=self.env(**unit_env, GUNICORN_BIND=bind)
        )
        process.bind = bind
        self.web.append(process)

    def _worker(self, i: int):
        host = f"host{i + 1}-{self.token}"
        args, unit_env = self._from_unit(DEPLOY / "celery-worker.service", **{"%H": host})
        if self.celery_concurrency:
            args = [
                a
                if not a.startswith("--concurrency=")
                else f"--concurrency={self.celery_concurrency}"
                for a in args
            ]
        process = self._spawn(f"celery-worker-{i + 1}", args, env=self.env(**unit_env))
        self.workers.append(process)
        self.worker_names.append(f"worker@{host}")

    def _beat(self):
        args, unit_env = self._from_unit(DEPLOY / "celery-beat.service")
        self.beat = self._spawn("celery-beat", args, env=self.env(**unit_env))

    def _spawn(self, name: str, args: list[str], env: dict | None = None) -> Process:
        process = Process(
            name, args, env if env is not None else self.env(), self.logs / f"{name}.log"
        )
        self.processes.append(process)
        return process

    # ------------------------------------------------------------ reading

    def sql(self, query: str, *params):
        import psycopg

        with psycopg.connect(self.database_url) as connection:
            return connection.execute(query, params).fetchall()

    def log_tails(self, lines=40) -> str:
        if self.tmp is None or not self.logs.exists():
            return ""
        out = []
        for log in sorted(self.logs.iterdir()):
            text = log.read_text(errors="replace").splitlines()[-lines:]
            out.append(f"----- {log.name} (last {len(text)} lines)\n" + "\n".join(text))
        return "\n".join(out)

    # ------------------------------------------------------------ teardown

    def close(self):
        errors = []
        for process in reversed(self.processes):
            try:
                process.close()
            except Exception as error:  # noqa: BLE001 - go on tearing down
                errors.append(f"{process.name}: {error}")
        self.processes.clear()
        if self.database:
            try:
                import psycopg

                with psycopg.connect(_admin_url(), autocommit=True) as connection:
                    connection.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
            except Exception as error:  # noqa: BLE001
                errors.append(f"dropping {self.database}: {error}")
            self.database = None
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None
        if errors:
            raise AssertionError("teardown: " + "; ".join(errors))
