"""Score entry: a table's sheet (players, games, totals, audit trail) and the tables in play."""

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import BooleanField, Count, F, IntegerField, Max, Q
from django.db.models.expressions import RawSQL
from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from tournaments import engine
from tournaments.engine.ranking import tied_across
from tournaments.engine.rounds import MEDAL_PLACES, advance_per_table
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat, Table
from tournaments.selectors import (
    division_rules,
    mark_flagged_namesakes,
    mark_namesakes,
    namesakes,
)
from tournaments.text import isolate

from ..models import CorrectionDecision, Game, Penalty, ScoreChange, TieBreakDecision
from .state import division_state, game_record_of


@dataclass
class SheetGame:
    number: int
    game: Game | None
    racks: dict[int, int]  # entrant pk -> rack total
    points: dict[int, int | None]
    # Each seat with its rack total in this game (None: none entered), in seat order: what
    # a page lists seat by seat, without looking each seat up in ``racks``.
    by_seat: list[tuple["SheetSeat", int | None]] = field(default_factory=list)

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
    # Level with another player on the total: what placed them, in words (or "").
    tie_note: str = ""

    @property
    def withdrawn(self) -> bool:
        return self.entrant.out_of_play


@dataclass
class TableSheet:
    """One table of one round, as the score entry page shows it."""

    event: Event
    division: Division
    round: Round
    table: Table
    seats: list[SheetSeat]
    games: list[SheetGame]
    penalties: list[Penalty]
    audit: list

    @property
    def changes_mark(self) -> int:
        """The newest change to this table's scores as the page shows them (see
        ``table_changes_mark``, which the clock's answer carries)."""
        return max(
            (c.pk for c in self.audit if c.action != ScoreChange.Action.CONFIRMED), default=0
        )

    @property
    def next_game(self) -> int | None:
        """The first game without scores, the one being played."""
        return next((g.number for g in self.games if not g.entered), None)

    def game_to_confirm(self, user, *, organizer: bool = False) -> int | None:
        """The first game waiting for ``user``'s confirmation: entered, not confirmed,
        and not entered by them (an organizer may confirm any)."""
        if not self.confirmation_required:
            return None
        return next(
            (
                g.number
                for g in self.games
                if g.entered
                and not g.confirmed
                and g.game.may_be_confirmed_by(user=user, organizer=organizer)
            ),
            None,
        )

    @property
    def complete(self) -> bool:
        return all(g.entered for g in self.games)

    @property
    def confirmation_required(self) -> bool:
        return self.event.confirmation == Event.Confirmation.SECOND_PERSON

    @property
    def closed(self) -> bool:
        return self.round.status == Round.Status.CLOSED


def _table_outcome(
    table: Table, seats, games: dict, racks: dict, penalty_points: dict, *, tie_decided=True
):
    """The engine's outcome for this one table (ranking within it, game points)."""
    ids = {s.entrant.pk: s.entrant.external_id for s in seats}
    record = engine.TableRecord(
        table.number,
        tuple(s.entrant.external_id for s in seats),
        tuple(
            game_record_of(game, {ids[e]: v for e, v in racks[game.pk].items() if e in ids})
            for _, game in sorted(games.items())
        ),
    )
    round_ = table.round
    # A tie settled by a playoff or tile draw shows in the decided order, as everywhere
    # (read only when the round has one: ``_seats`` asked).
    decisions = (
        [
            engine.TieDecision(number, tuple(order))
            for number, order in TieBreakDecision.objects.filter(
                division=round_.division, round_number=round_.number
            )
            .order_by("decided_at", "id")
            .values_list("round_number", "order")
        ]
        if tie_decided
        else []
    )
    # The rounds before, so that the "score per game in the round before" step ranks
    # this table as the standings and the medals do.
    earlier = (
        [o.scores for o in division_state(round_.division).outcomes if o.number < round_.number]
        if round_.number > 1
        else []
    )
    round_record = engine.RoundRecord(
        round_.number, round_.kind, round_.games, (record,), (), dict(penalty_points)
    )
    rules = division_rules(round_.division)
    outcome = engine.evaluate_round(
        round_record,
        rules,
        decisions=decisions,
        withdrawn={s.entrant.external_id for s in seats if s.entrant.out_of_play},
        earlier=earlier,
    )
    places = seats[0].round_places if seats else 1
    return outcome, _tie_notes(outcome, round_record, rules, places)


