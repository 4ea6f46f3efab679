"""A late arrival before play starts: a registered player whose division's first round is
seated but not yet played is checked in and round 1 is seated again with them (the same
rule and the round's own seed, so the tables that change are known before), kept in the
division's record. Once a score or penalty of round 1 is in, refused, saying what is left
to do."""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round, RoundChange, Seat
from tournaments.selectors import bracket_entrants, notes_language
from tournaments.text import isolate

from ._common import entrants_by_ids
from .rounds import round_seat_again
from .seating_fixes import CLOCK_AGAIN, recorded_by, round_play_refusal, seating_of

# Kept in English in the division's record; pages say it with gettext.
ADDED_NOTE = gettext_noop("Seated again with a late arrival: %(names)s.")


@dataclass
class AddedToSeating:
    """One division's round 1 seated again with its late arrivals."""

    division: Division
    round: Round
    added: list[Entrant]
    before: dict  # the seating as the record keeps it (seating_of)
    after: dict
    clock_stopped: bool = False  # its round clock had been started: start it again

    @property
    def tables_changed(self) -> list[int]:
        """The hall numbers of the tables whose players changed (new, gone or other)."""
        old, new = self.before["tables"], self.after["tables"]
        return sorted(
            int(n) for n in set(old) | set(new) if sorted(old.get(n, [])) != sorted(new.get(n, []))
        )

    @property
    def tables_kept(self) -> list[int]:
        changed = set(self.tables_changed)
        return sorted(int(n) for n in self.after["tables"] if int(n) not in changed)

    @property
    def players(self) -> int:
        return sum(len(p) for p in self.after["tables"].values())


@dataclass
class LateArrivals:
    """What ``late_arrivals_seat`` did: divisions seated again, players checked in whose
    division is not seated yet (checked in as usual), players already seated (left)."""

    seated: list[AddedToSeating] = field(default_factory=list)
    checked_in: list[Entrant] = field(default_factory=list)
    already: list[Entrant] = field(default_factory=list)


def _too_late(entrant: Entrant, division: Division, why: str) -> RuleError:
    return RuleError(
        gettext(
            "Too late to add %(name)s to the seating of %(division)s: %(why)s A player joins "
            "only before any score of round 1 is entered; %(name)s stays out of this division "
            "(mark them absent on the check-in page)."
        )
        % {"name": isolate(entrant.name), "division": division.name, "why": why}
    )


def _round_one(entrant: Entrant, division: Division) -> Round | None:
    """The bracket's round 1 that a late arrival can join (None: not seated yet), else
    refused in words."""
    if division.status == Division.Status.COMPLETE:
        return _raise(_too_late(entrant, division, gettext("it is finished.")))
    current = division.rounds.current()
    if current is None:
        return None
    if current.number != 1:
        why = gettext("round %(number)d is being played.") % {"number": current.number}
        return _raise(_too_late(entrant, division, why))
    refusal = round_play_refusal(current)
    if refusal:
        return _raise(_too_late(entrant, division, refusal))
    return current


def _raise(error: RuleError):
    raise error


def _seat_again(division: Division, current: Round, added: list[Entrant], user) -> AddedToSeating:
    before = seating_of(current)
    # As round 1 was seated (division_seat_first_round): every player checked in.
    players = list(bracket_entrants(division).checked_in().order_by("external_id"))
    event = division.event
    shape = engine.round_shape(len(players), 1, prefer_threes=event.prefer_threes)
    names = ", ".join(isolate(e.name) for e in added)
    with notes_language(event):
        note = gettext(ADDED_NOTE) % {"names": names}
    seated = round_seat_again(
        round_=current, shape=shape, players=players, seed=current.seed, note=note
    )
    after = seating_of(seated)
    with translation.override("en"):
        notes = [ADDED_NOTE % {"names": names}]
    if current.clock_started_at is not None:
        notes.append(CLOCK_AGAIN)
    RoundChange.objects.create(
        division=division,
        round_number=1,
        action=RoundChange.Action.RESEATED,
        reason=ADDED_NOTE % {"names": ", ".join(f"{e.name} ({e.external_id})" for e in added)},
        before=before,
        after=after,
        notes=notes,
        **recorded_by(user),
    )
    return AddedToSeating(
        division, seated, added, before, after, clock_stopped=current.clock_started_at is not None
    )


def late_arrivals_seat(
    *, event: Event, ids, user=None, expected_round: int | None = None
) -> LateArrivals:
    """Check in the players named (registered, or marked absent) and seat round 1 of each
    one's division again with them, while nothing of it is played; all or nothing.

    A player whose division is not seated yet is simply checked in; one already seated is
    left as they are. ``expected_round`` (the desk) is the id of the round 1 the organizer
    saw: seated again or taken back since, the click is refused (look again)."""
    report = LateArrivals()
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        entrants = entrants_by_ids(event, ids)
        joining: dict[int, tuple[Division, Round, list[Entrant]]] = {}
        for entrant in entrants:
            division = Division.objects.select_for_update().get(pk=entrant.division.bracket.pk)
            if entrant.out_of_play:
                raise RuleError(
                    gettext("%(name)s (%(id)s) is already %(status)s.")
                    % {
                        "name": isolate(entrant.name),
                        "id": entrant.external_id,
                        "status": entrant.get_status_display().lower(),
                    }
                )
            current = division.rounds.current()
            if current is not None and Seat.objects.filter(round=current, entrant=entrant).exists():
                report.already.append(entrant)
                continue
            current = _round_one(entrant, division)
            if current is not None and expected_round is not None and current.pk != expected_round:
                raise RuleError(
                    gettext(
                        "%(division)s: round 1 was seated again or taken back just now: look "
                        "at it again."
                    )
                    % {"division": division.name}
                )
            entrant.status = Entrant.Status.CHECKED_IN
            entrant.self_checked_in_at, entrant.self_checked_in_at_kiosk = None, False
            entrant.save(update_fields=["status", "self_checked_in_at", "self_checked_in_at_kiosk"])
            if current is None:
                report.checked_in.append(entrant)
            else:
                joining.setdefault(division.pk, (division, current, []))[2].append(entrant)
        for division, current, added in joining.values():
            report.seated.append(_seat_again(division, current, added, user))
    return report


class _DryRun(Exception):
    def __init__(self, report: LateArrivals):
        self.report = report


def late_arrivals_preview(*, event: Event, ids, expected_round: int | None = None) -> LateArrivals:
    """What ``late_arrivals_seat`` would do now (the tables that change), for "are you
    sure?": done in a transaction that is rolled back, so it is what the click does (the
    round's own seed). Refused as the click would be."""
    try:
        with transaction.atomic():
            raise _DryRun(late_arrivals_seat(event=event, ids=ids, expected_round=expected_round))
    except _DryRun as dry:
        return dry.report
