"""The one place a request's numbers, ids and tokens are read (web/params.py)."""

import pytest
from django.http import Http404
from django.test import Client

from tests.factories import EventFactory
from tournaments.models import Event
from web.params import (
    MAX_ID,
    IdConverter,
    object_or_404,
    search_text,
    upload_token,
    whole_number,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", 7),
        (" 12 ", 12),
        ("٣", None),  # a decimal digit of another script: ASCII digits only, everywhere
        ("１", None),  # a full-width one
        ("1٣", None),
        ("0", 0),
        (str(MAX_ID), MAX_ID),
        (str(MAX_ID + 1), None),
        ("²", None),
        ("①", None),
        ("9" * 4301, None),
        ("-1", None),
        ("1.5", None),
        ("1e3", None),
        ("", None),
        ("\x00", None),
        (None, None),
        (7, None),
    ],
)
def test_whole_number(text, expected):
    assert whole_number(text) == expected


def test_whole_number_bounds():
    assert whole_number("0", low=1) is None
    assert whole_number("4", low=1, high=3) is None
    assert whole_number("3", low=1, high=3) == 3


@pytest.mark.django_db
def test_object_or_404():
    event = EventFactory()
    assert object_or_404(Event, str(event.pk)) == event
    assert object_or_404(Event, event.pk, slug=event.slug) == event
    for bad in ("²", "abc", "9" * 30, "0", "", None, True, event.pk + 1000):
        with pytest.raises(Http404):
            object_or_404(Event, bad)
    with pytest.raises(Http404):
        object_or_404(Event, event.pk, slug="another")


def test_tokens_and_search_text():
    assert upload_token("0123456789abcdef0123456789abcdef") is not None
    for bad in ("x" * 32, "0123456789ABCDEF0123456789ABCDEF", "1" * 5000, "../etc", "²", None):
        assert upload_token(bad) is None
    assert len(search_text("a" * 5000)) == 200
    assert search_text(None) == ""


def test_id_converter():
    converter = IdConverter()
    assert converter.to_python("42") == 42
    for bad in ("0", str(MAX_ID + 1), "9" * 10):
        with pytest.raises(ValueError):
            converter.to_python(bad)


@pytest.mark.django_db
def test_a_nul_character_is_a_400_in_words():
    client = Client()
    event = EventFactory()
    for response in (
        client.get(f"/p/{event.slug}/find/", {"q": "Ann\x00"}),
        client.post("/login/", {"username": "sam\x00", "password": "x"}),
    ):
        assert response.status_code == 400
        assert "Something in the request could not be read" in response.content.decode()
    assert client.get(f"/p/{event.slug}/find/", {"q": "Ann"}).status_code == 200


@pytest.mark.django_db
def test_an_id_too_large_in_a_url_is_a_404():
    client = Client()
    event = EventFactory()
    assert client.get(f"/e/{event.slug}/tables/{'9' * 4400}/").status_code == 404
    assert client.get(f"/e/{event.slug}/tables/{MAX_ID + 1}/").status_code == 404