def _tie_notes(
    outcome: engine.RoundOutcome, record: engine.RoundRecord, rules: engine.Rules, places: int
) -> dict[str, str]:
    """A short line for each player level with another on the table's total (player id
    to words), saying what placed them (docs/rules.md, "Ranking at a table"): the
    tie-break step with the player's own value, the organizer's recorded playoff or tile
    draw, or, still tied, whether the organizer must decide (the tie decides who goes on
    or a medal) or the players share the place. ``places``: the round's tables, and one
    more for its byes, which say how many of each table go on."""
    table = outcome.tables[0]
    notes: dict[str, str] = {}
    for tie in engine.settled_ties(outcome, record, rules):
        for player in tie.players:
            score = outcome.scores[player]
            if tie.step == engine.DECISION:
                how = gettext("placed by the playoff or tile draw the organizer recorded")
            elif tie.step == engine.WINS:
                how = gettext("placed by most games won (%(value)s)") % {"value": score.wins}
            elif tie.step == engine.WORST_GAME:
                how = gettext("placed by the better worst game (%(value)s)") % {
                    "value": score.worst
                }
            else:
                how = gettext("placed by the score per game in round %(number)s (%(value)s)") % {
                    "number": tie.round,
                    "value": number_format(dict(score.history)[tie.round], 1),
                }
            notes[player] = gettext("Tied on %(total)s: %(how)s.") % {
                "total": tie.total,
                "how": how,
            }
    # The places that decide something, as the engine counts them for the whole round
    # (this outcome has the one table): who goes on, or a medal in the final.
    if record.kind == engine.FINAL:
        boundaries = range(1, min(MEDAL_PLACES, len(table.ranked) - 1) + 1)
    else:
        boundaries = [advance_per_table(record.kind, places, False)]
    blocking = {p for boundary in boundaries for p in tied_across(table.ranked, boundary)}
    for position in {r.position for r in table.ranked}:
        group = [r for r in table.ranked if r.position == position]
        if len(group) < 2:
            continue
        decides = any(r.player in blocking for r in group)
        words = (
            gettext("Tied on %(total)s: the organizer decides by a playoff or tile draw.")
            if decides
            else gettext("Tied on %(total)s: they share the place.")
        )
        for r in group:
            notes[r.player] = words % {"total": r.score.total}
    return notes


def _table_changes(table: Table, round_: Round, entrants) -> Q:
    """The audit lines of a table: its own, and a penalty or change of its players'."""
    return Q(
        Q(table_number=table.number) | Q(table_number__isnull=True, entrant_id__in=entrants),
        division_id=round_.division_id,
        round_number=round_.number,
    )


def table_changes_mark(table: Table, round_: Round) -> int:
    """The newest change to ``table``'s scores (its audit line's id, 0 before any): a page
    left open compares it with the one it was shown with (``TableSheet.changes_mark``) to
    say that someone changed the numbers meanwhile. A confirmation changes no number. One
    query on the (division, round) index, for the clock's answer every 30 seconds."""
    seated = Seat.objects.filter(table_id=table.pk).values("entrant_id")
    mark = (
        ScoreChange.objects.filter(_table_changes(table, round_, seated))
        .exclude(action=ScoreChange.Action.CONFIRMED)
        .aggregate(mark=Max("id"))["mark"]
    )
    return mark or 0


