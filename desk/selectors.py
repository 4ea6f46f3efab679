"""Reads for the organizer's desk: the overview and a division's page."""

import datetime
from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Count, Max, Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from scoring.models import Game, ScoreChange
from scoring.selectors import (
    DivisionState,
    corrections_pending,
    division_pending_correction,
    division_state,
    table_heard_from,
)
from tournaments import engine
from tournaments.models import Division, Entrant, Event, Round, Seat, Table, TableCode
from tournaments.plan_words import plan_in_words
from tournaments.selectors import (
    ClockView,
    bracket_entrants,
    brackets,
    combine_candidates,
    combine_neighbour,
    division_slot,
    played_brackets,
    running_clock,
)
from tournaments.text import isolate


@dataclass
class DivisionLine:
    division: Division
    registered: int
    checked_in: int
    absent: int
    current: Round | None
    combined: list[str] = field(default_factory=list)
    waits: list["Waiting"] = field(default_factory=list)  # the overview's "waiting for"

    @property
    def small(self) -> bool:
        return self.current is None and 0 < self.checked_in < self.division.event.combine_below


def event_overview(event: Event) -> list[DivisionLine]:
    """Every bracket with its counts and current round, for the desk's first page."""
    counts = {
        row["division"]: row
        for row in Entrant.objects.filter(event=event)
        .values("division")
        .annotate(
            registered=Count("pk"),
            checked_in=Count("pk", filter=Q(status=Entrant.Status.CHECKED_IN)),
            absent=Count("pk", filter=Q(status=Entrant.Status.ABSENT)),
        )
    }
    lines = []
    for division in brackets(event).select_related("event"):
        members = [division] + list(division.combined_from.all())
        total = {"registered": 0, "checked_in": 0, "absent": 0}
        for member in members:
            for key in total:
                total[key] += counts.get(member.pk, {}).get(key, 0)
        if not total["registered"] and not division.walkover:
            continue
        lines.append(
            DivisionLine(
                division,
                total["registered"],
                total["checked_in"],
                total["absent"],
                division.rounds.current(),
                [m.name for m in members[1:]],
            )
        )
    return lines


