"""Reading one cell: dates, genders, names, ages."""

import datetime
import re

from django.utils.translation import gettext as _

GENDERS = {
    "f": "F",
    "female": "F",
    "w": "F",
    "woman": "F",
    "women": "F",
    "m": "M",
    "male": "M",
    "man": "M",
    "men": "M",
}

# ASCII digits only (re.ASCII): "٣" or "１" is no number in any file read.
TIME_SUFFIX = r"(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?)?"
YEAR_FIRST = re.compile(r"(\d{4})([-/])(\d{1,2})\2(\d{1,2})" + TIME_SUFFIX, re.ASCII)
YEAR_LAST = re.compile(r"(\d{1,2})([-/])(\d{1,2})\2(\d{4})" + TIME_SUFFIX, re.ASCII)
SHORT_YEAR = re.compile(r"\d{1,2}[-/.]\d{1,2}[-/.]\d{2}" + TIME_SUFFIX, re.ASCII)
WHOLE_NUMBER = re.compile(r"\d{1,3}(?:\.0+)?", re.ASCII)


def collapse(text: str) -> str:
    return " ".join(text.split())


def years_before(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


class BadValue(Exception):
    pass


def parse_date(value: str, day_first: bool) -> tuple[datetime.date, str]:
    """Return (date, layout) or raise BadValue with the reason."""
    expected = _("DD/MM/YYYY or YYYY-MM-DD") if day_first else _("MM/DD/YYYY or YYYY-MM-DD")
    m = YEAR_FIRST.fullmatch(value)
    if m:
        year, sep, month, day = int(m[1]), m[2], int(m[3]), int(m[4])
        layout = "YYYY-MM-DD" if sep == "-" else "YYYY/MM/DD"
    else:
        m = YEAR_LAST.fullmatch(value)
        if m is None:
            if SHORT_YEAR.fullmatch(value):
                raise BadValue(
                    _(
                        "has a two-digit year; write the full year (e.g. 1950, not 50) as "
                        "%(expected)s"
                    )
                    % {"expected": expected}
                )
            raise BadValue(_("is not a date (%(expected)s)") % {"expected": expected})
        first, sep, second, year = int(m[1]), m[2], int(m[3]), int(m[4])
        if day_first:
            day, month = first, second
            layout = "DD/MM/YYYY" if sep == "/" else "DD-MM-YYYY"
        else:
            month, day = first, second
            layout = "MM/DD/YYYY" if sep == "/" else "MM-DD-YYYY"
            if month > 12 and 1 <= day <= 12:
                raise BadValue(
                    _(
                        "is not a date (%(expected)s): %(first)s is not a month. "
                        "It looks like day/month/year; if the whole file writes the "
                        "day first, import it again with the day-first option"
                    )
                    % {"expected": expected, "first": first}
                )
    try:
        return datetime.date(year, month, day), layout
    except ValueError:
        raise BadValue(_("is not a real date (%(expected)s)") % {"expected": expected}) from None


def split_full_name(value: str) -> tuple[str, str]:
    """ "First Middle Last" -> ("First Middle", "Last"); "Last, First" -> ("First", "Last")."""
    if "," in value:
        last, _, first = value.partition(",")
        return collapse(first), collapse(last)
    words = value.split()
    if len(words) < 2:
        return "", collapse(value)
    return " ".join(words[:-1]), words[-1]
