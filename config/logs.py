"""What the log says of a refused request: one line, never a traceback.

Django logs a refusal (403) on ``django.request``, with the whole traceback of the
``PermissionDenied`` raised (our role decorators, web/decorators.py; the admin's), and a
form refused for its security token on ``django.security.csrf``, without saying who sent
it. ``OneLineRefusal``, on both loggers (config/settings.py, ``LOGGING``), rewrites the
record of a 403 as

    Refused (403): POST /e/fall-open/desk/entrants/new/ from 198.51.100.7 (user sam):
    You are not an organizer of Fall Open.

on one line: the method and the path, the client's address (as the throttles count it,
``tournaments.access.client_address``) and the signed-in user, and the reason: the
refusal's own words, the security token's, or the page that answered 403 itself.
"""

import logging

from django.core.exceptions import PermissionDenied


def _one_line(text) -> str:
    """``text`` with what would break the line or hide in it (a line break in a path,
    a bidi control in an event's name) written as an escape, ``\\n``, ``\\u202e``."""
    return "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in str(text)
    )


def _client(request) -> str:
    from tournaments.access import client_address  # models are loaded after logging is set

    return client_address(request) or request.META.get("REMOTE_ADDR") or "an unknown address"


def _reason(record: logging.LogRecord, request) -> str:
    if record.name == "django.security.csrf" and record.args:
        # Django's "Forbidden (%s): %s" with the reason and the path.
        return f"the form's security token: {record.args[0]}"
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, PermissionDenied):
        return str(error) or "permission denied"
    match = getattr(request, "resolver_match", None)
    page = match.view_name if match is not None else request.path
    return f"answered by the page {page}"


class OneLineRefusal(logging.Filter):
    """A 403's record in one line: where, from whom, why (this module's docstring)."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if getattr(record, "status_code", None) != 403 or request is None:
            return True
        try:
            user = getattr(request, "user", None)
            who = f" (user {user.get_username()})" if user and user.is_authenticated else ""
            line = (
                f"Refused (403): {request.method} {request.path} from {_client(request)}{who}: "
                f"{_reason(record, request)}"
            )
        except Exception:  # noqa: BLE001  a log line never turns a refusal into a 500
            return True
        record.msg, record.args = _one_line(line), ()
        record.exc_info = record.exc_text = None
        return True