@dataclass
class DivisionDesk:
    division: Division
    state: DivisionState
    plan: engine.Plan
    checked_in: int

    @property
    def current(self) -> Round | None:
        return self.state.current

    @cached_property
    def accessible_notes(self) -> list[str]:
        """Players of the round in play marked as needing an accessible table after it was
        seated, and not at one (cold test 11, finding 10): what the organizer can do. A
        player the seating's own notes already name is not named twice."""
        current = self.current
        if current is None or current.status == Round.Status.CLOSED:
            return []
        event = self.division.event
        accessible = set(engine.parse_table_numbers(event.accessible_tables))
        said = [
            engine.SeatingNote.from_record(record)
            for record in current.seating_notes or []
            if record.get("kind") == engine.notes.ACCESSIBLE
        ]
        shown = self.state.shown_names
        notes = []
        seats = (
            Seat.objects.filter(round=current, entrant__accessible=True)
            .exclude(table__number__in=accessible)
            .select_related("entrant", "table")
            .order_by("table__number", "number")
        )
        for seat in seats:
            name = isolate(shown.get(seat.entrant.external_id, seat.entrant.name))
            player = seat.entrant.external_id
            if any(n.table == seat.table.number and player in n.players for n in said):
                continue
            notes.append(
                gettext(
                    "Table %(number)s: %(name)s needs an accessible table and is not at one. "
                    "Seat this round again while no score is in (Fix the seating), or the "
                    "next round seats them at one."
                )
                % {"number": seat.table.number, "name": name}
            )
        return notes

    @property
    def plan_words(self) -> list[str]:
        """The plan, one sentence per round, in the page's language (the engine's
        ``Plan.in_words`` stays the command line's English)."""
        return plan_in_words(self.plan)

    @property
    def plan_notes(self) -> list[str]:
        """How players from different tables are compared (issue 9, item 24), in the page's
        language (the engine's English is the msgid; a note without an entry stays English)."""
        notes = self.plan.comparison_notes(medals_by_age_group=self.state.medals_by_age_group)
        return [gettext(note) for note in notes]

    @cached_property
    def lone_must_play(self) -> dict | None:
        """One player checked in where the event gives no medal without play: the division
        must be combined before seating (the combined bracket then gives medals by age group,
        whatever is seated elsewhere). The neighbour to offer (or None)."""
        event = self.division.event
        if (
            self.current is not None
            or self.division.status == Division.Status.COMPLETE
            or self.checked_in != 1
            or event.lone_entrant != Event.LoneEntrant.PLAY
        ):
            return None
        player = bracket_entrants(self.division).checked_in().first()
        neighbour = combine_neighbour(self.division)
        slot = division_slot(self.division)
        return {
            "player": player,
            "neighbour": neighbour,
            # No neighbour to offer: the organizer chooses among these.
            "candidates": [] if neighbour else combine_candidates(self.division),
            "age_known": slot.min_age is not None or slot.max_age is not None,
        }

    @cached_property
    def pending_correction(self):
        """A flagged correction waiting for the organizer's decision, or None."""
        return division_pending_correction(self.division, self.state)

    @property
    def timed(self) -> bool:
        """The current round is still playing: its clock can start, pause, get minutes."""
        return self.current is not None and self.current.status != Round.Status.CLOSED

    @cached_property
    def clock(self) -> ClockView | None:
        """The current round's clock once started (None before, and once it is closed)."""
        return running_clock(self.current)

    @cached_property
    def late(self) -> list[dict]:
        """This round's tables whose time is up with games still to enter."""
        return [t for t in self.tables() if t["late"]]

    @property
    def outcome(self):
        return self.state.outcomes[-1] if self.state.outcomes else None

    @property
    def ties(self) -> list[dict]:
        """Ties that block, with names and what they block."""
        ties = self.state.blocking_ties(self.state.placings)
        names = self.state.shown_names
        return [
            {
                "tie": tie,
                "players": [(p, names.get(p, p)) for p in tie.players],
                "text": tie.describe(names),
            }
            for tie in ties
        ]

    @property
    def bye_names(self) -> list[str]:
        """Who has a bye from the current round to the next, as the pages name them."""
        if self.current is None or not self.state.records:
            return []
        return [self.state.shown_names.get(p, p) for p in self.state.records[-1].byes]

    @property
    def unconfirmed(self) -> list:
        if (
            self.current is None
            or self.state.event.confirmation != Event.Confirmation.SECOND_PERSON
        ):
            return []
        return self.state.unconfirmed(self.current.number)

    @property
    def placings(self) -> list[dict]:
        if self.division.status != Division.Status.COMPLETE:
            return []
        names = self.state.shown_names
        return [
            {
                "placing": p,
                "name": names.get(p.player, p.player),
                "age_group": self.state.age_group_label(p.player),
                "medal_text": self.state.medal_text(p),
                "ribbon_text": self.state.ribbon_text(p),
                "status": self._out_of_play_word(p.player),
            }
            for p in self.state.placings.placings
        ]

    def tables(self) -> list[dict]:
        """The current round's tables: players in seat order, games in, problems."""
        if self.current is None:
            return []
        record, outcome = self.state.records[-1], self.outcome
        now = timezone.now()
        rows = []
        for table, table_outcome in zip(record.tables, outcome.tables, strict=False):
            entered = sum(
                1 for (r, t, _g) in self.state.games if r == record.number and t == table.number
            )
            row = self._tables().get(table.number)
            clock = running_clock(self.current, table=row) if row is not None else None
            playing = sum(1 for p in table.players if p not in self.state.withdrawn)
            arrived = [
                getattr(g, "last_score_at", None) or g.entered_at
                for (r, t, _n), g in self.state.games.items()
                if r == record.number and t == table.number
            ]
            to_check = (
                sum(
                    1
                    for (r, t, _n), g in self.state.games.items()
                    if r == record.number and t == table.number and not g.confirmed
                )
                if self.state.event.confirmation == Event.Confirmation.SECOND_PERSON
                else 0
            )
            heard = table_heard_from(
                last=max(arrived) if arrived else None,
                started=self.current.clock_started_at,
                waiting=entered < record.games
                and playing >= 2
                and self.current.status != Round.Status.CLOSED,
                now=now,
            )
            # Players tied at the boundary do not go on until the tie is recorded.
            tied = {p for tie in table_outcome.ties for p in tie.players}
            rows.append(
                {
                    "number": table.number,
                    "table_id": row.pk if row is not None else None,
                    "extra_minutes": row.extra_minutes if row is not None else 0,
                    "clock": clock,
                    "late": clock is not None
                    and clock.up
                    and entered < record.games
                    and playing >= 2,
                    "players": [
                        (p, self.state.shown_names.get(p, p), self._out_of_play_word(p))
                        for p in table.players
                    ],
                    "entered": entered,
                    "heard": heard,
                    "to_check": to_check,
                    # Not "done" while games wait for a check (cold test 14, finding 8).
                    "complete": table_outcome.complete and not to_check,
                    "advancing": [
                        self.state.shown_names.get(p, p)
                        for p in table_outcome.advancing
                        if p not in tied
                    ]
                    if table_outcome.complete
                    else [],
                    "tied": [
                        self.state.shown_names.get(p, p)
                        for p in dict.fromkeys(p for tie in table_outcome.ties for p in tie.players)
                    ],
                }
            )
        return rows

    def _out_of_play_word(self, player: str) -> str:
        """ "withdrawn" or "disqualified" (shown beside the name), else ""."""
        entrant = self.state.entrants.get(player)
        return entrant.out_of_play_word if entrant is not None else ""

    def _tables(self) -> dict:
        """The current round's Table rows by number (ids and extra minutes)."""
        if not hasattr(self, "_rows"):
            self._rows = {t.number: t for t in self.current.tables.all()}
        return self._rows


