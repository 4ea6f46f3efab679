"""`manage.py add_organizer EVENT USERNAME [--password-stdin] [--remove]`: makes an account
an organizer of the event (creating it), takes the role away, never from the last one;
refusals exit non-zero, say why and change nothing."""

import io
import os
import subprocess

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import RequestFactory

from tests.factories import EventFactory, UserFactory
from tests.helpers import PYTHON, ROOT, cli, entrants_file

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password-for-dana"


def add(*args, stdin=None) -> str:
    out = io.StringIO()
    options = {"stdin": io.StringIO(stdin)} if stdin is not None else {}
    call_command("add_organizer", *args, stdout=out, stderr=io.StringIO(), **options)
    return out.getvalue()


def signs_in(username, password) -> bool:
    request = RequestFactory().post("/login/")
    return authenticate(request, username=username, password=password) is not None


@pytest.fixture
def event():
    return EventFactory(slug="county", name="County Games")


def test_a_new_account_with_the_password_from_standard_input(event):
    out = add("county", "dana", "--password-stdin", stdin=PASSWORD + "\n")
    assert "Made the account dana, an organizer of County Games." in out
    assert PASSWORD not in out
    assert "Organizers of County Games: dana." in out
    assert signs_in("dana", PASSWORD)
    assert event.organizers.filter(username="dana").exists()


def test_a_new_account_without_a_password_gets_one_shown_once(event):
    out = add("county", "eli")
    assert "Made the account eli, an organizer of County Games." in out
    password = out.split("Its password, shown only now: ", 1)[1].split()[0]
    assert signs_in("eli", password)


def test_an_existing_account_becomes_an_organizer_and_keeps_its_password(event):
    UserFactory(username="sam")
    out = add("county", "sam")
    assert "sam organizes County Games now." in out
    assert signs_in("sam", "tiles-and-racks-42")
    assert "sam organized County Games already." in add("county", "sam")
    out = add("county", "sam", "--password-stdin", stdin="sams-new-password\r\n")
    assert "sam's password is now the one given." in out
    assert signs_in("sam", "sams-new-password")


def test_remove_takes_the_role_away_but_never_from_the_last(event):
    add("county", "dana", "--password-stdin", stdin=PASSWORD)
    add("county", "eli")
    out = add("county", "eli", "--remove")
    assert "eli no longer organizes County Games (the account stays)." in out
    assert "Organizers of County Games: dana." in out
    assert get_user_model().objects.filter(username="eli").exists()
    with pytest.raises(CommandError, match="dana is the last organizer of County Games"):
        add("county", "dana", "--remove")
    with pytest.raises(CommandError, match="eli is not an organizer of County Games"):
        add("county", "eli", "--remove")
    with pytest.raises(CommandError, match="There is no account 'nobody'"):
        add("county", "nobody", "--remove")
    assert list(event.organizers.values_list("username", flat=True)) == ["dana"]


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (("elsewhere", "dana"), None, "There is no event 'elsewhere' \\(events: county\\)"),
        (("county", "dana", "--password-stdin"), "", "No password on standard input"),
        (("county", "dana", "--password-stdin"), "short\n", "too short"),
        (("county", "two words"), None, "cannot be a user name"),
        (("county", "dana", "--remove", "--password-stdin"), "x\n", "--remove takes no password"),
    ],
)
def test_refusals_change_nothing(event, args, stdin, words):
    with pytest.raises(CommandError, match=words):
        add(*args, stdin=stdin)
    assert not get_user_model().objects.exists()
    assert not event.organizers.exists()


def test_the_real_command_line(fresh_sqlite, tmp_path):
    """As a script runs it: the password on standard input, exit codes and messages."""
    people = entrants_file(
        tmp_path / "people.csv", [("C1", "Ann", "Lee", "1950-01-01", "F", "", "")]
    )
    made = cli(
        fresh_sqlite, "import_entrants", "county", people, "--create-event",
        "--name", "County Games", "--date", "2026-05-14",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    result = cli_with_input(
        fresh_sqlite, PASSWORD + "\n", "add_organizer", "county", "dana", "--password-stdin"
    )
    assert result.returncode == 0, result.stderr
    assert "Made the account dana" in result.stdout
    unknown = cli(fresh_sqlite, "add_organizer", "nowhere", "dana")
    assert unknown.returncode != 0
    assert "There is no event 'nowhere' (events: county)." in unknown.stderr
    last = cli(fresh_sqlite, "add_organizer", "county", "dana", "--remove")
    assert last.returncode != 0
    assert "dana is the last organizer of County Games: add another organizer first." in (
        last.stderr
    )


def cli_with_input(database, text, *args) -> subprocess.CompletedProcess:
    """``manage.py`` as ``tests.helpers.cli`` runs it, with ``text`` on standard input."""
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{database}", PYTHONIOENCODING="utf-8")
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [str(PYTHON), "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
