"""Numbers and dates in words for the printed sheets, in the active language: places and
ordinals, dates, "Table 7", "3 games". The data's codes (round kinds and statuses, medals,
a player out of play) come from the one vocabulary, tournaments.vocabulary."""

from __future__ import annotations

import datetime

from django.utils import dateformat
from django.utils.translation import get_language, gettext, ngettext, pgettext

from printing.data import EventInfo
from tournaments import text

# Every word printed is in the active language: the printing service renders each
# document inside translation.override(event.language). Names are printed as written.


def get_language_code() -> str:
    """The active language without its region: "en", "fr", "es"."""
    return (get_language() or "en").split("-")[0]


def ordinal(n: int, feminine: bool = False) -> str:
    """1st, 2nd (English); 1er/1re, 2e (French); 1.º/1.ª (Spanish)."""
    return text.ordinal(n, get_language_code(), feminine)


def place_words(n: int, upper: bool = False) -> str:
    """ "2nd place" in the active language ("2ND PLACE" with ``upper``: the words
    only, never the ordinal's letters)."""
    # Translators: the grammatical gender of your word for a place in a ranking: m or f.
    feminine = pgettext("gender of the word place", "m") == "f"
    words = gettext("%(ordinal)s place") % {"ordinal": "\0"}
    number = ordinal(n, feminine)
    if upper:
        # "4TH PLACE"; but French and Spanish ordinals keep their small letters ("4e").
        words = words.upper()
        number = number.upper() if get_language_code() == "en" else number
    return words.replace("\0", number)


def continued(heading: str) -> str:
    """A heading repeated at the top of the next page."""
    return gettext("%(heading)s (continued)") % {"heading": heading}


def table_words(number: int) -> str:
    return gettext("Table %(number)d") % {"number": number}


def long_date(date: datetime.date) -> str:
    """The day in words in the active language: "Saturday, June 14, 2025"."""
    # Translators: a date with the day of the week, in Django's date format
    # ("l" the day's name, "F" the month's, "j" the day, "Y" the year; \d for a letter d).
    return dateformat.format(date, pgettext("long date on printed sheets", "l, F j, Y"))


def games_words(n: int) -> str:
    return ngettext("%(n)d game", "%(n)d games", n) % {"n": n}


def event_line(event: EventInfo) -> str:
    parts = [event.name, long_date(event.date)]
    if event.venue:
        parts.append(event.venue)
    return " · ".join(p for p in parts if p)
