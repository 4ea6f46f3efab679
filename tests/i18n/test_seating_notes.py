"""A round's seating notes are stored as what they are (kind, table, players, words without
the table, language), not as words to parse: a round renumbered says the new numbers and
the desk knows which notes are about accessible tables whatever the event's language.
Notes stored as words before (old rows, old backups) are read once, in the three languages.
"""

import html

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from desk.selectors import division_desk
from scoring.backup import BackupRefused, event_backup, event_restore
from tests.helpers import organizer_client
from tests.services.test_hall import SLUG, divisions
from tournaments import engine
from tournaments import services as bracket
from tournaments.models import Event, Round

SAID = {
    "en": "Table {n}: P3 Betax needs an accessible table; no accessible table was free.",
    "fr": "Table {n}\u202f: P3 Betax a besoin d'une table accessible\u202f; "
    "aucune table accessible",
    "es": "Mesa {n}: P3 Betax necesita una mesa accesible; no quedaba ninguna mesa accesible",
}


def _beta_without_an_accessible_table(tmp_path, language: str):
    """Alpha holds the accessible tables 1-3; Beta's B03 needs one and gets table 4 or 5."""
    found = divisions(tmp_path, {"Alpha": 12, "Beta": 8})
    event = Event.objects.get(slug=SLUG)
    bracket.event_configure(event=event, accessible_tables="1,2,3", language=language)
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    bracket.entrants_mark_accessible(event=event, ids=["B03"])
    bracket.division_seat_first_round(division=found["Beta"], seed=1)
    event.refresh_from_db()
    return event, found["Beta"], Round.objects.get(division=found["Beta"], number=1)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_desk_knows_the_seating_named_a_player_in_need_in_any_language(tmp_path, language):
    """In English, French and Spanish alike: the seating's own note already names
    the player (in the event's language): the desk does not name them a second time."""
    event, beta, round_ = _beta_without_an_accessible_table(tmp_path, language)
    number = round_.tables.get(seats__entrant__external_id="B03").number
    (note,) = [n for n in round_.seating_notes if n["kind"] == "accessible"]
    assert (note["table"], note["players"], note["language"]) == (number, ["B03"], language)
    assert round_.warnings[0].startswith(SAID[language].format(n=number))
    assert division_desk(beta).accessible_notes == []
    page = html.unescape(
        organizer_client(event, language)
        .get(f"/e/{SLUG}/desk/divisions/{beta.pk}/")
        .content.decode()
    )
    assert page.count("P3 Betax") >= 1
    seating_notes = page[page.index('id="seating-notes"') :]
    seating_notes = seating_notes[: seating_notes.index("</div>")]
    assert seating_notes.count("P3 Betax") == 1
    assert SAID[language].format(n=number) in seating_notes


@pytest.mark.django_db
def test_a_player_marked_after_the_seating_is_named_by_the_desk(tmp_path):
    """The unhappy moment: a note about another player at the same table does not hide one
    marked as needing an accessible table after the round was seated."""
    event, beta, round_ = _beta_without_an_accessible_table(tmp_path, "fr")
    table = round_.tables.get(seats__entrant__external_id="B03")
    other = table.seats.exclude(entrant__external_id="B03").first().entrant
    bracket.entrants_mark_accessible(event=event, ids=[other.external_id])
    (said,) = division_desk(beta).accessible_notes
    assert said.startswith(f"Table {table.number}: {other.name} needs an accessible table")


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_round_renumbered_moves_its_notes_to_the_new_numbers(tmp_path, language):
    """The round's notes keep their table as a number: when its table is renumbered (another
    round in play holds its number), the note follows, read in the event's language."""
    event, beta, round_ = _beta_without_an_accessible_table(tmp_path, language)
    number = round_.tables.get(seats__entrant__external_id="B03").number
    # Alpha's table 3 takes Beta's number (as a backup made before hall numbers would).
    Round.objects.get(division__name="Alpha").tables.filter(number=3).update(number=number)
    moved, _ = bracket.round_renumber_clashing(event, round_)
    new = moved[str(number)]
    round_.refresh_from_db()
    (note,) = [n for n in round_.seating_notes if n["kind"] == "accessible"]
    assert (note["table"], note["players"]) == (new, ["B03"])
    assert round_.warnings[0].startswith(SAID[language].format(n=new)[:20])
    assert round_.seating_notes[1]["kind"] == "renumbered"
    assert (
        round_.warnings[1]
        == {
            "fr": f"Rejouée\u202f: la table {number} devient la table {new}.",
            "es": f"Se juega otra vez: la mesa {number} pasa a ser la mesa {new}.",
        }[language]
    )


