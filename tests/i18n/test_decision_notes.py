"""What an organizer's decision about a flagged correction did (a round that had started
stands, a round seated again, placings recomputed, settled by a later change, a round taken
back) is stored as what it is (CorrectionDecision.steps) and put into words when shown: the
reader's language on a page, English on the command line. A note stored as English words
before (old rows, old backups) is shown as it was written; the reason an organizer typed
stays as typed."""

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from printing.selectors import correction_notes
from scoring import services as scoring_services
from scoring.backup import BackupRefused, event_backup, event_restore
from scoring.models import CorrectionDecision
from scoring.selectors import division_state
from tests.factories import DivisionFactory, enter, seated
from tests.helpers import run

from .corrections import advanced_division, client_in, table_page

pytestmark = pytest.mark.django_db

STANDS = {
    "en": "Decided: accepted — Round 2 had started: it stands.",
    "fr": "Décidé : acceptée — La manche 2 avait commencé : elle reste telle quelle.",
    "es": "Decidido: aceptada — La ronda 2 ya había empezado: se queda como está.",
}
SEATED = {
    "en": "Round 2 was seated again.",
    "fr": "Les joueurs de la manche 2 ont été placés de nouveau.",
    "es": "Se asignaron de nuevo las mesas de la ronda 2.",
}
REOPENED = {
    "en": "Round 2 was taken back and round 1 reopened (late bus): closing it seats round 2",
    "fr": "La manche 2 a été annulée et la manche 1 rouverte (late bus) : quand elle sera",
    "es": "La ronda 2 se anuló y la ronda 1 se abrió de nuevo (late bus): al cerrarla,",
}
OLD_NOTE = "Round 2 had started: it stands."


@pytest.fixture
def flagged():
    """Round 1 of eight played and closed, round 2 seated, then a correction to round 1
    that changes who went on (flagged, undecided); the organizer Olive."""
    division, table, olive = advanced_division()
    change = scoring_services.score_correct(
        game=table.games.get(number=3), entrant=seated(table)[1], rack_total=200, reason="x"
    )
    return division, table, change, olive


def start_round_two(division):
    enter(division.rounds.get(number=2).tables.first(), 1, (0, 5, 9, 12))


def test_accepted_on_a_french_page_the_note_is_stored_as_what_it_is_and_read_in_each_language(
    flagged,
):
    division, table, change, olive = flagged
    start_round_two(division)
    answer = client_in("fr", olive).post(
        f"/e/{division.event.slug}/desk/divisions/{division.pk}/corrections/accept/"
    )
    assert answer.status_code == 302
    decision = CorrectionDecision.objects.get(change=change)
    assert decision.steps == [{"kind": "stands", "round": 2}]
    for language in ("fr", "es", "en"):
        page = table_page(division, table, language, olive)
        assert STANDS[language] in page, language
        if language != "en":
            assert "had started" not in page, language
    assert decision.round_stood


def test_seated_again_and_placings_recomputed_have_their_words(flagged):
    division, _table, change, _olive = flagged
    scoring_services.corrections_accept(division=division)
    decision = CorrectionDecision.objects.get(change=change)
    assert decision.steps == [{"kind": "seated", "round": 2}]
    assert not decision.round_stood
    for language, words in SEATED.items():
        with translation.override(language):
            assert decision.note == words
    decision.steps = [{"kind": "placed"}, {"kind": "settled"}]
    with translation.override("fr"):
        assert decision.note == (
            "Classement recalculé\u202f; les médailles sont à confirmer de nouveau. Une "
            "modification plus tard a laissé les résultats tels qu'ils étaient enregistrés."
        )
    with translation.override("es"):
        assert decision.note.startswith("Puestos calculados de nuevo; hay que confirmar")


def test_a_round_taken_back_keeps_the_reason_as_typed_in_each_language(flagged):
    division, table, change, olive = flagged
    with translation.override("fr"):  # the organizer's page: nothing stored in French
        scoring_services.round_reopen(division=division, reason=" late bus ", user=olive)
    decision = CorrectionDecision.objects.get(change=change)
    assert decision.choice == "settled"
    assert decision.steps == [
        {"kind": "reopened", "removed": 2, "reopened": 1, "reason": "late bus"}
    ]
    for language in ("fr", "es", "en"):
        assert REOPENED[language] in table_page(division, table, language, olive), language


def test_the_command_line_says_the_decision_in_english(flagged):
    division, _table, change, _olive = flagged
    start_round_two(division)
    with translation.override("fr"):
        said = run("accept_correction", division.event.slug, "--division", division.name)
        exported = run("export_results", division.event.slug, "--format", "json")
    assert "Round 2 had started: it stands" in said
    (flag,) = [
        c for d in json.loads(exported)["divisions"] for c in d.get("flagged_corrections", [])
    ]
    assert flag["decision"] == "accepted"
    assert flag["decision_note"] == "Round 2 had started: it stands."


