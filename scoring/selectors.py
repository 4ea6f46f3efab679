"""Reads: a division's bracket and scores as engine records, standings and results."""

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Q

from tournaments import engine
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat
from tournaments.services import brackets, event_rules

from .models import Game, Penalty, RackScore, ScoreChange, TieBreakDecision


@dataclass
class DivisionState:
    """A bracket as the engine sees it, with the rows it came from."""

    division: Division
    event: Event
    rules: engine.Rules
    rounds: list[Round]
    records: list[engine.RoundRecord]
    decisions: list[engine.TieDecision]
    entrants: dict[str, Entrant]  # every player of the bracket, by entrant id
    players: list[str]  # those in the bracket from the start (round 1, or the walkover)
    games: dict[tuple[int, int, int], Game] = field(default_factory=dict)
    penalties: dict[int, list[Penalty]] = field(default_factory=dict)

    @cached_property
    def withdrawn(self) -> frozenset[str]:
        return frozenset(i for i, e in self.entrants.items() if e.out_of_play)

    @cached_property
    def names(self) -> dict[str, str]:
        return {i: e.name for i, e in self.entrants.items()}

    @cached_property
    def age_groups(self) -> dict[str, str]:
        return {i: e.division.name for i, e in self.entrants.items()}

    @cached_property
    def outcomes(self) -> list[engine.RoundOutcome]:
        return engine.evaluate_rounds(
            self.records,
            self.rules,
            decisions=self.decisions,
            withdrawn=self.withdrawn,
            names=self.names,
        )

    @cached_property
    def placings(self) -> engine.Placings:
        """The results as recorded when the division finished (or last accepted)."""
        if self.division.results:
            return engine.Placings(
                tuple(engine.Placing(**entry) for entry in self.division.results), ()
            )
        return self.live_placings

    @property
    def results_changed(self) -> bool:
        """True when the scores now give other placings than the recorded ones."""
        return (
            bool(self.division.results)
            and serialize_placings(self.live_placings) != self.division.results
        )

    @cached_property
    def live_placings(self) -> engine.Placings:
        """Placings recomputed from the scores as they are now."""
        return engine.division_placings(
            self.records,
            self.rules,
            players=self.players,
            decisions=self.decisions,
            withdrawn=self.withdrawn,
            age_groups=self.age_groups,
            outcomes=self.outcomes,
        )

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def participants(self, number: int) -> set[str]:
        """Who is in round ``number`` (seated or with a bye), as recorded."""
        for record in self.records:
            if record.number == number:
                return set(record.players)
        return set()

    def met(self) -> set[frozenset[str]]:
        return {
            pair
            for record in self.records
            for pair in engine.tablemates([t.players for t in record.tables])
        }

    def unconfirmed(self, number: int) -> list[Game]:
        return [g for (r, _, _), g in sorted(self.games.items()) if r == number and not g.confirmed]


def serialize_placings(placings: engine.Placings) -> list[dict]:
    return [
        {
            "player": p.player,
            "place": p.place,
            "medal": p.medal,
            "round_reached": p.round_reached,
            "withdrawn": p.withdrawn,
            "group_place": p.group_place,
        }
        for p in placings.placings
    ]


