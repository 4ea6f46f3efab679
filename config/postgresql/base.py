"""Django's PostgreSQL backend, with its health check left out for a connection that
has just served a request without an error (docs/decisions.md, "A busy connection's
health check").

With CONN_HEALTH_CHECKS, Django checks a kept connection at the first query of every
request: a ``SELECT 1`` sent and answered before the request's own statements, about a
tenth of a score save's work on both sides. A connection that served the worker's
previous request without an error less than ``RECENT`` seconds ago is taken as it is;
one idle for longer (the database may have restarted meanwhile) is checked as Django
checks it. A database restart is then noticed by one request per busy worker, which
fails (the score page's queue sends a save again) and closes the connection, as the
requests in flight at that moment fail anyway.
"""

import time

from django.db.backends.postgresql import base

RECENT = 1.0  # seconds


class DatabaseWrapper(base.DatabaseWrapper):
    served_at: float | None = None  # when a request last ended well on this connection

    def close_if_health_check_failed(self):
        if (
            self.connection is not None
            and not self.health_check_done
            and self.served_at is not None
            and time.monotonic() - self.served_at < RECENT
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def close_if_unusable_or_obsolete(self):
        # Called as every request starts and ends. A request used the connection when its
        # health check was done (or skipped) since the last call.
        used = self.connection is not None and self.health_check_done
        healthy = used and not self.errors_occurred
        super().close_if_unusable_or_obsolete()
        if self.connection is None or (used and not healthy):
            self.served_at = None
        elif healthy:
            self.served_at = time.monotonic()
