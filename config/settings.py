"""Django settings for the Rummikub tournaments project.

Everything that differs between a laptop at the venue, CI and a state meet's
servers comes from the environment; the defaults suit a local run
(DEBUG on, SQLite in BASE_DIR, Redis on localhost).
"""

import datetime
import os
import secrets
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value not in (None, "") else default


# --- Core -------------------------------------------------------------------

# Off unless asked for: `make run` and the tests turn it on (deploy/run-local.sh,
# tests/settings.py); the command line, `make venue` and every server run without it.
DEBUG = env_bool("DEBUG", False)


def local_secret_key(path: Path) -> str:
    """This machine's own key, made once and kept (readable by its owner only), for a
    single machine run without SECRET_KEY: the command line, a laptop at the venue.
    Several web machines must share one SECRET_KEY (deploy/README.md)."""
    for _ in range(50):
        try:
            key = path.read_text().strip()
        except FileNotFoundError:
            key = secrets.token_urlsafe(60)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:  # another process is making it
                continue
            with os.fdopen(fd, "w") as out:
                out.write(key + "\n")
        if key:
            return key
        time.sleep(0.02)  # made by another process a moment ago, not written yet
    raise ImproperlyConfigured(f"{path} is empty: delete it or set SECRET_KEY.")


SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "django-insecure-dev-only-key-never-use-in-production"
    else:
        try:
            SECRET_KEY = local_secret_key(BASE_DIR / ".venue-secret")
        except OSError as error:
            raise ImproperlyConfigured(
                f"SECRET_KEY is not set and {BASE_DIR / '.venue-secret'} cannot be made "
                f"({error.strerror}): set SECRET_KEY."
            ) from error

BASE_URL = os.environ.get("BASE_URL", "http://127.0.0.1:8000").rstrip("/")
# The demo accounts' passwords, kept between starts so `load_demo` prints them again
# (scoring/demo.py); the database keeps only their hashes.
DEMO_PASSWORDS_FILE = Path(os.environ.get("DEMO_PASSWORDS_FILE") or BASE_DIR / ".demo-passwords")
# How often a page with the round clock asks for it again (milliseconds); on a table's page
# the answer also says whether someone changed the table's scores. Tests shorten it.
CLOCK_POLL_MS = 30_000
_base = urlsplit(BASE_URL)
if not _base.scheme or not _base.hostname:
    raise ImproperlyConfigured(f"BASE_URL must be an absolute URL, got {BASE_URL!r}.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
if _base.hostname not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(_base.hostname)
if DEBUG and "*" not in ALLOWED_HOSTS:
    # Tablets on the hall's wifi reach the laptop by its LAN address.
    ALLOWED_HOSTS.append("*")

CSRF_TRUSTED_ORIGINS = [f"{_base.scheme}://{_base.netloc}"] + env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    "axes",
    "tournaments.apps.TournamentsConfig",
    "scoring.apps.ScoringConfig",
    # The faces, above both apps (docs/architecture.md).
    "web.apps.WebConfig",
    "entry.apps.EntryConfig",
    "printing.apps.PrintingConfig",
    "cli.apps.CliConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The Content-Security-Policy header (django-csp) on every answer of the application,
    # error pages included; after whitenoise, so static files (served without running
    # any page) do not carry it (docs/decisions.md).
    "web.csp.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The visitor's language: the switch's cookie, else the browser's Accept-Language
    # (after sessions, before common, as Django asks).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's AuthenticationMiddleware, the user read with the session (tournaments/sessions.py).
    "tournaments.sessions.SessionUserMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # The service worker's background fetch of a page leaves the person's messages alone
    # (web/offline_copy.py).
    "web.offline_copy.OfflineCopyMiddleware",
    # A NUL character in a query or form: 400 in words (web/params.py).
    "web.params.RefuseNulMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: turns a refused login into the page that says when to try again.
    "axes.middleware.AxesMiddleware",
]