def division_desk(division: Division) -> DivisionDesk:
    division = division.bracket
    checked_in = bracket_entrants(division).checked_in().count()
    event = division.event
    return DivisionDesk(
        division,
        division_state(division),
        engine.plan_division(
            checked_in, prefer_threes=event.prefer_threes, minutes_per_game=event.minutes_per_game
        ),
        checked_in,
    )


# The engine's plan notes (engine.Plan.comparison_notes), word for word, for the catalogs.
PLAN_NOTES = (
    gettext_noop(
        "Byes go to the best placed players going on: first their finishing position at "
        "their table, then their score per game (total ÷ games played), because totals from "
        "a table of three and a table of four are not alike."
    ),
    gettext_noop(
        "Players from different tables are compared by score per game, never by raw totals: "
        "placings within a round go by finishing position at the table, then score per game."
    ),
    gettext_noop(
        "Medals by age group: an age group's players from different tables are placed by the "
        "round they reached, their finishing position at the table, then score per game."
    ),
)


@dataclass(frozen=True)
class Waiting:
    """One thing a division waits for, for the overview: what, and where to do it."""

    kind: str  # "seat", "enter", "confirm", "tie", "close", "correction", "medals"
    text: str
    table_id: int | None = None  # "confirm": the first table with a game to confirm


