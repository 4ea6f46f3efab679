import os

import pytest
from django.test.utils import override_settings
from hypothesis import settings

# "quick" for `make test`, "long" for `make test-long` (HYPOTHESIS_PROFILE=long).
settings.register_profile("quick", max_examples=60, deadline=None)
settings.register_profile("long", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hasher():
    """Tests sign in and make accounts often: MD5 there, never in production
    (config/settings.py: Argon2id; tests/test_passwords.py checks that one)."""
    override = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    override.enable()
    yield
    override.disable()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A request in French leaves French active in this thread (LocaleMiddleware never
    deactivates): each test starts in English, as a fresh process would."""
    yield
    from django.utils import translation

    translation.activate("en")
