"""A backup's age-group medals are checked as the site gives them: one gold, one silver
and one bronze per age group of a bracket with medals by age group. A tampered file with
two golds in one age group is refused whole, naming the entry and the reason."""

import pytest
from django.contrib.auth import get_user_model

from scoring.backup import BackupRefused, event_backup, event_restore
from tests.helpers import snapshot
from tests.selectors.test_awards import combined_event
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _backup():
    event, bracket = combined_event("age-group")
    data = event_backup(event)
    data["event"]["slug"] = "copy"
    results = next(d for d in data["divisions"] if d["name"] == bracket.name)["results"]
    return data, results


def test_a_backup_with_age_group_medals_restores():
    data, results = _backup()
    assert sum(1 for r in results if r["medal"] == "gold") == 2  # one per age group
    assert event_restore(data).slug == "copy"


def test_two_golds_in_one_age_group_are_refused_and_nothing_is_written():
    data, results = _backup()
    groups = {e["external_id"]: e["division"] for e in data["entrants"]}
    gold = next(r for r in results if r["medal"] == "gold")
    silver = next(
        (n, r)
        for n, r in enumerate(results, start=1)
        if r["medal"] == "silver" and groups[r["player"]] == groups[gold["player"]]
    )
    n, entry = silver
    entry.update(medal="gold", group_place=1)
    before, people = snapshot(), get_user_model().objects.count()
    with pytest.raises(BackupRefused) as refused:
        event_restore(data)
    words = str(refused.value)
    assert f"results entry {n}" in words
    assert f"a second gold medal in age group {groups[gold['player']]}" in words
    assert snapshot() == before and get_user_model().objects.count() == people
    assert not Event.objects.filter(slug="copy").exists()
