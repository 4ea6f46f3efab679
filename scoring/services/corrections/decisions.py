"""The organizer's decision about a correction flagged for changing who advanced, the byes
or the medals: undo it (``correction_undo``: the values go back, both steps stay in the
audit trail) or accept what the scores now give (``corrections_accept``: a next round not
started is seated again, a started one stands, a finished division is placed again). A
later change that leaves the bracket as the scores give it settles what nobody decided
(``settle_if_moot``). What a decision did is stored as steps (``scoring.decision_notes``)."""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import engine
from tournaments import services as bracket
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Round
from tournaments.text import isolate

from ...decision_notes import Step
from ...models import CorrectionDecision, Game, Penalty, ScoreChange
from ...selectors import (
    DivisionState,
    division_open_consequences,
    division_state,
    serialize_placings,
    undecided_changes,
)
from .._common import TieBlocked, actor, check_game, game_snapshot


def correction_undo(*, change: ScoreChange, user=None) -> ScoreChange:
    """The organizer undoes a flagged correction (or late penalty) still waiting for a
    decision: the values go back as they were, both steps stay in the audit trail."""
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=change.division_id)
        change = ScoreChange.objects.select_related("entrant").get(pk=change.pk)
        if not change.consequence:
            raise RuleError(
                _(
                    "Only a correction flagged for changing who advanced, the byes or the "
                    "medals waits for a decision; correct other scores again instead."
                )
            )
        decided = CorrectionDecision.objects.filter(change=change).first()
        if decided is not None:
            raise RuleError(
                _("This correction was already decided on: %(choice)s.")
                % {"choice": decided.get_choice_display().lower()}
            )
        if change.action == ScoreChange.Action.PENALTY:
            undo = _revert_penalty(division, change, user)
        elif change.action == ScoreChange.Action.CORRECTED and "rack_total" in change.before:
            undo = _revert_rack(division, change, user)
        else:
            raise RuleError(_("This change cannot be undone here; correct the scores instead."))
        CorrectionDecision.objects.create(
            change=change, choice=CorrectionDecision.Choice.UNDONE, **_decider(user)
        )
        settle_if_moot(division, division_state(division), user)
        return undo


def _revert_rack(division: Division, change: ScoreChange, user) -> ScoreChange:
    """Put a corrected rack total (and how the game ended) back as it was before."""
    game = (
        Game.objects.select_for_update()
        .select_related("table__round__division")
        .filter(
            table__round__division=division,
            table__round__number=change.round_number,
            table__number=change.table_number,
            number=change.game_number,
        )
        .first()
    )
    if game is None:
        raise RuleError(_("The corrected game is no longer there: nothing to undo."))
    rack = game.racks.filter(entrant=change.entrant).first()
    now = rack.rack_total if rack else None
    if now != change.after.get("rack_total"):
        raise RuleError(
            _(
                "%(name)s's rack total in round %(round)s, table %(table)s, game %(game)s was "
                "changed again since (now %(now)s): correct it by hand instead."
            )
            % {
                "name": isolate(change.entrant.name),
                "round": change.round_number,
                "table": change.table_number,
                "game": change.game_number,
                "now": now,
            }
        )
    snapshot = game_snapshot(game)
    racks = dict(snapshot["racks"])
    old = change.before.get("rack_total")
    if old is None:
        racks.pop(change.entrant.external_id, None)
    else:
        racks[change.entrant.external_id] = old
    ended = change.before.get("ended", snapshot["ended"])
    winner = change.before.get("winner", snapshot["winner"])
    check_game(
        round_=game.table.round,
        table=game.table,
        number=game.number,
        racks=racks,
        ended=ended,
        winner=winner,
        names={},
    )
    if old is None:
        rack.delete()
    else:
        rack.rack_total = old
        rack.version += 1
        rack.save(update_fields=["rack_total", "version", "entered_at"])
    game.ended = ended
    game.winner = (
        Entrant.objects.get(event=division.event_id, external_id=winner) if winner else None
    )
    game.version += 1
    game.save(update_fields=["version", "ended", "winner"])
    return ScoreChange.objects.create(
        division=division,
        round_number=change.round_number,
        table_number=change.table_number,
        game_number=change.game_number,
        entrant=change.entrant,
        action=ScoreChange.Action.CORRECTED,
        before=change.after,
        after=change.before,
        reason=change.reason,
        undo=True,
        **actor(user),
    )


