"""The player's own page: where the player sits now, their games, their table's standings,
how each round they played ended, and their final place.

Only the player's tables are read, never the whole bracket: a page left open on 2,000
phones is read again each time its table changes. The engine ranks the player's table as
it ranks every table, given the tables where its players sat in the rounds before (the
tie-break on the previous round needs them), so the place shown is the projector's.
``player_page_mark`` is what the open page polls: one query, whose answer changes
whenever what the page shows does.
"""

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache

from django.db import connection
from django.utils import timezone

from tournaments import engine
from tournaments.engine.self_checkin import CheckinWindow
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat, Table
from tournaments.selectors import division_rules, womens_bracket
from tournaments.selectors.player_pages import (
    OpenedPage,
    Schedule,
    SelfCheckin,
    division_schedule,
    self_checkin,
)
from tournaments.selectors.public_names import public_name, public_names

from ..models import Game, Penalty, RackScore, ScoreChange, TieBreakDecision
from .results import finished_places
from .state import game_record_of, place_word


def q(model) -> str:
    """A model's table quoted for SQL."""
    return connection.ops.quote_name(model._meta.db_table)


# What the player is doing now (PlayerPage.now).
WAITING = "waiting"  # not seated yet (registered, checked in, or absent)
SEATED = "seated"  # at a table of a round not yet closed
BYE = "bye"  # a bye in the round being played
OUT = "out"  # did not go on; the division plays on
FINISHED = "finished"  # the division is over: the place
WITHDRAWN = "withdrawn"  # withdrawn or disqualified


@dataclass(frozen=True)
class GameLine:
    number: int
    rack_total: int | None  # None: not entered yet
    to_confirm: bool  # entered, waiting for a second person's confirmation


@dataclass(frozen=True)
class TableRow:
    name: str
    total: int | None
    place: int | None
    games: int
    me: bool
    status: str  # "withdrawn" / "disqualified" in words, else ""


@dataclass(frozen=True)
class RoundLine:
    """One round the player played (or had a bye in), as it ended or stands."""

    number: int
    kind: str
    table: int | None  # None: a bye
    seat: int | None
    total: int | None
    place: int | None
    closed: bool
    went_on: bool | None  # None: not closed yet, or the final
    place_text: str = ""  # "2nd", in the language of the page


@dataclass
class PlayerPage:
    entrant: Entrant
    event: Event
    family: bool
    name: str  # as the public pages name the player (tournaments.selectors.public_names)
    division: str  # the bracket the player plays in
    age_group: str  # their own division, where it is combined with others ("")
    checkin: SelfCheckin
    schedule: Schedule
    now: str
    round: Round | None = None  # the round the player is in now (or last was)
    table: int | None = None
    seat: int | None = None
    games: list[GameLine] = field(default_factory=list)
    rows: list[TableRow] = field(default_factory=list)
    total: int | None = None
    place: int | None = None
    rounds: list[RoundLine] = field(default_factory=list)
    final: dict | None = None  # finished_places' row for the player
    next_round: Round | None = None  # where the player goes on to (a closed round's next)


def _bracket(entrant: Entrant) -> Division:
    return entrant.division.combined_into or entrant.division


def player_page(opened: OpenedPage) -> PlayerPage:
    """What the player's page shows of ``opened``'s entrant (as the player or the family)."""
    entrant = opened.entrant
    bracket = _bracket(entrant)
    rounds = list(Round.objects.filter(division=bracket).order_by("number"))
    page = PlayerPage(
        entrant=entrant,
        event=entrant.event,
        family=opened.family,
        name=public_name(entrant),
        division=bracket.shown_name,
        age_group=entrant.division.shown_name if entrant.division.combined_into_id else "",
        checkin=self_checkin(entrant),
        schedule=division_schedule(entrant.division, rounds),
        now=WAITING,
    )
    _play(page, bracket, rounds)
    if bracket.status == Division.Status.COMPLETE:
        page.final = finished_places(entrant.event, [entrant]).get(entrant.external_id)
        if page.final is not None:
            page.now = FINISHED
    if entrant.out_of_play and page.now != FINISHED:
        page.now = WITHDRAWN
    return page


