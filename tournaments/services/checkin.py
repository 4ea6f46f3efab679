"""Before play and during it: combining divisions, check-in, no-shows and withdrawals."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import transaction

from tournaments.engine import RuleError
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat
from tournaments.selectors import bracket_started, seated_bracket_ids

from ._common import entrants_by_ids

OUT_OF_PLAY = (Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED)


def divisions_combine(*, event: Event, into: str, names: Sequence[str]) -> Division:
    """Play several divisions as one bracket, named ``into``, before any is seated."""
    if not names:
        raise RuleError("Name the divisions to combine.")
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        divisions = []
        for name in names:
            division = Division.objects.filter(event=event, name__iexact=name).first()
            if division is None:
                raise RuleError(f"There is no division '{name}' in {event.name}.")
            divisions.append(division)
        target = Division.objects.filter(event=event, name__iexact=into).first()
        if target is None:
            target = Division.objects.create(event=event, name=into)
        if target.combined_into_id:
            raise RuleError(f"'{target.name}' is itself combined into '{target.combined_into}'.")
        involved = [target] + divisions
        if any(bracket_started(d) for d in involved):
            raise RuleError("Divisions cannot be combined once one of them is seated.")
        for division in divisions:
            if division.pk == target.pk:
                continue
            # Divisions already combined elsewhere move with their members.
            Division.objects.filter(combined_into=division).update(combined_into=target)
            division.combined_into = target
            division.save(update_fields=["combined_into"])
        return target


@dataclass
class CheckInReport:
    checked_in: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    too_late: list[str] = field(default_factory=list)
    arrived: list[str] = field(default_factory=list)  # marked absent before, checked in now


def entrants_check_in(
    *, event: Event, absent: Iterable[str] = (), absent_not_named_arrived: bool = False
) -> CheckInReport:
    """Check in every registered entrant except those named absent.

    Run again, it checks in late arrivals as long as their bracket's first round is
    not seated. With ``absent_not_named_arrived`` (the command: ``absent`` is the whole
    list of no-shows) a player marked absent before and not named now turned up and is
    checked in too. Absent players are not seated and get no place.
    """
    report = CheckInReport()
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        absent_entrants = entrants_by_ids(event, absent)
        seated = seated_bracket_ids(event, finished=True)
        for entrant in absent_entrants:
            if (
                entrant.division.bracket.pk in seated
                and entrant.status == Entrant.Status.CHECKED_IN
            ):
                raise RuleError(
                    f"{entrant.name} ({entrant.external_id}) is already seated: withdraw "
                    "them instead (--withdraw)."
                )
        absent_ids = {e.pk for e in absent_entrants}
        Entrant.objects.filter(pk__in=absent_ids).exclude(status__in=OUT_OF_PLAY).update(
            status=Entrant.Status.ABSENT
        )
        report.absent = [e.external_id for e in absent_entrants]
        statuses = [Entrant.Status.REGISTERED]
        if absent_not_named_arrived:
            statuses.append(Entrant.Status.ABSENT)
        waiting = Entrant.objects.filter(event=event, status__in=statuses).select_related(
            "division"
        )
        to_check_in = []
        for entrant in waiting:
            if entrant.pk in absent_ids:
                continue
            if entrant.division.bracket.pk in seated:
                # A no-show of a seated division stays a no-show; a registered player
                # is refused (too late), and the command says so.
                if entrant.status == Entrant.Status.REGISTERED:
                    report.too_late.append(entrant.external_id)
                continue
            to_check_in.append(entrant.pk)
            report.checked_in.append(entrant.external_id)
            if entrant.status == Entrant.Status.ABSENT:
                # RULES.md: a no-show who turns up before their division is seated is
                # checked in like a late arrival.
                report.arrived.append(entrant.external_id)
        Entrant.objects.filter(pk__in=to_check_in).update(status=Entrant.Status.CHECKED_IN)
    return report


def entrant_set_status(*, entrant: Entrant, status: str) -> Entrant:
    """The check-in desk: check in, mark absent, or back to registered, before seating."""
    allowed = {Entrant.Status.CHECKED_IN, Entrant.Status.ABSENT, Entrant.Status.REGISTERED}
    if status not in allowed:
        raise RuleError("At the desk a player is checked in, absent, or registered.")
    with transaction.atomic():
        entrant = Entrant.objects.select_for_update().select_related("division").get(pk=entrant.pk)
        if entrant.status == status:
            return entrant
        if bracket_started(entrant.division):
            raise RuleError(
                f"{entrant.division.bracket.name} is already seated: {entrant.name} can no "
                "longer be checked in or out (withdraw a seated player instead)."
            )
        if entrant.out_of_play:
            raise RuleError(f"{entrant.name} has withdrawn.")
        entrant.status = status
        entrant.save(update_fields=["status"])
        return entrant


def _withdrawal_refusal(entrant: Entrant) -> str:
    who = f"{entrant.name} ({entrant.external_id})"
    if entrant.status == Entrant.Status.ABSENT:
        return f"{who} was absent, not playing."
    bracket = entrant.division.bracket
    if bracket.status == Division.Status.COMPLETE:
        return (
            f"{bracket.name} is finished: {who} keeps their place (a late change "
            "of results is a correction)."
        )
    latest = Round.objects.filter(division=bracket).current()
    if latest is not None and not (
        Seat.objects.filter(round=latest, entrant=entrant).exists()
        or Bye.objects.filter(round=latest, entrant=entrant).exists()
    ):
        return (
            f"{who} is no longer in play in {bracket.name} (out after an earlier "
            "round): there is nothing to withdraw from, and their place stays."
        )
    return ""


def entrants_withdraw(*, event: Event, ids: Iterable[str]) -> list[Entrant]:
    """Withdraw players mid-event: they keep the scores entered so far and get no place."""
    with transaction.atomic():
        entrants = entrants_by_ids(event, ids)
        for entrant in entrants:
            refusal = _withdrawal_refusal(entrant)
            if refusal:
                raise RuleError(refusal)
        Entrant.objects.filter(pk__in=[e.pk for e in entrants]).update(
            status=Entrant.Status.WITHDRAWN
        )
        return entrants
