"""One division of 2,000 entrants played from registration to medals through the commands,
with the pages a hall opens on the way, on the database the venue's laptop runs (SQLite).

SQLite refuses an expression nested more than 1,000 deep: a query whose size grows with
the field (a prefetch of each seat's entrant, which Django sends to SQLite as one
condition per entrant) fails there from about 1,000 players, and the command's
transaction rolls back. This test keeps every step of a large field's day under that
limit: seating, a round seated again and one taken back, scores in, each round closed,
every document printed, the exports and the pages.
"""

import csv
import io
import json

import pytest
from django.db import connection
from django.test import Client
from pypdf import PdfReader

from printing.models import GeneratedDocument
from tests.factories import UserFactory
from tests.helpers import entrants_file, import_scores, ranked_game, run, score_rows, tables_of
from tournaments import services
from tournaments.models import Division, Entrant, Event, Round, Seat, TableCode

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.slow,
    # PostgreSQL has no such limit, and the pages' benchmark plays large fields on it.
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's limit on expressions"),
]

SLUG = "state-meet"
FIELD = 2000
DIVISION = "Open"


def _register(tmp_path) -> Event:
    players = [
        (
            f"P{n:04d}",
            f"First{n}",
            f"Last{n}",
            "1950-06-01",
            "FM"[n % 2],
            f"Club {n % 60}",
            DIVISION,
        )
        for n in range(1, FIELD + 1)
    ]
    run(
        "import_entrants",
        SLUG,
        entrants_file(tmp_path / "entrants.csv", players),
        "--create-event",
        "--name",
        "State meet",
        "--date",
        "2026-06-01",
    )
    run("checkin", SLUG)
    event = Event.objects.get(slug=SLUG)
    # Players enter scores too: every table of every round gets a table code.
    return services.event_configure(event=event, score_entry=Event.ScoreEntry.BOTH)


def _play(tmp_path, number: int) -> None:
    """Every game of round ``number``, entered with import_scores: at each table the first
    seat goes out and the others hold 10, 20, 30 (no tie to settle)."""
    round_ = Round.objects.get(division__event__slug=SLUG, number=number)
    rows = []
    for table, players in tables_of(SLUG, DIVISION, number).items():
        for game in range(1, round_.games + 1):
            rows += score_rows(DIVISION, number, table, game, ranked_game(players, game))
    import_scores(SLUG, tmp_path / f"scores-{number}.csv", rows)


def _pages(event: Event) -> dict[str, str]:
    division = Division.objects.get(event=event, name=DIVISION)
    round_ = Round.objects.filter(division=division).order_by("-number").first()
    table = round_.tables.order_by("-number").first()
    code = TableCode.objects.get(table=table, revoked_at__isnull=True).code
    slug = event.slug
    return {
        "projector": f"/p/{slug}/",
        "find my table": f"/p/{slug}/find/?q=last1999",
        "results": f"/p/{slug}/results/",
        "standings": f"/e/{slug}/standings/{division.pk}/",
        "desk overview": f"/e/{slug}/desk/",
        "desk division": f"/e/{slug}/desk/divisions/{division.pk}/",
        "check-in": f"/e/{slug}/desk/checkin/",
        "entrants": f"/e/{slug}/desk/entrants/",
        "table page": f"/e/{slug}/tables/{table.pk}/",
        "table codes": f"/e/{slug}/desk/divisions/{division.pk}/codes/?round={round_.number}",
        "players' table page": f"/t/{code}/",
        "print page": f"/e/{slug}/print/",
    }


def _open_pages(event: Event) -> None:
    organizer = UserFactory()
    event.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    answers = {name: client.get(url).status_code for name, url in _pages(event).items()}
    expected = dict.fromkeys(answers, 200)
    if Division.objects.get(event=event).status == Division.Status.COMPLETE:
        expected["players' table page"] = 410  # the final's code: its round is closed
    assert answers == expected


def test_a_division_of_2000_is_seated_played_and_printed_on_sqlite(tmp_path):
    event = _register(tmp_path)

    seated = run("seat", SLUG, "--all")
    assert seated.count("  Table ") == FIELD // 4
    assert "(P2000)" in seated
    assert Seat.objects.filter(round__number=1).count() == FIELD

    # Fixing the seating before play: seated again, then taken back and seated anew.
    again = run("seat", SLUG, "--division", DIVISION, "--reseat", "--reason", "wrong list")
    assert again.count("  Table ") == FIELD // 4
    run("reopen_round", SLUG, "--division", DIVISION, "--reason", "late arrivals")
    assert not Round.objects.filter(division__event=event).exists()
    run("seat", SLUG, "--all")
    _open_pages(event)

    _play(tmp_path, 1)
    assert "round 2" in run("advance", SLUG, "--division", DIVISION)
    # A later round taken back reopens the round before it, renumbering its tables where
    # needed; closing that round again seats the next one anew.
    run("reopen_round", SLUG, "--division", DIVISION, "--reason", "a score was wrong")
    assert Round.objects.get(division__event=event, number=1).status == Round.Status.IN_PLAY
    advanced = run("advance", SLUG, "--division", DIVISION)
    number = 2
    while "is complete" not in advanced:
        _play(tmp_path, number)
        advanced = run("advance", SLUG, "--division", DIVISION)
        number += 1
    assert number == 7  # 500 tables, 125, 32, 8, 2, then the final
    assert Division.objects.get(event=event).status == Division.Status.COMPLETE
    assert "gold: First" in advanced

    for kind in GeneratedDocument.Kind.values:
        # The documents of a round for round 1 (500 tables), the others for the division.
        of_a_round = kind in ("table-list", "score-sheets")
        which = ["--division", DIVISION] if of_a_round or kind == "bracket" else []
        which += ["--round", 1] if of_a_round else []
        out = tmp_path / f"{kind}.pdf"
        run("print_documents", SLUG, "--kind", kind, *which, "--out", out)
        pages = len(PdfReader(out).pages)
        assert pages >= (FIELD // 4 if kind == "score-sheets" else 1), (kind, pages)

    results = json.loads(run("export_results", SLUG))
    placings = results["divisions"][0]["placings"]
    assert len(placings) == FIELD
    assert [p["medal"] for p in placings[:3]] == ["gold", "silver", "bronze"]
    rows = list(csv.DictReader(io.StringIO(run("export_seating", SLUG))))
    assert len({r["entrant_id"] for r in rows}) == FIELD
    assert Entrant.objects.filter(event=event).count() == FIELD
    run("backup_event", SLUG, "--out", tmp_path / "backup.json")
    _open_pages(event)
