"""Corrections of scores after the fact, each with a reason and kept before and after in
the audit trail: rack totals and how a game ended (``score_correct``, ``scores_correct``)
and penalty points (``penalty_add``). A correction to a closed round that changes who
advanced, the byes or the medals carries a flag, and nothing further changes until the
organizer decides (``decisions``)."""

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Round, Seat
from tournaments.selectors import event_rules
from tournaments.text import isolate

from ...models import Game, Penalty, RackScore, ScoreChange
from ...selectors import DivisionState, division_state
from .._common import actor, check_game, game_snapshot, where
from .decisions import settle_if_moot


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
    (change,) = scores_correct(
        game=game, changes=[(entrant, rack_total, reason)], user=user, ended=ended, winner=winner
    )
    return change


def scores_correct(
    *,
    game: Game,
    changes: Sequence[tuple[Entrant, int, str]],
    user=None,
    ended: str | None = None,
    winner: Entrant | None = None,
) -> list[ScoreChange]:
    """Several players' rack totals of one game corrected together, each with its reason
    (``changes``: (entrant, rack_total, reason), one per player), as ``score_correct``
    does one: all or nothing, in one transaction. The engine checks the game as it is
    after every change (a 0 moved from one player to another is one correction, never
    two zeros or none on the way); each player's change has its own audit line. A flag
    (who advanced, the medals) is the whole correction's, kept on each line.
    """
    if not changes:
        raise RuleError(_("Nothing to correct."))
    if len({entrant.pk for entrant, _total, _reason in changes}) != len(changes):
        raise ValueError("one change per player")
    for _entrant, _total, reason in changes:
        if not reason.strip():
            raise RuleError(_("A correction needs a reason."))
    with transaction.atomic():
        # The division first, then the game: the order of a save (lock_for_entry), so
        # a correction and a save at the same moment never deadlock.
        division_id = Round.objects.values_list("division_id", flat=True).get(tables__games=game)
        division = Division.objects.select_for_update().get(pk=division_id)
        game = (
            Game.objects.select_for_update()
            .select_related("table__round__division__event")
            .get(pk=game.pk)
        )
        table, round_ = game.table, game.table.round
        seated = set(Seat.objects.filter(table=table).values_list("entrant_id", flat=True))
        for entrant, _total, _reason in changes:
            if entrant.pk not in seated:
                raise RuleError(
                    _("%(place)s: %(name)s (%(id)s) is not at this table.")
                    % {
                        "place": where(round_, table, game.number),
                        "name": isolate(entrant.name),
                        "id": entrant.external_id,
                    }
                )
        closed = round_.status == Round.Status.CLOSED
        state_before = division_state(division) if closed else None
        snapshot = game_snapshot(game)
        racks = {**snapshot["racks"]}
        for entrant, rack_total, _reason in changes:
            racks[entrant.external_id] = rack_total
        new_ended = ended or snapshot["ended"]
        new_winner = winner.external_id if winner else snapshot["winner"]
        if new_ended == engine.OUT:
            new_winner = None
        if (new_ended, new_winner) == (snapshot["ended"], snapshot["winner"]):
            for entrant, rack_total, _reason in changes:
                if snapshot["racks"].get(entrant.external_id) == rack_total:
                    # A correction to the value already there would record "32 → 32".
                    raise RuleError(
                        _("%(place)s: %(name)s already has %(value)s; nothing to correct.")
                        % {
                            "place": where(round_, table, game.number),
                            "name": isolate(entrant.name),
                            "value": rack_total,
                        }
                    )
        result = check_game(
            round_=round_,
            table=table,
            number=game.number,
            racks=racks,
            ended=new_ended,
            winner=new_winner,
            names={winner.external_id: winner.name} if winner else {},
        )
        lines = _store_correction(
            game,
            [(entrant, rack_total) for entrant, rack_total, _reason in changes],
            snapshot,
            result,
            (new_ended, new_winner),
        )
        state_after = division_state(division) if closed else None
        flag = _flag(state_before, state_after, round_.number) if closed else None
        if closed and not flag:
            settle_if_moot(division, state_after, user)
        return [
            ScoreChange.objects.create(
                division=division,
                round_number=round_.number,
                table_number=table.number,
                game_number=game.number,
                entrant=entrant,
                action=ScoreChange.Action.CORRECTED,
                before=before,
                after=after,
                reason=reason.strip(),
                consequence=flag,
                **actor(user),
            )
            for (entrant, _total, reason), (before, after) in zip(changes, lines, strict=True)
        ]


