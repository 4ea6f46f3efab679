"""Passwords are stored with Argon2id at our cost; older hashes still sign in and are
rewritten. The tests elsewhere use MD5 for speed (tests/conftest.py):
these put production's list back."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher, identify_hasher

import config.settings as production
from tournaments.passwords import Argon2Hasher

PASSWORD = "Volunteer-Pass-2026"


@pytest.fixture
def production_hashers(settings):
    settings.PASSWORD_HASHERS = list(production.PASSWORD_HASHERS)


def test_argon2id_comes_first_at_our_cost(production_hashers):
    assert production.PASSWORD_HASHERS[0] == "tournaments.passwords.Argon2Hasher"
    user = get_user_model()(username="ann")
    user.set_password(PASSWORD)
    assert user.password.startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$")
    assert isinstance(identify_hasher(user.password), Argon2Hasher)
    assert user.check_password(PASSWORD)
    assert not user.check_password(PASSWORD.lower())


@pytest.mark.django_db
def test_an_older_hash_signs_in_and_is_rewritten_with_argon2id(production_hashers, client):
    old = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    user = get_user_model().objects.create(username="ann", password=old)
    assert client.post("/login/", {"username": "ann", "password": "wrong"}).status_code == 200
    user.refresh_from_db()
    assert user.password == old  # a wrong password changes nothing
    answer = client.post("/login/", {"username": "ann", "password": PASSWORD})
    assert answer.status_code == 302
    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$")
    client.logout()
    assert client.post("/login/", {"username": "ann", "password": PASSWORD}).status_code == 302


@pytest.mark.django_db
def test_an_argon2_hash_of_other_parameters_is_rewritten_too(production_hashers, client):
    class Heavier(Argon2Hasher):
        memory_cost = 32768

    user = get_user_model().objects.create(
        username="bo", password=Heavier().encode(PASSWORD, Heavier().salt())
    )
    assert "m=32768" in user.password
    assert client.post("/login/", {"username": "bo", "password": PASSWORD}).status_code == 302
    user.refresh_from_db()
    assert "m=19456,t=2,p=1" in user.password


def test_tests_use_a_fast_hasher():
    from django.conf import settings

    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
