"""The PostgreSQL backend's health check (config/postgresql/base.py): left out for a
connection that has just served a request without an error, done as Django does it
otherwise (idle for longer, after an error, a new connection). In tests/services: the
PostgreSQL pass runs this folder."""

import pytest
from django.db import InterfaceError, OperationalError, ProgrammingError, connections

from config.postgresql import base

connection = connections["default"]

pytestmark = [pytest.mark.postgres_only, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def checks(monkeypatch):
    """The health checks Django sends (``is_usable``), counted."""
    sent = []
    real = base.DatabaseWrapper.is_usable

    def counted(self):
        sent.append(1)
        return real(self)

    monkeypatch.setattr(base.DatabaseWrapper, "is_usable", counted)
    connection.ensure_connection()
    connection.health_check_enabled = True  # as CONN_HEALTH_CHECKS has it
    return sent


def request(query="SELECT 1"):
    """One request as Django's handler runs it: the connection looked at as it starts
    and ends (close_old_connections), a query in between."""
    connection.close_if_unusable_or_obsolete()
    with connection.cursor() as cursor:
        cursor.execute(query)
    connection.close_if_unusable_or_obsolete()


def test_the_backend_is_in_use():
    assert isinstance(connection, base.DatabaseWrapper)


def test_a_connection_that_just_served_a_request_is_not_checked_again(checks):
    request()  # the connection was just made: nothing to check
    request()
    request()
    assert checks == []


def test_a_connection_idle_for_longer_is_checked(checks, monkeypatch):
    request()
    clock = base.time.monotonic() + base.RECENT + 0.5
    monkeypatch.setattr(base.time, "monotonic", lambda: clock)
    request()
    assert len(checks) == 1
    request()  # and has then served a request well
    assert len(checks) == 1


def test_after_an_error_the_connection_is_checked_before_it_serves_again(checks):
    request()
    with pytest.raises(ProgrammingError):
        request("SELECT * FROM no_such_table_here")
    connection.close_if_unusable_or_obsolete()  # the failed request's end
    assert len(checks) == 1
    assert connection.served_at is None
    request()
    assert len(checks) == 1


def test_a_request_that_used_no_database_leaves_the_connection_to_be_checked(checks, monkeypatch):
    """A request without a query does not make an idle connection look recently used."""
    request()
    clock = base.time.monotonic() + base.RECENT + 0.5
    monkeypatch.setattr(base.time, "monotonic", lambda: clock)
    connection.close_if_unusable_or_obsolete()  # a request that sent nothing
    connection.close_if_unusable_or_obsolete()
    request()
    assert len(checks) == 1


def test_a_closed_database_connection_is_noticed_and_replaced(checks):
    """The database closed the connection (a restart): after the one request that fails,
    the connection is replaced and the next request works."""
    connection.ensure_connection()
    request()
    pid = connection.connection.info.backend_pid
    with connection._nodb_cursor() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    failed = False
    try:
        request()
    except (OperationalError, InterfaceError):
        failed = True
        connection.close_if_unusable_or_obsolete()
    request()  # works on a new connection
    assert connection.connection.info.backend_pid != pid
    assert failed  # the one request, on the connection used just before the restart
