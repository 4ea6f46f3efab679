"""Reading an entrants CSV: the header, then each row into a clean RegistrationRow."""

import csv
import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.csvfiles import UndecodableFile, decode_csv
from tournaments.text import fold, visible_text

from .headers import FIELD_LABEL, map_headers
from .rows import ParsedRegistrations, RegistrationError, RegistrationRow
from .values import (
    GENDERS,
    WHOLE_NUMBER,
    BadValue,
    collapse,
    parse_date,
    split_full_name,
    years_before,
)

MAX_NAME_LENGTH = 100
# The longest value each stored column takes (the Entrant and Division models).
FIELD_LIMITS = {
    "entrant_id": 64,
    "club": 120,
    "family": 120,
    "state": 40,
    "division": 100,
    "email": 254,
    "phone": 60,
    "emergency_contact": 200,
    "address": 300,
}
MAX_AGE = 120
# The accessible column: a player who needs an accessible table.
YES_NO = {
    "": False,
    "yes": True,
    "y": True,
    "true": True,
    "1": True,
    "no": False,
    "n": False,
    "false": False,
    "0": False,
}


def _sniff_delimiter(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            try:
                return csv.Sniffer().sniff(line, delimiters=",;\t").delimiter
            except csv.Error:
                return ","
    return ","


def _too_long(label, value: str, column: str, limit: int) -> str:
    return _(
        "%(field)s '%(start)s...' (column '%(column)s') is %(length)d characters long; at "
        "most %(most)d are allowed"
    ) % {"field": label, "start": value[:30], "column": column, "length": len(value), "most": limit}


def _not_text_message(data: bytes) -> str:
    if data.startswith(b"PK\x03\x04") or data.startswith(b"\xd0\xcf\x11\xe0"):
        return _(
            "the file is a spreadsheet (Excel), not a CSV file; in the spreadsheet "
            'program use "Save as" and choose "CSV UTF-8"'
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _(
            'the file is saved as UTF-16 ("Unicode text"), which is not supported; '
            'save it again as "CSV UTF-8"'
        )
    return _(
        "the file is not a text (CSV) file: it contains binary data (NUL bytes); "
        'save it again as "CSV UTF-8"'
    )


def _read_text(data: bytes | str) -> tuple[str, str]:
    if isinstance(data, str):  # be forgiving with callers that already decoded
        data = data.encode("utf-8")
    if b"\x00" in data:
        raise RegistrationError([(0, _not_text_message(data))])
    try:
        text, encoding = decode_csv(data)
    except UndecodableFile as error:
        raise RegistrationError([(0, str(error))]) from None
    if not text.strip():
        raise RegistrationError([(0, _("the file is empty"))])
    return text, encoding


@dataclass
class _Rows:
    """Reads the rows after the header, collecting every problem with its line."""

    header: list[str]
    mapping: dict[str, int]  # field -> column index
    columns: dict[str, str]  # field -> header text
    wanted_events: set[str]
    day_first: bool
    today: datetime.date
    oldest: datetime.date
    rows: list[RegistrationRow] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)
    skipped_by_event: dict[str, int] = field(default_factory=dict)
    id_lines: dict[str, int] = field(default_factory=dict)
    lines_seen: dict[tuple, int] = field(default_factory=dict)  # a line's cells -> its line
    refused_who: dict[int, tuple[str, str]] = field(default_factory=dict)
    date_formats: list[str] = field(default_factory=list)

    def get(self, cells: list[str], name: str) -> str:
        index = self.mapping.get(name)
        return "" if index is None else cells[index]

    def other_event(self, cells: list[str]) -> bool:
        """A row of another event in the export: skipped and counted."""
        if "event" not in self.mapping:
            return False
        event = self.get(cells, "event")
        folded = fold(event)
        if event and "rummikub" not in folded and folded not in self.wanted_events:
            self.skipped_by_event[event] = self.skipped_by_event.get(event, 0) + 1
            return True
        return False

    def names(self, cells: list[str], problems: list[str]) -> tuple[str, str]:
        if "full_name" in self.mapping:
            full = collapse(self.get(cells, "full_name"))
            first, last = split_full_name(full)
            col = self.columns["full_name"]
            if not full:
                problems.append(_("the name is empty (column '%(column)s')") % {"column": col})
            elif not first or not last:
                problems.append(
                    _(
                        "name '%(name)s' (column '%(column)s') needs both a first and a last "
                        'name ("First Last" or "Last, First")'
                    )
                    % {"name": full, "column": col}
                )
            names = (
                ((FIELD_LABEL["first_name"], col, first), (FIELD_LABEL["last_name"], col, last))
                if first and last
                else ()
            )
        else:
            first = collapse(self.get(cells, "first_name"))
            last = collapse(self.get(cells, "last_name"))
            names = (
                (FIELD_LABEL["first_name"], self.columns["first_name"], first),
                (FIELD_LABEL["last_name"], self.columns["last_name"], last),
            )
            for label, col, value in names:
                if not value:
                    problems.append(
                        _("%(field)s is empty (column '%(column)s')")
                        % {"field": label, "column": col}
                    )
        for label, col, value in names:
            if len(value) > MAX_NAME_LENGTH:
                problems.append(_too_long(label, value, col, MAX_NAME_LENGTH))
        return first, last

    def birth_date(self, raw: str, problems: list[str]) -> datetime.date | None:
        if not raw:
            return None
        col = self.columns["birth_date"]
        try:
            birth_date, layout = parse_date(raw, self.day_first)
        except BadValue as exc:
            problems.append(
                _("birth date '%(value)s' (column '%(column)s') %(reason)s")
                % {"value": raw, "column": col, "reason": exc}
            )
            return None
        if birth_date > self.today:
            problems.append(
                _("birth date '%(value)s' (column '%(column)s') is in the future")
                % {"value": raw, "column": col}
            )
            return None
        if birth_date < self.oldest:
            problems.append(
                _(
                    "birth date '%(value)s' (column '%(column)s') is more than %(years)d years "
                    "ago; check the year"
                )
                % {"value": raw, "column": col, "years": MAX_AGE}
            )
            return None
        if layout not in self.date_formats:
            self.date_formats.append(layout)
        return birth_date

    def age(self, raw: str, problems: list[str]) -> int | None:
        if WHOLE_NUMBER.fullmatch(raw) and int(float(raw)) <= MAX_AGE:
            return int(float(raw))
        problems.append(
            _("age '%(value)s' (column '%(column)s') is not a whole number from 0 to %(most)d")
            % {"value": raw, "column": self.columns["age"], "most": MAX_AGE}
        )
        return None

    def accessible(self, raw: str, problems: list[str]) -> bool | None:
        """yes/no, y/n, true/false, 1/0 in any case; blank is no."""
        value = YES_NO.get(raw.casefold())
        if value is None:
            problems.append(
                _(
                    "accessible '%(value)s' (column '%(column)s') is not yes or no (y/n, "
                    "true/false and 1/0 are read too; blank is no)"
                )
                % {"value": raw[:30], "column": self.columns["accessible"]}
            )
        return value

    def public_opt_out(self, raw: str, problems: list[str]) -> bool | None:
        """yes/no as for ``accessible``: the entrant asks to be kept off the public pages."""
        value = YES_NO.get(raw.casefold())
        if value is None:
            problems.append(
                _(
                    "keep off public pages '%(value)s' (column '%(column)s') is not yes or no "
                    "(y/n, true/false and 1/0 are read too; blank is no)"
                )
                % {"value": raw[:30], "column": self.columns["public_opt_out"]}
            )
        return value

    def entrant_id(self, cells: list[str], line: int, problems: list[str]) -> str:
        entrant_id = self.get(cells, "entrant_id")
        if entrant_id in self.id_lines:
            problems.append(
                _(
                    "%(field)s '%(value)s' (column '%(column)s') is used twice: on line "
                    "%(first)d and on line %(line)d"
                )
                % {
                    "field": FIELD_LABEL["entrant_id"],
                    "value": entrant_id,
                    "column": self.columns["entrant_id"],
                    "first": self.id_lines[entrant_id],
                    "line": line,
                }
            )
        elif entrant_id:
            self.id_lines[entrant_id] = line
        return entrant_id

    def lengths(self, cells: list[str], problems: list[str]) -> None:
        """What the database can hold: refused with the row, never cut silently."""
        for name, limit in FIELD_LIMITS.items():
            value = self.get(cells, name)
            if name in ("club", "family", "division", "state", "emergency_contact", "address"):
                value = collapse(value)
            if name in self.columns and len(value) > limit:
                problems.append(
                    _too_long(FIELD_LABEL.get(name, name), value, self.columns[name], limit)
                )

    def add(self, line: int, cells: list[str]) -> None:
        """Read one row (its cells as seen: ``visible_text``), or record why it cannot be
        read."""
        if len(cells) > len(self.header):
            self.problems.append(
                (
                    line,
                    _(
                        "this row has %(values)d values but the header has %(columns)d "
                        "columns; a value probably contains a comma without quotes around it"
                    )
                    % {"values": len(cells), "columns": len(self.header)},
                )
            )
            return
        cells = cells + [""] * (len(self.header) - len(cells))
        if self.other_event(cells):
            return
        problems: list[str] = []
        repeated = self.lines_seen.setdefault(tuple(cells), line)
        if repeated != line:
            first, last = self.names(cells, [])
            self.refused_who[line] = (f"{first} {last}".strip(), self.get(cells, "entrant_id"))
            self.problems.append((line, _("repeats line %(line)d") % {"line": repeated}))
            return
        first, last = self.names(cells, problems)
        raw_date = self.get(cells, "birth_date")
        birth_date = self.birth_date(raw_date, problems)
        raw_age = self.get(cells, "age")
        age = self.age(raw_age, problems) if raw_age and not raw_date else None
        raw_gender = self.get(cells, "gender")
        gender = GENDERS.get(raw_gender.casefold(), "X") if raw_gender else ""
        entrant_id = self.entrant_id(cells, line, problems)
        accessible = self.accessible(self.get(cells, "accessible"), problems)
        opted_out = self.public_opt_out(self.get(cells, "public_opt_out"), problems)
        self.lengths(cells, problems)
        if problems:
            self.refused_who[line] = (f"{first} {last}".strip(), entrant_id)
            self.problems.extend((line, message) for message in problems)
            return
        self.rows.append(
            RegistrationRow(
                line=line,
                entrant_id=entrant_id,
                first_name=first,
                last_name=last,
                birth_date=birth_date,
                age=age,
                gender=gender,
                club=collapse(self.get(cells, "club")),
                division=collapse(self.get(cells, "division")),
                email=self.get(cells, "email"),
                phone=self.get(cells, "phone"),
                family=collapse(self.get(cells, "family")),
                state=collapse(self.get(cells, "state")),
                accessible=bool(accessible),
                emergency_contact=collapse(self.get(cells, "emergency_contact")),
                address=collapse(self.get(cells, "address")),
                public_opt_out=bool(opted_out),
            )
        )


def _header(reader) -> tuple[list[str], int]:
    """The first non-empty line, and the line number it ends on."""
    previous_line = 0
    try:
        for raw in reader:
            previous_line = reader.line_num
            cells = [visible_text(cell) for cell in raw]
            if any(cells):
                return cells, previous_line
    except csv.Error as exc:
        raise RegistrationError(
            [(previous_line + 1, _("the line cannot be read as CSV (%(why)s)") % {"why": exc})]
        ) from None
    raise RegistrationError([(0, _("the file has no header line (it holds only empty lines)"))])


def read_registrations(
    data: bytes,
    *,
    event_names: Sequence[str] = (),
    day_first: bool = False,
    keep_going: bool = False,
) -> ParsedRegistrations:
    """Parse an entrants CSV. Raises RegistrationError listing every problem; with
    ``keep_going``, only a problem of the whole file (its encoding, its header) raises, and
    the rows that cannot be read come back as ``row_problems`` beside the rows read."""
    text, encoding = _read_text(data)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_sniff_delimiter(text))
    header, previous_line = _header(reader)
    mapping, ignored, problems = map_headers(header)
    if problems:
        raise RegistrationError(problems)
    today = datetime.date.today()
    oldest = years_before(today, MAX_AGE)
    rows = _Rows(
        header=header,
        mapping=mapping,
        columns={name: header[index] for name, index in mapping.items()},
        wanted_events={fold(name) for name in event_names if name.strip()},
        day_first=day_first,
        today=today,
        oldest=oldest,
    )
    while True:
        try:
            raw = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            rows.problems.append(
                (previous_line + 1, _("the line cannot be read as CSV (%(why)s)") % {"why": exc})
            )
            break
        line, previous_line = previous_line + 1, reader.line_num
        cells = [visible_text(cell) for cell in raw]
        if any(cells):
            rows.add(line, cells)
    problems = sorted(rows.problems, key=lambda problem: problem[0])
    if problems and not keep_going:
        raise RegistrationError(problems)
    return ParsedRegistrations(
        rows=tuple(rows.rows),
        columns=rows.columns,
        ignored_columns=tuple(ignored),
        encoding=encoding,
        skipped_by_event=rows.skipped_by_event,
        date_formats=tuple(rows.date_formats),
        row_problems=tuple(problems),
        refused_who=dict(rows.refused_who),
    )
