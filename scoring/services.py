"""State changes of scores: entry, confirmation, corrections, penalties, ties, advancing.

Every function runs in a transaction. The rules come from the engine; the
bracket is changed only through ``tournaments.services``.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from tournaments import engine
from tournaments import services as bracket
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round, Seat, Table

from .models import Game, Penalty, RackScore, ScoreChange, TieBreakDecision
from .selectors import DivisionState, division_state, serialize_placings

MAX_LISTED = 25


class ScoreConflict(RuleError):
    """Someone else saved this game since the page was opened: both values are shown."""

    def __init__(self, message: str, theirs: dict, yours: dict):
        super().__init__(message)
        self.theirs = theirs
        self.yours = yours


class TieBlocked(RuleError):
    """Ties that matter are unresolved: nothing advances and no medal is given."""

    def __init__(self, ties: Sequence[engine.Tie], names: Mapping[str, str]):
        self.ties = tuple(ties)
        self.names = dict(names)
        lines = [tie.describe(names) for tie in ties]
        super().__init__("Unresolved ties block this:\n" + "\n".join(lines))


def _listing(header: str, lines: Sequence[str]) -> str:
    shown = list(lines[:MAX_LISTED])
    if len(lines) > MAX_LISTED:
        shown.append(f"… and {len(lines) - MAX_LISTED} more")
    return header + "\n" + "\n".join(f"  {line}" for line in shown)


def _game_snapshot(game: Game | None) -> dict | None:
    if game is None:
        return None
    return {
        "racks": {
            r.entrant.external_id: r.rack_total for r in game.racks.select_related("entrant")
        },
        "ended": game.ended,
        "winner": game.winner.external_id if game.winner else None,
    }


def _actor(user) -> dict:
    if user is not None and getattr(user, "pk", None):
        return {"actor": user, "actor_label": user.get_username()}
    return {"actor": None, "actor_label": "command line (organizer)"}


# ---------------------------------------------------------------- entering scores


def game_record(
    *,
    table: Table,
    number: int,
    racks: Mapping[Entrant, int],
    ended: str | None = None,
    winner: Entrant | None = None,
    user=None,
    organizer: bool = False,
    replace: bool = False,
    expected_version: int | None = None,
) -> Game:
    """Save one game's rack totals after the engine has checked them.

    A game that already has scores is refused unless ``replace`` (the old values
    stay in the audit trail) or the caller saw its current ``expected_version``.
    A confirmed game is changed only by an organizer. Scores entered by an
    organizer count as confirmed.
    """
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("division").get(pk=table.round_id)
        where = (
            f"{round_.division.name}, round {round_.number}, table {table.number}, game {number}"
        )
        if round_.status == Round.Status.CLOSED:
            raise RuleError(f"{where}: the round is closed; change a score as a correction.")
        if not 1 <= number <= round_.games:
            raise RuleError(f"{where}: round {round_.number} has {round_.games} game(s).")
        seats = list(Seat.objects.filter(table=table).select_related("entrant").order_by("number"))
        seated = {s.entrant.pk: s.entrant for s in seats}
        strangers = [e for e in racks if e.pk not in seated]
        if strangers:
            raise RuleError(
                f"{where}: {', '.join(f'{e.name} ({e.external_id})' for e in strangers)} "
                "is not at this table."
            )
        if winner is not None and winner.pk not in seated:
            raise RuleError(f"{where}: the named winner {winner.name} is not at this table.")
        active = [e.external_id for e in seated.values() if not e.out_of_play]
        names = {e.external_id: e.name for e in seated.values()}
        try:
            engine.validate_game(
                {e.external_id: value for e, value in racks.items()},
                ended=ended or None,
                winner=winner.external_id if winner else None,
                players=active,
                names=names,
            )
        except engine.GameError as error:
            raise engine.GameError([f"{where}: {reason}" for reason in error.reasons]) from None
        game = Game.objects.select_for_update().filter(table=table, number=number).first()
        new = {
            "racks": {e.external_id: value for e, value in racks.items()},
            "ended": ended or (engine.OUT if 0 in racks.values() else engine.EXHAUSTED),
            "winner": winner.external_id if winner else None,
        }
        before = _game_snapshot(game)
        if game is not None:
            if expected_version is None and not replace:
                raise RuleError(f"{where}: already has scores (use --replace to replace them).")
            if before == new:
                return game  # the same entry again (a double tap): saved once
            if expected_version is not None and expected_version != game.version:
                raise ScoreConflict(
                    f"{where}: someone else saved this game while you were entering it. "
                    "Both entries are shown; choose which to keep.",
                    theirs=before,
                    yours=new,
                )
            if game.confirmed and not organizer:
                raise RuleError(
                    f"{where}: the scores are confirmed; only an organizer can change them, "
                    "as a correction with a reason."
                )
        now = timezone.now()
        confirmed = organizer
        if game is None:
            game = Game(table=table, number=number)
        else:
            game.version += 1
        game.ended = new["ended"]
        game.winner = winner
        game.entered_by = user if getattr(user, "pk", None) else None
        game.confirmed_by = game.entered_by if confirmed else None
        game.confirmed_at = now if confirmed else None
        game.save()
        game.racks.exclude(entrant__in=list(racks)).delete()
        for entrant, value in racks.items():
            RackScore.objects.update_or_create(
                game=game,
                entrant=entrant,
                defaults={"rack_total": value, "entered_by": game.entered_by},
            )
        ScoreChange.objects.create(
            division=round_.division,
            round_number=round_.number,
            table_number=table.number,
            game_number=number,
            action=ScoreChange.Action.ENTERED if before is None else ScoreChange.Action.REPLACED,
            before=before,
            after=new,
            **_actor(user),
        )
        bracket.round_mark_in_play(round_=round_)
        return game


def game_confirm(*, game: Game, user, organizer: bool = False) -> Game:
    """A second person confirms a game's scores; nobody confirms their own entry."""
    with transaction.atomic():
        game = (
            Game.objects.select_for_update()
            .select_related("table__round__division")
            .get(pk=game.pk)
        )
        if game.confirmed:
            return game
        if not organizer and (user is None or game.entered_by_id == user.pk):
            raise RuleError("The scores must be confirmed by someone other than who entered them.")
        game.confirmed_by = user
        game.confirmed_at = timezone.now()
        game.save(update_fields=["confirmed_by", "confirmed_at"])
        round_ = game.table.round
        ScoreChange.objects.create(
            division=round_.division,
            round_number=round_.number,
            table_number=game.table.number,
            game_number=game.number,
            action=ScoreChange.Action.CONFIRMED,
            after=_game_snapshot(game),
            **_actor(user),
        )
        return game


