"""Who may open what on the organizer's desk, the printing desk, event creation and restore,
and the public pages: every URL for every role, GET and POST, table-driven; refused POSTs
change nothing. Django's test client; no browser."""

import json
import uuid

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from printing.models import GeneratedDocument
from scoring import services as scoring
from scoring.backup import event_backup
from scoring.models import TieBreakDecision
from tests.browser.conftest import (
    CLEAR_GAMES,
    PASSWORD,
    build_world,
    import_rows,
    people_rows,
    play_games,
    simple_people,
)
from tournaments import services
from tournaments.models import (
    Division,
    Entrant,
    Event,
    Round,
    RoundChange,
    Seat,
    Table,
    TableCode,
)

pytestmark = pytest.mark.django_db

ANON, SK, OTHER_SK, ORG, OTHER_ORG = (
    "anonymous",
    "scorekeeper",
    "other_scorekeeper",
    "organizer",
    "other_organizer",
)
ROLES = [ANON, SK, OTHER_SK, ORG, OTHER_ORG]
LOGIN = "login"  # a 302 to /login/?next=…

DESK_GET = {ANON: LOGIN, SK: 403, OTHER_SK: 403, ORG: 200, OTHER_ORG: 403}
DESK_POST = {ANON: LOGIN, SK: 403, OTHER_SK: 403, ORG: 302, OTHER_ORG: 403}
STAFF_GET = {ANON: LOGIN, SK: 403, OTHER_SK: 403, ORG: 200, OTHER_ORG: 200}
STAFF_POST = {ANON: LOGIN, SK: 403, OTHER_SK: 403, ORG: 302, OTHER_ORG: 302}
PUBLIC = dict.fromkeys(ROLES, 200)

# Every URL of desk/urls.py, public/urls.py, /events/new/,
# /events/restore/ and /e/<slug>/print/…, in the order they are requested. The other
# event's organizer is staff (as organizers are): staff may create and restore events,
# and that opens no other event's desk.
MATRIX = {
    "overview": DESK_GET,
    "settings GET": DESK_GET,
    "settings POST": DESK_POST,
    "scorekeeper add POST": DESK_POST,
    "scorekeeper unlock POST": DESK_POST,
    "scorekeeper password POST": DESK_POST,
    "scorekeeper remove POST": DESK_POST,
    "entrants": DESK_GET,
    "entrant new GET": DESK_GET,
    "entrant new POST": DESK_POST,
    "entrant edit GET": DESK_GET,
    "entrant edit POST": DESK_POST,
    "import GET": DESK_GET,
    "import POST": DESK_POST,
    "import preview GET": DESK_GET,
    "import preview POST": DESK_POST,
    "checkin": DESK_GET,
    "checkin search": DESK_GET,
    "checkin set POST": DESK_POST,
    "checkin accessible POST": DESK_POST,
    "combine POST": DESK_POST,
    "division": DESK_GET,
    "seat POST": DESK_POST,
    "advance POST": DESK_POST,
    "tie POST": DESK_POST,
    "swap POST": DESK_POST,
    "withdraw POST": DESK_POST,
    "medals POST": DESK_POST,
    "reseat POST": DESK_POST,
    "take back POST": DESK_POST,
    "codes": DESK_GET,
    "code new POST": DESK_POST,
    "backup": DESK_GET,
    "backup download": DESK_GET,
    "delete GET": DESK_GET,
    "archive POST": DESK_POST,
    "event new GET": STAFF_GET,
    "event new POST": STAFF_POST,
    # Only a form restores: a GET (never a bare 405) goes home once signed in.
    "restore GET": {ANON: LOGIN, SK: 302, OTHER_SK: 302, ORG: 302, OTHER_ORG: 302},
    "restore POST": STAFF_POST,
    "print": DESK_GET,
    "print new POST": DESK_POST,
    "print status": DESK_GET,
    "print download": DESK_GET,
    "print again POST": DESK_POST,
    "projector": PUBLIC,
    "projector slide 2": PUBLIC,
    "find": PUBLIC,
    "find partial": PUBLIC,
}

UPLOAD = b"entrant_id,first_name,last_name,division\nQ001,Quinn,Late,Walk-ins\n"