def _play(page: PlayerPage, bracket: Division, rounds: list[Round]) -> None:
    """The player's rounds: each table they sat at (ranked by the engine), their byes, and
    what they are doing now."""
    entrant = page.entrant
    by_pk = {r.pk: r for r in rounds}
    mine = {
        row["round_id"]: row
        for row in Seat.objects.filter(entrant=entrant).values(
            "round_id", "table_id", "table__number", "number"
        )
        if row["round_id"] in by_pk
    }
    byes = {r for r in Bye.objects.filter(entrant=entrant).values_list("round_id", flat=True)}
    played = sorted((by_pk[pk] for pk in set(mine) | (byes & set(by_pk))), key=lambda r: r.number)
    if not played:
        return
    outcomes = _outcomes(page, bracket, rounds, mine)
    numbers = {r.number for r in played}
    for round_ in played:
        seat = mine.get(round_.pk)
        score = outcomes.get(round_.number, {}).get(entrant.external_id)
        closed = round_.status == Round.Status.CLOSED
        went_on = None
        if closed and round_.kind != engine.FINAL:
            went_on = round_.number + 1 in numbers
        page.rounds.append(
            RoundLine(
                round_.number,
                round_.kind,
                seat["table__number"] if seat else None,
                seat["number"] if seat else None,
                score[0] if score else None,
                score[1] if score else None,
                closed,
                went_on,
                place_word(score[1], womens_bracket(bracket)) if score and score[1] else "",
            )
        )
    last = played[-1]
    page.round = last
    seat = mine.get(last.pk)
    page.table = seat["table__number"] if seat else None
    page.seat = seat["number"] if seat else None
    if last.status != Round.Status.CLOSED:
        page.now = SEATED if seat else BYE
    elif last.kind != engine.FINAL:
        page.now = OUT
    line = page.rounds[-1]
    page.total, page.place = line.total, line.place


def _outcomes(page: PlayerPage, bracket: Division, rounds: list[Round], mine: dict) -> dict:
    """The engine's ranking of the player's tables: {round number: {player: (total,
    place)}}; fills the latest table's games and rows on ``page``."""
    if not mine:
        return {}
    number_of = {r.pk: r.number for r in rounds}
    latest = max(mine.values(), key=lambda row: number_of[row["round_id"]])
    mates = Seat.objects.filter(table_id=latest["table_id"]).values("entrant_id")
    # Every table where the player or their latest tablemates sat: the player's rounds,
    # and the earlier scores the tie-break on the previous round compares.
    tables = set(
        Seat.objects.filter(round__division=bracket, entrant_id__in=mates).values_list(
            "table_id", flat=True
        )
    ) | {row["table_id"] for row in mine.values()}
    seats = list(
        Seat.objects.filter(table_id__in=tables)
        .order_by("round__number", "table__number", "number")
        .values_list("round_id", "table_id", "table__number", "entrant")
    )
    people = {
        e.pk: e
        for e in Entrant.objects.filter(pk__in={s[3] for s in seats}).select_related("division")
    }
    games = list(Game.objects.filter(table_id__in=tables).select_related("winner"))
    racks: dict = defaultdict(dict)
    for game_id, player, total in RackScore.objects.filter(game__in=games).values_list(
        "game_id", "entrant__external_id", "rack_total"
    ):
        racks[game_id][player] = total
    records, game_rows = _records(rounds, seats, people, games, racks)
    withdrawn = {e.external_id for e in people.values() if e.out_of_play}
    names = {e.external_id: e.name for e in people.values()}
    decisions = [
        engine.TieDecision(d.round_number, tuple(d.order))
        for d in TieBreakDecision.objects.filter(division=bracket).order_by("decided_at", "id")
    ]
    outcomes = engine.evaluate_rounds(
        records,
        division_rules(bracket),
        decisions=decisions,
        withdrawn=withdrawn,
        names=names,
    )
    found = {}
    for outcome in outcomes:
        positions = {r.player: r.position for table in outcome.tables for r in table.ranked}
        found[outcome.number] = {
            p: (s.total if s.games else None, positions.get(p) if s.games else None)
            for p, s in outcome.scores.items()
        }
    _table_now(page, latest, number_of[latest["round_id"]], outcomes, records, game_rows, people)
    return found


def _records(rounds, seats, people, games, racks):
    """The engine's records of the tables read (with the penalties of their players), and
    each table's games by number."""
    round_of = {r.pk: r for r in rounds}
    tables: dict = defaultdict(dict)  # round number -> table number -> players
    table_ids = {}
    for round_id, table_id, number, entrant_id in seats:
        round_ = round_of[round_id]
        tables[round_.number].setdefault(number, []).append(people[entrant_id].external_id)
        table_ids[table_id] = (round_.number, number)
    game_rows: dict = defaultdict(dict)
    for game in games:
        game_rows[table_ids[game.table_id]][game.number] = game
    players = [e.pk for e in people.values()]
    points: dict = defaultdict(lambda: defaultdict(int))
    for round_id, player, value in Penalty.objects.filter(
        round_id__in=list(round_of), entrant_id__in=players
    ).values_list("round_id", "entrant__external_id", "points"):
        points[round_of[round_id].number][player] += value
    records = []
    for round_ in rounds:
        if round_.number not in tables:
            continue
        records.append(
            engine.RoundRecord(
                round_.number,
                round_.kind,
                round_.games,
                tuple(
                    engine.TableRecord(
                        number,
                        tuple(players),
                        tuple(
                            game_record_of(g, racks.get(g.pk, {}))
                            for _, g in sorted(game_rows[(round_.number, number)].items())
                        ),
                    )
                    for number, players in sorted(tables[round_.number].items())
                ),
                (),
                dict(points[round_.number]),
            )
        )
    return records, game_rows


