"""Read an entrants CSV uploaded by an organizer.

Accepts our own format (``entrant_id, first_name, last_name, birth_date,
gender, club, division`` in any order, any case) or a registration platform's
export as it comes (e.g. "Registration ID","First Name","Date of Birth",...),
with generous header aliases. Returns clean rows, or raises
:class:`RegistrationError` listing every problem found (line + reason).

Pure standard library: nothing here imports Django and nothing is saved.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = [
    "ParsedRegistrations",
    "RegistrationError",
    "RegistrationRow",
    "preview",
    "read_registrations",
]

MAX_NAME_LENGTH = 100
# The longest value each stored column takes (the Entrant and Division models).
FIELD_LIMITS = {"entrant_id": 64, "club": 120, "division": 100, "email": 254, "phone": 60}
MAX_AGE = 120


# --------------------------------------------------------------------------
# Result types
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class RegistrationRow:
    line: int
    entrant_id: str
    first_name: str
    last_name: str
    birth_date: datetime.date | None
    age: int | None
    gender: str  # "F", "M", "X" or ""
    club: str
    division: str
    email: str
    phone: str


@dataclass(frozen=True)
class ParsedRegistrations:
    rows: tuple[RegistrationRow, ...]
    columns: dict[str, str]  # our field name -> the header text it was read from
    ignored_columns: tuple[str, ...]  # headers we did not use, as written
    encoding: str  # "utf-8", "utf-8-sig" or "cp1252"
    skipped_by_event: dict[str, int]  # other events' rows skipped, by event value
    # Date layouts actually seen in the birth date column, e.g. ("MM/DD/YYYY",);
    # only used by preview().
    date_formats: tuple[str, ...] = field(default=())

    @property
    def skipped(self) -> int:
        return sum(self.skipped_by_event.values())


class RegistrationError(ValueError):
    """All the problems found, each (line, message); line 0 for file-level problems."""

    def __init__(self, problems: list[tuple[int, str]]):
        self.problems: list[tuple[int, str]] = list(problems)
        super().__init__(self.problems)

    def __str__(self) -> str:
        return "\n".join(
            f"line {line}: {message}" if line else f"file: {message}"
            for line, message in self.problems
        )


# --------------------------------------------------------------------------
# Header aliases
# --------------------------------------------------------------------------


def _header_key(header: str) -> str:
    """Normalize a header: drop "(...)"/"[...]" notes, case, spaces and punctuation."""
    text = unicodedata.normalize("NFKC", header)
    text = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", text)
    return "".join(ch for ch in text.casefold() if ch.isalnum())


_ALIASES: dict[str, tuple[str, ...]] = {
    "entrant_id": (
        "entrant_id",
        "entrant id",
        "registration id",
        "registration #",
        "registration number",
        "registration no",
        "reg id",
        "reg #",
        "reg no",
        "id",
        "participant id",
        "participant #",
        "athlete id",
        "member id",
        "member #",
        "member number",
        "registrant id",
        "confirmation #",
        "confirmation number",
        "confirmation id",
        "entry id",
        "player id",
    ),
    "first_name": (
        "first_name",
        "first name",
        "first",
        "given name",
        "given names",
        "firstname",
        "fname",
        "forename",
        "participant first name",
    ),
    "last_name": (
        "last_name",
        "last name",
        "last",
        "surname",
        "family name",
        "lastname",
        "lname",
        "participant last name",
    ),
    "full_name": (
        "name",
        "full name",
        "participant name",
        "entrant name",
        "player name",
        "athlete name",
        "registrant name",
    ),
    "birth_date": (
        "birth_date",
        "date of birth",
        "dob",
        "birthdate",
        "birthday",
        "birth date",
        "d.o.b.",
    ),
    "age": ("age", "age on event day", "age as of", "age at event"),
    "gender": ("gender", "sex"),
    "club": (
        "club",
        "club/team",
        "team",
        "club name",
        "team name",
        "organization",
        "organisation",
        "affiliation",
        "senior center",
        "senior centre",
    ),
    "division": ("division", "age group", "age division", "category", "age category"),
    "event": ("event", "sport", "event name", "competition", "activity"),
    "email": ("email", "e-mail", "email address", "e-mail address"),
    "phone": (
        "phone",
        "phone number",
        "mobile",
        "mobile phone",
        "mobile number",
        "cell",
        "cell phone",
        "telephone",
        "tel",
    ),
}

_ALIAS_TO_FIELD: dict[str, str] = {
    _header_key(alias): name for name, aliases in _ALIASES.items() for alias in aliases
}
# "Age as of 6/1/2026", "Age on 06-01-2026": the date is part of the header.
_PREFIX_TO_FIELD = (("ageasof", "age"), ("ageon", "age"), ("ageat", "age"))

_FIELD_LABEL = {
    "entrant_id": "entrant id",
    "first_name": "first name",
    "last_name": "last name",
    "full_name": "full name",
    "birth_date": "birth date",
    "age": "age",
    "gender": "gender",
    "club": "club",
    "division": "division",
    "event": "event",
    "email": "email",
    "phone": "phone",
}


def _field_for_header(header: str) -> str | None:
    key = _header_key(header)
    if not key:
        return None
    if key in _ALIAS_TO_FIELD:
        return _ALIAS_TO_FIELD[key]
    for prefix, name in _PREFIX_TO_FIELD:
        if key.startswith(prefix):
            return name
    return None


# --------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------

_GENDERS = {
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

_TIME_SUFFIX = r"(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?)?"
_YEAR_FIRST = re.compile(r"(\d{4})([-/])(\d{1,2})\2(\d{1,2})" + _TIME_SUFFIX)
_YEAR_LAST = re.compile(r"(\d{1,2})([-/])(\d{1,2})\2(\d{4})" + _TIME_SUFFIX)
_SHORT_YEAR = re.compile(r"\d{1,2}[-/.]\d{1,2}[-/.]\d{2}" + _TIME_SUFFIX)
_WHOLE_NUMBER = re.compile(r"\d{1,3}(?:\.0+)?")


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _fold(text: str) -> str:
    """Case- and accent-insensitive form, for comparing event names."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _collapse(stripped.casefold())


