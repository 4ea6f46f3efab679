"""A division's state loaded from the database in a few queries, each entrant once: the
whole play (``division_state``) or, for pages that show only what was recorded, the
placings with the bracket's entrants (``recorded_state``)."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Q

from tournaments import engine
from tournaments.models import Bye, Division, Entrant, Round, Seat
from tournaments.selectors import bracket_division_ids, bracket_entrants, division_rules

from ...models import Game, Penalty, RackScore, TieBreakDecision
from .bracket import DivisionState


def division_state(division: Division, namesakes: dict[str, str] | None = None) -> DivisionState:
    """Load a bracket's rounds, seats, games, racks, penalties and decisions in a few queries.
    ``namesakes``: the event's, when already read (``DivisionState.namesakes``)."""
    event = division.event
    rounds = list(Round.objects.filter(division=division).order_by("number"))
    rows = _load_rows(division, rounds)
    records = [_round_record(round_, rows) for round_ in rounds]
    if records:
        players = list(records[0].players)
    elif division.walkover:
        players = _walkover_players(division, rows.entrants)
    else:
        players = []
    decisions = [
        engine.TieDecision(d.round_number, tuple(d.order))
        for d in TieBreakDecision.objects.filter(division=division).order_by("decided_at", "id")
    ]
    return DivisionState(
        division,
        event,
        division_rules(division),
        rounds,
        records,
        decisions,
        rows.entrants,
        players,
        rows.games,
        dict(rows.penalties),
        namesakes,
    )


def recorded_state(division: Division, entrants=None, namesakes=None) -> DivisionState:
    """A finished bracket's recorded placings with its entrants, for pages that show them
    (results, find-my-table): rounds, seats and games are not loaded, so ``records`` and
    ``outcomes`` are empty — use ``division_state`` for anything that needs the play.
    ``entrants``: the only entrants wanted (with their division), already loaded, else
    every entrant of the bracket. A bracket without recorded placings (a walkover) is
    loaded whole."""
    if division.results is None:
        return division_state(division, namesakes)
    if entrants is None:
        entrants = bracket_entrants(division).select_related("division")
    return DivisionState(
        division,
        division.event,
        division_rules(division),
        [],
        [],
        [],
        {e.external_id: e for e in entrants},
        [],
        namesakes=namesakes,
    )


@dataclass
class _Rows:
    """The rows of one bracket, grouped by round."""

    entrants: dict[str, Entrant] = field(default_factory=dict)
    tables: dict = field(default_factory=lambda: defaultdict(dict))  # round -> table -> ids
    byes: dict = field(default_factory=lambda: defaultdict(list))  # round -> ids
    racks: dict = field(default_factory=lambda: defaultdict(dict))  # game pk -> id -> total
    games: dict = field(default_factory=dict)  # (round, table, game) -> Game
    penalties: dict = field(default_factory=lambda: defaultdict(list))  # round -> rows
    points: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))


def _load_rows(division: Division, rounds: list[Round]) -> _Rows:
    """Every row of the bracket, each entrant loaded once (not once per seat): a state
    meet's division has thousands of seats, and a model object per seat and per game
    cost most of a page's time."""
    rows = _Rows()
    round_of = {r.pk: r.number for r in rounds}
    seats = Seat.objects.filter(round__division=division)
    byes = Bye.objects.filter(round__division=division)
    players = (
        Entrant.objects.filter(
            Q(pk__in=seats.values("entrant_id")) | Q(pk__in=byes.values("entrant_id"))
        )
        .select_related("division")
        .order_by()
    )
    by_pk = {e.pk: e for e in players}
    for round_id, table_number, entrant_id in seats.order_by(
        "round__number", "table__number", "number"
    ).values_list("round_id", "table__number", "entrant_id"):
        entrant = by_pk[entrant_id]
        rows.entrants[entrant.external_id] = entrant
        rows.tables[round_of[round_id]].setdefault(table_number, []).append(entrant.external_id)
    for round_id, entrant_id in byes.values_list("round_id", "entrant_id"):
        entrant = by_pk[entrant_id]
        rows.entrants[entrant.external_id] = entrant
        rows.byes[round_of[round_id]].append(entrant.external_id)
    last_rack: dict = {}  # game pk -> when a rack total of it last arrived
    for game_id, player, total, at in RackScore.objects.filter(
        game__table__round__division=division
    ).values_list("game_id", "entrant__external_id", "rack_total", "entered_at"):
        rows.racks[game_id][player] = total
        if game_id not in last_rack or at > last_rack[game_id]:
            last_rack[game_id] = at
    for game in Game.objects.filter(table__round__division=division).select_related(
        "table", "winner"
    ):
        # When its latest score arrived (an entry, a new entry or a correction): the desk
        # shows a table gone quiet.
        game.last_score_at = last_rack.get(game.pk, game.entered_at)
        rows.games[(round_of[game.table.round_id], game.table.number, game.number)] = game
    for penalty in Penalty.objects.filter(round__division=division).select_related("entrant"):
        number = round_of[penalty.round_id]
        rows.penalties[number].append(penalty)
        rows.points[number][penalty.entrant.external_id] += penalty.points
    return rows


def game_record_of(game: Game, racks: dict[str, int]) -> engine.GameRecord:
    """A stored game as the engine's record."""
    return engine.GameRecord(
        game.number, racks, game.ended, game.winner.external_id if game.winner else None
    )


def _round_record(round_: Round, rows: _Rows) -> engine.RoundRecord:
    tables = []
    for table_number, players in sorted(rows.tables[round_.number].items()):
        games = [
            rows.games.get((round_.number, table_number, n)) for n in range(1, round_.games + 1)
        ]
        tables.append(
            engine.TableRecord(
                table_number,
                tuple(players),
                tuple(game_record_of(g, rows.racks.get(g.pk, {})) for g in games if g),
            )
        )
    return engine.RoundRecord(
        round_.number,
        round_.kind,
        round_.games,
        tuple(tables),
        tuple(sorted(rows.byes[round_.number])),
        dict(rows.points[round_.number]),
    )


def _walkover_players(division: Division, entrants: dict[str, Entrant]) -> list[str]:
    lone = (
        Entrant.objects.filter(division__in=bracket_division_ids(division))
        .exclude(status__in=[Entrant.Status.ABSENT, Entrant.Status.REGISTERED])
        .select_related("division")
    )
    entrants.update({e.external_id: e for e in lone})
    return [e.external_id for e in lone]