def _round_waits(state: DivisionState) -> list[Waiting]:
    """What the current round of a bracket in play still needs."""
    current, record, outcome = state.current, state.records[-1], state.outcomes[-1]
    if current.status == Round.Status.CLOSED:
        return []
    waits = []
    to_enter = 0
    for table in record.tables:
        if sum(1 for p in table.players if p not in state.withdrawn) < 2:
            continue  # nobody left to play against
        entered = sum(1 for (r, t, _g) in state.games if r == record.number and t == table.number)
        to_enter += max(0, record.games - entered)
    if to_enter:
        text = ngettext("%(n)d game to enter", "%(n)d games to enter", to_enter) % {"n": to_enter}
        waits.append(Waiting("enter", text))
    if state.event.confirmation == Event.Confirmation.SECOND_PERSON:
        unconfirmed = state.unconfirmed(record.number)
        if unconfirmed:
            count = len(unconfirmed)
            first = unconfirmed[0]
            values = {"n": count, "table": first.table.number}
            text = (
                ngettext(
                    "%(n)d game to confirm (table %(table)d)",
                    "%(n)d games to confirm (table %(table)d first)",
                    count,
                )
                % values
            )
            waits.append(Waiting("confirm", text, first.table_id))
    ties = state.blocking_ties(state.placings)
    if ties:
        count = len(ties)
        text = ngettext("A tie to record", "%(n)d ties to record", count) % {"n": count}
        waits.append(Waiting("tie", text))
    elif not to_enter and outcome.complete and not waits:
        if record.kind == engine.FINAL:
            text = gettext("The final is ready to close")
        else:
            text = gettext("Round %(number)d is ready to close") % {"number": record.number}
        waits.append(Waiting("close", text))
    return waits


def division_waits(event: Event) -> dict[int, list[Waiting]]:
    """What each bracket waits for, by division pk: games to enter or confirm, a tie to
    record, a round to close, a correction to decide, medals to confirm."""
    pending = corrections_pending(event)
    waits: dict[int, list[Waiting]] = {}
    for division in played_brackets(event).select_related("event"):
        found: list[Waiting] = []
        if division.pk in pending:
            found.append(Waiting("correction", pending[division.pk].summary))
        if division.status == Division.Status.COMPLETE:
            if division.results and division_state(division).results_changed:
                if division.pk not in pending:
                    found.append(Waiting("correction", gettext("A correction changes the results")))
            if division.medals_confirmed_at is None:
                found.append(Waiting("medals", gettext("Medals to confirm")))
        elif division.rounds.exists():
            found.extend(_round_waits(division_state(division)))
        elif (
            division.event.lone_entrant == Event.LoneEntrant.PLAY
            and bracket_entrants(division).checked_in().count() == 1
        ):
            found.append(
                Waiting("seat", gettext("One player, who must play: combine the division"))
            )
        elif bracket_entrants(division).checked_in().exists():
            found.append(Waiting("seat", gettext("Ready to seat round 1")))
        waits[division.pk] = found
    return waits


@dataclass(frozen=True)
class TableCodeLine:
    """One table of a round on the desk's table codes page."""

    table: Table
    players: list[str]  # names in seat order
    code: TableCode | None  # the code in force (None: none, or the round is over)
    replaced: int  # codes revoked before it
    last_revoked: TableCode | None  # the latest code revoked (who, when)
    entries: list = field(default_factory=list)  # what players entered (PlayerEntry)
    games: int = 0  # the round's games per table
    entered: int = 0  # games in (by anyone)
    to_check: int = 0  # games in, waiting for a second person's check
    heard: object = None  # when its last score arrived (scoring.selectors.Heard)

    @property
    def done(self) -> bool:
        """Every game in and none waiting for a check."""
        return bool(self.games) and self.entered >= self.games and not self.to_check

    @property
    def last_entry(self):
        """The latest entry or confirmation players made at this table (None: none)."""
        return max(self.entries, key=lambda e: e.at) if self.entries else None


@dataclass(frozen=True)
class RoundCodes:
    """A round's tables with their codes, for the desk."""

    division: Division
    round: Round | None
    rounds: list[int]  # every round's number, to choose another
    lines: list[TableCodeLine]

    @property
    def open(self) -> bool:
        """The round is still played: its codes work and can be replaced."""
        return self.round is not None and self.round.status != Round.Status.CLOSED


