"""What the tests of a correction's words share: round 1 of eight played and closed,
round 2 seated, the organizer Olive, and a page read in a language."""

import html

from django.test import Client

from scoring import services as scoring_services
from tests.factories import UserFactory, enter, seated_division
from tournaments.models import Table

GAMES = [(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)]


def advanced_division():
    """(division, its round 1 table 1, the organizer Olive) after round 1 closed."""
    division = seated_division(8)
    for table in Table.objects.filter(round__division=division, round__number=1):
        for number, values in enumerate(GAMES, start=1):
            enter(table, number, values)
    scoring_services.division_advance(division=division)
    olive = UserFactory(username="olive")
    division.event.organizers.add(olive)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    return division, table, olive


def client_in(language: str, user) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def table_page(division, table, language, user, *, squeeze: bool = True) -> str:
    """The table's page as USER reads it in LANGUAGE; ``squeeze``: every run of whitespace
    (the narrow no-break space included) made one space."""
    answer = client_in(language, user).get(f"/e/{division.event.slug}/tables/{table.pk}/")
    assert answer.status_code == 200
    page = html.unescape(answer.content.decode())
    return " ".join(page.split()) if squeeze else page
