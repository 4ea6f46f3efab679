"""Before play and during it: combining divisions, check-in, no-shows and withdrawals."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import Bye, Division, Entrant, EntrantStatusChange, Event, Round, Seat
from tournaments.selectors import bracket_started, seated_bracket_ids
from tournaments.text import isolate

from ._common import entrants_by_ids

OUT_OF_PLAY = (Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED)


def divisions_combine(
    *, event: Event, into: str, names: Sequence[str], medals_by_age_group: bool = False
) -> Division:
    """Play several divisions as one bracket, named ``into``, before any is seated.

    ``medals_by_age_group`` (a lone player who must play, combined with a neighbour): this
    combined bracket gives its medals to each age group, in finishing order, whatever the
    event's medal policy and whatever other divisions are seated (the lone player plays
    for a medal of their own age group); the event's policy and other combinations stay
    as they are."""
    if not names:
        raise RuleError(gettext("Name the divisions to combine."))
    if not into.strip():
        raise RuleError(gettext("Give the combined division a name."))
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        divisions = []
        for name in names:
            division = Division.objects.filter(event=event, name__iexact=name).first()
            if division is None:
                raise RuleError(
                    gettext("There is no division '%(name)s' in %(event)s.")
                    % {"name": name, "event": event.name}
                )
            divisions.append(division)
        target = Division.objects.filter(event=event, name__iexact=into).first()
        if target is None:
            target = Division.objects.create(event=event, name=into)
        if target.combined_into_id:
            raise RuleError(
                gettext("'%(division)s' is itself combined into '%(into)s'.")
                % {"division": target.name, "into": target.combined_into}
            )
        if (
            len({d.pk for d in divisions} | ({target.pk} if target.entrants.exists() else set()))
            < 2
        ):
            raise RuleError(
                gettext(
                    "Combining needs two or more divisions: choose at least two (or one and "
                    "the name of another existing division)."
                )
            )
        involved = [target] + divisions
        if any(bracket_started(d) for d in involved):
            raise RuleError(gettext("Divisions cannot be combined once one of them is seated."))
        for division in divisions:
            if division.pk == target.pk:
                continue
            # Divisions already combined elsewhere move with their members.
            Division.objects.filter(combined_into=division).update(combined_into=target)
            division.combined_into = target
            division.save(update_fields=["combined_into"])
        if medals_by_age_group and not target.medals_by_age_group:
            target.medals_by_age_group = True
            target.save(update_fields=["medals_by_age_group"])
        return target


def division_split(*, division: Division) -> list[Division]:
    """Undo a combination before the combined bracket is seated: each division plays on its
    own again. A division made only to hold the others (no entrants of its own) goes away."""
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=division.event_id)
        division = Division.objects.get(pk=division.pk)
        members = list(Division.objects.filter(combined_into=division).in_age_order())
        if not members:
            raise RuleError(
                gettext("%(division)s is not a combination of divisions.")
                % {"division": division.name}
            )
        if bracket_started(division):
            raise RuleError(
                gettext("%(division)s is already seated: its divisions can no longer be split.")
                % {"division": division.name}
            )
        Division.objects.filter(pk__in=[m.pk for m in members]).update(combined_into=None)
        if not division.entrants.exists():
            division.delete()
        elif division.medals_by_age_group:
            division.medals_by_age_group = False
            division.save(update_fields=["medals_by_age_group"])
        return members


@dataclass
class CheckInReport:
    checked_in: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    too_late: list[str] = field(default_factory=list)
    arrived: list[str] = field(default_factory=list)  # marked absent before, checked in now
    # At the desk: players ticked absent whom someone else checked in meanwhile (kept).
    arrived_meanwhile: list[str] = field(default_factory=list)


def entrants_check_in(
    *,
    event: Event,
    absent: Iterable[str] = (),
    absent_not_named_arrived: bool = False,
    present: Iterable[str] | None = None,
    user=None,
) -> CheckInReport:
    """Check in every registered entrant except those named absent (with ``present``:
    only those named there, as the desk's "check in everyone who is here" lists them).

    Run again, it checks in late arrivals as long as their bracket's first round is
    not seated. With ``absent_not_named_arrived`` (the command: ``absent`` is the whole
    list of no-shows) a player marked absent before and not named now turned up and is
    checked in too. Absent players are not seated and get no place. Each change is kept
    in the player's record (``status_record``, by ``user``).
    """
    only = None if present is None else {e.pk for e in entrants_by_ids(event, present)}
    report = CheckInReport()
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        absent_entrants = entrants_by_ids(event, absent)
        if only is not None:
            # The desk's list was drawn a moment ago: a player another volunteer checked
            # in since then stays checked in.
            report.arrived_meanwhile = [
                e.external_id for e in absent_entrants if e.status != Entrant.Status.REGISTERED
            ]
            absent_entrants = [e for e in absent_entrants if e.status == Entrant.Status.REGISTERED]
        seated = seated_bracket_ids(event, finished=True)
        for entrant in absent_entrants:
            if (
                entrant.division.bracket.pk in seated
                and entrant.status == Entrant.Status.CHECKED_IN
            ):
                raise RuleError(
                    gettext(
                        "%(name)s (%(id)s) is already seated: withdraw them instead (--withdraw)."
                    )
                    % {"name": isolate(entrant.name), "id": entrant.external_id}
                )
        absent_ids = {e.pk for e in absent_entrants}
        changes = [
            _status_change(e, Entrant.Status.ABSENT, user)
            for e in absent_entrants
            if e.status != Entrant.Status.ABSENT and e.status not in OUT_OF_PLAY
        ]
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
            if entrant.pk in absent_ids or (only is not None and entrant.pk not in only):
                continue
            if entrant.division.bracket.pk in seated:
                # A no-show of a seated division stays a no-show; a registered player
                # is refused (too late), and the command says so.
                if entrant.status == Entrant.Status.REGISTERED:
                    report.too_late.append(entrant.external_id)
                continue
            to_check_in.append(entrant.pk)
            changes.append(_status_change(entrant, Entrant.Status.CHECKED_IN, user))
            report.checked_in.append(entrant.external_id)
            if entrant.status == Entrant.Status.ABSENT:
                # RULES.md: a no-show who turns up before their division is seated is
                # checked in like a late arrival.
                report.arrived.append(entrant.external_id)
        Entrant.objects.filter(pk__in=to_check_in).update(status=Entrant.Status.CHECKED_IN)
        EntrantStatusChange.objects.bulk_create(changes)
    return report


def entrants_mark_accessible(
    *, event: Event, ids: Iterable[str], accessible: bool = True
) -> list[Entrant]:
    """Mark players as needing an accessible table (or not): from the next seating on they
    sit at one of the hall's accessible tables. A round already seated stays as it is."""
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        entrants = entrants_by_ids(event, ids)
        Entrant.objects.filter(pk__in=[e.pk for e in entrants]).update(accessible=accessible)
        for entrant in entrants:
            entrant.accessible = accessible
        return entrants


def entrant_set_status(*, entrant: Entrant, status: str, user=None, by_label: str = "") -> Entrant:
    """The check-in desk: check in, mark absent, or back to registered, before seating.
    The change is kept in the player's record, by ``user`` (or ``by_label``: the player
    themselves)."""
    allowed = {Entrant.Status.CHECKED_IN, Entrant.Status.ABSENT, Entrant.Status.REGISTERED}
    if status not in allowed:
        raise RuleError(gettext("At the desk a player is checked in, absent, or registered."))
    with transaction.atomic():
        entrant = Entrant.objects.select_for_update().select_related("division").get(pk=entrant.pk)
        if entrant.status == status:
            return entrant
        if bracket_started(entrant.division):
            raise RuleError(
                gettext(
                    "%(division)s is already seated: %(name)s can no longer be checked in or "
                    "out (withdraw a seated player instead)."
                )
                % {"division": entrant.division.bracket.name, "name": isolate(entrant.name)}
            )
        if entrant.out_of_play:
            raise RuleError(
                gettext("%(name)s is %(status)s.")
                % {"name": isolate(entrant.name), "status": entrant.get_status_display().lower()}
            )
        _status_change(entrant, status, user, by_label).save()
        entrant.status = status
        # A volunteer's change: not a check-in by the player (self_checkin.py sets it after).
        entrant.self_checked_in_at, entrant.self_checked_in_at_kiosk = None, False
        entrant.save(update_fields=["status", "self_checked_in_at", "self_checked_in_at_kiosk"])
        return entrant


def _withdrawal_refusal(entrant: Entrant) -> str:
    who = f"{entrant.name} ({entrant.external_id})"
    if entrant.status == Entrant.Status.ABSENT:
        return gettext("%(who)s was absent, not playing.") % {"who": who}
    bracket = entrant.division.bracket
    if bracket.status == Division.Status.COMPLETE:
        return gettext(
            "%(division)s is finished: %(who)s keeps their place (a late change of results "
            "is a correction)."
        ) % {"division": bracket.name, "who": who}
    latest = Round.objects.filter(division=bracket).current()
    if latest is not None and not (
        Seat.objects.filter(round=latest, entrant=entrant).exists()
        or Bye.objects.filter(round=latest, entrant=entrant).exists()
    ):
        return gettext(
            "%(who)s is no longer in play in %(division)s (out after an earlier round): there "
            "is nothing to withdraw from, and their place stays."
        ) % {"who": who, "division": bracket.name}
    return ""


def by_label(user) -> str:
    """Who did it, as an audit line names them: the account, or the command line."""
    return user.get_username() if user is not None and user.pk else "command line (organizer)"


def _status_change(
    entrant: Entrant, after: str, user=None, by_label: str = "", reason: str = ""
) -> EntrantStatusChange:
    """A change of ``entrant``'s status as their record keeps it (not saved): by ``user``,
    else ``by_label`` (the player themselves), else the command line."""
    signed_in = user is not None and user.pk
    return EntrantStatusChange(
        entrant=entrant,
        before=entrant.status,
        after=after,
        reason=reason,
        by=user if signed_in else None,
        by_label=user.get_username() if signed_in else by_label or "command line (organizer)",
    )


def status_record(*, entrant: Entrant, after: str, reason: str = "", user=None) -> None:
    """Keep a change of an entrant's status in their record (who, when, why)."""
    _status_change(entrant, after, user, reason=reason).save()


def _out_of_play(
    event: Event, ids: Iterable[str], status: str, *, reason: str = "", user=None
) -> list[Entrant]:
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        entrants = entrants_by_ids(event, ids)
        for entrant in entrants:
            if entrant.status == status:
                continue
            if entrant.out_of_play:
                raise RuleError(
                    gettext("%(name)s (%(id)s) is already %(status)s.")
                    % {
                        "name": isolate(entrant.name),
                        "id": entrant.external_id,
                        "status": entrant.get_status_display().lower(),
                    }
                )
            refusal = _withdrawal_refusal(entrant)
            if refusal:
                raise RuleError(refusal)
        for entrant in entrants:
            if entrant.status != status:
                status_record(entrant=entrant, after=status, reason=reason, user=user)
                entrant.status = status
                entrant.save(update_fields=["status"])
        return entrants


def entrants_withdraw(
    *, event: Event, ids: Iterable[str], reason: str = "", user=None
) -> list[Entrant]:
    """Withdraw players mid-event: they keep the scores entered so far and get no place."""
    return _out_of_play(event, ids, Entrant.Status.WITHDRAWN, reason=reason, user=user)


def entrants_disqualify(
    *, event: Event, ids: Iterable[str], reason: str, user=None
) -> list[Entrant]:
    """Disqualify players (an organizer's decision with a reason): treated as withdrawn
    from now on (they keep the scores entered, get no place, nobody moves up) and shown
    as disqualified."""
    reason = (reason or "").strip()
    if not reason:
        raise RuleError(gettext("A disqualification needs a reason."))
    return _out_of_play(event, ids, Entrant.Status.DISQUALIFIED, reason=reason, user=user)


def entrant_reinstate_status(*, entrant: Entrant, reason: str, user=None) -> Entrant:
    """Put a withdrawn or disqualified player back in play (the checks that no result
    changed are the caller's: ``scoring.services.entrant_reinstate``)."""
    status_record(entrant=entrant, after=Entrant.Status.CHECKED_IN, reason=reason, user=user)
    entrant.status = Entrant.Status.CHECKED_IN
    entrant.save(update_fields=["status"])
    return entrant
