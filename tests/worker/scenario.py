"""A stand-in for the web process, run as a subprocess by the worker tests.

The worker tests need a second process (a real Celery worker) to see the same
database and a broker chosen for that test only, so the "web" side runs here,
with its own environment (DATABASE_URL, CELERY_BROKER_URL, MEDIA_ROOT), never in
the pytest process (STACK-NOTES: do not change broker_url in a fixture).

    python -m tests.worker.scenario make-event SLUG N     # N entrants, one division, seated
    python -m tests.worker.scenario serve                 # JSON commands on stdin, one a line

``serve`` keeps one Django process alive, like a web server: its Celery
connection pool outlives a Redis restart, as a real one does.
"""

import datetime
import json
import os
import sys
import time

ORGANIZER = "desk-organizer"
DIVISION = "Open"


def setup():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def first_name(n: int) -> str:
    return f"Player{n:05d}"


def make_event(slug: str, count: int) -> dict:
    """An event with ``count`` checked-in entrants in one division, round 1 seated."""
    from django.contrib.auth import get_user_model

    from tournaments import services
    from tournaments.models import Division
    from tournaments.registration import ParsedRegistrations, RegistrationRow

    event = services.event_create(
        name=f"Worker test {slug}", slug=slug, date=datetime.date(2025, 3, 1)
    )
    user = get_user_model().objects.create_user(username=ORGANIZER, password="not-used-here-1")
    event.organizers.add(user)
    rows = tuple(
        RegistrationRow(
            line=n + 1,
            entrant_id=f"W{n:05d}",
            first_name=first_name(n),
            last_name=f"Tester{n % 97:02d}",
            birth_date=None,
            age=70,
            gender="",
            club=f"Club {n % 40}",
            division=DIVISION,
            email="",
            phone="",
        )
        for n in range(1, count + 1)
    )
    services.entrants_import(event=event, parsed=ParsedRegistrations(rows, {}, (), "utf-8", {}))
    services.entrants_check_in(event=event)
    division = Division.objects.get(event=event, name=DIVISION)
    result = services.division_seat_first_round(division=division, seed=7)
    return {"event": event.slug, "division": division.pk, "tables": result.round.tables.count()}


# ---------------------------------------------------------------- serve: a web process


class Web:
    def __init__(self):
        from django.test import Client

        self.client = Client()

    def login(self, slug):
        from django.contrib.auth import get_user_model

        self.slug = slug
        self.client.force_login(get_user_model().objects.get(username=ORGANIZER))
        return {}

    def post(self, kind, division=None):
        """The organizer's POST on the printing page; how long it took."""
        from printing.models import GeneratedDocument

        before = set(GeneratedDocument.objects.values_list("uuid", flat=True))
        started = time.monotonic()
        response = self.client.post(
            f"/e/{self.slug}/print/new/",
            {"kind": kind, "division": division or "", "round": ""},
        )
        elapsed = time.monotonic() - started
        new = GeneratedDocument.objects.exclude(uuid__in=before).get()
        return {
            "code": response.status_code,
            "elapsed": elapsed,
            "uuid": str(new.uuid),
            **self.row(str(new.uuid)),
        }

    def page(self):
        started = time.monotonic()
        response = self.client.get(f"/e/{self.slug}/print/")
        return {
            "code": response.status_code,
            "elapsed": time.monotonic() - started,
            "html": response.content.decode(),
        }

    def status(self, uuid):
        started = time.monotonic()
        response = self.client.get(f"/e/{self.slug}/print/{uuid}/status.json")
        return {
            "code": response.status_code,
            "elapsed": time.monotonic() - started,
            "json": response.json(),
        }

    def sweep(self):
        from printing.services import documents_sweep

        started = time.monotonic()
        sent = documents_sweep()
        return {"sent": sent, "elapsed": time.monotonic() - started}

    def age(self, uuid, minutes):
        """Pretend the row was sent ``minutes`` minutes earlier than it was."""
        from django.db.models import F

        from printing.models import GeneratedDocument

        GeneratedDocument.objects.filter(uuid=uuid).update(
            sent_at=F("sent_at") - datetime.timedelta(minutes=minutes)
        )
        return self.row(uuid)

    def row(self, uuid):
        from printing.models import GeneratedDocument

        document = GeneratedDocument.objects.get(uuid=uuid)
        return {
            "status": document.status,
            "sent_at": document.sent_at and document.sent_at.isoformat(),
            "attempts": document.attempts,
            "file": document.file.name,
        }


def serve():
    web = Web()
    for line in sys.stdin:
        if not line.strip():
            continue
        command = json.loads(line)
        name = command.pop("do")
        try:
            answer = {"ok": True, **getattr(web, name)(**command)}
        except Exception as error:  # report it to the test instead of dying
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def main(argv):
    setup()
    if argv[0] == "make-event":
        print(json.dumps(make_event(argv[1], int(argv[2]))))
    elif argv[0] == "serve":
        serve()
    else:
        raise SystemExit(f"unknown command {argv[0]!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
