"""Who sees which language: the browser's language (Accept-Language), the
switch on every page (a POST to Django's set_language; its cookie keeps the choice), and the
event's language on the projector and the public pages when the visitor has not chosen."""

import datetime
import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone, translation

from tests.factories import EventFactory, UserFactory
from tournaments.selectors import clock_time

pytestmark = pytest.mark.django_db

LANG = re.compile(r'<html lang="([a-z-]+)">')


def lang_of(response) -> str:
    return LANG.search(response.content.decode()).group(1)


def switch_buttons(page: str) -> list[tuple[str, str]]:
    return re.findall(
        r'<button type="submit" name="language" value="(\w+)" lang="\w+"[^>]*>([^<]+)<', page
    )


def test_a_visitor_gets_the_browsers_language():
    for header, expected in (
        ("fr-CA,fr;q=0.9,en;q=0.5", "fr"),
        ("es-MX,es;q=0.8", "es"),
        ("de-DE,de;q=0.9", "en"),  # a language we have no catalog for: English
        ("en-US,en;q=0.9", "en"),
    ):
        answer = Client(headers={"accept-language": header}).get("/login/")
        assert lang_of(answer) == expected, header
        assert answer["Content-Language"] == expected
    assert lang_of(Client().get("/login/")) == "en"


@pytest.mark.parametrize("path", ["/", "/login/", "/no/such/page/", "/p/meet/", "/p/meet/find/"])
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_every_page_has_the_switch_posting_back_to_itself(path, language):
    EventFactory(slug="meet", language=language)
    client = Client(headers={"accept-language": language})
    page = client.get(path + "?q=ann").content.decode()
    # Each language in its own words, whatever the page's language.
    assert switch_buttons(page) == [("en", "English"), ("fr", "Français"), ("es", "Español")]
    assert f'value="{language}" lang="{language}" aria-current="true"' in page
    form = page[page.index('<form class="languages"') :]
    form = form[: form.index("</form>")]
    assert 'action="/i18n/setlang/"' in form and 'method="post"' in form
    assert 'name="csrfmiddlewaretoken"' in form
    assert f'name="next" value="{path}?q=ann"' in form
    assert "onclick" not in form and "<script" not in form


def test_the_switch_keeps_the_choice_over_the_browsers_language():
    client = Client(enforce_csrf_checks=True, headers={"accept-language": "fr"})
    page = client.get("/login/?next=/")
    assert lang_of(page) == "fr"
    token = page.cookies[settings.CSRF_COOKIE_NAME].value
    answer = client.post(
        "/i18n/setlang/",
        {"language": "es", "next": "/login/?next=/", "csrfmiddlewaretoken": token},
    )
    assert answer.status_code == 302 and answer["Location"] == "/login/?next=/"
    cookie = answer.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "es"
    assert int(cookie["max-age"]) >= 300 * 24 * 3600  # kept, not lost when the browser closes
    assert lang_of(client.get("/login/")) == "es"
    assert lang_of(client.get("/")) == "es"
    # Back to English with the same switch.
    client.post("/i18n/setlang/", {"language": "en", "next": "/", "csrfmiddlewaretoken": token})
    assert lang_of(client.get("/login/")) == "en"


def test_the_switch_refuses_a_strange_language_a_foreign_next_and_a_missing_token():
    client = Client(enforce_csrf_checks=True)
    token = client.get("/login/").cookies[settings.CSRF_COOKIE_NAME].value
    answer = client.post(
        "/i18n/setlang/", {"language": "de", "next": "/login/", "csrfmiddlewaretoken": token}
    )
    # (Django keeps the word, as it has a German catalog of its own; we have none.)
    assert lang_of(client.get("/login/")) == "en"
    answer = client.post(
        "/i18n/setlang/",
        {"language": "fr", "next": "https://evil.example/", "csrfmiddlewaretoken": token},
    )
    assert answer["Location"] == "/"
    # Without the page's security token: refused (the page that says why), nothing kept.
    refused = Client(enforce_csrf_checks=True).post("/i18n/setlang/", {"language": "fr"})
    assert refused.status_code in (401, 403)
    assert settings.LANGUAGE_COOKIE_NAME not in refused.cookies


def test_the_projector_and_public_pages_speak_the_events_language_until_the_visitor_chooses():
    EventFactory(slug="quebec", language="fr")
    EventFactory(slug="texas", language="es")
    EventFactory(slug="ohio", language="en")
    english_browser = Client(headers={"accept-language": "en-US,en"})
    for path in ("/p/quebec/", "/p/quebec/find/", "/p/quebec/results/"):
        assert lang_of(english_browser.get(path)) == "fr", path
    assert lang_of(english_browser.get("/p/texas/")) == "es"
    assert lang_of(Client(headers={"accept-language": "fr"}).get("/p/ohio/")) == "en"
    # The visitor's choice wins on the event's pages...
    chose = Client()
    chose.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    assert lang_of(chose.get("/p/quebec/")) == "es"
    # ...and the event's language stays on its pages: the next page follows the browser.
    assert lang_of(english_browser.get("/login/")) == "en"


def test_the_events_language_does_not_reach_the_organizers_pages():
    event = EventFactory(slug="quebec", language="fr")
    user = UserFactory()
    event.organizers.add(user)
    client = Client(headers={"accept-language": "es"})
    client.force_login(user)
    assert lang_of(client.get("/e/quebec/desk/")) == "es"


def test_dates_and_times_follow_the_language():
    event = EventFactory(slug="meet", date=datetime.date(2026, 5, 14))
    client = Client()
    for language, date in (
        ("en", "May 14, 2026"),
        ("fr", "14 mai 2026"),
        ("es", "14 de mayo de 2026"),
    ):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = client.get("/p/meet/results/")
        assert date in page.content.decode(), language
    moment = timezone.make_aware(datetime.datetime(2026, 5, 14, 14, 45))
    with translation.override("en"):
        assert clock_time(moment) == "2:45 pm"
    with translation.override("fr"):
        assert clock_time(moment) == "14:45"
    with translation.override("es"):
        assert clock_time(moment) == "14:45"
    assert event.date.year == 2026


def test_the_scripts_words_come_from_a_catalog_in_the_pages_language(settings):
    settings.DEBUG = False
    client = Client(headers={"accept-language": "es"})
    french = client.get("/jsi18n/fr/")
    assert french.status_code == 200
    assert french["Content-Type"].startswith("text/javascript")
    body = french.content.decode()
    assert "Horloge en pause" in body and "Pausa" not in body  # the address decides
    assert "function gettext" in body or "django.gettext" in body
    assert french["Cache-Control"] == "public, max-age=3600"
    assert "Reloj en pausa" in client.get("/jsi18n/es/").content.decode()
    assert client.get("/jsi18n/de/").status_code == 404
    # Every page loads it as a script file, in its own language.
    page = Client(headers={"accept-language": "fr"}).get("/login/").content.decode()
    assert '<script src="/jsi18n/fr/" defer></script>' in page
    settings.DEBUG = True
    assert "Cache-Control" not in client.get("/jsi18n/fr/")