def _revert_penalty(division: Division, change: ScoreChange, user) -> ScoreChange:
    """Take back a late penalty (the audit trail keeps it)."""
    penalty = (
        Penalty.objects.filter(
            round__division=division,
            round__number=change.round_number,
            entrant=change.entrant,
            points=change.after["points"],
            reason=change.reason,
        )
        .order_by("-given_at", "-id")
        .first()
    )
    if penalty is None:
        raise RuleError(_("That penalty is no longer there: nothing to undo."))
    penalty.delete()
    return ScoreChange.objects.create(
        division=division,
        round_number=change.round_number,
        entrant=change.entrant,
        action=ScoreChange.Action.PENALTY,
        before={"points": change.after["points"]},
        after=None,
        reason=change.reason,
        undo=True,
        **actor(user),
    )


@dataclass
class AcceptResult:
    division: Division
    accepted: list[ScoreChange]
    seated: list[Round]  # rounds seated again with the players the scores give
    standing: list[int]  # rounds that had started and stand
    results_updated: bool

    @property
    def nothing_pending(self) -> bool:
        return not self.accepted and not self.seated and not self.results_updated


def corrections_accept(*, division: Division, user=None, seed: int | None = None) -> AcceptResult:
    """The organizer accepts what the scores now give after flagged corrections: a next
    round with nothing played yet is seated again with the right players; a next round
    that has started stands (the records keep the flag); a finished division is placed
    again and its medals must be confirmed again. A tie left open must be recorded first.
    """
    with transaction.atomic():
        # The event first: seating again takes hall numbers under its lock.
        bracket.event_lock(division.event_id)
        division = Division.objects.select_for_update().select_related("event").get(pk=division.pk)
        state = division_state(division)
        effects = division_open_consequences(state)
        changes = list(undecided_changes(division))
        result = AcceptResult(division, [], [], [], False)
        ties = [
            tie
            for effect in effects
            if effect.kind == engine.Consequence.TIE
            for tie in state.outcomes[effect.round - 1].ties
        ]
        if ties:
            raise TieBlocked(ties, state.names)
        steps = []  # what the decision did, as stored (scoring/decision_notes.py)
        for effect in effects:
            if effect.kind not in (engine.Consequence.ADVANCED, engine.Consequence.BYES):
                continue
            following = state.rounds[effect.round]
            if bracket.round_started(following):
                result.standing.append(following.number)
                steps.append({"kind": Step.STANDS, "round": following.number})
            else:
                result.seated.append(_seat_again(state, effect.round, seed))
                steps.append({"kind": Step.SEATED, "round": following.number})
        if division.status == Division.Status.COMPLETE and state.results_changed:
            if state.live_placings.ties:
                raise TieBlocked(state.live_placings.ties, state.names)
            bracket.division_record_results(
                division=division, results=serialize_placings(state.live_placings)
            )
            division.medals_confirmed_at = None
            division.save(update_fields=["medals_confirmed_at"])
            result.results_updated = True
            steps.append({"kind": Step.PLACED})
        for change in changes:
            CorrectionDecision.objects.create(
                change=change,
                choice=CorrectionDecision.Choice.ACCEPTED,
                steps=steps,
                **_decider(user),
            )
            result.accepted.append(change)
        return result


def _seat_again(state: DivisionState, number: int, seed: int | None) -> Round:
    """Seat round ``number + 1`` again from round ``number``'s outcome."""
    outcome = state.outcomes[number - 1]
    met = {
        pair
        for record in state.records
        if record.number != number + 1
        for pair in engine.tablemates([t.players for t in record.tables])
    }
    return bracket.round_seat_again(
        round_=state.rounds[number],
        shape=outcome.next_shape,
        players=[state.entrants[p] for p in outcome.next_seated],
        byes=[state.entrants[p] for p in outcome.next_byes],
        seed=bracket.new_seed() if seed is None else seed,
        met=met,
    )


def settle_if_moot(
    division: Division, state: DivisionState, user, step: dict | None = None
) -> None:
    """A change that leaves the bracket as the scores give it settles the flagged changes
    nobody decided on (a correction put right by hand, a round taken back). ``step`` is
    what settled them, as stored (scoring/decision_notes.py): by default a later change
    that left the results as recorded."""
    if division_open_consequences(state):
        return
    for change in undecided_changes(division):
        CorrectionDecision.objects.create(
            change=change,
            choice=CorrectionDecision.Choice.SETTLED,
            steps=[step or {"kind": Step.SETTLED}],
            **_decider(user),
        )


def _decider(user) -> dict:
    if user is not None and getattr(user, "pk", None):
        return {"decided_by": user, "decided_by_label": user.get_username()}
    return {"decided_by": None, "decided_by_label": "command line (organizer)"}
