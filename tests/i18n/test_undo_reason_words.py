"""An undo of a flagged correction or late penalty is stored as one (ScoreChange.undo) with
the reason of the change undone as typed; the audit trail says "Undo of the correction
“misread”" in the reader's language. Undos stored as English words before (old rows, old
backups) are read once into the same shape."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from scoring import services as scoring_services
from scoring.backup import BackupRefused, event_backup, event_restore
from scoring.models import ScoreChange
from tests.factories import DivisionFactory, seated

from .corrections import advanced_division, client_in, table_page

pytestmark = pytest.mark.django_db

UNDO = {
    "en": "reason: Undo of the correction “misread”",
    "fr": "raison : Annulation de la correction « misread »",
    "es": "motivo: Se deshizo la corrección «misread»",
}
OLD_REASON = "Undo of the correction “misread”"


@pytest.fixture
def flagged():
    """Round 1 of eight played and closed, round 2 seated, then a correction to round 1
    that changes who went on (flagged, undecided); the organizer Olive."""
    division, table, olive = advanced_division()
    change = scoring_services.score_correct(
        game=table.games.get(number=3), entrant=seated(table)[1], rack_total=200, reason="misread"
    )
    return division, table, change, olive


def test_an_undo_made_on_a_french_page_reads_in_each_language(flagged):
    division, table, change, olive = flagged
    answer = client_in("fr", olive).post(
        f"/e/{division.event.slug}/desk/divisions/{division.pk}/corrections/{change.pk}/undo/"
    )
    assert answer.status_code == 302
    undo = ScoreChange.objects.get(undo=True)
    assert (undo.reason, undo.action) == ("misread", "corrected")
    for language in ("fr", "es", "en"):
        page = table_page(division, table, language, olive)
        assert UNDO[language] in page, language
        if language != "en":
            assert "Undo of" not in page, language


def test_an_undone_late_penalty_says_so_in_spanish(flagged):
    division, table, change, _olive = flagged
    scoring_services.correction_undo(change=change)  # the correction first
    penalty = scoring_services.penalty_add(
        round_=division.rounds.get(number=1),
        entrant=seated(table)[1],
        points=200,
        reason="teléfono",
    )
    assert penalty.change.consequence
    undo = scoring_services.correction_undo(change=penalty.change)
    assert undo.undo and undo.reason == "teléfono"
    with translation.override("es"):
        assert undo.reason_words == "Se deshizo la penalización «teléfono»"
    with translation.override("en"):
        assert undo.reason_words == "Undo of the penalty “teléfono”"
    typed = ScoreChange.objects.filter(undo=False, action="penalty").get()
    with translation.override("fr"):
        assert typed.reason_words == "teléfono"  # typed by a person: as typed


def test_a_backup_says_the_undo_in_english_and_restores_it_as_one(flagged):
    division, _table, change, _olive = flagged
    scoring_services.correction_undo(change=change)
    data = event_backup(division.event)
    (entry,) = [c for c in data["audit"] if c["undo"]]
    assert entry["reason"] == OLD_REASON  # what a site made before reads
    copy = event_restore(data, slug="copy")
    restored = ScoreChange.objects.get(division__event=copy, undo=True)
    assert restored.reason == "misread"
    assert event_backup(copy)["audit"][-1]["reason"] == OLD_REASON

    # A backup made before: no "undo", the English words only.
    for c in data["audit"]:
        del c["undo"]
    old = event_restore(data, slug="old")
    assert ScoreChange.objects.get(division__event=old, undo=True).reason == "misread"
    assert ScoreChange.objects.filter(division__event=old, undo=True).count() == 1

    # A person's reason that only looks like an undo's, marked as not one: as typed.
    entry["undo"] = False
    typed = event_restore(data, slug="typed")
    assert not ScoreChange.objects.filter(division__event=typed, undo=True).exists()
    assert ScoreChange.objects.filter(division__event=typed, reason=OLD_REASON).count() == 1


@pytest.mark.parametrize(
    ("undo", "reason", "refusal"),
    [
        ("yes", OLD_REASON, "true or false"),
        (True, "misread", "does not say which"),
        (True, 7, "its reason"),
    ],
)
def test_a_backup_with_an_undo_it_cannot_read_is_refused(flagged, undo, reason, refusal):
    division, _table, change, _olive = flagged
    scoring_services.correction_undo(change=change)
    data = event_backup(division.event)
    (entry,) = [c for c in data["audit"] if c["undo"]]
    entry["undo"], entry["reason"] = undo, reason
    with pytest.raises(BackupRefused, match=refusal):
        event_restore(data, slug="bad")


@pytest.mark.django_db(transaction=True)
def test_the_migration_reads_old_undos_once_and_writes_them_back():
    executor = MigrationExecutor(connection)
    old, new = (
        [("scoring", "0007_correction_decision_steps")],
        [("scoring", "0008_score_change_undo")],
    )
    executor.migrate(old)
    apps = executor.loader.project_state(old).apps
    division_id = DivisionFactory().pk
    Change = apps.get_model("scoring", "ScoreChange")
    reasons = [
        ("corrected", OLD_REASON),
        ("penalty", "Undo of the penalty “late\nback”"),
        ("corrected", "Undo of the correction without its quotes"),
        ("corrected", "misread"),
    ]
    for action, reason in reasons:
        Change.objects.create(division_id=division_id, round_number=1, action=action, reason=reason)

    executor = MigrationExecutor(connection)
    executor.migrate(new)
    Change = executor.loader.project_state(new).apps.get_model("scoring", "ScoreChange")
    assert list(Change.objects.order_by("pk").values_list("undo", "reason")) == [
        (True, "misread"),
        (True, "late\nback"),
        (False, "Undo of the correction without its quotes"),
        (False, "misread"),
    ]

    executor = MigrationExecutor(connection)
    executor.migrate(old)
    Change = executor.loader.project_state(old).apps.get_model("scoring", "ScoreChange")
    assert list(Change.objects.order_by("pk").values_list("action", "reason")) == reasons
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
