"""Reads for the organizer's desk and the public pages."""

import unicodedata
from dataclasses import dataclass, field

from django.db.models import Count, Q

from scoring.selectors import DivisionState, division_state
from tournaments import engine
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat
from tournaments.services import bracket_entrants, brackets


def fold(text: str) -> str:
    """Lower case without accents: 'Ångström' matches 'angs'."""
    return "".join(
        c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c)
    )


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
    for division in brackets(event).select_related("event").order_by("min_age", "gender", "name"):
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
                division.rounds.order_by("-number").first(),
                [m.name for m in members[1:]],
            )
        )
    return lines


def checkin_search(event: Event, query: str, limit: int = 40) -> list[Entrant]:
    """Entrants whose name (or id) contains the typed text, accents and case ignored."""
    wanted = fold(query.strip())
    entrants = (
        Entrant.objects.filter(event=event)
        .select_related("division", "division__combined_into")
        .order_by("last_name", "first_name")
    )
    if not wanted:
        found = list(entrants[:limit])
    else:
        found = []
        for entrant in entrants:
            haystack = fold(f"{entrant.first_name} {entrant.last_name} {entrant.external_id}")
            if all(part in haystack for part in wanted.split()):
                found.append(entrant)
                if len(found) >= limit:
                    break
    # Once a bracket is seated its players are no longer checked in or out here.
    seated = set(Round.objects.filter(division__event=event).values_list("division_id", flat=True))
    for entrant in found:
        entrant.seated = entrant.division.bracket.pk in seated
    return found


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
        ties = list(self.outcome.ties) if self.outcome else []
        if (
            self.outcome
            and self.outcome.complete
            and not self.outcome.ties
            and (self.current.kind == engine.FINAL or self.outcome.next_shape is None)
        ):
            ties += list(self.state.placings.ties)
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
                "age_group": self.state.entrants[p.player].division.name
                if self.state.entrants[p.player].division_id != self.division.pk
                else "",
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
    checked_in = bracket_entrants(division).filter(status=Entrant.Status.CHECKED_IN).count()
    event = division.event
    return DivisionDesk(
        division,
        division_state(division),
        engine.plan_division(
            checked_in, prefer_threes=event.prefer_threes, minutes_per_game=event.minutes_per_game
        ),
        checked_in,
    )


# ---------------------------------------------------------------- public


def find_table(event: Event, query: str, limit: int = 30) -> list[dict]:
    """Where each matching player sits now: name, division, round, table or bye."""
    wanted = fold(query.strip())
    if len(wanted) < 2:
        return []
    latest = {}
    for seat in Seat.objects.filter(round__division__event=event).select_related(
        "entrant", "table", "round__division"
    ):
        key = seat.entrant_id
        if key not in latest or latest[key]["round"] < seat.round.number:
            latest[key] = {
                "entrant": seat.entrant,
                "division": seat.round.division.name,
                "round": seat.round.number,
                "table": seat.table.number,
                "seat": seat.number,
                # A closed round: the table is not where to sit now (eliminated, finished).
                "over": seat.round.status == Round.Status.CLOSED,
            }
    for bye in Bye.objects.filter(round__division__event=event).select_related(
        "entrant", "round__division"
    ):
        key = bye.entrant_id
        if key not in latest or latest[key]["round"] <= bye.round.number:
            latest[key] = {
                "entrant": bye.entrant,
                "division": bye.round.division.name,
                "round": bye.round.number,
                "table": None,
                "seat": None,
                "over": False,
            }
    found = []
    for row in sorted(
        latest.values(), key=lambda r: (fold(r["entrant"].last_name), fold(r["entrant"].first_name))
    ):
        name = row["entrant"].name
        if all(part in fold(name) for part in wanted.split()):
            found.append({**row, "name": name})
            if len(found) >= limit:
                break
    return found
