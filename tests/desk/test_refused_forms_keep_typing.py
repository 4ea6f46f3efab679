"""The division page's forms that take a player and a reason (withdraw, disqualify, undo
a withdrawal, take a round back): refused, each comes back open with the player chosen
and the reason typed, the problem beside its field (or at the form's top for a refusal
of the whole action), the keyboard on it; never only a message at the top of the page."""

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from tests.browser.conftest import PASSWORD, build_world
from tournaments import services
from tournaments.models import Entrant, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    return build_world()


def _organizer(world) -> Client:
    client = Client()
    assert client.login(username=world.users["organizer"].username, password=PASSWORD)
    return client


def _url(world, action=""):
    base = f"/e/{world.event.slug}/desk/divisions/{world.division.pk}/"
    return base + (f"{action}/" if action else "")


def _error(html, element_id) -> str:
    match = re.search(rf'<div class="field-error" id="{element_id}-error">(.*?)</div>', html)
    assert match, f"no error box for {element_id}"
    return match[1].strip()


def _tag(html, tag, element_id) -> str:
    match = re.search(rf'<{tag} id="{element_id}"[^>]*>', html)
    assert match, f"no {tag} {element_id}"
    return match[0]


def test_a_disqualification_without_a_reason_keeps_the_player_chosen(world):
    a = world.seated(world.tables[0])[1]
    client = _organizer(world)
    response = client.post(_url(world, "disqualify"), {"entrant": a.pk, "reason": "   "})
    assert response["Location"] == _url(world)
    html = client.get(response["Location"]).content.decode()
    assert '<details id="disqualify" open>' in html
    assert _error(html, "dq-reason") == "Write the reason for the disqualification."
    assert "autofocus" in _tag(html, "input", "dq-reason")
    form = html[html.index('id="disqualify"') :]
    assert re.search(rf'<option value="{a.pk}" selected>', form[: form.index("</form>")])
    assert Entrant.objects.get(pk=a.pk).status != "disqualified"
    # Shown once.
    assert '<details id="disqualify">' in client.get(_url(world)).content.decode()


def test_a_disqualification_without_a_player_keeps_the_reason(world):
    client = _organizer(world)
    response = client.post(_url(world, "disqualify"), {"entrant": "", "reason": "cheating"})
    html = client.get(response["Location"]).content.decode()
    assert _error(html, "dq-who") == "Choose the player to disqualify."
    assert "autofocus" in _tag(html, "select", "dq-who")
    assert 'value="cheating"' in _tag(html, "input", "dq-reason")


def test_an_undo_without_a_reason_and_a_refused_disqualification_keep_what_was_typed(world):
    a = world.seated(world.tables[0])[2]
    services.entrants_withdraw(event=world.event, ids=[a.external_id], reason="ill")
    client = _organizer(world)
    response = client.post(_url(world, "undo-withdrawal"), {"entrant": a.pk, "reason": ""})
    html = client.get(response["Location"]).content.decode()
    assert '<details id="reinstate" open>' in html
    assert _error(html, "undo-reason") == "Write why it is undone."
    form = html[html.index('id="reinstate"') :]
    assert re.search(rf'<option value="{a.pk}" selected>', form[: form.index("</form>")])
    # Disqualified once withdrawn (a second tab): the service's refusal at the form's top,
    # the reason kept.
    response = client.post(
        _url(world, "disqualify"), {"entrant": a.pk, "reason": "rude", "confirmed": "yes"}
    )
    html = client.get(response["Location"]).content.decode()
    form = html[html.index('<details id="disqualify" open>') :]
    form = form[: form.index("</form>")]
    assert re.search(r'<p class="field-error" role="alert">.*is already withdrawn.*</p>', form)
    assert 'value="rude"' in form
    assert Entrant.objects.get(pk=a.pk).status == "withdrawn"


def test_taking_a_round_back_without_a_reason_keeps_the_form_open(world):
    round_ = Round.objects.get(division=world.division, number=1)
    client = _organizer(world)
    response = client.post(_url(world, "take-back"), {"round": round_.pk, "reason": " "})
    html = client.get(response["Location"]).content.decode()
    assert '<details id="fix-seating" open>' in html
    assert _error(html, "reopen-reason").startswith("Write why the round is taken back")
    assert "autofocus" in _tag(html, "input", "reopen-reason")
    assert Round.objects.filter(pk=round_.pk).exists()


@pytest.mark.parametrize("form, select", [("withdraw", "withdraw-who"), ("disqualify", "dq-who")])
def test_going_back_from_the_confirm_page_keeps_the_player_and_the_reason(world, form, select):
    a = world.seated(world.tables[0])[1]
    client = _organizer(world)
    typed = {"entrant": a.pk, "reason": "feels unwell"}
    asked = client.post(_url(world, form), typed).content.decode()
    assert '<button type="submit" name="change" value="1"' in asked
    # The button posts the fields back with confirmed=yes still among them: going back
    # must not do it.
    response = client.post(_url(world, form), {**typed, "confirmed": "yes", "change": "1"})
    assert response["Location"] == _url(world)
    assert Entrant.objects.get(pk=a.pk).status == "checked_in"
    html = client.get(response["Location"]).content.decode()
    block = html[html.index(f'<details id="{form}" open>') :]
    block = block[: block.index("</form>")]
    assert re.search(rf'<option value="{a.pk}" selected>', block)
    assert 'value="feels unwell"' in block and "autofocus" in block
    assert 'role="alert"' not in block and "has-error" not in block
    assert not list(get_messages(response.wsgi_request))


def test_going_back_after_another_tab_withdrew_the_player_does_nothing_and_says_nothing(world):
    # Withdrawn meanwhile from another tab, then "No, go back" in this one.
    a = world.seated(world.tables[0])[1]
    services.entrants_withdraw(event=world.event, ids=[a.external_id], reason="ill")
    client = _organizer(world)
    response = client.post(
        _url(world, "disqualify"),
        {"entrant": a.pk, "reason": "rude", "confirmed": "yes", "change": "1"},
    )
    assert Entrant.objects.get(pk=a.pk).status == "withdrawn"
    assert response["Location"] == _url(world)
    html = client.get(response["Location"]).content.decode()
    assert "already withdrawn" not in html and 'role="alert"' not in html


def test_going_back_from_taking_a_round_back_keeps_the_reason(world):
    round_ = Round.objects.get(division=world.division, number=1)
    client = _organizer(world)
    typed = {"round": round_.pk, "reason": "wrong list used"}
    asked = client.post(_url(world, "take-back"), typed).content.decode()
    assert '<button type="submit" name="change" value="1"' in asked
    response = client.post(_url(world, "take-back"), {**typed, "confirmed": "yes", "change": "1"})
    assert response["Location"] == _url(world)
    assert Round.objects.filter(pk=round_.pk).exists()
    html = client.get(response["Location"]).content.decode()
    assert '<details id="fix-seating" open>' in html
    tag = _tag(html, "input", "reopen-reason")
    assert 'value="wrong list used"' in tag and "autofocus" in tag
    assert _error(html, "reopen-reason") == ""
