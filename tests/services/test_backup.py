"""backup_event / restore_event: a whole event out to one file and back, here or elsewhere."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.db import transaction

from scoring.models import ScoreChange
from tests.helpers import (
    cli,
    entrants_file,
    import_scores,
    run,
    score_rows,
    snapshot,
    tables_of,
)
from tournaments.models import Entrant, Event


def export(slug: str) -> dict:
    return json.loads(run("export_results", slug))


def without_slug(data: dict) -> dict:
    data = json.loads(json.dumps(data))
    data["event"].pop("slug")
    return data


def comparable_backup(path) -> dict:
    """A backup without its short name: everything else, every time included, comes back."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["event"].pop("slug")
    return data


@pytest.fixture
def simulated(db):
    out = run("simulate_event", "sim40", "--entrants", 40, "--seed", 4040)
    assert "Simulated 40 entrants in " in out
    return Event.objects.get(slug="sim40")


def test_backup_then_restore_under_another_slug_gives_the_same_results(tmp_path, simulated):
    path = tmp_path / "sim40.json"
    assert run("backup_event", "sim40", "--out", path) == f"Backed up {simulated.name} to {path}.\n"
    assert not (tmp_path / "sim40.json.part").exists()
    assert run("restore_event", path, "--as", "sim40-copy") == (
        f"Restored {simulated.name} (sim40-copy).\n"
    )
    original, copy = export("sim40"), export("sim40-copy")
    assert copy["event"]["slug"] == "sim40-copy"
    assert without_slug(copy) == without_slug(original)
    # Every division finished, and the copy has the same 40 players.
    assert {d["status"] for d in copy["divisions"]} == {"complete"}
    assert sum(len(d["placings"]) for d in copy["divisions"]) == 40
    assert Entrant.objects.filter(event__slug="sim40-copy").count() == 40
    # The copy backs up to the same document (audit trail included).
    again = tmp_path / "copy.json"
    run("backup_event", "sim40-copy", "--out", again)
    assert comparable_backup(again) == comparable_backup(path)
    assert (
        ScoreChange.objects.filter(division__event__slug="sim40-copy").count()
        == ScoreChange.objects.filter(division__event__slug="sim40").count()
        > 0
    )


def test_restore_refuses_an_existing_slug_and_damaged_files(tmp_path, simulated):
    path = tmp_path / "sim40.json"
    run("backup_event", "sim40", "--out", path)
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        run("restore_event", path)
    assert str(refused.value) == (
        "An event 'sim40' already exists here; restore under another name with --as SLUG "
        "(for example --as sim40-2)."
    )
    damaged = json.loads(path.read_text(encoding="utf-8"))
    del damaged["rounds"][-1]["tables"][0]["seats"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(damaged), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        run("restore_event", broken, "--as", "broken")
    assert str(refused.value) == (
        "The backup was not restored: division 90-94, round 2, table 1: its seats should be "
        "a list. Nothing was changed."
    )
    other = tmp_path / "other.json"
    other.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(CommandError, match="^This file is not an event backup made by"):
        run("restore_event", other, "--as", "other")
    text = tmp_path / "text.json"
    text.write_text("not json", encoding="utf-8")
    with pytest.raises(CommandError, match=r"text.json: That file is not a backup made by"):
        run("restore_event", text, "--as", "other")
    assert snapshot() == before
    assert not Event.objects.filter(slug__in=["broken", "other"]).exists()


@pytest.mark.slow
def test_restore_into_a_brand_new_database(tmp_path, simulated, fresh_sqlite):
    path = tmp_path / "sim40.json"
    run("backup_event", "sim40", "--out", path)
    restored = cli(fresh_sqlite, "restore_event", path)
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout == f"Restored {simulated.name} (sim40).\n"
    exported = cli(fresh_sqlite, "export_results", "sim40")
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout) == export("sim40")
    csv_there = cli(fresh_sqlite, "export_results", "sim40", "--format", "csv")
    assert csv_there.stdout == run("export_results", "sim40", "--format", "csv")


