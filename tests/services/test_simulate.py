"""simulate_event: plausible whole events played to medals through the services."""

import json
from collections import Counter

import pytest
from django.core.management.base import CommandError

from tests.helpers import run
from tournaments.models import Division, Entrant, Event
from tournaments.selectors import bracket_entrants, brackets


def check_every_division_finished(slug: str, entrants: int) -> dict:
    data = json.loads(run("export_results", slug))
    divisions = data["divisions"]
    assert divisions, "no division played"
    assert sum(len(d["placings"]) for d in divisions) == entrants
    ids = [p["entrant_id"] for d in divisions for p in d["placings"]]
    assert len(set(ids)) == entrants  # everyone placed exactly once
    for division in divisions:
        placings = division["placings"]
        assert division["status"] == "complete", division["name"]
        medals = Counter(p["medal"] for p in placings if p["medal"])
        size = len(placings)
        if size >= 3:
            assert medals == {"gold": 1, "silver": 1, "bronze": 1}, division["name"]
        elif size == 2:
            assert medals == {"gold": 1, "silver": 1}, division["name"]
        else:
            assert division["walkover"] is True
            assert placings[0]["medal"] == "gold" and placings[0]["round_reached"] == 0
        assert [p["place"] for p in placings][: min(3, size)] == [1, 2, 3][:size]
        places = [p["place"] for p in placings]
        assert places == sorted(places)
        assert all(1 <= place <= size for place in places)
        ordered = {p["medal"]: p["place"] for p in placings if p["medal"]}
        assert [ordered.get(m) for m in ("gold", "silver", "bronze")][: min(3, size)] == [1, 2, 3][
            : min(3, size)
        ]
        if division["rounds"]:
            last = division["rounds"][-1]
            assert last["kind"] == "final"
            finalists = {s["entrant_id"] for t in last["tables"] for s in t["seats"]}
            assert next(p for p in placings if p["medal"] == "gold")["entrant_id"] in finalists
            assert all(not s["advanced"] for t in last["tables"] for s in t["seats"])
    return data


@pytest.mark.django_db
def test_three_hundred_entrants_are_played_to_medals():
    out = run("simulate_event", "sim300", "--entrants", 300, "--seed", 300)
    event = Event.objects.get(slug="sim300")
    assert event.scoring == "low"
    assert Entrant.objects.filter(event=event, status="checked_in").count() == 300
    data = check_every_division_finished("sim300", 300)
    # Every bracket with players is finished; age groups too small were combined.
    for bracket in brackets(event):
        if bracket_entrants(bracket).exists():
            assert bracket.status == "complete", bracket.name
    assert Division.objects.filter(event=event, combined_into__isnull=True).count() >= len(
        data["divisions"]
    )
    medal_lines = [line for line in out.splitlines() if ": gold " in line]
    assert len(medal_lines) == len(data["divisions"])
    assert out.splitlines()[-1].startswith(
        f"Simulated 300 entrants in {len(data['divisions'])} division(s): "
    )
    # 300 players make several rounds in the biggest age groups.
    assert max(len(d["rounds"]) for d in data["divisions"]) >= 3
    # Scores are plausible: whole rack totals 0..788, one 0 at most per game.
    for division in data["divisions"]:
        for round_ in division["rounds"]:
            for table in round_["tables"]:
                for game in range(round_["games"]):
                    racks = [s["rack_totals"][game] for s in table["seats"]]
                    assert all(r is not None and 0 <= r <= 788 for r in racks)
                    assert racks.count(0) <= 1


@pytest.mark.django_db
def test_the_same_seed_plays_the_same_event():
    run("simulate_event", "one", "--entrants", 30, "--seed", 77)
    run("simulate_event", "two", "--entrants", 30, "--seed", 77)
    first, second = (json.loads(run("export_results", s)) for s in ("one", "two"))
    for data in (first, second):
        data["event"].pop("slug")
        data["event"].pop("name")
    assert first == second


@pytest.mark.django_db
def test_a_sabra_event_is_played_to_medals_and_every_game_balances():
    run("simulate_event", "sabra60", "--entrants", 60, "--seed", 60, "--scoring", "sabra")
    data = check_every_division_finished("sabra60", 60)
    assert data["event"]["scoring"] == "sabra"
    games = 0
    for division in data["divisions"]:
        for round_ in division["rounds"]:
            for table in round_["tables"]:
                for game in range(round_["games"]):
                    points = [s["points"][game] for s in table["seats"]]
                    assert sum(points) == 0
                    assert max(points) > 0
                    games += 1
                for seat in table["seats"]:
                    assert seat["total"] == sum(seat["points"])  # no penalties simulated
    assert games > 20
    # Higher is better under Sabra: gold's final total is the table's highest.
    for division in data["divisions"]:
        if not division["rounds"]:
            continue
        final = division["rounds"][-1]["tables"][0]["seats"]
        gold = next(p["entrant_id"] for p in division["placings"] if p["medal"] == "gold")
        assert max(final, key=lambda s: s["total"])["entrant_id"] == gold


@pytest.mark.django_db
def test_simulate_refuses_an_existing_event():
    run("simulate_event", "twice", "--entrants", 5, "--seed", 1)
    with pytest.raises(CommandError, match="^Event 'twice' already exists: simulate into a new"):
        run("simulate_event", "twice", "--entrants", 5, "--seed", 1)
    with pytest.raises(CommandError, match="^Simulate at least one entrant.$"):
        run("simulate_event", "none", "--entrants", 0)
    assert list(Event.objects.values_list("slug", flat=True)) == ["twice"]
