"""Plain data the PDF renderers take: no models, no queries.

Selectors build these from the database; renderers turn them into bytes. A
renderer never needs anything that is not here.
"""

import datetime
from dataclasses import dataclass, field

from tournaments.engine import Format


@dataclass(frozen=True)
class EventInfo:
    name: str
    date: datetime.date
    venue: str = ""
    scoring: str = "low"  # "low" or "sabra"
    paper: str = "letter"  # "letter" or "a4"
    initial_meld: int = 30
    # The language the document is printed in (the printing service renders in it); here
    # so that a change of the event's language makes its documents out of date.
    language: str = "en"
    # The event's format (the engine's, plain data): the table rules the score sheets
    # print (tournaments.engine.table_rules_words); its scoring and initial meld are the
    # ones above.
    table_format: Format = field(default_factory=Format)


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str  # "First Last" as entered
    entrant_id: str
    club: str = ""
    status: str = ""  # "withdrawn" or "disqualified": marked beside the name
    # The registered last name, for filing and sorting ("Find your table" under S for
    # "Mary Smith (Sunrise Club)"); empty: the name's last word.
    last_name: str = ""


@dataclass(frozen=True)
class TableLines:
    division: str
    round_number: int
    round_kind: str  # "qualifying", "intermediate" or "final"
    games: int
    table_number: int
    seats: tuple[SeatLine, ...]
    score_url: str = ""  # the QR code's page: the scorekeepers' table page, or the players'
    table_code: str = ""  # the players' code for this table, when players enter scores
    code_address: str = ""  # where players type it: "192.168.1.20:8000/t/"
    accessible: bool = False  # one of the hall's accessible tables


@dataclass(frozen=True)
class ByeLine:
    division: str
    round_number: int  # the round the player does not play
    name: str
    entrant_id: str
    last_name: str = ""  # the registered last name, for filing (SeatLine.last_name)


@dataclass(frozen=True)
class TableListData:
    event: EventInfo
    title: str  # e.g. "70-74, round 1" or "All divisions, current rounds"
    tables: tuple[TableLines, ...]
    byes: tuple[ByeLine, ...] = ()


@dataclass(frozen=True)
class ScoreSheetsData:
    event: EventInfo
    tables: tuple[TableLines, ...]


@dataclass(frozen=True)
class BracketPlayer:
    name: str
    entrant_id: str
    total: int | None  # the round's total so far (with penalties); None before any score
    position: int | None
    advanced: bool
    withdrawn: bool = False
    status: str = ""  # "withdrawn" or "disqualified"
    decided: bool = False  # the place at the table came from a playoff or tile draw


@dataclass(frozen=True)
class BracketTable:
    number: int
    players: tuple[BracketPlayer, ...]


@dataclass(frozen=True)
class BracketRound:
    number: int
    kind: str
    games: int
    status: str  # "seated", "in_play" or "closed"
    tables: tuple[BracketTable, ...]
    byes: tuple[str, ...] = ()  # names of players with a bye into the next round


@dataclass(frozen=True)
class BracketData:
    event: EventInfo
    division: str
    status: str  # "registered", "in_play" or "complete"
    rounds: tuple[BracketRound, ...]
    planned: tuple[str, ...] = ()  # the plan's lines for rounds not seated yet


@dataclass(frozen=True)
class PlacingLine:
    place: int | None
    medal: str | None  # "gold", "silver", "bronze" or None
    name: str
    entrant_id: str
    round_reached: int
    total: str = ""  # the total of the last round played, as text ("45", "+32")
    age_group: str = ""  # the player's own age group in a combined bracket
    withdrawn: bool = False
    status: str = ""  # "withdrawn" or "disqualified" (with withdrawn)
    group_place: int | None = None  # the place within the age group (medals by age group)
    ribbon: bool = False  # places 4 to the event's ribbons_to (in the age group, if by it)
    # Keepsakes (certificates, ribbon cards): the registered name in headline type and,
    # only when a namesake plays in the same bracket, what tells them apart, small under
    # it ("Sunrise Club", "#H1055"); ``name`` is the name as every other sheet shows it.
    keepsake_name: str = ""
    keepsake_detail: str = ""


@dataclass(frozen=True)
class DivisionResults:
    name: str  # "55-59 and 60-64 combined" for a combined bracket
    status: str
    placings: tuple[PlacingLine, ...]
    medals_by_age_group: bool = False
    # Corrections the results must mention: one waiting for a decision, or one accepted
    # while the next round had started (that round stands).
    notes: tuple[str, ...] = ()
    feminine: bool = False  # a women's bracket: French and Spanish ordinals agree (1re, 1.ª)


@dataclass(frozen=True)
class ResultsData:
    event: EventInfo
    divisions: tuple[DivisionResults, ...]


@dataclass(frozen=True)
class Certificate:
    name: str
    medal: str  # "gold", "silver" or "bronze"
    division: str  # what the place is of: "70-74", "55-59 and 60-64 combined", "60-64"
    place: int  # the place in it
    scope: str = "Division"  # "Division", or "Age group" when medals go by age group
    detail: str = ""  # small under the name: a namesake's club or number (same division)


@dataclass(frozen=True)
class CertificatesData:
    event: EventInfo
    certificates: tuple[Certificate, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class RibbonCard:
    name: str
    place: int  # 4 to the event's ribbons_to: the place in what ``division`` names
    division: str  # what the place is of: "70-74", "55-59 and 60-64 combined", "60-64"
    scope: str = "Division"  # "Division", or "Age group" when medals go by age group
    detail: str = ""  # small under the name: a namesake's club or number (same division)


@dataclass(frozen=True)
class RibbonsData:
    event: EventInfo
    cards: tuple[RibbonCard, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class QualifierLine:
    rank: int  # among the group's in-state finishers (0 for a skipped finisher)
    place: int  # the finishing place in the bracket
    name: str
    entrant_id: str
    state: str  # private: this list is for the organizer
    division: str  # the bracket the player finished in
    state_unknown: bool = False


@dataclass(frozen=True)
class QualifierGroupLines:
    label: str  # "Women 70-74"
    qualifiers: tuple[QualifierLine, ...]
    skipped: tuple[QualifierLine, ...] = ()  # out-of-state finishers passed over
    feminine: bool = False  # a women's group: French and Spanish ordinals agree (1re, 1.ª)


@dataclass(frozen=True)
class QualifiersData:
    event: EventInfo
    places: int  # places that qualify per age group and gender
    home_state: str  # "" when every finisher counts
    groups: tuple[QualifierGroupLines, ...]
    unfinished: tuple[str, ...] = ()  # brackets not finished: not in the list


# --- Player slips: each player's own page (public/player_views.py) -----------------------
@dataclass(frozen=True)
class PlayerSlip:
    name: str  # as registered: the slip is handed to the player
    division: str
    entrant_id: str
    url: str  # the player's page, in the QR code
    code: str  # its code as printed, "K7QM-4XRT-9HWD"
    table: int | None = None  # the first round's table and seat, once seated
    seat: int | None = None


@dataclass(frozen=True)
class PlayerSlipsData:
    event: EventInfo
    address: str  # where a code is typed, printed short: "192.168.1.20:8000/p/county/find/"
    slips: tuple[PlayerSlip, ...] = field(default_factory=tuple)
    # The self check-in window in words, in the event's time zone ("" when none is set).
    checkin: str = ""
