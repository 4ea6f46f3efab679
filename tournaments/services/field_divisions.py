"""Divisions formed by the field's size: the event's divisions-by-size rule applied to the
entrants checked in, when the event is first seated (``seat``, the desk)."""

from dataclasses import dataclass

from django.db import transaction

from tournaments.models import Division, Entrant, Event
from tournaments.selectors import FieldGroupingView, field_grouping

from .hall import event_lock


@dataclass(frozen=True)
class DivisionsFormed:
    """What the rule made of the field (``view``) and how many entrants it moved."""

    view: FieldGroupingView
    moved: int


def event_divisions_by_size(*, event: Event) -> DivisionsFormed | None:
    """Put every entrant checked in into the division the event's divisions-by-size rule
    gives them (made when missing, named by its age group), as long as no round of the
    event is seated; the divisions left empty go away. Entrants whose age is unknown stay
    where they are, for the organizer to place. Returns what was applied, or None when
    the event has no such rule or is seated already. Run again, it changes nothing."""
    with transaction.atomic():
        event = event_lock(event.pk)
        view = field_grouping(event)
        if view is None:
            return None
        left = set()
        moved = 0
        for group in view.grouping.groups:
            slot = group.slot
            division = Division.objects.filter(event=event, name__iexact=slot.name).first()
            if division is None:
                division = Division.objects.create(
                    event=event,
                    name=slot.name,
                    min_age=slot.min_age,
                    max_age=slot.max_age,
                    gender=slot.gender,
                    made_as=slot.made_as,  # the name shows in the reader's language
                )
            for key in group.entrants:
                entrant = view.entrants[key]
                if entrant.division_id != division.pk:
                    left.add(entrant.division_id)
                    moved += 1
                    Entrant.objects.filter(pk=entrant.pk).update(division=division)
        for division in Division.objects.filter(pk__in=left):
            if not (
                division.entrants.exists()
                or division.rounds.exists()
                or division.combined_from.exists()
                or division.status != Division.Status.REGISTERED
            ):
                division.delete()
        return DivisionsFormed(view, moved)
