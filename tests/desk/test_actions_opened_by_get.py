"""An action only a form may do, opened by its address (signed out on a confirm page,
"Sign in again" comes back to .../scorekeepers/6/remove/: never a bare 405). A GET never
does the action: it shows the action's question again when it has one, else goes to the
page the action belongs to. Django's test client; the browser walk is in
tests/browser/test_desk_confirm_after_signing_in.py."""

import io
import re
import uuid
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.browser.conftest import PASSWORD, build_world
from tournaments.models import Entrant

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
# The readable shape: three groups of four, no l, 1, o, 0, no capitals (k7mx-p4rt-9hwe).
READABLE = r"[a-km-np-z2-9]{4}(-[a-km-np-z2-9]{4}){2}"


def _post_only_patterns(patterns=None, prefix="", names=()):
    """(namespaced name, the names in its address) of every URL whose view is ``post_only``."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        inside = (*names, *pattern.pattern.converters)
        if isinstance(pattern, URLResolver):
            space = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
            yield from _post_only_patterns(pattern.url_patterns, space, inside)
        elif isinstance(pattern, URLPattern) and getattr(pattern.callback, "post_only", False):
            yield f"{prefix}{pattern.name}", inside


def _everything() -> str:
    out = io.StringIO()
    call_command("dumpdata", "tournaments", "scoring", "auth.user", stdout=out)
    return out.getvalue()


def test_no_desk_or_scoring_view_answers_a_get_with_a_bare_405():
    """Every POST-only view of the desk, printing and the organizers' table actions uses
    ``post_only`` (Django's ``require_POST`` answers a GET with an empty 405)."""
    for folder in ("desk/", "printing/"):
        for source in (ROOT / folder).rglob("*.py"):
            assert "require_POST" not in source.read_text(), source
    assert "require_POST" not in (ROOT / "entry/views.py").read_text()
    names = {name for name, _ in _post_only_patterns()}
    assert {
        "desk:scorekeeper_remove",
        "desk:scorekeeper_password",
        "desk:advance",
        "desk:medals",
        "event_restore",
        "printing:new",
        "scoring:correct",
    } <= names, names


def test_every_post_only_action_opened_by_get_changes_nothing_and_never_405s():
    world = build_world()
    event, division = world.event, world.division
    table = world.tables[0]
    values = {
        "slug": event.slug,
        "division_id": division.pk,
        "user_id": world.users["scorekeeper"].pk,
        "entrant_id": Entrant.objects.filter(event=event).first().pk,
        "announcement_id": 1,
        "change_id": 1,
        "table_id": table.pk,
        "number": 1,
        "uuid": uuid.uuid4(),
    }
    client = Client()
    client.force_login(world.users["organizer"])
    before = _everything()
    opened = []
    for name, names in _post_only_patterns():
        kwargs = {k: values[k] for k in names}
        url = reverse(name, kwargs=kwargs)
        response = client.get(url)
        assert response.status_code in (200, 302), (url, response.status_code)
        if response.status_code == 302:
            assert response["Location"] != url, url
            assert client.get(response["Location"]).status_code == 200, response["Location"]
        assert client.head(url).status_code in (200, 302), url
        opened.append(url)
    assert len(opened) >= 30, opened
    assert _everything() == before


def _hidden(page_text: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page_text))