# Only files from the site itself: nothing inline (no <script> or <style> blocks, no
# style="" or onclick=""), no eval, no other site's files, never inside another site's
# frame. The Django admin works under the same policy (docs/decisions.md).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        # The table pages' service worker (/sw.js, static/js/sw.js).
        "worker-src": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# The plain form widgets drawn in Python, to the byte what Django's widget templates draw
# (web/form_rendering.py): a table's game form after every save, among others.
FORM_RENDERER = "web.form_rendering.QuickWidgets"

# --- Database ---------------------------------------------------------------

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    )
}
_engine = DATABASES["default"]["ENGINE"]
if _engine == "django.db.backends.sqlite3":
    # WAL + busy timeout + BEGIN IMMEDIATE: the web process and a Celery worker
    # can both write without "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Test databases are files, never Django's in-memory default: an in-memory database
    # is one connection shared by the live server's and the worker's threads, which
    # breaks on a busy machine ("no such savepoint"). One name per process, so two
    # test runs side by side never meet (pytest-xdist adds its _gwN suffix on top).
    DATABASES["default"]["TEST"] = {
        "NAME": str(
            Path(tempfile.gettempdir())
            / f"rummikub-test-{os.getpid()}-{secrets.token_hex(4)}.sqlite3"
        )
    }
elif _engine == "django.db.backends.postgresql":
    # Django's backend, without the health check of a connection that has just served a
    # request well (config/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "config.postgresql"
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", 60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Prepared statements: the values bound by PostgreSQL, and a statement a connection
    # has run 5 times prepared once and run from then on without being parsed and planned
    # again (psycopg's prepare_threshold). A score save's PostgreSQL CPU about halves
    # (docs/decisions.md, "Prepared statements"). Off (false) behind a pooler that
    # cannot keep them (PgBouncer in transaction mode).
    if env_bool("PG_PREPARED_STATEMENTS", True):
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=5
        )
    # A unique test database per process, so concurrent runs never collide
    # (pytest-xdist adds its own _gwN suffix on top).
    DATABASES["default"]["TEST"] = {"NAME": f"test_rummikub_{os.getpid()}_{secrets.token_hex(4)}"}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sessions live in the database: scorekeepers keep working when Redis is down.
# Django's database sessions, each read with its user in one statement (tournaments/sessions.py).
SESSION_ENGINE = "tournaments.sessions"

# A scorekeeper's plain save (a keyed save of a new game, or of their unconfirmed one over
# the version they saw) is stored by the short path, in a few statements of plain SQL;
# anything else by game_record (docs/decisions.md, "The save's short path"). False: every
# save by game_record.
PLAIN_SAVES = env_bool("PLAIN_SAVES", True)

