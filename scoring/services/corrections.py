"""An organizer's changes after the fact: corrections with a reason, and penalty points."""

from django.db import transaction

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Round, Seat

from ..models import Game, Penalty, RackScore, ScoreChange
from ..selectors import DivisionState, division_state
from ._common import actor, check_game, game_snapshot, where


def _flag(before: DivisionState, after: DivisionState, number: int) -> str:
    """The consequence of a correction to closed round ``number``, in words (or "")."""
    effect = engine.correction_effect(
        before=before.outcomes[number - 1],
        after=after.outcomes[number - 1],
        next_round=after.record(number + 1),
        finished=after.division.status == Division.Status.COMPLETE,
        results_changed=after.results_changed,
    )
    return effect.describe(after.names) if effect else ""


def _store_correction(game: Game, entrant: Entrant, rack_total: int, snapshot, result, new):
    """Write the corrected rack (and how the game ended); return (before, after) for the
    audit trail."""
    rack = game.racks.filter(entrant=entrant).first()
    before, after = {"rack_total": rack.rack_total if rack else None}, {"rack_total": rack_total}
    if rack is None:
        RackScore.objects.create(game=game, entrant=entrant, rack_total=rack_total)
    else:
        rack.rack_total = rack_total
        rack.version += 1
        rack.save(update_fields=["rack_total", "version", "entered_at"])
    new_ended, new_winner = new
    stored_winner = result.winner if new_ended == engine.EXHAUSTED and new_winner else None
    if (new_ended, stored_winner) != (snapshot["ended"], snapshot["winner"]):
        before.update(ended=snapshot["ended"], winner=snapshot["winner"])
        after.update(ended=new_ended, winner=stored_winner)
        game.ended = new_ended
        game.winner = (
            Entrant.objects.get(event=entrant.event_id, external_id=stored_winner)
            if stored_winner
            else None
        )
    game.version += 1
    game.save(update_fields=["version", "ended", "winner"])
    return before, after


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
        table, round_ = game.table, game.table.round
        division = Division.objects.select_for_update().get(pk=round_.division_id)
        if not Seat.objects.filter(table=table, entrant=entrant).exists():
            raise RuleError(
                f"{where(round_, table, game.number)}: {entrant.name} ({entrant.external_id}) "
                "is not at this table."
            )
        closed = round_.status == Round.Status.CLOSED
        state_before = division_state(division) if closed else None
        snapshot = game_snapshot(game)
        racks = {**snapshot["racks"], entrant.external_id: rack_total}
        new_ended = ended or snapshot["ended"]
        new_winner = winner.external_id if winner else snapshot["winner"]
        if new_ended == engine.OUT:
            new_winner = None
        result = check_game(
            round_=round_,
            table=table,
            number=game.number,
            racks=racks,
            ended=new_ended,
            winner=new_winner,
            names={winner.external_id: winner.name} if winner else {},
        )
        before, after = _store_correction(
            game, entrant, rack_total, snapshot, result, (new_ended, new_winner)
        )
        flag = _flag(state_before, division_state(division), round_.number) if closed else ""
        return ScoreChange.objects.create(
            division=division,
            round_number=round_.number,
            table_number=table.number,
            game_number=game.number,
            entrant=entrant,
            action=ScoreChange.Action.CORRECTED,
            before=before,
            after=after,
            reason=reason.strip(),
            flag=flag,
            **actor(user),
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
            **actor(user),
        )
        return penalty
