"""A refused request (403) is logged in one line naming the path, the client and the
reason, never a traceback (config/logs.py, on the loggers config/settings.py names)."""

import logging

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, seated_division

pytestmark = pytest.mark.django_db

ADDRESS = "198.51.100.7"


@pytest.fixture
def refusals(caplog):
    """The records of refused requests, as the console's format writes them. Django's
    loggers stop at "django" (they do not reach the root, where caplog listens)."""
    django = logging.getLogger("django")
    django.addHandler(caplog.handler)
    caplog.handler.setFormatter(
        logging.Formatter(settings.LOGGING["formatters"]["console"]["format"], style="{")
    )
    yield lambda: [
        caplog.handler.format(record)
        for record in caplog.records
        if getattr(record, "status_code", None) == 403
    ]
    django.removeHandler(caplog.handler)


def _signed_in(user, **options) -> Client:
    client = Client(REMOTE_ADDR=ADDRESS, **options)
    client.force_login(user)
    return client


def test_a_page_refused_to_someone_without_the_role_is_one_line(refusals):
    division = seated_division(4)
    event = division.event
    client = _signed_in(UserFactory(username="sam"))
    url = reverse("desk:entrants", args=[event.slug])
    assert client.get(url).status_code == 403
    [line] = refusals()
    assert "\n" not in line and "Traceback" not in line
    assert line.endswith(
        f"WARNING django.request: Refused (403): GET {url} from {ADDRESS} (user sam): "
        f"You are not an organizer of {event.name}."
    )


def test_a_form_without_its_security_token_is_one_line(refusals):
    division = seated_division(4)
    event = division.event
    organizer = UserFactory(username="ann")
    event.organizers.add(organizer)
    client = _signed_in(organizer, enforce_csrf_checks=True)
    url = reverse("desk:entrant_new", args=[event.slug])
    assert client.post(url, {"first_name": "Bo"}).status_code == 403
    [line] = refusals()
    assert "\n" not in line
    assert line.endswith(
        f"WARNING django.security.csrf: Refused (403): POST {url} from {ADDRESS} (user ann): "
        "the form's security token: CSRF cookie not set."
    )


def test_a_refusal_without_words_and_a_page_answering_403_are_one_line(refusals):
    division = seated_division(4)
    round_ = division.rounds.get()
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client = _signed_in(root)
    # The admin shows a round and refuses to change it (PermissionDenied without words).
    url = f"/admin/tournaments/round/{round_.pk}/change/"
    assert client.post(url, {}).status_code == 403
    # A table's page answers a signed-in user without the role with its own 403 page.
    table = round_.tables.first()
    outsider = _signed_in(UserFactory(username="eve"))
    table_url = reverse("scoring:table", args=[division.event.slug, table.pk])
    assert outsider.get(table_url).status_code == 403
    first, second = refusals()
    assert first.endswith(
        f"Refused (403): POST {url} from {ADDRESS} (user root): permission denied"
    )
    assert second.endswith(
        f"Refused (403): GET {table_url} from {ADDRESS} (user eve): "
        "answered by the page scoring:table"
    )


def test_what_would_break_the_line_is_written_as_an_escape(refusals):
    division = seated_division(4)
    event = division.event
    event.name = "Fall\nOpen \u202eevil"
    event.save()
    client = Client(REMOTE_ADDR=ADDRESS)
    client.force_login(UserFactory(username="sam"))
    url = reverse("desk:entrants", args=[event.slug])
    assert client.get(url).status_code == 403
    [line] = refusals()
    assert "\n" not in line and "\u202e" not in line
    assert line.endswith("You are not an organizer of Fall\\nOpen \\u202eevil.")