# ---------------------------------------------------------------- corrections


def _consequences(state: DivisionState, number: int) -> tuple[set[str] | None, dict | None]:
    """What a round decided: who went on from it, and (when finished) the medals."""
    outcome = state.outcomes[number - 1]
    advancing = set(outcome.advancing) if outcome.next_shape is not None else None
    medals = None
    if state.division.status == Division.Status.COMPLETE:
        medals = {p.player: p.medal for p in state.live_placings.placings if p.medal}
    return advancing, medals


def score_correct(
    *,
    game: Game,
    entrant: Entrant,
    rack_total: int,
    reason: str,
    user=None,
    ended: str | None = None,
    winner: Entrant | None = None,
) -> ScoreChange:
    """An organizer's correction of one rack total, with a reason, kept before and after.

    ``ended`` and ``winner`` may be corrected with it (a 0 typed on the wrong player,
    a pool marked exhausted by mistake, the wrong tied winner).

    Standings are always recomputed from the scores. When the change would alter
    who advanced (or a medal), it is flagged and nothing further changes until the
    organizer decides.
    """
    if not reason.strip():
        raise RuleError("A correction needs a reason.")
    with transaction.atomic():
        game = (
            Game.objects.select_for_update()
            .select_related("table__round__division__event")
            .get(pk=game.pk)
        )
        round_ = game.table.round
        division = round_.division
        Division.objects.select_for_update().get(pk=division.pk)
        where = (
            f"{division.name}, round {round_.number}, table {game.table.number}, game {game.number}"
        )
        rack = game.racks.filter(entrant=entrant).first()
        seated = Seat.objects.filter(table=game.table, entrant=entrant).exists()
        if not seated:
            raise RuleError(
                f"{where}: {entrant.name} ({entrant.external_id}) is not at this table."
            )
        state_before = division_state(division)
        before_consequences = (
            _consequences(state_before, round_.number)
            if round_.status == Round.Status.CLOSED
            else (None, None)
        )
        snapshot = _game_snapshot(game)
        racks = dict(snapshot["racks"])
        racks[entrant.external_id] = rack_total
        new_ended = ended or snapshot["ended"]
        new_winner = winner.external_id if winner else snapshot["winner"]
        if new_ended == engine.OUT:
            new_winner = None
        seats = Seat.objects.filter(table=game.table).select_related("entrant")
        names = {s.entrant.external_id: s.entrant.name for s in seats}
        active = [s.entrant.external_id for s in seats if not s.entrant.out_of_play]
        try:
            result = engine.validate_game(
                racks, ended=new_ended, winner=new_winner, players=active, names=names
            )
        except engine.GameError as error:
            raise engine.GameError([f"{where}: {r}" for r in error.reasons]) from None
        old_value = rack.rack_total if rack else None
        if rack is None:
            RackScore.objects.create(game=game, entrant=entrant, rack_total=rack_total)
        else:
            rack.rack_total = rack_total
            rack.version += 1
            rack.save(update_fields=["rack_total", "version", "entered_at"])
        before = {"rack_total": old_value}
        after = {"rack_total": rack_total}
        stored_winner = result.winner if new_ended == engine.EXHAUSTED and new_winner else None
        if (new_ended, stored_winner) != (snapshot["ended"], snapshot["winner"]):
            before.update(ended=snapshot["ended"], winner=snapshot["winner"])
            after.update(ended=new_ended, winner=stored_winner)
            game.ended = new_ended
            game.winner = (
                Entrant.objects.get(event=division.event, external_id=stored_winner)
                if stored_winner
                else None
            )
        game.version += 1
        game.save(update_fields=["version", "ended", "winner"])
        flag = ""
        if round_.status == Round.Status.CLOSED:
            state_after = division_state(division)
            advancing_after, medals_after = _consequences(state_after, round_.number)
            recorded = state_after.participants(round_.number + 1)
            if before_consequences[0] is not None and advancing_after != recorded:
                gone = sorted(recorded - advancing_after)
                new = sorted(advancing_after - recorded)
                flag = (
                    f"This correction would change who advanced from round {round_.number}: "
                    f"by the scores now, {', '.join(names.get(p, p) for p in new) or 'nobody'} "
                    f"instead of {', '.join(names.get(p, p) for p in gone) or 'nobody'}. "
                    "The next round is left as seated until the organizer decides."
                )
            elif (
                before_consequences[0] is not None
                and round_.number < len(state_after.records)
                and set(state_after.outcomes[round_.number - 1].next_byes)
                != set(state_after.records[round_.number].byes)
            ):
                flag = (
                    f"This correction would change who had a bye after round {round_.number}; "
                    "the next round is left as seated until the organizer decides."
                )
            elif before_consequences[1] is not None and state_after.results_changed:
                flag = (
                    "This correction would change the placings or medals; the recorded "
                    "results stay until the organizer accepts the new ones."
                )
            elif state_after.outcomes[round_.number - 1].ties:
                flag = (
                    "This correction leaves a tie that decided who advanced; the organizer decides."
                )
        return ScoreChange.objects.create(
            division=division,
            round_number=round_.number,
            table_number=game.table.number,
            game_number=game.number,
            entrant=entrant,
            action=ScoreChange.Action.CORRECTED,
            before=before,
            after=after,
            reason=reason.strip(),
            flag=flag,
            **_actor(user),
        )