def _table_now(page, latest, number, outcomes, records, game_rows, people) -> None:
    """The player's latest table: their games and the table's standings."""
    entrant, event = page.entrant, page.event
    outcome = next(o for o in outcomes if o.number == number)
    table_number = latest["table__number"]
    record = next(r for r in records if r.number == number)
    table = next(t for t in record.tables if t.number == table_number)
    players = table.players
    ranked = next(t for t in outcome.tables if t.number == table_number)
    positions = {r.player: r.position for r in ranked.ranked}
    second_person = event.confirmation == Event.Confirmation.SECOND_PERSON
    played = game_rows.get((number, table_number), {})
    for game_number in range(1, record.games + 1):
        game = played.get(game_number)
        entered = next((g for g in table.games if g.number == game_number), None)
        total = entered.racks.get(entrant.external_id) if entered is not None else None
        page.games.append(
            GameLine(
                game_number,
                total,
                game is not None and second_person and not game.confirmed,
            )
        )
    by_id = {e.external_id: e for e in people.values()}
    # As the public pages name them: the family's link goes where the family sends it.
    shown = public_names(event, among=[by_id[p] for p in players])
    for player in players:
        score = outcome.scores.get(player)
        played_games = score.games if score else 0
        page.rows.append(
            TableRow(
                shown.get(player, by_id[player].name),
                score.total if played_games else None,
                positions.get(player) if played_games else None,
                played_games,
                player == entrant.external_id,
                by_id[player].out_of_play_word,
            )
        )
    page.rows.sort(key=lambda r: (r.place is None, r.place or 0, r.name))


@cache
def _mark_sql() -> str:
    """The mark's one statement, in plain SQL (built once): the ORM's building of its
    subqueries cost more than running them, on a request made every few seconds by every
    open page."""
    entrant, event, division = q(Entrant), q(Event), q(Division)
    round_, seat, bye, table, change = q(Round), q(Seat), q(Bye), q(Table), q(ScoreChange)
    closed = Round.Status.CLOSED.value
    return f"""
    SELECT e.status, e.self_checked_in_at, e.page_code, e.family_code,
        ev.checkin_opens_at, ev.checkin_closes_at, ev.language,
        b.status, b.medals_confirmed_at,
        (SELECT CAST(COUNT(*) AS TEXT) || '.' || CAST(COALESCE(MAX(r.id), 0) AS TEXT)
            || '.' || CAST(COALESCE(SUM(CASE WHEN r.status = '{closed}' THEN 1 ELSE 0 END), 0)
                AS TEXT)
            || '.' || COALESCE(CAST(MAX(r.clock_started_at) AS TEXT), '')
            FROM {round_} r WHERE r.division_id = b.id),
        s.id,
        (SELECT MAX(y.id) FROM {bye} y WHERE y.entrant_id = e.id),
        (SELECT MAX(c.id) FROM {change} c WHERE c.division_id = b.id
            AND c.round_number = sr.number
            AND (c.table_number = st.number OR c.table_number IS NULL))
    FROM {entrant} e
    JOIN {event} ev ON ev.id = e.event_id
    JOIN {division} d ON d.id = e.division_id
    JOIN {division} b ON b.id = COALESCE(d.combined_into_id, d.id)
    LEFT JOIN {seat} s ON s.id = (
        SELECT s2.id FROM {seat} s2 JOIN {round_} r2 ON r2.id = s2.round_id
        WHERE s2.entrant_id = e.id ORDER BY r2.number DESC LIMIT 1)
    LEFT JOIN {round_} sr ON sr.id = s.round_id
    LEFT JOIN {table} st ON st.id = s.table_id
    WHERE e.id = %s"""


def player_page_mark(entrant_pk: int) -> str:
    """A short text that changes whenever what the player's page shows does: the entrant's
    status, the event's check-in window, the bracket's rounds and status, the player's
    latest seat or bye, and the newest score change at their table. One query on indexes:
    what a page left open polls (``ETag``), answered "not modified" while it stays."""
    with connection.cursor() as cursor:
        cursor.execute(_mark_sql(), [entrant_pk])
        row = cursor.fetchone()
    if row is None:
        return ""
    # The window opens and closes as time passes, with nothing in the database changing.
    window = CheckinWindow(_moment(row[4]), _moment(row[5])).state(timezone.now())
    return "|".join(str(value) for value in (*row, window))


def _moment(value):
    """A stored moment as the database driver gives it (SQLite: text), aware."""
    if isinstance(value, str):
        value = datetime.datetime.fromisoformat(value)
    if value is not None and timezone.is_naive(value):
        value = timezone.make_aware(value, datetime.UTC)
    return value
