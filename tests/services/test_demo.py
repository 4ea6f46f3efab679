"""The demo event `make run` loads: built through the services, and sound by the engine."""

import re

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from scoring.demo import demo_accounts
from scoring.selectors import division_state
from tests.factories import EventFactory
from tournaments.models import Division, Entrant, Event, Round

# As a new scorekeeper's (tournaments.services.readable_password): three groups of four
# lower-case letters and digits, none of l, 1, o, 0.
READABLE = re.compile(r"[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}")


@pytest.mark.django_db
def test_demo_event_is_realistic_and_keeps_the_engines_invariants(capsys):
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "Loaded the demo event" in out
    assert all(f"  {name} " in out for name in ("organizer", "scorekeeper", "scorekeeper2"))
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


@pytest.mark.django_db
def test_demo_passwords_can_be_read_aloud_and_are_printed_in_a_block(capsys, monkeypatch):
    """Cold desk test, finding 2: the demo passwords were token_urlsafe ("sMxwC07B-eLJ"),
    hard to say across a hall; now they are the readable ones, printed as a block of their
    own with what each account is for and how to get new ones."""
    assert all(READABLE.fullmatch(password) for password in demo_accounts().values())
    event = EventFactory()
    monkeypatch.setattr("cli.management.commands.load_demo.load_demo", lambda: (event, False))
    call_command("load_demo")
    out = capsys.readouterr().out
    rows = {
        match.group(1): match.group(2)
        for match in re.finditer(r"^  (\S+) +(\S+)   \S.*$", out, re.M)
        if match.group(1) in ("organizer", "scorekeeper", "scorekeeper2")
    }
    assert set(rows) == {"organizer", "scorekeeper", "scorekeeper2"}
    for username, password in rows.items():
        assert READABLE.fullmatch(password), password
        request = RequestFactory().post("/login/")
        assert authenticate(request, username=username, password=password) is not None
    assert "sign in at http://" in out and "/login/" in out
    assert "manage.py load_demo` prints new ones" in out
    # The block stands apart from the lines before and after it.
    lines = out.split("\n")
    rules = [i for i, line in enumerate(lines) if line and set(line) == {"="}]
    assert len(rules) == 2
    inside = "\n".join(lines[rules[0] + 1 : rules[1]])
    assert all(password in inside for password in rows.values())
