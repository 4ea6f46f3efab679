"""A correction's consequence (who advanced, the byes, the medals, an open tie) is stored as
what it is and put into words when shown, in the reader's language: a correction made on a
French page reads in Spanish on a Spanish page, one made on the command line reads in
French on a French page, and the command line says it in English. A flag stored as English
words before (old rows, old backups) is still shown as it was written."""

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from scoring import services as scoring_services
from scoring.backup import BackupRefused, event_backup, event_restore
from scoring.models import ScoreChange
from tests.factories import DivisionFactory, seated
from tests.helpers import run
from tournaments import engine

from .corrections import advanced_division, client_in, table_page

pytestmark = pytest.mark.django_db

OLD_FLAG = (
    "This correction would change who advanced from round 1: by the scores now, Old Name "
    "instead of Other Name. The next round is left as seated until the organizer decides."
)
SAID = {
    "en": "This correction would change who advanced from round 1: by the scores now,",
    "fr": "Cette correction changerait qui est qualifié à la manche 1\u202f: d'après les scores",
    "es": "Esta corrección cambiaría quién pasa de la ronda 1: según los puntos ahora,",
}


@pytest.fixture
def advanced():
    """Round 1 of eight players played and closed, round 2 seated; the organizer Olive."""
    return advanced_division()


def test_a_correction_made_in_french_is_stored_as_what_it_is_and_read_in_each_language(
    advanced,
):
    division, table, olive = advanced
    second, third = seated(table)[1], seated(table)[2]
    client = client_in("fr", olive)
    answer = client.post(
        f"/e/{division.event.slug}/tables/{table.pk}/games/3/correct/",
        {"entrant": second.pk, "rack_total": "200", "reason": "misread"},
    )
    said = [str(m) for m in get_messages(answer.wsgi_request)]
    assert any(SAID["fr"] in m and third.name in m and second.name in m for m in said), said
    assert not any("This correction" in m for m in said)

    change = ScoreChange.objects.get(action="corrected")
    assert change.consequence == {
        "kind": "advanced",
        "round": 1,
        "now": [third.external_id],
        "instead_of": [second.external_id],
        "names": {third.external_id: third.name, second.external_id: second.name},
    }
    for language in ("fr", "es", "en"):
        page = table_page(division, table, language, olive, squeeze=False)
        assert SAID[language] in page, language
        if language != "en":
            assert "This correction would" not in page, language
    with translation.override("es"):
        assert change.flag.startswith(SAID["es"])


def test_a_correction_made_on_the_command_line_says_english_there_and_french_on_the_page(
    advanced,
):
    division, table, olive = advanced
    second = seated(table)[1]
    with translation.override("fr"):  # whatever the active language, a command says English
        said = run(
            "correct_score", division.event.slug, "--division", division.name, "--round", "1",
            "--table", str(table.number), "--game", "3", "--entrant", second.external_id,
            "--rack-total", "200", "--reason", "misread",
        )  # fmt: skip
    assert f"ATTENTION: {SAID['en']}" in said
    assert "Cette correction" not in said
    page = table_page(division, table, "fr", olive, squeeze=False)
    assert SAID["fr"] in page and "This correction would" not in page


def test_a_late_penalty_that_changes_who_advanced_warns_in_spanish(advanced):
    division, table, olive = advanced
    second = seated(table)[1]
    answer = client_in("es", olive).post(
        f"/e/{division.event.slug}/tables/{table.pk}/penalty/",
        {"entrant": str(second.pk), "points": "200", "reason": "teléfono"},
    )
    said = [str(m) for m in get_messages(answer.wsgi_request)]
    assert any(m.startswith(SAID["es"]) for m in said), said


def test_every_consequence_has_its_words_in_french_and_spanish():
    for kind in engine.Consequence:
        effect = engine.CorrectionEffect(kind, 2, now=("A",), instead_of=())
        record = effect.as_record({"A": "Ann Lee"})
        with translation.override("en"):
            english = engine.consequence_words(record)
        assert english == effect.describe({"A": "Ann Lee"})
        for language in ("fr", "es"):
            with translation.override(language):
                words = engine.consequence_words(record)
            assert words and words != english, (kind, language)
    with translation.override("fr"):
        nobody = engine.CorrectionEffect(engine.Consequence.ADVANCED, 1).describe()
    assert "personne au lieu de personne" in nobody


