"""Signed-in sessions read with their user in one statement.

Django reads a signed-in page's session (one statement) and then its user (another):
``SessionStore`` reads the session's row with its user's (``SignInSession.user``, kept
with the session's data when it is saved), and ``SessionUserMiddleware`` hands that user
to Django's own ``auth.get_user`` through ``SessionUserBackend``, which then checks it
exactly as for a user it read itself (active, the password's hash in the session). A
session without the user read with it (none, another user's id) falls back to reading
the user as ``ModelBackend`` does. docs/decisions.md, "Sessions read with their user".
"""

import logging
from contextvars import ContextVar
from functools import cache

from django.contrib import auth
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.sessions.backends import db
from django.core.exceptions import SuspiciousOperation
from django.db import connection
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

# The user read with this request's session, while auth.get_user runs (never longer).
_READ_WITH_SESSION: ContextVar = ContextVar("read_with_session", default=None)


class SessionStore(db.SessionStore):
    # The session's user as read with it (None: no user, or not read yet).
    user_read = None

    @classmethod
    def get_model_class(cls):
        from tournaments.models import SignInSession

        return SignInSession

    def _get_session_from_db(self):
        model, User = self.model, get_user_model()
        sql, names, converters = _read(model, User)
        try:
            with connection.cursor() as cursor:
                cursor.execute(sql, [self.session_key, timezone.now()])
                row = cursor.fetchone()
        except SuspiciousOperation as error:  # as Django's: a malformed key is no session
            logging.getLogger(f"django.security.{error.__class__.__name__}").warning(str(error))
            row = None
        if row is None:
            self._session_key = None
            return None
        data, expire_date, values = row[0], row[1], list(row[2:])
        if values[0] is not None:
            for i, (convert, column) in converters:
                values[i] = convert(values[i], column, connection)
            self.user_read = User.from_db(connection.alias, names, values)
        return model(session_key=self.session_key, session_data=data, expire_date=expire_date)

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        user_id = data.get(SESSION_KEY)
        session.user_id = int(user_id) if str(user_id or "").isdecimal() else None
        return session


@cache
def _read(model, User) -> tuple[str, list[str], list]:
    """The statement reading a session with its user, the user's fields' names, and the
    converters that make its columns what the ORM would give (SQLite's dates are text)."""
    quote = connection.ops.quote_name
    fields = list(User._meta.concrete_fields)
    columns = ", ".join(f"u.{quote(f.column)}" for f in fields)
    sql = (
        f"SELECT s.session_data, s.expire_date, {columns} "
        f"FROM {quote(model._meta.db_table)} s "
        f"LEFT JOIN {quote(User._meta.db_table)} u ON u.{quote(User._meta.pk.column)} = s.user_id "
        "WHERE s.session_key = %s AND s.expire_date > %s"
    )
    converters = []
    for i, field in enumerate(fields):
        column = field.get_col("u")
        for convert in connection.ops.get_db_converters(column) + field.get_db_converters(
            connection
        ):
            converters.append((i, (convert, column)))
    return sql, [f.attname for f in fields], converters


class SessionUserBackend(ModelBackend):
    """Django's ModelBackend, taking the user read with the session when it is that one."""

    def get_user(self, user_id):
        user = _READ_WITH_SESSION.get()
        if user is not None and str(user.pk) == str(user_id):
            return user if self.user_can_authenticate(user) else None
        return super().get_user(user_id)


def _get_user(request):
    if not hasattr(request, "_cached_user"):
        session = request.session
        session.get(SESSION_KEY)  # reads the session, and its user with it
        token = _READ_WITH_SESSION.set(getattr(session, "user_read", None))
        try:
            request._cached_user = auth.get_user(request)
        finally:
            _READ_WITH_SESSION.reset(token)
    return request._cached_user


class SessionUserMiddleware(AuthenticationMiddleware):
    """Django's AuthenticationMiddleware, the user taken from the session's read."""

    def process_request(self, request):
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _get_user(request))