def build_roles_world(media):
    """build_world's event with divisions to act on: Open (round 1 played, ready to close),
    Sixes (seated, no game yet), Duo (finished), Solo (checked in, not seated), Late and
    Pair A/B (registered), Redo and Undo (seated, no game yet: to seat again, to take
    back)."""
    world = build_world()
    event = world.event
    extra = [
        (
            "Sixes",
            "S",
            [
                ("Sa", "One"),
                ("Sb", "Two"),
                ("Sc", "Three"),
                ("Sd", "Four"),
                ("Se", "Five"),
                ("Sf", "Six"),
            ],
        ),
        ("Duo", "D", [("Da", "Alpha"), ("Db", "Beta")]),
        ("Solo", "O", [("Ola", "Alone")]),
        ("Late", "L", [("Lia", "Later")]),
        ("Pair A", "A", [("Amy", "Apple")]),
        ("Pair B", "B", [("Bea", "Berry")]),
        ("Redo", "R", [("Rae", "Ray"), ("Rob", "Roe"), ("Rus", "Rye")]),
        ("Undo", "U", [("Uma", "Umber"), ("Uli", "Ung"), ("Ugo", "Urn")]),
    ]
    for name, prefix, people in extra:
        import_rows(event, people_rows(simple_people(people), division=name, prefix=prefix))
    services.entrants_check_in(event=event)
    for external_id in ("L001", "A001", "B001"):
        services.entrant_set_status(
            entrant=Entrant.objects.get(event=event, external_id=external_id), status="registered"
        )
    division = {d.name: d for d in Division.objects.filter(event=event)}
    # Players enter scores too: every seated table has a code (the desk's Table codes page).
    services.event_configure(event=event, score_entry="both")
    services.division_seat_first_round(division=division["Sixes"], seed=5)
    services.division_seat_first_round(division=division["Duo"], seed=5)
    services.division_seat_first_round(division=division["Redo"], seed=5)
    services.division_seat_first_round(division=division["Undo"], seed=5)
    play_games(Table.objects.get(round__division=division["Duo"]), [[0, 12], [7, 0], [0, 30]])
    scoring.division_advance(division=division["Duo"])
    for table in world.tables:
        play_games(table, CLEAR_GAMES)
    # A document ready to download, and an upload waiting for its preview.
    # sam typed five wrong passwords on the hall's tablet.
    AccessAttempt.objects.create(
        username="sam",
        ip_address="10.0.0.5",
        user_agent="tablet",
        failures_since_start=5,
        attempt_time=timezone.now(),
    )
    document = GeneratedDocument.objects.create(
        event=event,
        kind="table-list",
        division=world.division,
        status="ready",
        progress=100,
        filename="table-list.pdf",
    )
    document.file.save("table-list.pdf", ContentFile(b"%PDF-1.4 test"), save=True)
    token = uuid.uuid4().hex
    # Kept for the organizer and this event, as the upload keeps it (web/uploads.py).
    kept = media / "imports" / f"{world.users['organizer'].pk}-{event.pk}"
    kept.mkdir(parents=True)
    (kept / f"{token}.csv").write_bytes(UPLOAD)
    sixes = Seat.objects.filter(round__division=division["Sixes"]).order_by(
        "table__number", "number"
    )
    code_table = Table.objects.filter(round__division=division["Sixes"]).order_by("number")[0]
    world.extra.update(
        code_table=code_table,
        code=TableCode.objects.get(table=code_table, revoked_at__isnull=True).code,
        division=division,
        document=document,
        token=token,
        swap=(sixes.first().entrant, sixes.last().entrant),
        swap_tables=(sixes.first().table_id, sixes.last().table_id),
        backup=json.dumps(event_backup(world.other)).encode(),
    )
    return world