def test_the_printed_results_read_the_stored_kind_not_the_words(flagged):
    division, _table, change, _olive = flagged
    start_round_two(division)
    scoring_services.corrections_accept(division=division)
    division.event.language = "fr"
    division.event.save(update_fields=["language"])
    (note,) = correction_notes(division_state(division))
    assert note.replace("\xa0", " ") == (
        "La manche 1 a été corrigée après le début de la manche 2 (x)\u202f: la manche 2 reste "
        "telle qu'elle a été jouée."
    )

    # Seated again (no round stood): nothing to print about a round that stands.
    decision = CorrectionDecision.objects.get(change=change)
    CorrectionDecision.objects.filter(pk=decision.pk).update(steps=[{"kind": "seated", "round": 2}])
    assert correction_notes(division_state(division)) == ()
    # A note written in English words before still counts, as written.
    CorrectionDecision.objects.filter(pk=decision.pk).update(steps=[{"text": OLD_NOTE}])
    assert len(correction_notes(division_state(division))) == 1


def test_a_note_stored_as_english_words_is_shown_as_written(flagged):
    division, table, change, olive = flagged
    CorrectionDecision.objects.create(change=change, choice="accepted", steps=[{"text": OLD_NOTE}])
    assert f"Décidé : acceptée — {OLD_NOTE}" in table_page(division, table, "fr", olive)


def test_a_backup_keeps_the_steps_and_an_old_backup_keeps_its_words(flagged):
    division, _table, change, _olive = flagged
    with translation.override("es"):
        scoring_services.round_reopen(division=division, reason="late bus")
    stored = CorrectionDecision.objects.get(change=change).steps
    data = event_backup(division.event)
    (entry,) = [c for c in data["audit"] if c["decision"]]
    assert entry["decision"]["steps"] == stored
    assert entry["decision"]["note"].startswith(REOPENED["en"])  # for a site reading words

    copy = event_restore(data, slug="copy")
    restored = CorrectionDecision.objects.get(change__division__event=copy)
    assert restored.steps == stored
    assert [c["decision"] for c in event_backup(copy)["audit"]] == [
        c["decision"] for c in data["audit"]
    ]

    # A backup made before steps were stored: only the English words.
    del entry["decision"]["steps"]
    entry["decision"]["note"] = OLD_NOTE
    old = event_restore(data, slug="old")
    restored = CorrectionDecision.objects.get(change__division__event=old)
    assert restored.steps == [{"text": OLD_NOTE}]
    with translation.override("es"):
        assert restored.note == OLD_NOTE
    entry["decision"]["note"] = ""
    empty = event_restore(data, slug="empty")
    assert CorrectionDecision.objects.get(change__division__event=empty).steps == []


@pytest.mark.parametrize(
    "steps",
    [
        {"kind": "stands", "round": 2},
        [{"kind": "stands"}],
        [{"kind": "stands", "round": "2"}],
        [{"kind": "stands", "round": 0}],
        [{"kind": "stands", "round": True}],
        [{"kind": "moved", "round": 2}],
        [{"kind": "reopened", "removed": 2, "reopened": 1, "reason": 3}],
        [{"kind": "settled", "round": 2}],
        [{"text": ""}],
        ["Round 2 had started"],
    ],
)
def test_a_backup_with_steps_it_cannot_read_is_refused(flagged, steps):
    division, *_ = flagged
    scoring_services.corrections_accept(division=division)
    data = event_backup(division.event)
    (entry,) = [c for c in data["audit"] if c["decision"]]
    entry["decision"]["steps"] = steps
    with pytest.raises(BackupRefused, match="note"):
        event_restore(data, slug="bad")


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_old_notes_as_their_words_and_gives_them_back():
    executor = MigrationExecutor(connection)
    old, new = (
        [("scoring", "0006_correction_consequence")],
        [("scoring", "0007_correction_decision_steps")],
    )
    executor.migrate(old)
    apps = executor.loader.project_state(old).apps
    division_id = DivisionFactory().pk  # tournaments' tables are as they are now
    Change = apps.get_model("scoring", "ScoreChange")
    Decision = apps.get_model("scoring", "CorrectionDecision")
    for note in (OLD_NOTE, ""):
        change = Change.objects.create(
            division_id=division_id, round_number=1, action="corrected", consequence={"text": "x"}
        )
        Decision.objects.create(change=change, choice="accepted", note=note)

    executor = MigrationExecutor(connection)
    executor.migrate(new)
    apps = executor.loader.project_state(new).apps
    Change, Decision = (apps.get_model("scoring", m) for m in ("ScoreChange", "CorrectionDecision"))
    assert sorted(Decision.objects.values_list("steps", flat=True), key=len) == [
        [],
        [{"text": OLD_NOTE}],
    ]
    Decision.objects.create(
        change=Change.objects.create(division_id=division_id, round_number=1, action="corrected"),
        choice="settled",
        steps=[{"kind": "reopened", "removed": 2, "reopened": 1, "reason": "late bus"}],
    )

    executor = MigrationExecutor(connection)
    executor.migrate(old)
    Decision = executor.loader.project_state(old).apps.get_model("scoring", "CorrectionDecision")
    assert sorted(Decision.objects.values_list("note", flat=True)) == [
        "",
        OLD_NOTE,
        "Round 2 was taken back and round 1 reopened (late bus): closing it seats round 2 "
        "from the scores as they are.",
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