def division_state(division: Division) -> DivisionState:
    """Load a bracket's rounds, seats, games, racks, penalties and decisions in a few queries."""
    event = division.event
    rounds = list(Round.objects.filter(division=division).order_by("number"))
    seats = (
        Seat.objects.filter(round__division=division)
        .select_related("table", "entrant", "entrant__division")
        .order_by("round__number", "table__number", "number")
    )
    byes = Bye.objects.filter(round__division=division).select_related(
        "entrant", "entrant__division"
    )
    games = Game.objects.filter(table__round__division=division).select_related(
        "table__round", "winner"
    )
    racks = RackScore.objects.filter(game__table__round__division=division).values_list(
        "game_id", "entrant__external_id", "rack_total"
    )
    penalties = Penalty.objects.filter(round__division=division).select_related("entrant")
    entrants: dict[str, Entrant] = {}
    tables: dict[int, dict[int, list[str]]] = defaultdict(dict)
    round_of = {r.pk: r.number for r in rounds}
    for seat in seats:
        entrants[seat.entrant.external_id] = seat.entrant
        tables[round_of[seat.round_id]].setdefault(seat.table.number, []).append(
            seat.entrant.external_id
        )
    bye_ids: dict[int, list[str]] = defaultdict(list)
    for bye in byes:
        entrants[bye.entrant.external_id] = bye.entrant
        bye_ids[round_of[bye.round_id]].append(bye.entrant.external_id)
    rack_map: dict[int, dict[str, int]] = defaultdict(dict)
    for game_id, entrant_id, total in racks:
        rack_map[game_id][entrant_id] = total
    game_rows: dict[tuple[int, int, int], Game] = {}
    for game in games:
        game_rows[(game.table.round.number, game.table.number, game.number)] = game
    penalty_rows: dict[int, list[Penalty]] = defaultdict(list)
    penalty_points: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for penalty in penalties:
        number = round_of[penalty.round_id]
        penalty_rows[number].append(penalty)
        penalty_points[number][penalty.entrant.external_id] += penalty.points
    records = []
    for round_ in rounds:
        table_records = []
        for table_number, players in sorted(tables[round_.number].items()):
            game_records = []
            for game_number in range(1, round_.games + 1):
                game = game_rows.get((round_.number, table_number, game_number))
                if game is None:
                    continue
                game_records.append(
                    engine.GameRecord(
                        game_number,
                        rack_map.get(game.pk, {}),
                        game.ended,
                        game.winner.external_id if game.winner else None,
                    )
                )
            table_records.append(
                engine.TableRecord(table_number, tuple(players), tuple(game_records))
            )
        records.append(
            engine.RoundRecord(
                round_.number,
                round_.kind,
                round_.games,
                tuple(table_records),
                tuple(sorted(bye_ids[round_.number])),
                dict(penalty_points[round_.number]),
            )
        )
    if records:
        players = list(records[0].players)
    elif division.walkover:
        lone = (
            Entrant.objects.filter(division__in=_bracket_ids(division))
            .exclude(status__in=[Entrant.Status.ABSENT, Entrant.Status.REGISTERED])
            .select_related("division")
        )
        players = [e.external_id for e in lone]
        entrants.update({e.external_id: e for e in lone})
    else:
        players = []
    decisions = [
        engine.TieDecision(d.round_number, tuple(d.order))
        for d in TieBreakDecision.objects.filter(division=division).order_by("decided_at", "id")
    ]
    return DivisionState(
        division,
        event,
        event_rules(event),
        rounds,
        records,
        decisions,
        entrants,
        players,
        game_rows,
        dict(penalty_rows),
    )


def _bracket_ids(division: Division) -> list[int]:
    return [division.pk] + list(division.combined_from.values_list("pk", flat=True))


# ---------------------------------------------------------------- results


def _round_json(state: DivisionState, record, outcome, next_participants) -> dict:
    penalties = state.penalties.get(record.number, [])
    tables = []
    for table, table_outcome in zip(record.tables, outcome.tables, strict=False):
        racks_by_game = {g.number: g.racks for g in table.games}
        scores = outcome.scores
        seats = []
        for player in table.players:
            score = scores.get(player)
            seats.append(
                {
                    "entrant_id": player,
                    "name": state.names.get(player, player),
                    "rack_totals": [
                        racks_by_game.get(n, {}).get(player) for n in range(1, record.games + 1)
                    ],
                    "points": list(table_outcome.points.get(player, ())),
                    "penalties": [
                        {"points": p.points, "reason": p.reason}
                        for p in penalties
                        if p.entrant.external_id == player
                    ],
                    "total": score.total if score else None,
                    "position": outcome.position(player),
                    "advanced": player in next_participants,
                    "withdrawn": player in state.withdrawn,
                }
            )
        tables.append({"number": table.number, "seats": seats})
    return {
        "number": record.number,
        "kind": record.kind,
        "games": record.games,
        "status": state.rounds[record.number - 1].status,
        "byes": list(record.byes),
        "tables": tables,
        "warnings": state.rounds[record.number - 1].warnings,
    }


