"""Closing rounds: tie decisions, advancing to the next round, finishing and accepting results."""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import engine
from tournaments import services as bracket
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round

from ..decision_notes import Step
from ..models import TieBreakDecision
from ..selectors import DivisionState, division_state, serialize_placings, undecided_changes
from ._common import RoundUnfinished, TieBlocked, Unchecked
from .corrections import corrections_accept, settle_if_moot


def _refuse_part_of_a_tie(state: DivisionState, round_number: int, ids: Sequence[str]) -> None:
    """RULES.md: a tie decision must name the whole tied group; one that names part of it
    is refused, naming the group. The engine says which group (the questions open now,
    then those the round's decisions answered)."""
    tie = engine.refused_decision(
        ids,
        round_number,
        state.records,
        state.rules,
        players=state.players,
        decisions=state.decisions,
        withdrawn=state.withdrawn,
        age_groups=state.age_groups,
        outcomes=state.outcomes,
    )
    if tie is None:
        return
    named = set(ids)
    who = ", ".join(f"{state.names.get(p, p)} ({p})" for p in tie.players)
    missing = ", ".join(p for p in tie.players if p not in named)
    raise RuleError(
        _(
            "Round %(round)s: %(who)s are tied for %(blocks)s. Name the whole group, "
            "best first (missing: %(missing)s)."
        )
        % {
            "round": round_number,
            "who": who,
            "blocks": tie.blocks_words(),
            "missing": missing,
        }
    )


def tie_resolve(
    *, division: Division, round_number: int, order: Sequence[Entrant], user=None, note: str = ""
) -> TieBreakDecision:
    """Record a playoff or tile draw: the tied players of a round, best first."""
    ids = [e.external_id for e in order]
    if len(ids) < 2:
        raise RuleError(_("Name at least two tied players, best first."))
    if len(set(ids)) != len(ids):
        raise RuleError(_("A player is named twice."))
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        state = division_state(division)
        if not any(r.number == round_number for r in state.rounds):
            raise RuleError(
                _("%(division)s has no round %(round)s.")
                % {"division": division.name, "round": round_number}
            )
        in_round = state.participants(round_number)
        strangers = [i for i in ids if i not in in_round]
        if strangers:
            raise RuleError(
                ngettext(
                    "%(who)s did not play in round %(round)s.",
                    "%(who)s did not play in round %(round)s.",
                    len(strangers),
                )
                % {"who": ", ".join(strangers), "round": round_number}
            )
        _refuse_part_of_a_tie(state, round_number, ids)
        return TieBreakDecision.objects.create(
            division=division,
            round_number=round_number,
            order=ids,
            note=note,
            decided_by=user if getattr(user, "pk", None) else None,
        )


class Advanced(StrEnum):
    """What ``division_advance`` did."""

    ADVANCED = "advanced"  # the round closed and the next one is seated
    FINISHED = "finished"  # the final closed: placings and medals
    ALREADY_CLOSED = "already closed"  # that round was closed before (a double click)
    ALREADY_COMPLETE = "already complete"  # the division was finished before


@dataclass
class AdvanceResult:
    division: Division
    closed: Round | None
    seated: Round | None
    outcome: Advanced
    state: DivisionState | None = None

    @property
    def finished(self) -> bool:
        return self.division.status == Division.Status.COMPLETE


def _refuse_unfinished(division: Division, state: DivisionState, current: Round) -> None:
    """A missing game, an unconfirmed one (where required) or a tie that matters stops it.
    Missing and unchecked games are named together, so the desk sees all that is left."""
    outcome = state.outcomes[-1]
    unchecked = []
    if division.event.confirmation == Event.Confirmation.SECOND_PERSON:
        unchecked = [
            Unchecked(table_id=g.table_id, table=g.table.number, game=g.number)
            for g in state.unconfirmed(current.number)
        ]
    if outcome.problems or unchecked:
        raise RoundUnfinished(division.name, current.number, outcome.problems, unchecked)
    ties = state.blocking_ties()
    if ties:
        raise TieBlocked(ties, state.names)