def round_codes(division: Division, number: int | None = None, entries=None) -> RoundCodes:
    """The tables of a division's round (the current one unless ``number``) with their
    codes; ``entries(round_)`` gives what players entered, by table number."""
    division = division.bracket
    rounds = list(division.rounds.order_by("number"))
    chosen = next((r for r in rounds if r.number == number), None) if number else None
    chosen = chosen or (rounds[-1] if rounds else None)
    if chosen is None:
        return RoundCodes(division, None, [], [])
    tables = list(chosen.tables.order_by("number"))
    names: dict[int, list[str]] = {}
    for seat in Seat.objects.filter(round=chosen).select_related("entrant").order_by("number"):
        names.setdefault(seat.table_id, []).append(seat.entrant.name)
    codes: dict[int, list[TableCode]] = {}
    for code in TableCode.objects.filter(table__round=chosen).order_by("issued_at", "pk"):
        codes.setdefault(code.table_id, []).append(code)
    found = entries(chosen) if entries is not None else {}
    # Per table: games in, games waiting for a check, when its last score arrived (the
    # division page's "last score N min ago").
    second = division.event.confirmation == Event.Confirmation.SECOND_PERSON
    stats = {
        row["table_id"]: row
        for row in Game.objects.filter(table__round=chosen)
        .values("table_id")
        .annotate(
            entered=Count("pk", distinct=True),
            open=Count("pk", filter=Q(confirmed_at__isnull=True), distinct=True),
            last=Max("racks__entered_at"),
        )
        .order_by()
    }
    now = timezone.now()
    lines = []
    for table in tables:
        got = stats.get(table.pk, {})
        entered = got.get("entered", 0)
        given = codes.get(table.pk, [])
        live = next((c for c in given if c.revoked_at is None), None)
        revoked = [c for c in given if c.revoked_at is not None]
        lines.append(
            TableCodeLine(
                table,
                names.get(table.pk, []),
                live if chosen.status != Round.Status.CLOSED else None,
                len(revoked),
                max(revoked, key=lambda c: c.revoked_at) if revoked else None,
                found.get(table.number, []),
                chosen.games,
                entered,
                got.get("open", 0) if second else 0,
                table_heard_from(
                    last=got.get("last"),
                    started=chosen.clock_started_at,
                    waiting=entered < chosen.games and chosen.status != Round.Status.CLOSED,
                    now=now,
                ),
            )
        )
    return RoundCodes(division, chosen, [r.number for r in rounds], lines)


@dataclass(frozen=True)
class PlayerEntry:
    """A game entered or confirmed by a player at the table, from the audit trail."""

    game: int
    name: str
    code: str
    at: datetime.datetime
    confirmed: bool  # a confirmation; else an entry (or a changed entry)


def players_entries(round_: Round) -> dict[int, list[PlayerEntry]]:
    """What players entered and confirmed with their table's code in ``round_``, by table
    number: per game its latest entry and latest confirmation by a player, in game order."""
    rows = (
        ScoreChange.objects.filter(
            division_id=round_.division_id,
            round_number=round_.number,
            at_table_player__isnull=False,
            action__in=[
                ScoreChange.Action.ENTERED,
                ScoreChange.Action.REPLACED,
                ScoreChange.Action.CONFIRMED,
            ],
        )
        .exclude(at_table_code="")
        .select_related("at_table_player")
    )
    latest: dict[tuple[int, int, bool], PlayerEntry] = {}
    for change in rows.order_by("at", "pk"):
        table, game = change.table_number, change.game_number
        if table is None or game is None:
            continue
        confirmed = change.action == ScoreChange.Action.CONFIRMED
        found = change.at_table
        latest[(table, game, confirmed)] = PlayerEntry(
            game, found["name"], found["code"], change.at, confirmed
        )
    by_table: dict[int, list[PlayerEntry]] = {}
    for (table, _game, _confirmed), entry in sorted(latest.items()):
        by_table.setdefault(table, []).append(entry)
    return by_table