def _audit(table: Table, seats) -> list[ScoreChange]:
    """The table's changes, newest first, each before and after in words."""
    round_ = table.round
    at_table = {s.entrant.pk: s.entrant for s in seats}
    # Without joins: a change's player and a player who acted at the table are the seats'
    # entrants (named as the sheet names them, namesakes too); anyone else (a player
    # since moved) and the decisions on flagged changes are read after, only when there.
    # Newest first, sorted here: a table has a few changes, and the database's ordering
    # costs more to write out than to do.
    audit = sorted(
        ScoreChange.objects.filter(_table_changes(table, round_, list(at_table))).order_by(),
        key=lambda change: (change.at, change.pk),
        reverse=True,
    )
    wanted = {
        pk
        for change in audit
        for pk in (change.entrant_id, change.at_table_player_id)
        if pk is not None and pk not in at_table
    }
    others = Entrant.objects.in_bulk(wanted) if wanted else {}
    flagged = [change.pk for change in audit if change.consequence]
    decisions = (
        {d.change_id: d for d in CorrectionDecision.objects.filter(change__in=flagged)}
        if flagged
        else {}
    )
    names = {s.entrant.external_id: s.entrant.shown_name for s in seats}  # in seat order
    for change in audit:
        for role in ("entrant", "at_table_player"):
            pk = getattr(change, f"{role}_id")
            if pk is not None:
                setattr(change, role, at_table.get(pk) or others[pk])
        _DECISION.set_cached_value(change, decisions.get(change.pk))
        change.before_text = describe_change(change.before, names)
        change.after_text = describe_change(change.after, names)
    return audit


# A change's decision, as select_related("decision") leaves it: None when there is none.
_DECISION = ScoreChange.decision.related


def _seats(table: Table) -> list[Seat]:
    """The table's seats in order with their entrants; a player whose name another entrant
    of the event shares carries it with their club or number (``Entrant.shown_name``).
    Each seat says whether its entrant has a namesake (``namesake``), penalty points in
    the round (``penalized``) and whether a tie of the round was decided (``tie_decided``):
    the names, penalties and decisions are read only when there are some (rarely)."""
    quote = connection.ops.quote_name
    seat, entrant = quote(Seat._meta.db_table), quote(Entrant._meta.db_table)
    penalty, decision = quote(Penalty._meta.db_table), quote(TieBreakDecision._meta.db_table)
    table_, bye = quote(Table._meta.db_table), quote(Bye._meta.db_table)
    round_ = table.round
    seats = list(
        Seat.objects.filter(table_id=table.pk)
        .select_related("entrant")
        .annotate(
            namesake=RawSQL(
                f"EXISTS (SELECT 1 FROM {entrant} other WHERE other.event_id = "
                f"{entrant}.event_id AND other.search_name = {entrant}.search_name "
                f"AND other.id <> {entrant}.id)",
                [],
                output_field=BooleanField(),
            ),
            penalized=RawSQL(
                f"EXISTS (SELECT 1 FROM {penalty} p WHERE p.round_id = {seat}.round_id "
                f"AND p.entrant_id = {seat}.entrant_id)",
                [],
                output_field=BooleanField(),
            ),
            # The round's tables and one more when it has byes (how many go on from each).
            round_places=RawSQL(
                f"(SELECT COUNT(*) FROM {table_} t WHERE t.round_id = {seat}.round_id) + "
                f"(SELECT COUNT(*) FROM (SELECT 1 FROM {bye} b "
                f"WHERE b.round_id = {seat}.round_id LIMIT 1) one)",
                [],
                output_field=IntegerField(),
            ),
            tie_decided=RawSQL(
                f"EXISTS (SELECT 1 FROM {decision} d WHERE d.division_id = %s "
                "AND d.round_number = %s)",
                [round_.division_id, round_.number],
                output_field=BooleanField(),
            ),
        )
        .order_by()
    )
    seats.sort(key=lambda seat: seat.number)  # a table's few seats: sorted here
    mark_flagged_namesakes(table.round.division.event, [s.entrant for s in seats if s.namesake])
    return seats