def penalty_add(*, round_: Round, entrant: Entrant, points: int, reason: str, user=None) -> Penalty:
    """Penalty points with a reason: added to the round total (low), taken off it (Sabra).

    After the round closed, a penalty is an organizer's correction: kept in the audit
    trail and flagged like one when it changes who advanced, the byes or the medals
    (``penalty.change.flag``); nothing further changes until the organizer decides.
    """
    if not reason.strip():
        raise RuleError(_("Penalty points need a reason."))
    if points < 1:
        raise RuleError(_("Penalty points are a whole number of 1 or more."))
    if points > engine.largest_rack_total(event_rules(round_.division.event).joker_value):
        raise RuleError(
            _("%(points)s penalty points is more than a whole game can score.") % {"points": points}
        )
    with transaction.atomic():
        # The division, then the round: the order of a save (lock_for_entry).
        division = Division.objects.select_for_update().get(pk=round_.division_id)
        round_ = Round.objects.select_for_update().select_related("division").get(pk=round_.pk)
        if not Seat.objects.filter(round=round_, entrant=entrant).exists():
            raise RuleError(
                _("%(name)s (%(id)s) does not play in round %(round)s.")
                % {"name": isolate(entrant.name), "id": entrant.external_id, "round": round_.number}
            )
        late = round_.status == Round.Status.CLOSED
        state_before = division_state(division) if late else None
        penalty = Penalty.objects.create(
            round=round_,
            entrant=entrant,
            points=points,
            reason=reason.strip(),
            given_by=user if getattr(user, "pk", None) else None,
        )
        flag = None
        if late:
            state_after = division_state(division)
            flag = _flag(state_before, state_after, round_.number)
            if not flag:
                settle_if_moot(division, state_after, user)
        penalty.change = ScoreChange.objects.create(
            division=division,
            round_number=round_.number,
            entrant=entrant,
            action=ScoreChange.Action.PENALTY,
            after={"points": points, "late": True} if late else {"points": points},
            reason=reason.strip(),
            consequence=flag,
            **actor(user),
        )
        return penalty


def _store_correction(game: Game, rows, snapshot, result, new) -> list[tuple[dict, dict]]:
    """Write the corrected racks (``rows``: (entrant, rack_total)) and how the game ended;
    return each row's (before, after) for the audit trail, how the game ended changing on
    the first row's line."""
    stored = {
        r.entrant_id: r
        for r in game.racks.filter(entrant__in=[entrant for entrant, _total in rows])
    }
    lines = []
    for entrant, rack_total in rows:
        rack = stored.get(entrant.pk)
        before = {"rack_total": rack.rack_total if rack else None}
        after = {"rack_total": rack_total}
        if rack is None:
            RackScore.objects.create(game=game, entrant=entrant, rack_total=rack_total)
        else:
            rack.rack_total = rack_total
            rack.version += 1
            rack.save(update_fields=["rack_total", "version", "entered_at"])
        lines.append((before, after))
    new_ended, new_winner = new
    stored_winner = result.winner if new_ended == engine.EXHAUSTED and new_winner else None
    if (new_ended, stored_winner) != (snapshot["ended"], snapshot["winner"]):
        before, after = lines[0]
        before.update(ended=snapshot["ended"], winner=snapshot["winner"])
        after.update(ended=new_ended, winner=stored_winner)
        game.ended = new_ended
        game.winner = (
            Entrant.objects.get(event=game.table.round.division.event_id, external_id=stored_winner)
            if stored_winner
            else None
        )
    game.version += 1
    game.save(update_fields=["version", "ended", "winner"])
    return lines


def _flag(before: DivisionState, after: DivisionState, number: int) -> dict | None:
    """The consequence of a correction to closed round ``number``, as stored (or None):
    what it is, put into words in the reader's language when shown (ScoreChange.flag)."""
    effect = engine.correction_effect(
        before=before.outcomes[number - 1],
        after=after.outcomes[number - 1],
        next_round=after.record(number + 1),
        finished=after.division.status == Division.Status.COMPLETE,
        results_changed=after.results_changed,
    )
    return effect.as_record(flag_names(after)) if effect else None


def flag_names(state: DivisionState) -> dict[str, str]:
    """The names a correction's flag uses: the registered name, with the entrant's number
    for one who shares it with another entrant ("Mary Smith (H1001)"), as the command's
    first line names the player corrected."""
    shared = state.event_namesakes
    return {i: f"{n} ({i})" if i in shared else n for i, n in state.names.items()}
