"""The event's language: configure_event --language, the desk's settings
page and the exact backup (round trip; a tampered or missing value)."""

import pytest
from django.core.management.base import CommandError

from scoring.backup import BackupRefused, event_backup, event_restore
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import organizer_client, run, settings_post
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_a_new_event_speaks_english():
    assert EventFactory().language == "en"


def test_configure_event_sets_the_language_and_says_so_in_english():
    event = EventFactory(slug="quebec")
    said = run("configure_event", "quebec", "--language", "fr")
    assert "language fr" in said
    assert "tables of four first" in said  # the command's own words stay English
    assert Event.objects.get(pk=event.pk).language == "fr"
    run("configure_event", "quebec", "--language", "es")
    assert Event.objects.get(pk=event.pk).language == "es"
    # Another setting leaves the language alone.
    run("configure_event", "quebec", "--paper", "a4")
    assert Event.objects.get(pk=event.pk).language == "es"


def test_configure_event_refuses_a_language_we_have_no_catalog_for():
    event = EventFactory(slug="berlin")
    with pytest.raises(CommandError, match="invalid choice: 'de'"):
        run("configure_event", "berlin", "--language", "de")
    assert Event.objects.get(pk=event.pk).language == "en"


def test_the_service_refuses_an_unknown_language_in_words():
    event = EventFactory()
    with pytest.raises(RuleError, match="The language is 'en', 'fr' or 'es', not 'fr-ca'"):
        services.event_configure(event=event, language="fr-ca")
    assert Event.objects.get(pk=event.pk).language == "en"


def test_the_settings_page_offers_the_three_languages_in_their_own_words():
    event = EventFactory(slug="meet")
    page = organizer_client(event).get("/e/meet/desk/settings/").content.decode()
    assert "Language of the projector and the printed sheets" in page
    for value, words in (("en", "English"), ("fr", "Français"), ("es", "Español")):
        assert f'<option value="{value}"' in page
        assert words in page


def test_the_settings_page_sets_the_language_and_refuses_another():
    event = EventFactory(slug="meet")
    client = organizer_client(event)
    answer = client.post("/e/meet/desk/settings/", settings_post(event, language="es"))
    assert answer.status_code == 302
    assert Event.objects.get(pk=event.pk).language == "es"
    # A tampered form (a language without a catalog): refused, nothing changed.
    answer = client.post("/e/meet/desk/settings/", settings_post(event, language="de"))
    assert answer.status_code == 200
    assert "Select a valid choice. de is not one of the available choices." in (
        answer.content.decode()
    )
    assert Event.objects.get(pk=event.pk).language == "es"


def _french_event() -> Event:
    event = EventFactory(slug="quebec", language="fr")
    EntrantFactory.create_batch(2, division=DivisionFactory(event=event, name="70-74"))
    return event


def test_backup_restore_backup_keeps_the_language():
    first = event_backup(_french_event())
    assert first["event"]["language"] == "fr"
    copy = event_restore(first, slug="quebec-2")
    assert copy.language == "fr"
    second = event_backup(copy)
    assert second["event"].pop("slug") == "quebec-2"
    assert first["event"].pop("slug") == "quebec"
    assert second == first


@pytest.mark.parametrize("value", ["de", "", "FR", 3, None])
def test_a_tampered_language_is_refused_naming_it(value):
    data = event_backup(_french_event())
    data["event"]["language"] = value
    with pytest.raises(BackupRefused, match="language"):
        event_restore(data, slug="tampered")
    assert not Event.objects.filter(slug="tampered").exists()


def test_a_backup_made_before_events_had_a_language_restores_in_english():
    data = event_backup(_french_event())
    del data["event"]["language"]
    assert event_restore(data, slug="older").language == "en"