# Argon2id first, at the cost in tournaments/passwords.py (docs/decisions.md); the others
# only to read older hashes, which are rewritten with Argon2id at the next sign-in.
PASSWORD_HASHERS = [
    "tournaments.passwords.Argon2Hasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
# A refused security token: "you were signed out" when so (web/views.py).
CSRF_FAILURE_VIEW = "web.views.csrf_failure"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Login throttling (django-axes) lives in the database, so it works when Redis is down.
# Five wrong passwords for one user name from one address lock that pair, and only that
# pair, for 15 minutes: one person's typos never lock out anyone else, even when every
# tablet in the hall reaches the server through one proxy or one wifi router.
AUTHENTICATION_BACKENDS = [
    "tournaments.access.LoginThrottleBackend",
    # ModelBackend, taking the user read with the session (tournaments/sessions.py).
    "tournaments.sessions.SessionUserBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURES_ALLOWED", 5)
AXES_COOLOFF_TIME = datetime.timedelta(seconds=env_int("LOGIN_FAILURE_WINDOW_SECONDS", 15 * 60))
# Guessing table codes: this many wrong codes from one address within the window make
# that address's wrong codes wait until the oldest leaves it ("wait", not "no table has
# it"). A code in force always opens: a whole hall may share one address behind the
# venue's router, and one guesser there must not lock every phone out.
TABLE_CODE_WRONG_ALLOWED = env_int("TABLE_CODE_WRONG_ALLOWED", 10)
TABLE_CODE_WINDOW = datetime.timedelta(seconds=env_int("TABLE_CODE_WINDOW_SECONDS", 5 * 60))
# Guessing birth years to open a player's own page (find-my-table's "your own page", the
# kiosk): within the window, this many wrong years for names that match a player make any
# name matching that player wait (the slip's code still opens the page), and this many from
# one address make that address wait. A name matching nobody is not counted (a typo).
PAGE_FIND_WINDOW = datetime.timedelta(seconds=env_int("PAGE_FIND_WINDOW_SECONDS", 60 * 60))
PAGE_FIND_MISSES_PER_PLAYER = env_int("PAGE_FIND_MISSES_PER_PLAYER", 3)
PAGE_FIND_MISSES_PER_ADDRESS = env_int("PAGE_FIND_MISSES_PER_ADDRESS", 20)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The time the lockout page names stays true: tries while locked do not extend it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_VERBOSE = False  # no banner on every manage.py command
AXES_USERNAME_CALLABLE = "tournaments.access.login_username"
AXES_CLIENT_IP_CALLABLE = "tournaments.access.client_address"
AXES_LOCKOUT_CALLABLE = "web.views.login_locked_out"
# The proxies whose X-Real-IP / X-Forwarded-For name the client: the same setting and
# default as gunicorn's (deploy/gunicorn.conf.py), so Django and gunicorn agree.
TRUSTED_PROXIES = env_list("FORWARDED_ALLOW_IPS", ["127.0.0.1", "::1"])

# --- Internationalization ---------------------------------------------------

LANGUAGE_CODE = "en"
# Each language named in its own words, as the language switch shows it.
LANGUAGES = [("en", "English"), ("fr", "Français"), ("es", "Español")]
# The catalogs (locale/fr, locale/es): `make messages` updates them, `make compilemessages`
# compiles them; the compiled .mo files are committed (docs/architecture.md).
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language switch's choice is kept for a year (Django's default: until the browser
# closes, and a tablet's browser may close between rounds).
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "America/New_York")
USE_I18N = True
USE_TZ = True