OLD_WORDS = [
    # (stored words, event language) → (kind, table, language, text)
    (
        "Table 4: P3 Betax needs an accessible table; no accessible table was free.",
        "fr",
        ("accessible", 4, "en", "P3 Betax needs an accessible table; no accessible table was "
         "free."),
    ),
    (
        "Table 5 : P1 Betax et P2 Betax se sont déjà rencontrés dans une manche précédente.",
        "en",
        ("met", 5, "fr", "P1 Betax et P2 Betax se sont déjà rencontrés dans une manche "
         "précédente."),
    ),
    (
        "Mesa 2: P1 Betax, P2 Betax, de la familia Ng, están en la misma mesa (más miembros "
        "que mesas).",
        "en",
        ("family", 2, "es", "P1 Betax, P2 Betax, de la familia Ng, están en la misma mesa (más "
         "miembros que mesas)."),
    ),
    (
        "Mesa 3: P3 Betax necesita una mesa accesible; la sala no tiene mesas accesibles.",
        "en",
        ("accessible", 3, "es", "P3 Betax necesita una mesa accesible; la sala no tiene mesas "
         "accesibles."),
    ),
    (
        "Table 6 : P4 Betax a besoin d'une table accessible ; la salle n'a pas de table.",
        "es",
        ("accessible", 6, "fr", "P4 Betax a besoin d'une table accessible ; la salle n'a pas de "
         "table."),
    ),
    (
        "L'organisateur a échangé P1 Betax et P2 Betax.",
        "en",
        ("swapped", None, "fr", "L'organisateur a échangé P1 Betax et P2 Betax."),
    ),
    (
        "Mesas asignadas otra vez por el organizador.",
        "fr",
        ("reseated", None, "es", "Mesas asignadas otra vez por el organizador."),
    ),
    (
        "Playing again: table 2 is now table 4.",
        "fr",
        ("renumbered", None, "en", "Playing again: table 2 is now table 4."),
    ),
    ("Something an organizer typed.", "fr", ("other", None, "fr", "Something an organizer typed.")),
]  # fmt: skip


@pytest.mark.parametrize(("words", "language", "read"), OLD_WORDS)
def test_notes_stored_as_words_are_read_once_in_the_three_languages(words, language, read):
    seated = {n: [(f"B0{n}", f"P{n} Betax")] for n in range(1, 7)}
    note = engine.note_from_words(words, language, seated)
    assert (note.kind, note.table, note.language, note.text) == read
    named = f"B0{note.table}" if note.table and f"P{note.table} Betax" in words else None
    assert note.players == ((named,) if named else ())
    assert engine.is_seating_note_record(note.as_record())


def test_a_note_s_words_in_each_language():
    from django.utils import translation

    note = engine.SeatingNote("met", "Ann and Bob met in an earlier round.", 7)
    for language, lead in (("en", "Table 7: "), ("fr", "Table 7\u202f: "), ("es", "Mesa 7: ")):
        with translation.override(language):
            assert note.in_words() == lead + note.text
    assert engine.SeatingNote("reseated", "Seated again.").in_words() == "Seated again."