def division_advance(
    *, division: Division, round_number: int | None = None, seed: int | None = None
) -> AdvanceResult:
    """Close the current round and seat the next, or finish the division with its medals.

    Refused, changing nothing, while a game is missing or (where required)
    unconfirmed, or a tie that matters is unresolved. Given ``round_number``, a
    round already closed is left as it is, so a double click closes it once.
    """
    with transaction.atomic():
        # The event first: the next round takes hall numbers under its lock.
        bracket.event_lock(division.event_id)
        division = Division.objects.select_for_update().select_related("event").get(pk=division.pk)
        if division.combined_into_id:
            raise RuleError(
                _("%(division)s plays in %(into)s: advance that division.")
                % {"division": division.name, "into": division.combined_into.name}
            )
        state = division_state(division)
        current = state.current
        if (
            round_number is not None
            and current is not None
            and (round_number < current.number or current.status == Round.Status.CLOSED)
        ):
            return AdvanceResult(division, None, current, Advanced.ALREADY_CLOSED, state)
        if division.status == Division.Status.COMPLETE:
            return AdvanceResult(division, None, None, Advanced.ALREADY_COMPLETE, state)
        if current is None:
            raise RuleError(
                _("%(division)s: round 1 is not seated yet (seat it first).")
                % {"division": division.name}
            )
        _refuse_unfinished(division, state, current)
        outcome = state.outcomes[-1]
        bracket.round_mark_closed(round_=current)
        if outcome.last:
            bracket.division_finish(
                division=division, results=serialize_placings(state.live_placings)
            )
            return AdvanceResult(division, current, None, Advanced.FINISHED, state)
        seated = bracket.round_create(
            division=division,
            shape=outcome.next_shape,
            players=[state.entrants[p] for p in outcome.next_seated],
            byes=[state.entrants[p] for p in outcome.next_byes],
            seed=bracket.new_seed() if seed is None else seed,
            met=state.met(),
        )
        return AdvanceResult(division, current, seated, Advanced.ADVANCED, state)


def results_accept(*, division: Division, user=None) -> Division:
    """The organizer accepts the placings the scores give now (after corrections or a
    late tie decision); the medals must be confirmed again."""
    with transaction.atomic():
        bracket.event_lock(division.event_id)
        division = Division.objects.select_for_update().select_related("event").get(pk=division.pk)
        if division.status != Division.Status.COMPLETE:
            raise RuleError(_("%(division)s is not finished yet.") % {"division": division.name})
        if undecided_changes(division).exists():
            # Flagged corrections wait for this decision: it is theirs too.
            corrections_accept(division=division, user=user)
            division.refresh_from_db()
            return division
        state = division_state(division)
        if state.live_placings.ties:
            raise TieBlocked(state.live_placings.ties, state.names)
        fresh = serialize_placings(state.live_placings)
        if fresh != division.results:
            bracket.division_record_results(division=division, results=fresh)
            division.medals_confirmed_at = None
            division.save(update_fields=["medals_confirmed_at"])
        return division


def round_reopen(
    *, division: Division, reason: str, user=None, expected_round: int | None = None
) -> bracket.Reopened:
    """Take back a division's latest round while none of its scores or penalties is in,
    and reopen the round before it (``tournaments.services.round_reopen``). A correction
    flagged for changing who went on into the round taken back has nothing left to decide:
    closing the reopened round seats the next one from the scores as they are."""
    with transaction.atomic():
        result = bracket.round_reopen(
            division=division, reason=reason, user=user, expected_round=expected_round
        )
        if result.reopened is not None:
            settle_if_moot(
                result.division,
                division_state(result.division),
                user,
                step={
                    "kind": Step.REOPENED,
                    "removed": result.removed,
                    "reopened": result.reopened.number,
                    "reason": reason.strip(),
                },
            )
        return result