def penalty_add(*, round_: Round, entrant: Entrant, points: int, reason: str, user=None) -> Penalty:
    """Penalty points with a reason: added to the round total (low), taken off it (Sabra)."""
    if not reason.strip():
        raise RuleError("Penalty points need a reason.")
    if points < 1:
        raise RuleError("Penalty points are a whole number of 1 or more.")
    if points > engine.MAX_RACK_TOTAL:
        raise RuleError(f"{points} penalty points is more than a whole game can score.")
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("division").get(pk=round_.pk)
        if round_.status == Round.Status.CLOSED:
            raise RuleError(
                f"Round {round_.number} of {round_.division.name} is closed: penalties count "
                "in a round still being played."
            )
        if not Seat.objects.filter(round=round_, entrant=entrant).exists():
            raise RuleError(
                f"{entrant.name} ({entrant.external_id}) does not play in round {round_.number}."
            )
        penalty = Penalty.objects.create(
            round=round_,
            entrant=entrant,
            points=points,
            reason=reason.strip(),
            given_by=user if getattr(user, "pk", None) else None,
        )
        ScoreChange.objects.create(
            division=round_.division,
            round_number=round_.number,
            entrant=entrant,
            action=ScoreChange.Action.PENALTY,
            after={"points": points},
            reason=reason.strip(),
            **_actor(user),
        )
        return penalty


