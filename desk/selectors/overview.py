"""Reads for the desk's overview: each bracket's counts, and what each waits for."""

from dataclasses import dataclass, field

from django.db.models import Count, Q
from django.utils.translation import gettext, ngettext

from scoring.selectors import (
    DivisionState,
    PendingCorrection,
    corrections_pending,
    division_state,
    tables_to_watch,
)
from tournaments import access, engine
from tournaments.models import Announcement, Division, Entrant, Event, Round
from tournaments.selectors import announcements, bracket_entrants, brackets, played_brackets

from .clocks import unstarted_clocks


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
class Overview:
    """What the desk's first page shows of an event."""

    lines: list[DivisionLine]  # each bracket, with what it waits for
    pending: list[PendingCorrection]  # corrections waiting for a decision
    unplaced: bool  # nobody is registered yet
    late: list  # tables whose time is up with games still to enter
    quiet: list  # tables not heard from for a while
    announcements: list[Announcement]
    unstarted: list[Round]  # rounds playing whose clock has not started
    lockouts: list[access.Lockout]  # scorekeepers locked out after wrong passwords

    @property
    def small(self) -> list[DivisionLine]:
        """Divisions too small to play alone, not yet seated: to combine."""
        return [line for line in self.lines if line.small]


def desk_overview(event: Event) -> Overview:
    """The desk's first page: every bracket with its counts and what it waits for, the
    corrections to decide, the tables to watch, the announcements shown, the clocks not
    started and the scorekeepers locked out (a locked-out scorekeeper is sent to the desk:
    the desk sees it first here)."""
    lines = event_overview(event)
    waits = division_waits(event)
    for line in lines:
        line.waits = waits.get(line.division.pk, [])
    watch = tables_to_watch(event)
    return Overview(
        lines=lines,
        pending=list(corrections_pending(event).values()),
        unplaced=not Entrant.objects.filter(event=event).exists(),
        late=watch.late,
        quiet=watch.quiet,
        announcements=announcements(event),
        unstarted=unstarted_clocks(event),
        lockouts=access.event_lockouts(event),
    )