def division_results(state: DivisionState) -> dict:
    """A bracket's rounds and placings, in the shape of ``export_results``."""
    division = state.division
    rounds = []
    for index, (record, outcome) in enumerate(zip(state.records, state.outcomes, strict=False)):
        following = (
            set(state.records[index + 1].players) if index + 1 < len(state.records) else set()
        )
        rounds.append(_round_json(state, record, outcome, following))
    placings = []
    if division.status == Division.Status.COMPLETE:
        for placing in state.placings.placings:
            entry = {
                "place": placing.place,
                "medal": placing.medal,
                "entrant_id": placing.player,
                "name": state.names.get(placing.player, placing.player),
                "round_reached": placing.round_reached,
            }
            if placing.withdrawn:
                entry["withdrawn"] = True
            if state.entrants[placing.player].division_id != division.pk:
                entry["age_group"] = state.age_groups[placing.player]
                entry["age_group_place"] = placing.group_place
            placings.append(entry)
        # No-shows, and players withdrawn before they ever sat, have no place either
        # (DESIGN.md: null, and "withdrawn": true).
        absent = (
            Entrant.objects.filter(
                division__in=_bracket_ids(division),
                status__in=[
                    Entrant.Status.ABSENT,
                    Entrant.Status.WITHDRAWN,
                    Entrant.Status.DISQUALIFIED,
                ],
            )
            .exclude(external_id__in=list(state.entrants))
            .order_by("last_name", "first_name")
        )
        for entrant in absent:
            placings.append(
                {
                    "place": None,
                    "medal": None,
                    "entrant_id": entrant.external_id,
                    "name": entrant.name,
                    "round_reached": 0,
                    "withdrawn": True,
                    "absent": entrant.status == Entrant.Status.ABSENT,
                }
            )
    return {
        "name": division.name,
        "status": division.status,
        "walkover": division.walkover,
        "combined_from": [d.name for d in division.combined_from.all()],
        "placings": placings,
        "rounds": rounds,
    }


def event_results(event: Event) -> dict:
    """Every bracket of the event: the data ``export_results`` writes."""
    divisions = [
        division_results(division_state(d))
        for d in brackets(event).select_related("event").order_by("min_age", "gender", "name")
        if d.rounds.exists() or d.walkover or d.entrants.exists() or d.combined_from.exists()
    ]
    return {
        "event": {
            "slug": event.slug,
            "name": event.name,
            "scoring": event.scoring,
            "date": event.date.isoformat(),
            "medal_policy": event.medal_policy,
        },
        "divisions": divisions,
    }


# ---------------------------------------------------------------- score entry


@dataclass
class SheetGame:
    number: int
    game: Game | None
    racks: dict[int, int]  # entrant pk -> rack total
    points: dict[int, int | None]

    @property
    def entered(self) -> bool:
        return self.game is not None

    @property
    def confirmed(self) -> bool:
        return self.game is not None and self.game.confirmed


@dataclass
class SheetSeat:
    number: int
    entrant: Entrant
    rack_totals: list[int | None]
    points: list[int | None]
    penalty: int
    total: int | None
    position: int | None

    @property
    def withdrawn(self) -> bool:
        return self.entrant.out_of_play


@dataclass
class TableSheet:
    """One table of one round, as the score entry page shows it."""

    event: Event
    division: Division
    round: Round
    table: "object"
    seats: list[SheetSeat]
    games: list[SheetGame]
    penalties: list[Penalty]
    audit: list

    @property
    def next_game(self) -> int | None:
        """The first game without scores, the one being played."""
        return next((g.number for g in self.games if not g.entered), None)

    @property
    def complete(self) -> bool:
        return all(g.entered for g in self.games)

    @property
    def confirmation_required(self) -> bool:
        return self.event.confirmation == Event.Confirmation.SECOND_PERSON

    @property
    def closed(self) -> bool:
        return self.round.status == Round.Status.CLOSED


def table_sheet(table) -> TableSheet:
    """A table's players in seat order, its games, totals, penalties and audit trail."""
    round_ = table.round
    division = round_.division
    event = division.event
    seats = list(table.seats.select_related("entrant").order_by("number"))
    games = {
        g.number: g
        for g in Game.objects.filter(table=table).select_related(
            "winner", "entered_by", "confirmed_by"
        )
    }
    racks: dict[int, dict[int, int]] = defaultdict(dict)
    for game_id, entrant_id, total in RackScore.objects.filter(game__table=table).values_list(
        "game_id", "entrant_id", "rack_total"
    ):
        racks[game_id][entrant_id] = total
    penalties = list(
        Penalty.objects.filter(round=round_, entrant__in=[s.entrant for s in seats]).select_related(
            "entrant", "given_by"
        )
    )
    ids = {s.entrant.pk: s.entrant.external_id for s in seats}
    record = engine.TableRecord(
        table.number,
        tuple(s.entrant.external_id for s in seats),
        tuple(
            engine.GameRecord(
                number,
                {ids[e]: v for e, v in racks[game.pk].items() if e in ids},
                game.ended,
                game.winner.external_id if game.winner else None,
            )
            for number, game in sorted(games.items())
        ),
    )
    penalty_points: dict[str, int] = defaultdict(int)
    for penalty in penalties:
        penalty_points[penalty.entrant.external_id] += penalty.points
    outcome = engine.evaluate_round(
        engine.RoundRecord(
            round_.number, round_.kind, round_.games, (record,), (), dict(penalty_points)
        ),
        event_rules(event),
        withdrawn={s.entrant.external_id for s in seats if s.entrant.out_of_play},
    ).tables[0]
    scores = {r.player: r for r in outcome.ranked}
    sheet_games = []
    for number in range(1, round_.games + 1):
        game = games.get(number)
        sheet_games.append(
            SheetGame(
                number,
                game,
                dict(racks[game.pk]) if game else {},
                {s.entrant.pk: outcome.points[s.entrant.external_id][number - 1] for s in seats},
            )
        )
    sheet_seats = []
    for seat in seats:
        player = seat.entrant.external_id
        ranked = scores.get(player)
        sheet_seats.append(
            SheetSeat(
                seat.number,
                seat.entrant,
                [g.racks.get(seat.entrant.pk) for g in sheet_games],
                list(outcome.points[player]),
                penalty_points.get(player, 0),
                ranked.score.total if ranked and ranked.score.games else None,
                ranked.position if ranked and ranked.score.games else None,
            )
        )
    audit = list(
        ScoreChange.objects.filter(division=division, round_number=round_.number)
        .filter(Q(table_number=table.number) | Q(table_number__isnull=True, entrant__in=ids))
        .select_related("entrant", "actor")
        .order_by("-at", "-id")
    )
    names = {s.entrant.external_id: s.entrant.name for s in seats}  # in seat order
    for change in audit:
        change.before_text = describe_change(change.before, names)
        change.after_text = describe_change(change.after, names)
    return TableSheet(event, division, round_, table, sheet_seats, sheet_games, penalties, audit)