def test_a_flag_stored_as_english_words_is_still_shown_as_written(advanced):
    division, table, olive = advanced
    ScoreChange.objects.create(
        division=division,
        round_number=1,
        table_number=table.number,
        game_number=3,
        entrant=seated(table)[1],
        action=ScoreChange.Action.CORRECTED,
        before={"rack_total": 14},
        after={"rack_total": 200},
        reason="misread",
        consequence={"text": OLD_FLAG},
    )
    page = table_page(division, table, "fr", olive, squeeze=False)
    assert OLD_FLAG in page


def test_a_backup_keeps_the_consequence_and_an_old_backup_keeps_its_words(advanced):
    division, table, olive = advanced
    scoring_services.score_correct(
        game=table.games.get(number=3), entrant=seated(table)[1], rack_total=200, reason="x"
    )
    stored = ScoreChange.objects.get(action="corrected").consequence
    data = event_backup(division.event)
    (flagged,) = [c for c in data["audit"] if c["consequence"]]
    assert flagged["consequence"] == stored
    assert flagged["flag"].startswith(SAID["en"])  # for a site that reads only the words

    copy = event_restore(data, slug="copy")
    restored = ScoreChange.objects.get(division__event=copy, action="corrected")
    assert restored.consequence == stored

    # A backup made before consequences were stored: only the English words.
    del flagged["consequence"]
    flagged["flag"] = OLD_FLAG
    for change in data["audit"]:
        change.pop("consequence", None)
    old = event_restore(data, slug="old")
    restored = ScoreChange.objects.get(division__event=old, action="corrected")
    assert restored.consequence == {"text": OLD_FLAG}
    with translation.override("es"):
        assert restored.flag == OLD_FLAG
    assert ScoreChange.objects.filter(division__event=old).exclude(consequence=None).count() == 1


@pytest.mark.parametrize(
    "consequence",
    [
        {"kind": "advanced"},
        {"kind": "moved", "round": 1},
        {"kind": "advanced", "round": "1"},
        {"kind": "advanced", "round": 1, "now": "H1"},
        {"kind": "advanced", "round": 1, "names": {"H1": 3}},
        {"text": ""},
        "This correction would change",
    ],
)
def test_a_backup_with_a_consequence_it_cannot_read_is_refused(advanced, consequence):
    division, table, _ = advanced
    scoring_services.score_correct(
        game=table.games.get(number=3), entrant=seated(table)[1], rack_total=200, reason="x"
    )
    data = event_backup(division.event)
    (flagged,) = [c for c in data["audit"] if c["consequence"]]
    flagged["consequence"] = consequence
    with pytest.raises(BackupRefused, match="consequence"):
        event_restore(data, slug="bad")


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_old_flags_as_their_words_and_gives_them_back():
    executor = MigrationExecutor(connection)
    old, new = (
        [("scoring", "0005_players_at_the_table")],
        [("scoring", "0006_correction_consequence")],
    )
    executor.migrate(old)
    apps = executor.loader.project_state(old).apps
    division_id = DivisionFactory().pk  # tournaments' tables are as they are now
    Change = apps.get_model("scoring", "ScoreChange")
    Change.objects.create(
        division_id=division_id, round_number=1, action="corrected", flag=OLD_FLAG
    )
    Change.objects.create(division_id=division_id, round_number=1, action="entered", flag="")

    executor = MigrationExecutor(connection)
    executor.migrate(new)
    apps = executor.loader.project_state(new).apps
    Change = apps.get_model("scoring", "ScoreChange")
    assert sorted(Change.objects.values_list("action", "consequence")) == [
        ("corrected", {"text": OLD_FLAG}),
        ("entered", None),
    ]

    executor = MigrationExecutor(connection)
    executor.migrate(old)
    Change = executor.loader.project_state(old).apps.get_model("scoring", "ScoreChange")
    assert sorted(Change.objects.values_list("action", "flag")) == [
        ("corrected", OLD_FLAG),
        ("entered", ""),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