def tie_resolve(
    *, division: Division, round_number: int, order: Sequence[Entrant], user=None, note: str = ""
) -> TieBreakDecision:
    """Record a playoff or tile draw: the tied players of a round, best first."""
    ids = [e.external_id for e in order]
    if len(ids) < 2:
        raise RuleError("Name at least two tied players, best first.")
    if len(set(ids)) != len(ids):
        raise RuleError("A player is named twice.")
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        state = division_state(division)
        if not any(r.number == round_number for r in state.rounds):
            raise RuleError(f"{division.name} has no round {round_number}.")
        in_round = state.participants(round_number)
        strangers = [i for i in ids if i not in in_round]
        if strangers:
            raise RuleError(f"{', '.join(strangers)} did not play in round {round_number}.")
        return TieBreakDecision.objects.create(
            division=division,
            round_number=round_number,
            order=ids,
            note=note,
            decided_by=user if getattr(user, "pk", None) else None,
        )


# ---------------------------------------------------------------- closing rounds


@dataclass
class AdvanceResult:
    division: Division
    closed: Round | None
    seated: Round | None
    finished: bool
    message: str = ""
    state: DivisionState | None = None


def division_advance(
    *, division: Division, round_number: int | None = None, seed: int | None = None
) -> AdvanceResult:
    """Close the current round and seat the next, or finish the division with its medals.

    Refused, changing nothing, while a game is missing or (where required)
    unconfirmed, or a tie that matters is unresolved. Given ``round_number``, a
    round already closed is left as it is, so a double click closes it once.
    """
    with transaction.atomic():
        division = Division.objects.select_for_update().select_related("event").get(pk=division.pk)
        if division.combined_into_id:
            raise RuleError(
                f"{division.name} plays in {division.combined_into.name}: advance that division."
            )
        state = division_state(division)
        current = state.current
        if (
            round_number is not None
            and current is not None
            and (round_number < current.number or current.status == Round.Status.CLOSED)
        ):
            return AdvanceResult(
                division, None, current, division.status == "complete", "already closed", state
            )
        if division.status == Division.Status.COMPLETE:
            return AdvanceResult(division, None, None, True, "already complete", state)
        if current is None:
            raise RuleError(f"{division.name}: round 1 is not seated yet (seat it first).")
        outcome = state.outcomes[-1]
        if outcome.problems:
            raise RuleError(
                _listing(
                    f"{division.name}, round {current.number} is not complete:", outcome.problems
                )
            )
        if division.event.confirmation == Event.Confirmation.SECOND_PERSON:
            waiting = state.unconfirmed(current.number)
            if waiting:
                raise RuleError(
                    _listing(
                        f"{division.name}, round {current.number}: games not yet confirmed:",
                        [f"table {g.table.number}, game {g.number}" for g in waiting],
                    )
                )
        if outcome.ties:
            raise TieBlocked(outcome.ties, state.names)
        if current.kind == engine.FINAL or outcome.next_shape is None:
            if state.live_placings.ties:
                raise TieBlocked(state.live_placings.ties, state.names)
            bracket.round_mark_closed(round_=current)
            bracket.division_finish(
                division=division, results=serialize_placings(state.live_placings)
            )
            return AdvanceResult(division, current, None, True, "finished", state)
        bracket.round_mark_closed(round_=current)
        players = [state.entrants[p] for p in outcome.next_seated]
        byes = [state.entrants[p] for p in outcome.next_byes]
        seated = bracket.round_create(
            division=division,
            shape=outcome.next_shape,
            players=players,
            byes=byes,
            seed=bracket.new_seed() if seed is None else seed,
            met=state.met(),
        )
        return AdvanceResult(division, current, seated, False, "advanced", state)


