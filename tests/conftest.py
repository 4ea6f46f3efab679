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


@pytest.fixture(autouse=True, scope="session")
def _no_prefetch_along_a_foreign_key():
    """A prefetch that follows a foreign key forward ("seats__entrant") reaches SQLite as
    one condition per row, which it refuses past about 1,000 rows: refused in every test,
    whatever its size. Join instead (select_related, or a Prefetch of the seats whose
    queryset selects the entrant)."""
    from django.db.models.fields.related_descriptors import ForwardManyToOneDescriptor

    def refused(descriptor, instances, querysets=None):
        raise AssertionError(
            f"A prefetch along the foreign key {descriptor.field} fails on SQLite past about "
            "1,000 rows: join it (select_related) instead."
        )

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ForwardManyToOneDescriptor, "get_prefetch_querysets", refused)
        yield
