"""Every answer of the application carries the Content-Security-Policy:
the same strict policy for the public, a scorekeeper, an organizer, the players at a
table, the admin, the scripts' words, the service worker and every error page."""

import pytest
from django.test import Client

from tests.factories import UserFactory, seated, seated_division
from tournaments.models import Table
from tournaments.selectors import table_code_live

pytestmark = pytest.mark.django_db

# Exactly these directives with exactly these sources (django-csp may write them in any
# order): nothing inline, no eval, nothing from another site, in no other site's frame.
POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
}


def directives(header: str) -> dict[str, list[str]]:
    parsed = {}
    for part in header.split(";"):
        name, *sources = part.split()
        assert name not in parsed, f"{name} twice"
        parsed[name] = sources
    return parsed


def assert_policy(response, where):
    headers = [
        value for name, value in response.items() if name.lower() == "content-security-policy"
    ]
    assert len(headers) == 1, (where, response.status_code, headers)
    assert directives(headers[0]) == POLICY, (where, headers[0])
    assert "Content-Security-Policy-Report-Only" not in response, where


@pytest.fixture
def hall():
    division = seated_division(8, score_entry="both")
    event = division.event
    organizer = UserFactory(username="olive")
    scorekeeper = UserFactory(username="sam")
    event.organizers.add(organizer)
    event.scorekeepers.add(scorekeeper)
    table = Table.objects.filter(round__division=division).order_by("number").first()
    return event, division, table, organizer, scorekeeper


def test_public_pages_scripts_worker_and_errors_carry_the_policy(hall):
    event, _division, _table, _organizer, _scorekeeper = hall
    client = Client()
    pages = {
        "home": "/",
        "sign in": "/login/",
        "projector": f"/p/{event.slug}/",
        "find my table": f"/p/{event.slug}/find/?q=player",
        "find my table, part": f"/p/{event.slug}/find/?q=player&partial=1",
        "results": f"/p/{event.slug}/results/",
        "announcements part": f"/p/{event.slug}/announcements/",
        "scripts' words": "/jsi18n/fr/",
        "service worker": "/sw.js",
        "admin sign in": "/admin/login/",
    }
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        assert_policy(response, name)
    # The errors: not found, a bad request (a NUL character), a refused page.
    assert_policy(client.get("/nowhere/"), "404")
    assert client.get("/nowhere/").status_code == 404
    bad = client.get(f"/p/{event.slug}/find/?q=a%00b")
    assert bad.status_code == 400
    assert_policy(bad, "400")
    refused = client.get(f"/e/{event.slug}/desk/")
    assert refused.status_code == 302  # to sign in: a redirect carries it too
    assert_policy(refused, "redirect")


def test_scorekeeper_organizer_and_players_pages_carry_the_policy(hall):
    event, division, table, organizer, scorekeeper = hall
    keeper = Client()
    keeper.force_login(scorekeeper)
    for url in (
        f"/e/{event.slug}/score/",
        f"/e/{event.slug}/tables/{table.pk}/",
        f"/e/{event.slug}/standings/{division.pk}/",
    ):
        response = keeper.get(url)
        assert response.status_code == 200, url
        assert_policy(response, url)
    # A scorekeeper at the organizer's desk: refused, and the refusal carries it.
    refused = keeper.get(f"/e/{event.slug}/desk/")
    assert refused.status_code in (403, 404)
    assert_policy(refused, "refused desk")

    desk = Client()
    desk.force_login(organizer)
    for url in (
        f"/e/{event.slug}/desk/",
        f"/e/{event.slug}/desk/settings/",
        f"/e/{event.slug}/desk/divisions/{division.pk}/",
        f"/e/{event.slug}/desk/checkin/",
        f"/e/{event.slug}/print/",
    ):
        response = desk.get(url)
        assert response.status_code == 200, url
        assert_policy(response, url)

    # The 403 page: only the site's organizers start events.
    forbidden = keeper.get("/events/new/")
    assert forbidden.status_code == 403
    assert_policy(forbidden, "403")

    players = Client()
    code = table_code_live(table).code
    chooser = players.get(f"/t/{code}/")
    assert chooser.status_code == 200
    assert_policy(chooser, "players' name chooser")
    chosen = players.post(f"/t/{code}/me/", {"player": seated(table)[0].pk})
    assert chosen.status_code == 302
    assert_policy(chosen, "players' choice")
    page = players.get(f"/t/{code}/")
    assert page.status_code == 200 and "Game 1" in page.content.decode()
    assert_policy(page, "players' table page")
    assert_policy(players.get("/t/NOPE99/"), "unknown code")


def test_admin_pages_carry_the_same_policy():
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(root)
    for url in ("/admin/", "/admin/tournaments/event/", "/admin/tournaments/event/add/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert_policy(response, url)


def test_a_refused_security_token_and_a_server_fault_carry_the_policy(settings):
    client = Client(enforce_csrf_checks=True)
    refused = client.post("/login/", {"username": "x", "password": "y"})
    assert refused.status_code in (401, 403)  # the 403_csrf page (401: "you were signed out")
    assert_policy(refused, "refused security token")
    settings.ROOT_URLCONF = "tests.csp_urls"
    settings.DEBUG = False
    failing = Client(raise_request_exception=False)
    response = failing.get("/fails/")
    assert response.status_code == 500
    assert_policy(response, "500")


def test_the_header_built_once_is_django_csps_own_and_follows_the_settings(settings):
    """web/csp.py keeps the header it built: it is what django-csp builds, and a
    change of the settings' policy is followed at the next answer."""
    from csp.utils import build_policy

    client = Client()
    first = client.get("/login/")
    assert first["Content-Security-Policy"] == build_policy()
    assert client.get("/login/")["Content-Security-Policy"] == first["Content-Security-Policy"]
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    assert client.get("/login/")["Content-Security-Policy"] == "default-src 'none'"
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"img-src": ["'self'"]}}
    answer = client.get("/login/")
    report_only = answer["Content-Security-Policy-Report-Only"]
    assert report_only == build_policy(report_only=True) and "img-src 'self'" in report_only
