"""The check-in desk: finding an entrant, and where check-in stands."""

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef

from tournaments.models import Entrant, Event, Round, Table
from tournaments.text import fold, matches, name_order

from .brackets import seated_bracket_ids
from .namesakes import loaded_namesakes, mark_namesakes


def checkin_search(event: Event, query: str, limit: int | None = None) -> list[Entrant]:
    """Entrants whose name (or id) contains the typed text, accents, apostrophes and case
    ignored ("obrien" finds O'Brien); everyone when nothing is typed. Each carries
    ``seated``: their bracket is seated, so they are no longer checked in or out here;
    and ``join_round``: the id of their bracket's round 1 while a late arrival can still
    be added to its seating (None otherwise)."""
    wanted = fold(query.strip())
    entrants = sorted(
        Entrant.objects.filter(event=event).select_related("division", "division__combined_into"),
        key=name_order,
    )
    found = []
    shown = loaded_namesakes(entrants)
    for entrant in entrants:
        if wanted:
            haystack = f"{entrant.first_name} {entrant.last_name} {entrant.external_id}"
            if not matches(wanted, haystack):
                continue
        found.append(entrant)
        if limit is not None and len(found) >= limit:
            break
    seated = seated_bracket_ids(event, finished=True)
    open_rounds = rounds_open_to_late_arrivals(event)
    for entrant in mark_namesakes(found, shown):
        entrant.seated = entrant.division.bracket.pk in seated
        entrant.join_round = open_rounds.get(entrant.division.bracket.pk)
    return found


def rounds_open_to_late_arrivals(event: Event) -> dict[int, int]:
    """{bracket id: its round 1's id} for the brackets whose latest round is round 1 and
    has no score or penalty yet: a late arrival can be added to its seating
    (``tournaments.services.late_arrivals_seat``, which decides)."""
    played = Exists(Table.objects.filter(round=OuterRef("pk"), games__isnull=False))
    later = Exists(Round.objects.filter(division=OuterRef("division"), number__gt=1))
    penalised = Exists(Round.objects.filter(pk=OuterRef("pk"), penalties__isnull=False))
    return dict(
        Round.objects.filter(division__event=event, number=1)
        .exclude(status=Round.Status.CLOSED)
        .exclude(played)
        .exclude(later)
        .exclude(penalised)
        .values_list("division_id", "pk")
    )


@dataclass
class CheckinSummary:
    """Where the check-in desk stands: "44 of 46 checked in — 2 still to come"."""

    total: int  # everyone expected: checked in (or since withdrawn) and still to come
    checked_in: int
    to_come: list[Entrant] = field(default_factory=list)  # registered, still in time
    # registered, bracket seated, its round 1 still open to a late arrival (added to it)
    can_join: list[Entrant] = field(default_factory=list)
    too_late: list[Entrant] = field(default_factory=list)  # registered, bracket started
    absent: list[Entrant] = field(default_factory=list)

    @property
    def still_to_come(self) -> int:
        """Registered players not here yet who can still play: in time, or to be added to
        their division's seating."""
        return len(self.to_come) + len(self.can_join)


def checkin_summary(event: Event) -> CheckinSummary:
    """Counts and names for the top of the check-in page."""
    seated = seated_bracket_ids(event, finished=True)
    open_rounds = rounds_open_to_late_arrivals(event)
    summary = CheckinSummary(total=0, checked_in=0)
    everyone = sorted(
        Entrant.objects.filter(event=event).select_related("division", "division__combined_into"),
        key=name_order,
    )
    for entrant in mark_namesakes(everyone, loaded_namesakes(everyone)):
        status = entrant.status
        if status == Entrant.Status.ABSENT:
            summary.absent.append(entrant)
            continue
        if status == Entrant.Status.REGISTERED:
            if entrant.division.bracket.pk in open_rounds:
                summary.can_join.append(entrant)
            elif entrant.division.bracket.pk in seated:
                summary.too_late.append(entrant)
                continue
            else:
                summary.to_come.append(entrant)
        else:
            summary.checked_in += 1
        summary.total += 1
    return summary
