"""A backup carries the event's format: restored, the event plays by the same rules (its
racks of more than 788 with a joker at 50 included); a backup from before formats were
settings restores as the Gwinnett preset; a format the engine refuses refuses the file."""

import json

import pytest

from scoring.backup import event_backup, event_restore
from scoring.backup.values import BackupRefused
from tests.factories import enter, seated_division
from tournaments.engine import FORMAT_SETTINGS, PRESETS
from tournaments.models import Table
from tournaments.selectors import event_format

pytestmark = pytest.mark.django_db


def _played_sabra_way():
    settings = PRESETS["sabra"].settings() | {"joker_value": 50, "never_opened": 100}
    division = seated_division(4, **settings)
    event = division.event
    enter(Table.objects.get(round__division=division), 1, [0, 800, 9, 12])
    return event


def test_the_format_goes_into_the_backup_and_comes_back():
    event = _played_sabra_way()
    data = json.loads(json.dumps(event_backup(event)))
    assert {key: data["event"][key] for key in FORMAT_SETTINGS} == event_format(event).settings()
    copy = event_restore(data, slug="copy")
    assert event_format(copy) == event_format(event)
    assert copy.joker_value == 50 and copy.never_opened == 100
    racks = sorted(r for g in data["rounds"][0]["tables"][0]["games"] for r in g["racks"].values())
    assert racks == [0, 9, 12, 800]
    assert event_backup(copy)["rounds"] == event_backup(event)["rounds"]


def test_a_backup_from_before_formats_restores_as_gwinnett():
    event = _played_sabra_way()
    data = json.loads(json.dumps(event_backup(event)))
    for key in FORMAT_SETTINGS:
        if key not in ("scoring", "initial_meld", "by_gender"):  # older than formats
            del data["event"][key]
    data["event"]["scoring"], data["event"]["initial_meld"] = "low", 30
    data["rounds"][0]["tables"][0]["games"] = []  # 800 is no rack at joker 30
    copy = event_restore(data, slug="older")
    assert event_format(copy) == PRESETS["gwinnett"]


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("joker_value", 40, "counts 25, 30 or 50 points"),
        ("direction", "sideways", "clockwise or counter-clockwise"),
        ("divisions_by_size", "16:75,50", "out of order or repeated"),
        ("turn_seconds", 90, "A turn lasts 60 or 120 seconds"),
        ("initial_meld", 35, "The initial meld is 30, 40 or 50 points"),
    ],
)
def test_a_format_the_engine_refuses_refuses_the_file(key, value, words):
    event = _played_sabra_way()
    data = json.loads(json.dumps(event_backup(event)))
    data["event"][key] = value
    with pytest.raises(BackupRefused, match=words):
        event_restore(data, slug="bad")


def test_a_rack_beyond_the_restored_events_joker_refuses_the_file():
    event = _played_sabra_way()
    data = json.loads(json.dumps(event_backup(event)))
    data["event"]["joker_value"] = 30
    data["event"]["never_opened"] = None
    with pytest.raises(BackupRefused, match="not a rack total from 0 to 788"):
        event_restore(data, slug="bad")
