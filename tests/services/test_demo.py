"""The demo event `make run` loads: built through the services, and sound by the engine;
its accounts keep their passwords from one start to the next, and run the demo event only."""

import re

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import RequestFactory

from scoring.demo import demo_accounts
from scoring.selectors import division_state
from tests.factories import EventFactory, UserFactory
from tests.helpers import cli
from tournaments import access
from tournaments.models import Division, Entrant, Event, Round

# As a new scorekeeper's (tournaments.services.readable_password): three groups of four
# lower-case letters and digits, none of l, 1, o, 0.
READABLE = re.compile(r"[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}")
DEMO = ("organizer", "scorekeeper", "scorekeeper2")


@pytest.fixture(autouse=True)
def _passwords_file(settings, tmp_path):
    """Each test keeps the demo passwords in a file of its own, never the project's."""
    settings.DEMO_PASSWORDS_FILE = tmp_path / "demo-passwords"


def printed_passwords(out: str) -> dict[str, str]:
    """The demo accounts' rows of `load_demo`'s block: {user name: what stands for the
    password}."""
    return {
        match.group(1): match.group(2)
        for match in re.finditer(r"^  (\S+) +(\S+|\(.*?\))   \S.*$", out, re.M)
        if match.group(1) in DEMO
    }


def signs_in(username: str, password: str) -> bool:
    request = RequestFactory().post("/login/")
    return authenticate(request, username=username, password=password) is not None


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
    # Loading again keeps the event.
    call_command("load_demo")
    assert "Kept the demo event" in capsys.readouterr().out
    assert Event.objects.filter(slug="gwinnett-2026").count() == 1


@pytest.mark.django_db
def test_demo_passwords_can_be_read_aloud_and_are_printed_in_a_block(capsys, monkeypatch):
    """Readable passwords ("k7mx-p4rt-9hwe", said across a hall), printed as a block of
    their own with what each account is for and how to see them again or change them."""
    assert all(READABLE.fullmatch(password) for password in demo_accounts().values())
    event = EventFactory()
    monkeypatch.setattr("cli.management.commands.load_demo.load_demo", lambda: (event, False))
    call_command("load_demo")
    out = capsys.readouterr().out
    rows = printed_passwords(out)
    assert set(rows) == set(DEMO)
    for username, password in rows.items():
        assert READABLE.fullmatch(password), password
        assert signs_in(username, password)
    assert "sign in at http://" in out and "/login/" in out
    assert "manage.py load_demo` prints them again" in out
    assert "manage.py load_demo --new-passwords` gives them new ones" in out
    # The block stands apart from the lines before and after it.
    lines = out.split("\n")
    rules = [i for i, line in enumerate(lines) if line and set(line) == {"="}]
    assert len(rules) >= 2
    inside = "\n".join(lines[rules[0] + 1 : rules[1]])
    assert all(password in inside for password in rows.values())


@pytest.mark.django_db
def test_a_restart_keeps_the_demo_passwords_and_new_ones_come_only_when_asked(capsys):
    call_command("load_demo")
    first = printed_passwords(capsys.readouterr().out)
    assert set(first) == set(DEMO) and all(READABLE.fullmatch(p) for p in first.values())
    call_command("load_demo")
    again = printed_passwords(capsys.readouterr().out)
    assert again == first
    assert all(signs_in(name, password) for name, password in first.items())

    call_command("load_demo", "--new-passwords")
    new = printed_passwords(capsys.readouterr().out)
    assert set(new) == set(DEMO)
    assert all(new[name] != first[name] for name in DEMO)
    assert all(signs_in(name, password) for name, password in new.items())
    assert not any(signs_in(name, password) for name, password in first.items())
    call_command("load_demo")
    assert printed_passwords(capsys.readouterr().out) == new


def test_a_restart_of_the_real_command_keeps_the_demo_passwords(
    fresh_sqlite, tmp_path, monkeypatch
):
    """Two starts, two processes, as `make run` twice: the second prints the passwords the
    first made, and they still sign in."""
    monkeypatch.setenv("DEMO_PASSWORDS_FILE", str(tmp_path / "kept"))
    first = cli(fresh_sqlite, "load_demo")
    assert first.returncode == 0, first.stderr
    second = cli(fresh_sqlite, "load_demo")
    assert second.returncode == 0, second.stderr
    assert "Kept the demo event" in second.stdout
    passwords = printed_passwords(first.stdout)
    assert set(passwords) == set(DEMO)
    assert printed_passwords(second.stdout) == passwords


@pytest.mark.django_db
def test_a_password_kept_but_not_known_here_is_left_alone(settings, capsys):
    """Without the file (lost, or another computer's), the accounts keep the passwords they
    have; the block says so, and how to get new ones."""
    passwords = demo_accounts()
    settings.DEMO_PASSWORDS_FILE.unlink()
    call_command("load_demo")
    out = capsys.readouterr().out
    assert printed_passwords(out) == {name: "(kept from before, not known here)" for name in DEMO}
    assert all(signs_in(name, password) for name, password in passwords.items())


@pytest.mark.django_db
def test_the_demo_accounts_run_the_demo_event_only(capsys):
    """No demo account administers the site, creates events or counts as the installation's
    organizer: the first-run page stays until the director has an account."""
    User = get_user_model()
    User.objects.create_user("organizer", password="x", is_staff=True, is_superuser=True)
    demo_event = EventFactory(slug="gwinnett-2026")
    demo_event.organizers.add(User.objects.get(username="organizer"))
    other = EventFactory()
    call_command("load_demo")
    out = capsys.readouterr().out
    organizer = User.objects.get(username="organizer")
    assert not organizer.is_staff and not organizer.is_superuser
    assert access.is_organizer(organizer, demo_event)
    assert not access.is_organizer(organizer, other)
    assert access.is_demo_account(organizer)
    assert access.first_run_open()
    assert "No organizer account of your own yet" in out
    assert "add_organizer EVENT USERNAME --password-stdin" in out
    director = UserFactory()
    other.organizers.add(director)
    assert not access.first_run_open()
    call_command("load_demo")
    assert "No organizer account of your own yet" not in capsys.readouterr().out


@pytest.mark.django_db
def test_an_account_of_a_demo_name_that_is_someones_own_is_left_alone(capsys):
    """An administrator who named themselves "organizer" before the demo came stays one,
    with their own password."""
    mine = get_user_model().objects.create_user(
        "organizer", password="my-own-password-42", is_staff=True, is_superuser=True
    )
    call_command("load_demo")
    out = capsys.readouterr().out
    mine.refresh_from_db()
    assert mine.is_superuser and mine.check_password("my-own-password-42")
    assert not access.is_demo_account(mine)
    event = Event.objects.get(slug="gwinnett-2026")
    assert not event.organizers.filter(pk=mine.pk).exists()
    printed = printed_passwords(out)
    assert printed["organizer"].startswith("(not the demo's")
    assert all(READABLE.fullmatch(printed[name]) for name in ("scorekeeper", "scorekeeper2"))