def table_sheet(table: Table) -> TableSheet:
    """A table's players in seat order, its games, totals, penalties and audit trail."""
    round_ = table.round
    seats = _seats(table)
    # A game's winner and the players who entered or confirmed it sit at this table: they
    # are the seats' entrants (no query per game), shown by the same name as their seat.
    at_table = {s.entrant.pk: s.entrant for s in seats}
    # The games with their rack totals in one query (a row per rack, a game without
    # racks once). No default orderings: theirs join up through the table, round and
    # division to the event (and the entrant's names) for an order not needed here.
    games: dict[int, Game] = {}
    racks: dict[int, dict[int, int]] = defaultdict(dict)
    # Of the accounts that entered and confirmed a game, the page shows the user name only
    # (``entered_by_name``, ``confirmed_by_name``): no whole users joined in.
    username = get_user_model().USERNAME_FIELD
    for game in (
        Game.objects.filter(table_id=table.pk)
        .annotate(
            rack_entrant=F("racks__entrant_id"),
            rack_total=F("racks__rack_total"),
            entered_by_name=F(f"entered_by__{username}"),
            confirmed_by_name=F(f"confirmed_by__{username}"),
        )
        .order_by()
    ):
        if game.rack_entrant is not None:
            racks[game.pk][game.rack_entrant] = game.rack_total
        if game.number in games:
            continue
        games[game.number] = game
        for role in ("winner", "entered_by_player", "confirmed_by_player"):
            if getattr(game, f"{role}_id") in at_table:
                setattr(game, role, at_table[getattr(game, f"{role}_id")])
    # Each penalty's player is the seat's entrant (named as the sheet names them, a
    # namesake with their club or number), not a second copy joined in.
    penalties = (
        list(
            Penalty.objects.filter(round=round_, entrant__in=list(at_table)).order_by(
                "given_at", "id"
            )
        )
        if any(s.penalized for s in seats)
        else []
    )
    for penalty in penalties:
        penalty.entrant = at_table[penalty.entrant_id]
    penalty_points: dict[str, int] = defaultdict(int)
    for penalty in penalties:
        penalty_points[penalty.entrant.external_id] += penalty.points
    round_outcome, tie_notes = _table_outcome(
        table,
        seats,
        games,
        racks,
        penalty_points,
        tie_decided=any(s.tie_decided for s in seats),
    )
    outcome = round_outcome.tables[0]
    sheet_games = [
        SheetGame(
            number,
            games.get(number),
            dict(racks[games[number].pk]) if number in games else {},
            {s.entrant.pk: outcome.points[s.entrant.external_id][number - 1] for s in seats},
        )
        for number in range(1, round_.games + 1)
    ]
    ranked = {r.player: r for r in outcome.ranked}
    sheet_seats = []
    for seat in seats:
        player = seat.entrant.external_id
        played = ranked.get(player) if player in ranked and ranked[player].score.games else None
        sheet_seats.append(
            SheetSeat(
                seat.number,
                seat.entrant,
                [g.racks.get(seat.entrant.pk) for g in sheet_games],
                list(outcome.points[player]),
                penalty_points.get(player, 0),
                played.score.total if played else None,
                played.position if played else None,
                tie_notes.get(player, "") if played else "",
            )
        )
    for game in sheet_games:
        game.by_seat = [(seat, game.racks.get(seat.entrant.pk)) for seat in sheet_seats]
    audit = _audit(table, seats)  # its players at the table: the seats' entrants too
    return TableSheet(
        round_.division.event,
        round_.division,
        round_,
        table,
        sheet_seats,
        sheet_games,
        penalties,
        audit,
    )


