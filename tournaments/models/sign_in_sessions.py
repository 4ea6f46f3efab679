"""The signed-in session that every page reads with its user in one statement."""

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models


class SignInSession(AbstractBaseSession):
    """A signed-in session (tournaments/sessions.py): Django's database session with the
    user it signs in, so that every page reads the session and its user in one statement
    (two with Django's own). Deleting an account ends its sessions."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    @classmethod
    def get_session_store_class(cls):
        from tournaments.sessions import SessionStore

        return SessionStore