def requests(world):
    event, extra = world.event, world.extra
    division, document = extra["division"], extra["document"]
    desk = f"/e/{event.slug}/desk"
    ann = Entrant.objects.get(event=event, external_id="P001")
    bo = Entrant.objects.get(event=event, external_id="P002")
    sam, sue = world.users["scorekeeper"], world.users["scorekeeper2"]
    first, second = extra["swap"]
    settings_data = {
        "name": event.name,
        "date": "2026-05-14",
        "venue": "Moved Hall",
        "scoring": "low",
        "minutes_per_game": "20",
        "initial_meld": "30",
        "age_bands": "50,55,60",
        "cutoff_date": "",
        "tie_1": "wins",
        "tie_2": "worst-game",
        "tie_3": "previous-round",
        "medal_policy": "combined",
        "confirmation": "second-person",
        "paper": "letter",
        "language": "en",
        "combine_below": "3",
        "ribbons_to": "8",
        "lone_entrant": "walkover",
        "qualify": "4",
        "public_names": "full",
        "personal_data_days": "90",
    }
    entrant_data = {
        "first_name": "Walk",
        "last_name": "In",
        "birth_date": "1951-02-03",
        "gender": "F",
        "club": "",
        "email": "",
        "phone": "",
        "division_name": "Walk-ins",
    }
    ann_data = {
        "first_name": "Ann",
        "last_name": "Lee",
        "birth_date": "1950-01-01",
        "gender": "",
        "club": "Changed Club",
        "email": "",
        "phone": "",
        "division_name": "Open",
    }
    preview = f"{desk}/import/preview/?token={extra['token']}&day_first=0"
    printing = f"/e/{event.slug}/print"
    return {
        "overview": ("get", f"{desk}/", None),
        "settings GET": ("get", f"{desk}/settings/", None),
        "settings POST": ("post", f"{desk}/settings/", settings_data),
        "scorekeeper add POST": ("post", f"{desk}/scorekeepers/add/", {"username": "newbie"}),
        "scorekeeper unlock POST": ("post", f"{desk}/scorekeepers/{sam.pk}/unlock/", {}),
        "scorekeeper password POST": (
            "post",
            f"{desk}/scorekeepers/{sue.pk}/password/",
            {"confirmed": "yes"},
        ),
        "scorekeeper remove POST": (
            "post",
            f"{desk}/scorekeepers/{sue.pk}/remove/",
            {"confirmed": "yes"},
        ),
        "entrants": ("get", f"{desk}/entrants/", None),
        "entrant new GET": ("get", f"{desk}/entrants/new/", None),
        "entrant new POST": ("post", f"{desk}/entrants/new/", entrant_data),
        "entrant edit GET": ("get", f"{desk}/entrants/{ann.pk}/", None),
        "entrant edit POST": ("post", f"{desk}/entrants/{ann.pk}/", ann_data),
        "import GET": ("get", f"{desk}/import/", None),
        "import POST": (
            "post",
            f"{desk}/import/",
            {"file": SimpleUploadedFile("new.csv", UPLOAD, content_type="text/csv")},
        ),
        "import preview GET": ("get", preview, None),
        "import preview POST": (
            "post",
            f"{desk}/import/preview/",
            {"token": extra["token"], "day_first": "0"},
        ),
        "checkin": ("get", f"{desk}/checkin/", None),
        "checkin search": ("get", f"{desk}/checkin/?q=later", None),
        "checkin set POST": (
            "post",
            f"{desk}/checkin/{_id(event, 'L001')}/",
            {"status": "checked_in", "q": ""},
        ),
        "checkin accessible POST": (
            "post",
            f"{desk}/checkin/{_id(event, 'L001')}/accessible/",
            {"accessible": "yes", "q": ""},
        ),
        "combine POST": (
            "post",
            f"{desk}/combine/",
            {
                "into": "Pairs",
                "divisions": [division["Pair A"].pk, division["Pair B"].pk],
                "confirmed": "yes",
            },
        ),
        "division": ("get", f"{desk}/divisions/{world.division.pk}/", None),
        "seat POST": ("post", f"{desk}/divisions/{division['Solo'].pk}/seat/", {}),
        "advance POST": (
            "post",
            f"{desk}/divisions/{world.division.pk}/advance/",
            {"round": "1", "confirmed": "yes"},
        ),
        "tie POST": (
            "post",
            f"{desk}/divisions/{world.division.pk}/tie/",
            {"round": "1", "order": [ann.external_id, bo.external_id], "note": "tile draw"},
        ),
        "swap POST": (
            "post",
            f"{desk}/divisions/{division['Sixes'].pk}/swap/",
            {"first": first.pk, "second": second.pk},
        ),
        "withdraw POST": (
            "post",
            f"{desk}/divisions/{division['Sixes'].pk}/withdraw/",
            {"entrant": first.pk, "confirmed": "yes"},
        ),
        "medals POST": (
            "post",
            f"{desk}/divisions/{division['Duo'].pk}/medals/",
            {"confirmed": "yes"},
        ),
        "reseat POST": (
            "post",
            f"{desk}/divisions/{division['Redo'].pk}/reseat/",
            {"round": division["Redo"].rounds.get().pk, "reason": "x", "confirmed": "yes"},
        ),
        "take back POST": (
            "post",
            f"{desk}/divisions/{division['Undo'].pk}/take-back/",
            {"round": division["Undo"].rounds.get().pk, "reason": "x", "confirmed": "yes"},
        ),
        "codes": ("get", f"{desk}/divisions/{division['Sixes'].pk}/codes/", None),
        "code new POST": (
            "post",
            f"{desk}/divisions/{division['Sixes'].pk}/codes/{extra['code_table'].pk}/new/",
            {"code": extra["code"], "confirmed": "yes"},
        ),
        "backup": ("get", f"{desk}/backup/", None),
        "backup download": ("get", f"{desk}/backup/?download=1", None),
        "delete GET": ("get", f"{desk}/delete/", None),
        "archive POST": ("post", f"{desk}/archive/", {"archived": "1"}),
        "event new GET": ("get", "/events/new/", None),
        "event new POST": (
            "post",
            "/events/new/",
            {"name": "Summer Games", "date": "2026-07-01", "venue": "", "scoring": "low"},
        ),
        "restore GET": ("get", "/events/restore/", None),
        "restore POST": (
            "post",
            "/events/restore/",
            {
                "file": SimpleUploadedFile("city.json", extra["backup"]),
                "slug": "city-copy",
                "confirmed": "yes",
            },
        ),
        "print": ("get", f"{printing}/", None),
        "print new POST": (
            "post",
            f"{printing}/new/",
            {"kind": "table-list", "division": str(division["Sixes"].pk), "round": ""},
        ),
        "print status": ("get", f"{printing}/{document.uuid}/status.json", None),
        "print download": ("get", f"{printing}/{document.uuid}/download/", None),
        "print again POST": ("post", f"{printing}/{document.uuid}/again/", {}),
        "projector": ("get", f"/p/{event.slug}/", None),
        "projector slide 2": ("get", f"/p/{event.slug}/?i=1", None),
        "find": ("get", f"/p/{event.slug}/find/?q=lee", None),
        "find partial": ("get", f"/p/{event.slug}/find/?q=lee&partial=1", None),
    }