@pytest.mark.django_db(transaction=True)
def test_the_migration_reads_old_words_once_and_gives_them_back(tmp_path):
    old, new = (
        [("tournaments", "0026_table_code_retired")],
        [("tournaments", "0027_round_seating_notes")],
    )
    executor = MigrationExecutor(connection)
    executor.migrate(old)
    apps = executor.loader.project_state(old).apps
    Event_ = apps.get_model("tournaments", "Event")
    Division_ = apps.get_model("tournaments", "Division")
    Round_ = apps.get_model("tournaments", "Round")
    Table_ = apps.get_model("tournaments", "Table")
    Seat_ = apps.get_model("tournaments", "Seat")
    Entrant_ = apps.get_model("tournaments", "Entrant")
    event = Event_.objects.create(
        name="Old", slug="old", date="2026-05-16", language="fr", hall_tables=20
    )
    division = Division_.objects.create(event=event, name="Beta")
    entrant = Entrant_.objects.create(
        event=event,
        division=division,
        external_id="B03",
        first_name="P3",
        last_name="Betax",
        birth_date="1950-01-01",
    )
    words = [
        "Table 4 : P3 Betax a besoin d'une table accessible ; la salle n'a pas de table.",
        "Seated again by the organizer.",
        "Une remarque.",
    ]
    round_ = Round_.objects.create(
        division=division, number=1, kind="qualifying", games=3, seed=1, warnings=words
    )
    table = Table_.objects.create(round=round_, number=4)
    Seat_.objects.create(round=round_, table=table, entrant=entrant, number=1)
    Round_.objects.create(division=division, number=2, kind="final", games=1, seed=2)

    executor = MigrationExecutor(connection)
    executor.migrate(new)
    Round_ = executor.loader.project_state(new).apps.get_model("tournaments", "Round")
    first, second = Round_.objects.order_by("number")
    assert [(n["kind"], n["table"], n["players"], n["language"]) for n in first.seating_notes] == [
        ("accessible", 4, ["B03"], "fr"),
        ("reseated", None, [], "en"),
        ("other", None, [], "fr"),
    ]
    assert second.seating_notes == []
    # read in today's French typography: "Table 4\u202f:" (the words after it as stored)
    shown = Round.objects.get(pk=first.pk).warnings
    assert shown[0].startswith("Table 4\u202f: ")
    assert [w.replace("\u202f", " ") for w in shown] == words

    executor = MigrationExecutor(connection)
    executor.migrate(old)
    Round_ = executor.loader.project_state(old).apps.get_model("tournaments", "Round")
    # the words come back, the lead in today's French typography ("Table 4\u202f:")
    back = [w.replace("\u202f", " ") for w in Round_.objects.get(pk=first.pk).warnings]
    assert back == words
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_a_backup_keeps_the_notes_and_an_old_backup_s_words_are_read(tmp_path):
    event, beta, round_ = _beta_without_an_accessible_table(tmp_path, "es")
    data = event_backup(event)
    (carried,) = [r for r in data["rounds"] if r["division"] == "Beta"]
    assert carried["seating_notes"] == round_.seating_notes
    assert carried["warnings"] == round_.warnings
    restored = event_restore(data, slug="copy")
    copy = Round.objects.get(division__event=restored, division__name="Beta", number=1)
    assert copy.seating_notes == round_.seating_notes
    # A backup made before: words only, read once (the player found by the table's seats).
    del carried["seating_notes"]
    restored = event_restore(data, slug="older")
    old = Round.objects.get(division__event=restored, division__name="Beta", number=1)
    assert old.seating_notes == round_.seating_notes
    assert old.warnings == round_.warnings
    assert division_desk(old.division).accessible_notes == []


@pytest.mark.django_db
def test_a_backup_with_a_note_it_cannot_read_is_refused(tmp_path):
    event, _, _ = _beta_without_an_accessible_table(tmp_path, "en")
    data = event_backup(event)
    data["rounds"][-1]["seating_notes"] = [{"kind": "gossip", "text": "?", "table": 1}]
    with pytest.raises(BackupRefused, match="seating note"):
        event_restore(data, slug="bad")