# --- Static and media files -------------------------------------------------

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where collectstatic writes and whitenoise reads (nginx serves it too: deploy/nginx.conf).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT") or BASE_DIR / "media")

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # The manifest storage needs collectstatic first: production only.
        "BACKEND": (
            "whitenoise.storage.CompressedStaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

# --- Celery (read by config/celery.py with namespace="CELERY") --------------

REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or REDIS_URL or "redis://127.0.0.1:6379/0"
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or CELERY_BROKER_URL
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# A request must never hang on a dead broker: short timeouts, few retries;
# the "queued" row and its sweeper make up for a lost publish.
CELERY_BROKER_CONNECTION_TIMEOUT = env_float("CELERY_BROKER_CONNECTION_TIMEOUT", 2.0)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
# Progress lives on the document rows: no task results are stored.
CELERY_TASK_IGNORE_RESULT = True
# The sweeper re-sends documents whose task never reached the broker (Redis was down).
CELERY_BEAT_SCHEDULE = {
    "sweep-documents": {"task": "printing.sweep_documents", "schedule": 30.0},
    # Uploads left behind (they hold birth dates and phones) are deleted after 30 minutes.
    "forget-uploads": {"task": "tournaments.forget_uploads", "schedule": 300.0},
    # Contact details and birth dates are deleted the day an event's retention runs out
    # (Event.personal_data_days, docs/privacy.md): looked at every hour.
    "purge-personal-data": {"task": "tournaments.purge_personal_data", "schedule": 3600.0},
    # The e-mail notices of the players' pages: what is due is recorded and sent.
    "notices": {"task": "scoring.notices_sweep", "schedule": env_float("NOTICES_EVERY", 20.0)},
}
# A task whose worker died unacknowledged is handed to another worker after this many
# seconds (Celery's default is an hour, during which the document sat "being made").
# Five minutes is far above the longest document (the score sheets of 2,000 entrants
# take about 2 s): a task still running when it ends would be handed out a second time.
_visibility_timeout = env_int("CELERY_VISIBILITY_TIMEOUT", 300)
# kombu looks for expired unacknowledged tasks every interval x throttle seconds
# (10 x 10 = 100 s by default): with a short visibility timeout the sweep must be
# short too, or a dead worker's task waits 100 s however short the timeout.
_restore_interval = min(10, max(1, _visibility_timeout // 5))
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # Unacknowledged tasks of a dead worker come back after this many seconds.
    "visibility_timeout": _visibility_timeout,
    "unacked_restore_interval": _restore_interval,
    "unacked_restore_throttle": min(10, max(1, _visibility_timeout // (5 * _restore_interval))),
}
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    CELERY_BROKER_TRANSPORT_OPTIONS["socket_connect_timeout"] = CELERY_BROKER_CONNECTION_TIMEOUT
    # A Redis that stops answering on an open connection (frozen host, lost network)
    # would block a publish forever without a read timeout (a send makes up to three
    # tries). Keep it above kombu's 1 s BRPOP poll.
    CELERY_BROKER_TRANSPORT_OPTIONS["socket_timeout"] = env_float(
        "CELERY_BROKER_SOCKET_TIMEOUT", CELERY_BROKER_CONNECTION_TIMEOUT
    )
elif CELERY_BROKER_URL.startswith("filesystem://"):
    # Fallback broker for `make run` without Redis (deploy/run-local.sh).
    _fs_broker = Path(os.environ.get("CELERY_FILESYSTEM_BROKER_DIR") or BASE_DIR / ".celery-broker")
    CELERY_BROKER_TRANSPORT_OPTIONS.update(
        {
            "data_folder_in": str(_fs_broker / "queue"),
            "data_folder_out": str(_fs_broker / "queue"),
            "control_folder": str(_fs_broker / "control"),
            "processed_folder": str(_fs_broker / "processed"),
            "store_processed": False,
        }
    )

if CELERY_RESULT_BACKEND.startswith(("redis://", "rediss://")):
    # Sending a task subscribes to its result: without this, a dead Redis
    # blocks .delay() for 20 s (20 retries, 1 s apart).
    CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = CELERY_BROKER_CONNECTION_TIMEOUT
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
        "retry_policy": dict(CELERY_TASK_PUBLISH_RETRY_POLICY)
    }

# A document being made with no sign of life from its worker (progress, written at
# least every few seconds while pages are drawn) for this long is shown as stopped, with
# "make it again" (printing/models.py, GeneratedDocument.is_stopped).
PRINTING_STALE_SECONDS = env_int("PRINTING_STALE_SECONDS", 60)

# --- Production -------------------------------------------------------------

if not DEBUG:
    # Behind a reverse proxy that terminates TLS and sets X-Forwarded-Proto.
    if env_bool("SECURE_PROXY_SSL_HEADER", True):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
    LANGUAGE_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

# --- Logging ----------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "console": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "console"},
    },
    # A refused request (403) in one line: where, from whom, why (config/logs.py).
    "filters": {"one_line_refusal": {"()": "config.logs.OneLineRefusal"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {
            "handlers": ["console"],
            "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"),
            "propagate": False,
        },
        "django.request": {"filters": ["one_line_refusal"]},
        "django.security.csrf": {"filters": ["one_line_refusal"]},
        # A failed login is a warning; axes' every step (INFO) is noise.
        "axes": {"level": os.environ.get("AXES_LOG_LEVEL", "WARNING")},
    },
}


# --- E-mail (the notices of the players' pages) ---------------------------------------
# Django's SMTP backend when EMAIL_HOST is set in the environment; otherwise the console
# backend (`make run`: a notice is printed by the worker instead of sent).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
# A mail server that does not answer never holds a worker long: the task retries later.
EMAIL_TIMEOUT = env_float("EMAIL_TIMEOUT", 10.0)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "rummikub@localhost")
