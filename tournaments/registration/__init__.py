"""Read an entrants CSV uploaded by an organizer.

Accepts our own format (``entrant_id, first_name, last_name, birth_date,
gender, club, division`` in any order, any case) or a registration platform's
export as it comes (e.g. "Registration ID","First Name","Date of Birth",...),
with generous header aliases. Returns clean rows, or raises
:class:`RegistrationError` listing every problem found (line + reason).

Plain Python besides Django's gettext: the problems are said in the page's language on the
upload's preview (the command line runs in English); nothing here touches the database.
"""

from .headers import FIELD_LABEL
from .preview import preview
from .reader import FIELD_LIMITS, MAX_AGE, MAX_NAME_LENGTH, read_registrations
from .rows import ParsedRegistrations, RegistrationError, RegistrationRow

__all__ = [
    "FIELD_LABEL",
    "FIELD_LIMITS",
    "MAX_AGE",
    "MAX_NAME_LENGTH",
    "ParsedRegistrations",
    "RegistrationError",
    "RegistrationRow",
    "preview",
    "read_registrations",
]
