"""Reads for the organizer's desk: the overview and a division's page."""

from dataclasses import dataclass, field

from django.db.models import Count, Q

from scoring.selectors import DivisionState, division_state
from tournaments import engine
from tournaments.models import Division, Entrant, Event, Round
from tournaments.selectors import bracket_entrants, brackets


@dataclass
class DivisionLine:
    division: Division
    registered: int
    checked_in: int
    absent: int
    current: Round | None
    combined: list[str] = field(default_factory=list)

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

    @property
    def outcome(self):
        return self.state.outcomes[-1] if self.state.outcomes else None

    @property
    def ties(self) -> list[dict]:
        """Ties that block, with names and what they block."""
        ties = self.state.blocking_ties(self.state.placings)
        names = self.state.names
        return [
            {
                "tie": tie,
                "players": [(p, names.get(p, p)) for p in tie.players],
                "text": tie.describe(names),
            }
            for tie in ties
        ]

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
        names = self.state.names
        return [
            {
                "placing": p,
                "name": names.get(p.player, p.player),
                "age_group": self.state.age_group_label(p.player),
                "medal_text": self.state.medal_text(p),
            }
            for p in self.state.placings.placings
        ]

    def tables(self) -> list[dict]:
        """The current round's tables: players in seat order, games in, problems."""
        if self.current is None:
            return []
        record, outcome = self.state.records[-1], self.outcome
        rows = []
        for table, table_outcome in zip(record.tables, outcome.tables, strict=False):
            entered = sum(
                1 for (r, t, _g) in self.state.games if r == record.number and t == table.number
            )
            # Players tied at the boundary do not go on until the tie is recorded.
            tied = {p for tie in table_outcome.ties for p in tie.players}
            rows.append(
                {
                    "number": table.number,
                    "table_id": self._table_ids().get(table.number),
                    "players": [
                        (p, self.state.names.get(p, p), p in self.state.withdrawn)
                        for p in table.players
                    ],
                    "entered": entered,
                    "complete": table_outcome.complete,
                    "advancing": [
                        self.state.names.get(p, p) for p in table_outcome.advancing if p not in tied
                    ]
                    if table_outcome.complete
                    else [],
                    "tied": [
                        self.state.names.get(p, p)
                        for p in dict.fromkeys(p for tie in table_outcome.ties for p in tie.players)
                    ],
                }
            )
        return rows

    def _table_ids(self) -> dict[int, int]:
        if not hasattr(self, "_ids"):
            self._ids = dict(self.current.tables.values_list("number", "pk"))
        return self._ids


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