def _event_in_progress(tmp_path):
    """An event caught mid-way: a tie decision, a penalty, a correction, a withdrawal, a
    no-show, a combined bracket and a walkover, and a final with some scores."""
    people = [
        (
            f"P{n}",
            f"Pat{n}",
            "Ångström" if n == 1 else "Núñez",
            "1950-01-01",
            "F",
            "Club A" if n % 2 else "",
            "Open",
        )
        for n in range(1, 10)
    ]
    people += [
        ("A1", "Al", "Ash", "1950-01-01", "M", "", "A"),
        ("B1", "Bo", "Birch", "1950-01-01", "M", "", "B"),
        ("S1", "Sol", "Solo", "1950-01-01", "M", "", "Solo"),
    ]
    path = entrants_file(tmp_path / "p.csv", people)
    run(
        "import_entrants",
        "mid",
        path,
        "--create-event",
        "--name",
        "Mid Event",
        "--date",
        "2026-05-16",
    )
    run("configure_event", "mid", "--medals", "age-group", "--minutes-per-game", 25)
    run("combine_divisions", "mid", "--into", "AB", "A", "B")
    run("checkin", "mid", "--absent", "P9")
    run("seat", "mid", "--all", "--seed", 99)
    # Table numbers are the hall's: AB holds one too, so Open's need not start at 1.
    tables = tables_of("mid", "Open", 1)
    first, second = sorted(tables)
    rows = []
    for number, seats in tables.items():
        if number == first:
            a, b, c, d = seats  # b and c tie on total, wins and worst game for 2nd place
            games = [
                {a: 0, b: 10, c: 20, d: 30},
                {a: 0, b: 20, c: 10, d: 30},
                {a: 0, b: 15, c: 15, d: 30},
            ]
        else:
            games = [{p: 0 if i == 0 else 10 * i + 2 for i, p in enumerate(seats)}] * 3
        for game, racks in enumerate(games, start=1):
            rows += score_rows("Open", 1, number, game, racks)
    import_scores("mid", tmp_path / "r1.csv", rows)
    run(
        "penalty",
        "mid",
        "--division",
        "Open",
        "--round",
        1,
        "--entrant",
        tables[second][3],
        "--points",
        4,
        "--reason",
        "late",
    )
    with pytest.raises(CommandError, match="are tied for a place in the next round"):
        run("advance", "mid", "--division", "Open")
    run(
        "resolve_tie",
        "mid",
        "--division",
        "Open",
        "--round",
        1,
        "--order",
        f"{tables[first][2]},{tables[first][1]}",
        "--note",
        "tile draw",
    )
    run("advance", "mid", "--division", "Open", "--seed", 5)
    run(
        "correct_score",
        "mid",
        "--division",
        "Open",
        "--round",
        1,
        "--table",
        second,
        "--game",
        1,
        "--entrant",
        tables[second][3],
        "--rack-total",
        33,
        "--reason",
        "typo",
    )
    [(final_table, final)] = tables_of("mid", "Open", 2).items()
    run("checkin", "mid", "--withdraw", final[3])
    import_scores(
        "mid",
        tmp_path / "r2.csv",
        score_rows("Open", 2, final_table, 1, {final[0]: 0, final[1]: 4, final[2]: 9}),
    )
    [(ab_table, ab)] = tables_of("mid", "AB", 1).items()
    import_scores(
        "mid",
        tmp_path / "ab.csv",
        [
            row
            for game in (1, 2, 3)
            for row in score_rows("AB", 1, ab_table, game, {ab[0]: 0, ab[1]: 7})
        ],
    )
    run("advance", "mid", "--division", "AB")


def test_an_event_in_progress_survives_backup_and_restore(tmp_path, db):
    _event_in_progress(tmp_path)
    original = export("mid")
    assert [d["name"] for d in original["divisions"]] == ["AB", "Open", "Solo"]
    assert [d["status"] for d in original["divisions"]] == ["complete", "in_play", "complete"]
    path = tmp_path / "mid.json"
    run("backup_event", "mid", "--out", path)
    run("restore_event", path, "--as", "mid-2")
    assert without_slug(export("mid-2")) == without_slug(original)
    again = tmp_path / "mid-2.json"
    run("backup_event", "mid-2", "--out", again)
    assert comparable_backup(again) == comparable_backup(path)
    restored = Event.objects.get(slug="mid-2")
    assert (restored.medal_policy, restored.minutes_per_game) == ("age-group", 25)
    assert (
        dict(
            Entrant.objects.filter(event=restored, status__in=["absent", "withdrawn"]).values_list(
                "external_id", "status"
            )
        )["P9"]
        == "absent"
    )
    actions = sorted(
        ScoreChange.objects.filter(division__event=restored).values_list("action", flat=True)
    )
    assert actions == sorted(["entered"] * 10 + ["penalty", "corrected"])
    # The restored event plays on: the final is finished in the copy.
    out = run("advance", "mid-2", "--division", "Open")
    assert "Open is complete." in out
    assert export("mid")["divisions"][1]["status"] == "in_play"


@pytest.mark.django_db
def test_the_audit_trail_is_append_only(tmp_path, simulated):
    changes = ScoreChange.objects.filter(division__event=simulated)
    count = changes.count()
    assert count > 0
    first = changes.first()
    first.reason = "rewritten"
    with pytest.raises(ValidationError, match="append-only"):
        first.save()
    with pytest.raises(ValidationError, match="append-only"):
        first.delete()
    with pytest.raises(ValidationError, match="append-only"):
        changes.update(reason="rewritten")
    with pytest.raises(ValidationError, match="append-only"):
        changes.delete()
    with pytest.raises(ValidationError, match="append-only"), transaction.atomic():
        ScoreChange.objects.bulk_update([first], ["reason"])
    assert changes.count() == count
    assert not ScoreChange.objects.filter(reason="rewritten").exists()


def test_a_restore_keeps_names_as_they_are_seen_as_an_import_does(db):
    from scoring.backup import BackupRefused, event_backup, event_restore
    from tests.factories import DivisionFactory, EntrantFactory, EventFactory

    event = EventFactory(slug="seen")
    division = DivisionFactory(event=event, name="70-74")
    EntrantFactory(division=division, external_id="57", first_name="Mary", last_name="Smith")
    data = json.loads(json.dumps(event_backup(event)))
    mary = data["entrants"][0]
    mary["first_name"] = "\u202eMa\u200bry "
    mary["last_name"] = "Smi\u2066th\u2069"
    mary["club"] = "Sunrise\u200b  Club"
    mary["phone"] = "\ufeff555-0100"
    copy = event_restore(json.loads(json.dumps(data)), slug="seen-copy")
    restored = copy.entrants.get(external_id="57")
    assert (restored.first_name, restored.last_name) == ("Mary", "Smith")
    assert (restored.club, restored.phone) == ("Sunrise Club", "555-0100")
    assert list(copy.entrants.matching("mary smith")) == [restored]
    # A name of nothing but what shows nothing, or an id holding it: refused, nothing made.
    for field, value, refusal in (
        ("first_name", "\u200b\u200d", "first name"),
        ("external_id", "5\u200b7", "its id holds"),
    ):
        bad = json.loads(json.dumps(data))
        bad["entrants"][0][field] = value
        with pytest.raises(BackupRefused, match=refusal):
            event_restore(bad, slug="seen-bad")
        assert not Event.objects.filter(slug="seen-bad").exists()