@dataclass
class TableEntry:
    """What saving a game on a table's page needs to check the form: the players in seat
    order and the games already in. Lighter than a ``TableSheet`` (no totals, penalties
    or audit trail): those are for showing the page."""

    event: Event
    round: Round
    table: Table
    seats: list[Seat]
    named: bool = False  # name_players() asked

    @property
    def closed(self) -> bool:
        return self.round.status == Round.Status.CLOSED

    @cached_property
    def games(self) -> dict[int, Game]:
        """The games already in, by number (read when first asked: a keyed save leaves
        it to the service, which reads its game under the table's lock)."""
        return {
            number: Game(table=self.table, number=number, confirmed_at=confirmed_at, version=v)
            for number, confirmed_at, v in Game.objects.filter(table=self.table)
            .order_by()
            .values_list("number", "confirmed_at", "version")
        }

    def confirmed(self, number: int) -> bool:
        game = self.games.get(number)
        return game is not None and game.confirmed

    def name_players(self) -> None:
        """Give the players with a namesake in the event the name to show them by (their
        club or number: ``Entrant.shown_name``), for a save whose answer names players (a
        refusal, a queued save's answer). One query, once; a save that goes through names
        nobody and never asks."""
        if not self.named:
            entrants = [s.entrant for s in self.seats]
            mark_namesakes(entrants, namesakes(self.event, among=entrants))
            self.named = True


def table_entry(table: Table) -> TableEntry:
    """The seats of ``table`` (loaded with its round, division and event), and its games
    when asked."""
    return TableEntry(
        table.round.division.event,
        table.round,
        table,
        # Their namesakes only when a name is shown (``TableEntry.name_players``).
        list(table.seats.select_related("entrant").order_by("number")),
    )


def describe_change(snapshot: dict | None, names: dict[str, str]) -> str:
    """An audit trail value in words: "Ann Lee 12, Bo Kim 0 (went out)"."""
    if not snapshot:
        return ""
    if "racks" in snapshot:
        order = {p: i for i, p in enumerate(names)}
        ordered = sorted(snapshot["racks"].items(), key=lambda item: order.get(item[0], 99))
        # A right-to-left name set apart, so its number stays after it (not before it).
        racks = ", ".join(f"{isolate(names.get(p, p))} {v}" for p, v in ordered)
        how = (
            gettext("pool exhausted")
            if snapshot.get("ended") == engine.EXHAUSTED
            else gettext("a player went out")
        )
        return f"{racks} ({how})"
    if "rack_total" in snapshot:
        return "" if snapshot["rack_total"] is None else str(snapshot["rack_total"])
    if "points" in snapshot:
        points = snapshot["points"]
        return ngettext("%(n)s penalty point", "%(n)s penalty points", abs(points)) % {"n": points}
    return ""


@dataclass
class TableInPlay:
    division: Division
    round: Round
    table: Table
    entered: int
    unconfirmed: int
    # Of the unconfirmed games, those the person asking entered (someone else confirms).
    unconfirmed_own: int = 0

    @property
    def games(self) -> int:
        return self.round.games


def tables_in_play(event: Event, user=None) -> list[TableInPlay]:
    """Every table of every round not yet closed, with how many games are in and how many
    wait for a confirmation (and of those, how many ``user`` entered)."""
    waiting = Q(games__confirmed_at__isnull=True)
    user_pk = getattr(user, "pk", None)
    tables = (
        Table.objects.filter(round__division__event=event)
        .exclude(round__status=Round.Status.CLOSED)
        .select_related("round__division")
        .annotate(
            entered=Count("games", distinct=True),
            unconfirmed=Count("games", filter=waiting, distinct=True),
            unconfirmed_own=Count(
                "games", filter=waiting & Q(games__entered_by_id=user_pk), distinct=True
            ),
        )
        .order_by("round__division__min_age", "round__division__name", "number")
    )
    return [
        TableInPlay(t.round.division, t.round, t, t.entered, t.unconfirmed, t.unconfirmed_own)
        for t in tables
    ]