def games_import(*, event: Event, games: Sequence, replace: bool = False, user=None) -> int:
    """Record every game of a scores file, or none: each problem is listed with its lines."""
    problems: list[str] = []
    with transaction.atomic():
        divisions = {d.name.casefold(): d for d in Division.objects.filter(event=event)}
        entrants = {
            e.external_id: e
            for e in Entrant.objects.filter(
                event=event, external_id__in={i for g in games for i in g.racks}
            )
        }
        for game in games:
            lines = "line " + ", ".join(str(n) for n in game.lines)
            division = divisions.get(game.division.casefold())
            if division is None:
                problems.append(f"{lines}: there is no division '{game.division}'")
                continue
            table = Table.objects.filter(
                round__division=division.bracket, round__number=game.round, number=game.table
            ).first()
            if table is None:
                problems.append(
                    f"{lines}: {division.bracket.name} has no round {game.round} table {game.table}"
                )
                continue
            unknown = [i for i in game.racks if i not in entrants]
            if unknown:
                problems.append(f"{lines}: no entrant with id {', '.join(unknown)}")
                continue
            try:
                with transaction.atomic():
                    game_record(
                        table=table,
                        number=game.game,
                        racks={entrants[i]: v for i, v in game.racks.items()},
                        ended=game.ended,
                        winner=entrants.get(game.winner) if game.winner else None,
                        user=user,
                        organizer=True,
                        replace=replace,
                    )
            except RuleError as error:
                problems.append(f"{lines}: {error}")
        if problems:
            transaction.set_rollback(True)
    if problems:
        raise RuleError("Nothing was imported:\n" + "\n".join(problems))
    return len(games)


def results_accept(*, division: Division) -> Division:
    """The organizer accepts the placings the scores give now (after corrections or a
    late tie decision); the medals must be confirmed again."""
    with transaction.atomic():
        division = Division.objects.select_for_update().select_related("event").get(pk=division.pk)
        if division.status != Division.Status.COMPLETE:
            raise RuleError(f"{division.name} is not finished yet.")
        state = division_state(division)
        if state.live_placings.ties:
            raise TieBlocked(state.live_placings.ties, state.names)
        fresh = serialize_placings(state.live_placings)
        if fresh != division.results:
            division.results = fresh
            division.medals_confirmed_at = None
            division.save(update_fields=["results", "medals_confirmed_at"])
        return division