def _id(event, external_id):
    return Entrant.objects.get(event=event, external_id=external_id).pk


@pytest.mark.parametrize("role", ROLES)
def test_desk_role_matrix(role, settings, tmp_path, monkeypatch):
    settings.MEDIA_ROOT = str(tmp_path)
    # No broker in this test: documents stay queued (the printing tests send them).
    monkeypatch.setattr("printing.services.document_send", lambda pk: False)
    world = build_roles_world(tmp_path)
    oscar = world.users["other_organizer"]
    oscar.is_staff = True
    oscar.save()
    event = world.event
    client = Client()
    if role != ANON:
        client.force_login(world.users[role])
    actual, responses = {}, {}
    for name, (method, path, data) in requests(world).items():
        if method == "post":
            for value in (data or {}).values():
                if hasattr(value, "seek"):
                    value.seek(0)
        response = getattr(client, method)(path, data or {})
        responses[name] = response
        actual[name] = response.status_code
        if response.status_code == 302 and response["Location"].startswith("/login/?next="):
            actual[name] = LOGIN
        # A form sent signed out: 401 in words, a "Sign in again" link (never a quiet redirect).
        if response.status_code == 401 and response.get("X-Signed-Out") == "1":
            assert 'href="/login/?next=/e/' in response.text
            actual[name] = LOGIN
    assert actual == {name: expected[role] for name, expected in MATRIX.items()}
    allowed = {name for name, expected in MATRIX.items() if expected[role] in (200, 302)}

    if role == ANON:
        assert responses["overview"]["Location"] == f"/login/?next=/e/{event.slug}/desk/"
        assert responses["print download"]["Location"].startswith(
            f"/login/?next=/e/{event.slug}/print/"
        )
    if "backup download" in allowed:
        assert (
            responses["backup download"]["Content-Disposition"]
            == 'attachment; filename="county-2026-backup.json"'
        )
        assert json.loads(responses["backup download"].content)["event"]["slug"] == "county-2026"
    if "print download" in allowed:
        assert b"".join(responses["print download"].streaming_content) == b"%PDF-1.4 test"
        assert json.loads(responses["print status"].content)["status"] == "ready"
    if "import POST" in allowed:
        assert "/desk/import/preview/?token=" in responses["import POST"]["Location"]
    for name in ("find", "find partial"):
        assert "Ann Lee" in responses[name].content.decode()

    # What each allowed POST did, and that the refused ones changed nothing.
    event.refresh_from_db()
    division = {d.name: d for d in Division.objects.filter(event=event)}
    entrants = {e.external_id: e for e in Entrant.objects.filter(event=event)}
    first, second = world.extra["swap"]
    User = get_user_model()
    done = {
        "settings POST": event.venue == "Moved Hall",
        "scorekeeper add POST": event.scorekeepers.filter(username="newbie").exists(),
        "scorekeeper unlock POST": not AccessAttempt.objects.filter(username="sam").exists(),
        "scorekeeper password POST": not User.objects.get(username="sue").check_password(PASSWORD),
        "scorekeeper remove POST": not event.scorekeepers.filter(username="sue").exists(),
        "entrant new POST": Entrant.objects.filter(event=event, first_name="Walk").exists(),
        "entrant edit POST": entrants["P001"].club == "Changed Club",
        "import POST": len(list((tmp_path / "imports").rglob("*.csv"))) == 1
        and not any((tmp_path / "imports").rglob(f"{world.extra['token']}.csv")),
        "import preview POST": "Q001" in entrants,
        "checkin set POST": entrants["L001"].status == "checked_in",
        "checkin accessible POST": entrants["L001"].accessible,
        "combine POST": division["Pair A"].combined_into_id == division["Pairs"].pk
        if "Pairs" in division
        else False,
        "seat POST": division["Solo"].walkover and division["Solo"].status == "complete",
        "advance POST": list(
            Round.objects.filter(division=world.division).values_list("number", "status")
        )
        == [(1, "closed"), (2, "seated")],
        "tie POST": TieBreakDecision.objects.filter(division=world.division).exists(),
        "swap POST": (
            Seat.objects.get(entrant=first).table_id,
            Seat.objects.get(entrant=second).table_id,
        )
        == world.extra["swap_tables"][::-1],
        "withdraw POST": Entrant.objects.get(pk=first.pk).status == "withdrawn",
        "medals POST": division["Duo"].medals_confirmed_at is not None,
        "reseat POST": RoundChange.objects.filter(division=division["Redo"]).exists()
        and division["Redo"].rounds.count() == 1,
        "take back POST": not division["Undo"].rounds.exists()
        and division["Undo"].status == "registered",
        "code new POST": TableCode.objects.filter(
            table=world.extra["code_table"], revoked_at__isnull=False
        ).exists(),
        "archive POST": event.archived_at is not None,
        "event new POST": Event.objects.filter(slug="summer-games").exists(),
        "restore POST": Event.objects.filter(slug="city-copy").exists(),
        "print new POST": GeneratedDocument.objects.filter(division=division["Sixes"]).exists(),
        "print again POST": GeneratedDocument.objects.filter(
            event=event, kind="table-list", division=world.division, status="queued"
        ).exists(),
    }
    expected = {name: name in allowed for name in done}
    assert done == expected
    if "import POST" not in allowed:
        assert [p.name for p in (tmp_path / "imports").rglob("*.csv")] == [
            f"{world.extra['token']}.csv"
        ]
    if "event new POST" in allowed:
        created = Event.objects.get(slug="summer-games")
        assert list(created.organizers.all()) == [world.users[role]]
    if "restore POST" in allowed:
        restored = Event.objects.get(slug="city-copy")
        assert restored.name == "City Senior Games"
        assert world.users[role] in restored.organizers.all()
    assert User.objects.filter(username="newbie").exists() == ("scorekeeper add POST" in allowed)
    # Nothing else moved: Open's round 1 is still as played unless it was closed.
    assert Round.objects.filter(division=world.division).count() == (
        2 if "advance POST" in allowed else 1
    )
