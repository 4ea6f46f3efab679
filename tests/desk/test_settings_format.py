"""The settings page's format part: a preset chooser that fills the fields (through the
server without a script), the table rules saved with the other settings and checked in
the engine's words, what counts in a played game fixed once a round is seated; the
new-event page starts the event from a preset."""

import datetime

import pytest
from django.test import Client

from desk.format_form import FormatSettingsForm
from tests.factories import EventFactory, UserFactory, seated_division
from tests.helpers import organizer_client, settings_post
from tournaments.engine import PRESETS
from tournaments.models import Event
from tournaments.selectors import event_format

pytestmark = pytest.mark.django_db


def _post(event: Event, **changes) -> dict:
    """What the page sends: the event's settings and its format part as they stand."""
    form = FormatSettingsForm(instance=event)
    data = settings_post(event)
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = value
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def _url(event) -> str:
    return f"/e/{event.slug}/desk/settings/"


def test_the_page_shows_the_format_and_its_presets():
    event = EventFactory()
    text = organizer_client(event).get(_url(event)).content.decode()
    assert 'id="format"' in text
    for label in ("Northern Virginia Senior Olympics", "The Sabra way", "Gwinnett Senior"):
        assert label in text
    assert "These settings are the preset “Gwinnett Senior Golden Games”." in text
    assert 'id="preset-values"' in text and "format_preset.js" in text


def test_filling_a_preset_shows_its_settings_and_saves_nothing():
    event = EventFactory()
    client = organizer_client(event)
    page = client.post(_url(event), _post(event, preset="nvso", fill_preset="1"))
    assert page.status_code == 200
    form = page.context["format_form"]
    assert form["turn_seconds"].value() == "60"
    assert form["hands_per_game"].value() == "3"
    assert form["divisions_by_size"].value() == "16:50,75;32:50,65,80"
    assert page.context["form"]["scoring"].value() == "sabra"
    assert "Not saved" not in page.content.decode()
    assert event_format(Event.objects.get(pk=event.pk)) == PRESETS["gwinnett"]
    # what the page then shows is saved as it is: the NVSO preset
    filled = {k: v for k, v in page.context["format_form"].data.items()}
    filled.pop("fill_preset")
    answer = client.post(_url(event), filled)
    assert answer.status_code == 302
    assert event_format(Event.objects.get(pk=event.pk)) == PRESETS["nvso"]


def test_the_table_rules_are_saved_and_checked_in_the_engines_words():
    event = EventFactory()
    client = organizer_client(event)
    answer = client.post(
        _url(event), _post(event, joker_value="50", never_opened="100", turn_seconds="")
    )
    assert answer.status_code == 302
    event.refresh_from_db()
    assert (event.joker_value, event.never_opened, event.turn_seconds) == (50, 100, None)
    page = client.post(_url(event), _post(event, never_opened="900", hands_per_game="11"))
    text = page.content.decode()
    assert "fixed total from 1 to 828 points" in text
    assert "A game is 1 to 10 hands at least, not 11." in text
    event.refresh_from_db()
    assert (event.never_opened, event.hands_per_game) == (100, 1)
    # an empty box is none again
    client.post(_url(event), _post(event, never_opened=""))
    event.refresh_from_db()
    assert event.never_opened is None


def test_a_page_without_the_format_part_keeps_the_events_format():
    event = EventFactory(joker_value=50, hands_per_game=3)
    answer = organizer_client(event).post(_url(event), settings_post(event, venue="Hall B"))
    assert answer.status_code == 302
    event.refresh_from_db()
    assert (event.venue, event.joker_value, event.hands_per_game) == ("Hall B", 50, 3)


def test_what_counts_in_a_played_game_is_fixed_once_seated():
    event = seated_division(4).event
    client = organizer_client(event)
    page = client.get(_url(event))
    form = page.context["format_form"]
    assert form.fields["joker_value"].disabled and form.fields["hands_per_game"].disabled
    assert not form.fields["turn_seconds"].disabled
    answer = client.post(_url(event), _post(event, joker_value="50", turn_seconds="60"))
    assert answer.status_code == 302
    event.refresh_from_db()
    assert (event.joker_value, event.turn_seconds) == (30, 60)


def test_a_new_event_starts_from_the_chosen_preset():
    user = UserFactory(is_staff=True)
    client = Client()
    client.force_login(user)
    page = client.get("/events/new/")
    assert "Northern Virginia Senior Olympics" in page.content.decode()
    day = datetime.date(2026, 6, 1).isoformat()
    client.post("/events/new/", {"name": "Fairfax", "date": day, "preset": "nvso", "scoring": ""})
    assert event_format(Event.objects.get(name="Fairfax")) == PRESETS["nvso"]
    client.post("/events/new/", {"name": "Macon", "date": day, "preset": "sabra", "scoring": "low"})
    macon = Event.objects.get(name="Macon")
    assert (macon.scoring, macon.initial_meld) == ("low", 50)
    client.post("/events/new/", {"name": "Athens", "date": day, "scoring": "sabra"})
    assert event_format(Event.objects.get(name="Athens")).table == PRESETS["gwinnett"].table
