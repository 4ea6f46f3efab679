"""What reading an entrants file gives: clean rows, or every problem with its line."""

import datetime
from dataclasses import dataclass, field


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
    family: str = ""  # household or couple: seated apart, before club mates
    state: str = ""  # home state, private: only for the qualifiers list
    accessible: bool = False  # needs an accessible table (seated at one in every round)
    emergency_contact: str = ""  # private, deleted after the event
    address: str = ""  # private, deleted after the event
    public_opt_out: bool = False  # named by initials on the public pages


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
    # Rows that could not be read, each (line, reason), when the file was read with
    # ``keep_going`` (the upload's preview shows them beside the rest); else always empty.
    row_problems: tuple[tuple[int, str], ...] = field(default=())
    # Who a row that could not be read names, as far as it can be read: line -> (name, id).
    refused_who: dict = field(default_factory=dict)

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
