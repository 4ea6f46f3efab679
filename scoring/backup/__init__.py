"""A whole event as one JSON document, and back: registration, bracket, scores, audit trail.

Backup → restore → backup gives the same document, every timestamp and every person
included: times the database would stamp anew on creation (``auto_now_add``) are written
back after the rows are made, and people named in the event who have no account in the
restoring database get one without a password (nobody can sign in with it until an
organizer or administrator gives it one). Version 1 files, without the extra times and
people, still restore.

The parts: ``format`` (what a backup file is), ``export`` (the event written out),
``checks`` (reading a file and checking it as a whole before anything is written),
``values`` (each value read from the file, a wrong one refusing it naming where),
``restore`` (the restore in one transaction) with ``restore_bracket`` (divisions,
entrants, rounds, tables, games) and ``restore_history`` (the audit trail and the other
records of what happened), and ``words`` (the names of a backup's fields in a refusal).
"""

from .checks import backup_read
from .export import event_backup
from .format import (
    ENTRANT_FIELDS,
    EVENT_FIELDS,
    FORMAT,
    MAX_BACKUP_BYTES,
    MAX_BACKUP_DEPTH,
    READABLE_VERSIONS,
    TOP_KEYS,
    VERSION,
)
from .restore import check_backup, event_restore
from .values import BackupRefused, SlugTaken

__all__ = [
    "ENTRANT_FIELDS",
    "EVENT_FIELDS",
    "FORMAT",
    "MAX_BACKUP_BYTES",
    "MAX_BACKUP_DEPTH",
    "READABLE_VERSIONS",
    "TOP_KEYS",
    "VERSION",
    "BackupRefused",
    "SlugTaken",
    "backup_read",
    "check_backup",
    "event_backup",
    "event_restore",
]
