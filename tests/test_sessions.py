"""Signed-in sessions (Django's database sessions): every check Django makes of a
signed-in user is made at each page — inactive, password changed, account deleted,
session expired or ended."""

import datetime

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from tests.factories import EventFactory, UserFactory

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


def test_a_signed_in_page_is_served_to_its_user(sam):
    client = signed_in(sam)
    assert Session.objects.count() == 1
    answer = page(client)
    assert answer.status_code == 200 and answer.wsgi_request.user == sam


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


def test_a_deleted_account_signs_nobody_in(sam):
    client = signed_in(sam)
    sam.delete()
    answer = page(client)
    assert answer.status_code == 302 and not answer.wsgi_request.user.is_authenticated


def test_an_expired_or_ended_session_signs_nobody_in(sam):
    client = signed_in(sam)
    Session.objects.update(expire_date=timezone.now() - datetime.timedelta(seconds=1))
    assert page(client).status_code == 302
    client = signed_in(sam)
    client.post("/logout/")
    assert not Session.objects.filter(expire_date__gt=timezone.now()).exists()
    assert page(client).status_code == 302
