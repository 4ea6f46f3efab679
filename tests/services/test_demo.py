"""The demo event `make run` loads: built through the services, and sound by the engine."""

import pytest
from django.core.management import call_command

from scoring.selectors import division_state
from tournaments.models import Division, Entrant, Event, Round


@pytest.mark.django_db
def test_demo_event_is_realistic_and_keeps_the_engines_invariants(capsys):
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "Loaded the demo event" in out
    assert "organizer / " in out and "scorekeeper / " in out and "scorekeeper2 / " in out
    event = Event.objects.get(slug="gwinnett-2026")
    entrants = Entrant.objects.filter(event=event)
    assert entrants.count() >= 40
    assert entrants.exclude(club="").count() >= 20
    brackets = Division.objects.filter(event=event, combined_into__isnull=True)
    played = [d for d in brackets if d.rounds.exists()]
    assert len(played) >= 4
    statuses = {d.status for d in played}
    assert "complete" in statuses and "in_play" in statuses
    assert Round.objects.filter(division__event=event, status="closed").exists()
    assert Round.objects.filter(division__event=event, status="seated").exists()
    for division in played:
        state = division_state(division)
        for record in state.records:
            players = list(record.players)
            assert len(players) == len(set(players)), "a player twice in one round"
            assert all(len(t.players) in (2, 3, 4) for t in record.tables)
        for outcome, round_ in zip(state.outcomes, state.rounds, strict=True):
            if round_.status == "closed":
                assert outcome.complete and not outcome.ties
        if division.status == "complete":
            medals = sorted(p.medal for p in state.placings.placings if p.medal)
            assert medals == sorted(["gold", "silver", "bronze"][: min(3, len(state.players))])
            assert division.medals_confirmed_at is not None
    # Loading again keeps the event (and only resets the demo passwords).
    call_command("load_demo")
    assert "Kept the demo event" in capsys.readouterr().out
    assert Event.objects.filter(slug="gwinnett-2026").count() == 1
