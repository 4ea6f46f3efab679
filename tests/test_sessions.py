"""Sessions read with their user (tournaments/sessions.py): one statement for both, and
every check Django makes of a signed-in user still made — inactive, password changed,
account deleted, session expired or ended, a row's user that is not the session's."""

import datetime

import pytest
from django.contrib.auth import SESSION_KEY
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import EventFactory, UserFactory
from tournaments import sessions
from tournaments.models import SignInSession

pytestmark = pytest.mark.django_db

PASSWORD = "Volunteer-Pass-2026"


@pytest.fixture
def sam():
    user = UserFactory(username="sam")
    user.set_password(PASSWORD)
    user.save()
    EventFactory(slug="county").scorekeepers.add(user)
    return user


def signed_in(user) -> Client:
    client = Client()
    assert client.post("/login/", {"username": user.username, "password": PASSWORD}).status_code
    return client


def page(client):
    return client.get("/e/county/score/")


def test_signing_in_stores_the_user_with_the_session_and_a_page_reads_both_at_once(sam):
    client = signed_in(sam)
    row = SignInSession.objects.get()
    assert row.user_id == sam.pk
    with CaptureQueriesContext(connection) as queries:
        answer = page(client)
    assert answer.status_code == 200 and answer.wsgi_request.user == sam
    reads = [q["sql"] for q in queries.captured_queries]
    assert "JOIN" in reads[0] and SignInSession._meta.db_table in reads[0]
    user_table = sam._meta.db_table
    assert not [
        sql for sql in reads if sql.lstrip().startswith("SELECT") and f'FROM "{user_table}"' in sql
    ]
    assert sessions._READ_WITH_SESSION.get() is None  # nothing kept after the request


def test_an_account_made_inactive_is_signed_out_at_its_next_page(sam):
    client = signed_in(sam)
    sam.is_active = False
    sam.save()
    answer = page(client)
    assert answer.status_code == 302 and "/login/" in answer["Location"]


def test_a_password_changed_elsewhere_ends_the_session(sam):
    client = signed_in(sam)
    sam.set_password("Another-Pass-2027")
    sam.save()
    answer = page(client)
    assert answer.status_code == 302 and "/login/" in answer["Location"]
    assert not answer.wsgi_request.user.is_authenticated


def test_deleting_an_account_deletes_its_sessions(sam):
    client = signed_in(sam)
    sam.delete()
    assert SignInSession.objects.count() == 0
    assert page(client).status_code == 302


def test_an_expired_or_ended_session_signs_nobody_in(sam):
    client = signed_in(sam)
    SignInSession.objects.update(expire_date=timezone.now() - datetime.timedelta(seconds=1))
    assert page(client).status_code == 302
    client = signed_in(sam)
    client.post("/logout/")
    assert not SignInSession.objects.filter(expire_date__gt=timezone.now()).exists()
    assert page(client).status_code == 302


def test_the_rows_user_is_not_trusted_over_the_sessions_own(sam):
    """Only the session's signed data says who is signed in: a row whose user column names
    someone else (written by hand) signs in the session's user, read as Django reads it."""
    olive = UserFactory(username="olive", is_superuser=True)
    client = signed_in(sam)
    SignInSession.objects.update(user=olive)
    answer = page(client)
    assert answer.status_code == 200 and answer.wsgi_request.user == sam
    assert not answer.wsgi_request.user.is_superuser


def test_a_session_without_a_user_column_still_signs_in(sam):
    """A session saved before its user was kept with it (or by another store) is read as
    Django reads it: the user's own statement."""
    client = signed_in(sam)
    SignInSession.objects.update(user=None)
    answer = page(client)
    assert answer.status_code == 200 and answer.wsgi_request.user == sam
    store = answer.wsgi_request.session
    assert store[SESSION_KEY] == str(sam.pk)
