"""Reads for the desk's division page: the division's state, its plan, its current
round's tables and what the organizer can do there."""

from dataclasses import dataclass
from functools import cached_property

from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from scoring.selectors import (
    DivisionState,
    division_pending_correction,
    division_state,
    table_heard_from,
)
from tournaments import engine
from tournaments.models import Division, Entrant, Event, Round, Seat
from tournaments.plan_words import plan_in_words
from tournaments.selectors import (
    ClockView,
    bracket_entrants,
    combine_candidates,
    combine_neighbour,
    division_slot,
    mark_namesakes,
    namesakes,
    running_clock,
)
from tournaments.text import isolate

from .tie_form import tie_form


@dataclass
class DivisionDesk:
    """What the desk's division page shows of a division's bracket."""

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
        seated, and not at one, with what the organizer can do. A player the seating's own
        notes already name is not named twice."""
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
        """How players from different tables are compared, in the page's language (the
        engine's English is the msgid; a note without an entry stays English)."""
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

    @cached_property
    def still_to_come(self) -> list[str]:
        """Before seating: the bracket's players registered and not yet checked in (nor
        marked absent), as the pages name them."""
        if self.current is not None or self.division.status == Division.Status.COMPLETE:
            return []
        waiting = list(
            bracket_entrants(self.division)
            .filter(status=Entrant.Status.REGISTERED)
            .order_by("last_name", "first_name", "external_id")
        )
        mark_namesakes(waiting, namesakes(self.division.event, among=waiting))
        return [isolate(e.shown_name) for e in waiting]

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
                "form": tie_form(tie),
            }
            for tie in ties
        ]

    @cached_property
    def swap_players(self) -> list[tuple[str, str]]:
        """The players of the current round while it is seated and not yet played, to swap
        seats: (entrant id, "name (table N)"), in table and seat order."""
        if self.current is None or self.current.status != Round.Status.SEATED:
            return []
        seats = self.current.seats.select_related("entrant", "table").order_by(
            "table__number", "number"
        )
        names = self.state.shown_names
        return [
            (
                str(s.entrant.pk),
                gettext("%(name)s (table %(table)d)")
                % {
                    "name": isolate(names.get(s.entrant.external_id, s.entrant.name)),
                    "table": s.table.number,
                },
            )
            for s in seats
        ]

    @property
    def withdrawable(self) -> list[tuple[int, str]]:
        """Who can still withdraw or be disqualified: the current round's players not yet
        withdrawn, (entrant id, name) by name."""
        if self.current is None or self.division.status == Division.Status.COMPLETE:
            return []
        current = self.state.participants(self.current.number)
        return sorted(
            (
                (self.state.entrants[p].pk, self.state.shown_names[p])
                for p in current
                if p not in self.state.withdrawn
            ),
            key=lambda pair: pair[1],
        )

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
        record, now = self.state.records[-1], timezone.now()
        return [
            self._table_row(record, table, table_outcome, now)
            for table, table_outcome in zip(record.tables, self.outcome.tables, strict=False)
        ]

    def _table_row(self, record, table, table_outcome, now) -> dict:
        """One table of the current round: its players, games in and to check, its clock,
        when it was last heard from, who goes on and who is tied."""
        games = [
            g
            for (r, t, _n), g in self.state.games.items()
            if r == record.number and t == table.number
        ]
        entered = len(games)
        row = self._tables().get(table.number)
        clock = running_clock(self.current, table=row) if row is not None else None
        playing = sum(1 for p in table.players if p not in self.state.withdrawn)
        arrived = [getattr(g, "last_score_at", None) or g.entered_at for g in games]
        second = self.state.event.confirmation == Event.Confirmation.SECOND_PERSON
        to_check = sum(1 for g in games if not g.confirmed) if second else 0
        heard = table_heard_from(
            last=max(arrived) if arrived else None,
            started=self.current.clock_started_at,
            waiting=entered < record.games
            and playing >= 2
            and self.current.status != Round.Status.CLOSED,
            now=now,
        )
        names = self.state.shown_names
        # Players tied at the boundary do not go on until the tie is recorded.
        tied = dict.fromkeys(p for tie in table_outcome.ties for p in tie.players)
        return {
            "number": table.number,
            "table_id": row.pk if row is not None else None,
            "extra_minutes": row.extra_minutes if row is not None else 0,
            "clock": clock,
            "late": clock is not None and clock.up and entered < record.games and playing >= 2,
            "players": [(p, names.get(p, p), self._out_of_play_word(p)) for p in table.players],
            "entered": entered,
            "heard": heard,
            "to_check": to_check,
            # Not "done" while games wait for a second person's check.
            "complete": table_outcome.complete and not to_check,
            "advancing": [names.get(p, p) for p in table_outcome.advancing if p not in tied]
            if table_outcome.complete
            else [],
            "tied": [names.get(p, p) for p in tied],
        }

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
    """The division page's reads of ``division``'s bracket, with the engine's plan for the
    players checked in."""
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
