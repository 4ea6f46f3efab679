"""What a backup file is: its format's name and versions, the fields it carries, the parts
it has and the limits beyond which a file is not a backup."""

import re

from tournaments.models import ENTRANT_DETAILS, EVENT_SETTINGS

FORMAT = "rummikub-event-backup"
VERSION = 2
# Version 1 files, made before the extra times and people were written, still restore.
READABLE_VERSIONS = (1, 2)
EVENT_FIELDS = (
    "slug",
    *EVENT_SETTINGS,
    "created_at",
    "archived_at",
    # When the event's personal data were deleted, and its end's (docs/privacy.md).
    "personal_purged_at",
    "ended_forgotten_at",
)
# An entrant: their details (one list: tournaments.models.ENTRANT_DETAILS), the age a file
# stated, and what the product keeps of them: status, when made, and when their data were
# erased at their request.
ENTRANT_FIELDS = (
    "external_id",
    *ENTRANT_DETAILS,
    "stated_age",
    "status",
    "created_at",
    "erased_at",
)
# The register of erasures (tournaments.models.Erasure), the event's part of it.
ERASURE_FIELDS = ("external_id", "reason", "by_label", "at")
# Entrants removed before play (tournaments.models.EntrantRemoval).
REMOVAL_FIELDS = ("external_id", "name", "division", "reason", "by_label", "at")
# Who a removed entrant was, for an upload to recognise them (an older backup has none).
REMOVAL_PERSON_FIELDS = ("first_name", "last_name", "birth_date")


# The parts a backup has; anything else (a 60 MB key nobody reads) refuses the file.
TOP_KEYS = frozenset(
    {
        "format",
        "version",
        "event",
        "organizers",
        "scorekeepers",
        "divisions",
        "entrants",
        "rounds",
        "decisions",
        "audit",
        "retired_codes",
        "announcements",
        "status_changes",
        "round_changes",
        "erasures",
        "removals",
    }
)
# The largest real backup measured, a simulated event of 10,000 entrants played to medals,
# is 21 MB (docs/decisions.md): three times that is still a backup, more is not.
MAX_BACKUP_BYTES = 64 * 1024 * 1024
# A backup's lists and groups nest about ten deep; far more is not a backup (and a file of
# a hundred thousand brackets would exhaust Python's recursion reading it).
MAX_BACKUP_DEPTH = 32


# Dates and times a backup may hold: a birth date, an event, a game's entry.
FIRST_YEAR, LAST_YEAR = 1900, 2100
# What configure_event allows (tournaments/services/events.py).
MINUTES_PER_GAME = (1, 600)
# Entrants as the registration reader makes them; divisions as the engine plans them.
ENTRANT_GENDERS = ("F", "M", "X", "")
DIVISION_GENDERS = ("F", "M", "")
# Control characters (but tab, line feed and carriage return) and lone surrogates: no
# name, reason or note has them, and a database may refuse or mangle them.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