def describe_change(snapshot: dict | None, names: dict[str, str]) -> str:
    """An audit trail value in words: "Ann Lee 12, Bo Kim 0 (went out)"."""
    if not snapshot:
        return ""
    if "racks" in snapshot:
        order = {p: i for i, p in enumerate(names)}
        ordered = sorted(snapshot["racks"].items(), key=lambda item: order.get(item[0], 99))
        racks = ", ".join(f"{names.get(p, p)} {v}" for p, v in ordered)
        how = "pool exhausted" if snapshot.get("ended") == engine.EXHAUSTED else "went out"
        return f"{racks} ({how})"
    if "rack_total" in snapshot:
        return "" if snapshot["rack_total"] is None else str(snapshot["rack_total"])
    if "points" in snapshot:
        return f"{snapshot['points']} penalty point(s)"
    return ""


@dataclass
class TableInPlay:
    division: Division
    round: Round
    table: "object"
    entered: int
    unconfirmed: int

    @property
    def games(self) -> int:
        return self.round.games


def tables_in_play(event: Event) -> list[TableInPlay]:
    """Every table of every round not yet closed, with how many games are in."""
    from django.db.models import Count

    from tournaments.models import Table

    tables = (
        Table.objects.filter(round__division__event=event)
        .exclude(round__status=Round.Status.CLOSED)
        .select_related("round__division")
        .annotate(
            entered=Count("games", distinct=True),
            unconfirmed=Count("games", filter=Q(games__confirmed_at__isnull=True), distinct=True),
        )
        .order_by("round__division__min_age", "round__division__name", "number")
    )
    return [TableInPlay(t.round.division, t.round, t, t.entered, t.unconfirmed) for t in tables]


def round_standings(state: DivisionState, number: int) -> list[dict]:
    """One row per player of a round: game points, penalties, total, position at the table.

    ``advancing`` is what the scores say so far (for a closed round, who went on).
    """
    index = next(i for i, r in enumerate(state.records) if r.number == number)
    record, outcome = state.records[index], state.outcomes[index]
    following = set(state.records[index + 1].players) if index + 1 < len(state.records) else None
    rows = []
    for table, table_outcome in zip(record.tables, outcome.tables, strict=False):
        positions = {r.player: r.position for r in table_outcome.ranked}
        for seat, player in enumerate(table.players, start=1):
            score = outcome.scores.get(player)
            if following is not None:
                advancing = player in following
            else:
                advancing = table_outcome.complete and player in table_outcome.advancing
            rows.append(
                {
                    "table": table.number,
                    "seat": seat,
                    "entrant_id": player,
                    "name": state.names.get(player, player),
                    "points": list(table_outcome.points.get(player, ())),
                    "penalty": score.penalty if score else 0,
                    "total": score.total if score else None,
                    "position": positions.get(player),
                    "advancing": advancing,
                    "withdrawn": player in state.withdrawn,
                    "games_played": score.games if score else 0,
                    # Sort keys that never compare None with a number.
                    "sort_position": positions.get(player) or 10**6,
                    "sort_total": (score.total if score else 0)
                    * (1 if state.rules.scoring == engine.LOW else -1),
                }
            )
    return rows