def test_signed_out_on_the_remove_question_comes_back_to_it_after_signing_in(settings):
    """An organizer's steps: the question opens, the sign-in ends elsewhere, "Yes, remove"
    says signed out; signing in again shows the question again (nothing done), and "Yes"
    then removes and lands at the scorekeepers section with what it did there."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    world = build_world()
    event, sam = world.event, world.users["scorekeeper"]
    url = reverse("desk:scorekeeper_remove", args=[event.slug, sam.pk])
    desk = Client()
    assert desk.login(username="olive", password=PASSWORD)
    question = desk.post(url)
    assert "Yes, remove sam" in question.content.decode()

    desk.logout()  # signed out in another tab
    refused = desk.post(url, {**_hidden(question.content.decode()), "confirmed": "yes"})
    assert refused.status_code == 401
    assert f"/login/?next={url}" in refused.content.decode()
    assert event.scorekeepers.filter(pk=sam.pk).exists()

    signed_in = desk.post(f"/login/?next={url}", {"username": "olive", "password": PASSWORD})
    assert signed_in.status_code == 302 and signed_in["Location"] == url
    again = desk.get(url)
    text = again.content.decode()
    assert again.status_code == 200
    assert "Remove sam from the scorekeepers of County Senior Games?" in text
    assert event.scorekeepers.filter(pk=sam.pk).exists()  # a GET does nothing

    # "Yes" on it: done once, landing in the scorekeepers section with the words there.
    done = desk.post(url, {**_hidden(text), "confirmed": "yes"})
    landing = reverse("desk:settings", args=[event.slug]) + "?at=scorekeepers#scorekeepers"
    assert done["Location"] == landing
    assert not event.scorekeepers.filter(pk=sam.pk).exists()
    page = desk.get(landing).content.decode()
    section = page[page.index('<section id="scorekeepers"') :]
    assert "sam no longer keeps scores for County Senior Games." in section
    # A second GET after it was done: nothing to ask, back to the section.
    assert desk.get(url)["Location"] == reverse("desk:settings", args=[event.slug]) + (
        "#scorekeepers"
    )


def test_a_new_password_asked_again_after_signing_in_then_shown_in_the_section(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    world = build_world()
    event, sam = world.event, world.users["scorekeeper"]
    url = reverse("desk:scorekeeper_password", args=[event.slug, sam.pk])
    desk = Client()
    desk.force_login(world.users["organizer"])
    question = desk.get(url)
    text = question.content.decode()
    assert question.status_code == 200 and "A new password for sam?" in text
    sam.refresh_from_db()
    assert sam.check_password(PASSWORD)  # unchanged by the GET
    done = desk.post(url, {**_hidden(text), "confirmed": "yes"})
    assert done["Location"].endswith("?at=scorekeepers#scorekeepers")
    page = desk.get(done["Location"]).content.decode()
    section = page[page.index('<section id="scorekeepers"') :]
    shown = re.search(r"sam&#x27;s new password is ([a-z0-9-]+)", section)
    assert shown and re.fullmatch(READABLE, shown[1])


def test_the_close_round_question_after_signing_in_or_the_division_page():
    world = build_world()
    client = Client()
    client.force_login(world.users["organizer"])
    url = reverse("desk:advance", args=[world.event.slug, world.division.pk])
    before = _everything()
    response = client.get(url)  # no scores yet: the round cannot close, nothing to ask
    assert response["Location"] == reverse(
        "desk:division", args=[world.event.slug, world.division.pk]
    )
    assert _everything() == before


def test_a_new_account_gets_the_same_readable_password_as_new_password():
    """ "Add the scorekeeper" made passwords like 6ctH0ChtSB_o (0 beside O, an underscore):
    it uses "New password"'s generator now, shown in the scorekeepers section."""
    world = build_world()
    desk = Client()
    desk.force_login(world.users["organizer"])
    url = reverse("desk:scorekeeper_add", args=[world.event.slug])
    done = desk.post(url, {"username": "vol3"})
    assert done["Location"].endswith("?at=scorekeepers#scorekeepers")
    page = desk.get(done["Location"]).content.decode()
    section = page[page.index('<section id="scorekeepers"') :]
    shown = re.search(r"Account vol3 created with password (\S+) ", section)
    assert shown and re.fullmatch(READABLE, shown[1]), shown
    assert Client().login(username="vol3", password=shown[1])


def test_the_close_round_question_after_signing_in_closes_only_the_round_asked_about():
    """Opened by GET (no round in it), the question names the current round and posts it:
    "Yes" sent twice (a second tab, Back) closes that round once, never the next one."""
    from tests.browser.conftest import CLEAR_GAMES, play_games
    from tournaments.models import Round

    world = build_world()
    for table in world.tables:
        play_games(table, CLEAR_GAMES)
    client = Client()
    client.force_login(world.users["organizer"])
    url = reverse("desk:advance", args=[world.event.slug, world.division.pk])
    before = _everything()
    question = client.get(url)
    text = question.content.decode()
    assert question.status_code == 200 and "Close round 1 of" in text, text[:2000]
    assert _everything() == before
    fields = {**_hidden(text), "confirmed": "yes"}
    assert fields["round"] == "1"
    client.post(url, fields)
    rounds = Round.objects.filter(division=world.division)
    assert rounds.count() == 2
    for table in rounds.get(number=2).tables.all():  # the final, played: it could close
        seats = table.seats.count()
        play_games(table, [[10 * n for n in range(seats)]][: table.round.games])
    client.post(url, fields)  # the same "Yes" again: round 1 is already closed
    assert rounds.count() == 2
    assert rounds.get(number=2).closed_at is None