def _years_before(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


class _BadValue(Exception):
    pass


def _parse_date(value: str, day_first: bool) -> tuple[datetime.date, str]:
    """Return (date, layout) or raise _BadValue with the reason."""
    expected = "DD/MM/YYYY or YYYY-MM-DD" if day_first else "MM/DD/YYYY or YYYY-MM-DD"
    m = _YEAR_FIRST.fullmatch(value)
    if m:
        year, sep, month, day = int(m[1]), m[2], int(m[3]), int(m[4])
        layout = "YYYY-MM-DD" if sep == "-" else "YYYY/MM/DD"
    else:
        m = _YEAR_LAST.fullmatch(value)
        if m is None:
            if _SHORT_YEAR.fullmatch(value):
                raise _BadValue(
                    "has a two-digit year; write the full year "
                    f"(e.g. 1950, not 50) as {expected}"
                )
            raise _BadValue(f"is not a date ({expected})")
        first, sep, second, year = int(m[1]), m[2], int(m[3]), int(m[4])
        if day_first:
            day, month = first, second
            layout = "DD/MM/YYYY" if sep == "/" else "DD-MM-YYYY"
        else:
            month, day = first, second
            layout = "MM/DD/YYYY" if sep == "/" else "MM-DD-YYYY"
            if month > 12 and 1 <= day <= 12:
                raise _BadValue(
                    f"is not a date ({expected}): {first} is not a month. "
                    "It looks like day/month/year; if the whole file writes the "
                    "day first, import it again with the day-first option"
                )
    try:
        return datetime.date(year, month, day), layout
    except ValueError:
        raise _BadValue(f"is not a real date ({expected})") from None


def _split_full_name(value: str) -> tuple[str, str]:
    """ "First Middle Last" -> ("First Middle", "Last"); "Last, First" -> ("First", "Last")."""
    if "," in value:
        last, _, first = value.partition(",")
        return _collapse(first), _collapse(last)
    words = value.split()
    if len(words) < 2:
        return "", _collapse(value)
    return " ".join(words[:-1]), words[-1]


# --------------------------------------------------------------------------
# Reading the file
# --------------------------------------------------------------------------


def _decode(data: bytes) -> tuple[str, str]:
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data.decode("utf-8-sig"), "utf-8-sig"
        except UnicodeDecodeError:
            pass
    else:
        try:
            return data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        raise RegistrationError(
            [
                (
                    0,
                    "the file's characters cannot be read (it is neither UTF-8 nor "
                    'Windows-1252 text); save it again as "CSV UTF-8"',
                )
            ]
        ) from None


def _sniff_delimiter(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            try:
                return csv.Sniffer().sniff(line, delimiters=",;\t").delimiter
            except csv.Error:
                return ","
    return ","


def _not_text_message(data: bytes) -> str:
    if data.startswith(b"PK\x03\x04") or data.startswith(b"\xd0\xcf\x11\xe0"):
        return (
            "the file is a spreadsheet (Excel), not a CSV file; in the spreadsheet "
            'program use "Save as" and choose "CSV UTF-8"'
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return (
            'the file is saved as UTF-16 ("Unicode text"), which is not supported; '
            'save it again as "CSV UTF-8"'
        )
    return (
        "the file is not a text (CSV) file: it contains binary data (NUL bytes); "
        'save it again as "CSV UTF-8"'
    )


_SECOND_COLUMN_IGNORED = frozenset({"email", "phone"})


def _map_headers(header: list[str]) -> tuple[dict[str, int], list[str], list[tuple[int, str]]]:
    """Return (field -> column index, ignored headers, file-level problems)."""
    found: dict[str, list[int]] = {}
    for index, text in enumerate(header):
        name = _field_for_header(text)
        if name is not None:
            found.setdefault(name, []).append(index)

    problems: list[tuple[int, str]] = []
    for name, indexes in found.items():
        # Exports often carry two phone or e-mail columns (home and mobile): the first
        # is kept, the other ignored. Two columns for a name or a date are ambiguous.
        if len(indexes) > 1 and name not in _SECOND_COLUMN_IGNORED:
            quoted = " and ".join(f"'{header[i]}'" for i in indexes)
            problems.append(
                (
                    0,
                    f"columns {quoted} both look like the "
                    f"{_FIELD_LABEL[name]} column; rename or delete one of them",
                )
            )

    if not found:
        shown = ", ".join(f"'{h}'" for h in header[:6] if h)
        return (
            {},
            list(header),
            [
                (
                    0,
                    (
                        "the first line should hold the column names (first_name, last_name, "
                        "birth_date, gender, club, division, ...) but it reads: "
                        f"{shown or '(nothing)'}"
                    ),
                )
            ],
        )

    mapping = {name: indexes[0] for name, indexes in found.items()}
    has_first, has_last = "first_name" in mapping, "last_name" in mapping
    if has_first and has_last:
        mapping.pop("full_name", None)
    elif "full_name" in mapping:
        mapping.pop("first_name", None)
        mapping.pop("last_name", None)
    else:
        missing = " and ".join(
            label
            for present, label in ((has_first, "first name"), (has_last, "last name"))
            if not present
        )
        shown = ", ".join(f"'{h}'" for h in header if h)
        problems.append(
            (
                0,
                f"no {missing} column found (columns are: {shown}); "
                "expected e.g. 'first_name' and 'last_name', or one 'Name' column",
            )
        )

    used = set(mapping.values())
    ignored = [text for index, text in enumerate(header) if index not in used]
    # Keep header order in the mapping.
    mapping = dict(sorted(mapping.items(), key=lambda item: item[1]))
    return mapping, ignored, problems


def read_registrations(
    data: bytes,
    *,
    event_names: Sequence[str] = (),
    day_first: bool = False,
) -> ParsedRegistrations:
    """Parse an entrants CSV. Raises RegistrationError listing every problem."""
    if isinstance(data, str):  # be forgiving with callers that already decoded
        data = data.encode("utf-8")
    if b"\x00" in data:
        raise RegistrationError([(0, _not_text_message(data))])

    text, encoding = _decode(data)
    if not text.strip():
        raise RegistrationError([(0, "the file is empty")])

    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_sniff_delimiter(text))
    previous_line = 0
    header: list[str] | None = None
    try:
        for raw in reader:
            previous_line = reader.line_num
            cells = [cell.strip() for cell in raw]
            if any(cells):
                header = cells
                break
    except csv.Error as exc:
        raise RegistrationError(
            [(previous_line + 1, f"the line cannot be read as CSV ({exc})")]
        ) from None
    if header is None:
        raise RegistrationError([(0, "the file has no header line (it holds only empty lines)")])

    mapping, ignored, problems = _map_headers(header)
    if problems:
        raise RegistrationError(problems)

    columns = {name: header[index] for name, index in mapping.items()}
    wanted_events = {_fold(name) for name in event_names if name.strip()}
    today = datetime.date.today()
    oldest = _years_before(today, MAX_AGE)

    rows: list[RegistrationRow] = []
    skipped_by_event: dict[str, int] = {}
    id_lines: dict[str, int] = {}
    date_formats: list[str] = []

    while True:
        try:
            raw = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append((previous_line + 1, f"the line cannot be read as CSV ({exc})"))
            break
        line, previous_line = previous_line + 1, reader.line_num
        cells = [cell.strip() for cell in raw]
        if not any(cells):
            continue
        if len(cells) > len(header):
            problems.append(
                (
                    line,
                    (
                        f"this row has {len(cells)} values but the header has {len(header)} "
                        "columns; a value probably contains a comma without quotes around it"
                    ),
                )
            )
            continue
        cells += [""] * (len(header) - len(cells))

        def get(name: str, cells: list[str] = cells) -> str:
            index = mapping.get(name)
            return "" if index is None else cells[index]

        if "event" in mapping:
            event = get("event")
            folded = _fold(event)
            if event and "rummikub" not in folded and folded not in wanted_events:
                skipped_by_event[event] = skipped_by_event.get(event, 0) + 1
                continue

        row_problems: list[str] = []

        if "full_name" in mapping:
            full = _collapse(get("full_name"))
            first, last = _split_full_name(full)
            col = columns["full_name"]
            if not full:
                row_problems.append(f"the name is empty (column '{col}')")
            elif not first or not last:
                row_problems.append(
                    f"name '{full}' (column '{col}') needs both a first and a last name "
                    '("First Last" or "Last, First")'
                )
            names = (("first name", col, first), ("last name", col, last)) if first and last else ()
        else:
            first, last = _collapse(get("first_name")), _collapse(get("last_name"))
            names = (
                ("first name", columns["first_name"], first),
                ("last name", columns["last_name"], last),
            )
            for label, col, value in names:
                if not value:
                    row_problems.append(f"{label} is empty (column '{col}')")
        for label, col, value in names:
            if len(value) > MAX_NAME_LENGTH:
                row_problems.append(
                    f"{label} '{value[:30]}...' (column '{col}') is {len(value)} characters "
                    f"long; at most {MAX_NAME_LENGTH} are allowed"
                )

        birth_date: datetime.date | None = None
        raw_date = get("birth_date")
        if raw_date:
            col = columns["birth_date"]
            try:
                birth_date, layout = _parse_date(raw_date, day_first)
            except _BadValue as exc:
                row_problems.append(f"birth date '{raw_date}' (column '{col}') {exc}")
            else:
                if birth_date > today:
                    row_problems.append(
                        f"birth date '{raw_date}' (column '{col}') is in the future"
                    )
                    birth_date = None
                elif birth_date < oldest:
                    row_problems.append(
                        f"birth date '{raw_date}' (column '{col}') is more than "
                        f"{MAX_AGE} years ago; check the year"
                    )
                    birth_date = None
                elif layout not in date_formats:
                    date_formats.append(layout)

        age: int | None = None
        raw_age = get("age")
        if raw_age and not raw_date:
            if _WHOLE_NUMBER.fullmatch(raw_age) and int(float(raw_age)) <= MAX_AGE:
                age = int(float(raw_age))
            else:
                row_problems.append(
                    f"age '{raw_age}' (column '{columns['age']}') is not a whole number "
                    f"from 0 to {MAX_AGE}"
                )

        raw_gender = get("gender")
        gender = _GENDERS.get(raw_gender.casefold(), "X") if raw_gender else ""

        entrant_id = get("entrant_id")
        if entrant_id:
            if entrant_id in id_lines:
                row_problems.append(
                    f"{_FIELD_LABEL['entrant_id']} '{entrant_id}' (column "
                    f"'{columns['entrant_id']}') is used twice: on line "
                    f"{id_lines[entrant_id]} and on line {line}"
                )
            else:
                id_lines[entrant_id] = line

        # What the database can hold: refused with the row, never cut silently.
        for name, limit in FIELD_LIMITS.items():
            value = _collapse(get(name)) if name in ("club", "division") else get(name)
            if name in columns and len(value) > limit:
                row_problems.append(
                    f"{_FIELD_LABEL.get(name, name)} '{value[:30]}...' (column "
                    f"'{columns[name]}') is {len(value)} characters long; at most {limit} "
                    "are allowed"
                )

        if row_problems:
            problems.extend((line, message) for message in row_problems)
            continue

        rows.append(
            RegistrationRow(
                line=line,
                entrant_id=entrant_id,
                first_name=first,
                last_name=last,
                birth_date=birth_date,
                age=age,
                gender=gender,
                club=_collapse(get("club")),
                division=_collapse(get("division")),
                email=get("email"),
                phone=get("phone"),
            )
        )

    if problems:
        raise RegistrationError(sorted(problems, key=lambda problem: problem[0]))

    return ParsedRegistrations(
        rows=tuple(rows),
        columns=columns,
        ignored_columns=tuple(ignored),
        encoding=encoding,
        skipped_by_event=skipped_by_event,
        date_formats=tuple(date_formats),
    )


# --------------------------------------------------------------------------
# Preview
# --------------------------------------------------------------------------

_ENCODING_LABEL = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8 (with byte order mark)",
    "cp1252": "Windows-1252",
}


def preview(parsed: ParsedRegistrations) -> list[str]:
    """Human-readable lines describing how each column was understood."""
    lines: list[str] = []
    for name, header in parsed.columns.items():
        if name == "birth_date":
            formats = ", ".join(parsed.date_formats) or "no dates filled in"
            meaning = f"birth date ({formats})"
        elif name == "full_name":
            meaning = (
                "first and last name (last word is the last name; "
                '"Last, First" if there is a comma)'
            )
        elif name == "age":
            meaning = "age (used only when the birth date is empty)"
        elif name == "gender":
            meaning = "gender (Female/Male → F/M, anything else → X)"
        elif name == "event":
            meaning = "event (rows of other events are skipped)"
        else:
            meaning = _FIELD_LABEL[name]
        lines.append(f"'{header}' → {meaning}")
    for header in parsed.ignored_columns:
        lines.append(f"'{header}' → ignored" if header else "(column without a name) → ignored")

    count = len(parsed.rows)
    lines.append(
        f"{count} entrant{'s' if count != 1 else ''} read "
        f"(file encoding: {_ENCODING_LABEL.get(parsed.encoding, parsed.encoding)})"
    )
    if parsed.skipped:
        detail = ", ".join(f"{event}: {n}" for event, n in sorted(parsed.skipped_by_event.items()))
        rows = "row" if parsed.skipped == 1 else "rows"
        lines.append(f"{parsed.skipped} {rows} of other events skipped ({detail})")
    return lines
