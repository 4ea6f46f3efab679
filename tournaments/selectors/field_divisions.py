"""What an event's divisions-by-size rule makes of its field (``engine.group_field``): the
desk shows it before seating, and ``services.event_divisions_by_size`` applies it when
the event is first seated."""

from dataclasses import dataclass

from tournaments import engine
from tournaments.models import Entrant, Event

from .events import event_format, event_started


@dataclass(frozen=True)
class FieldGroupingView:
    """The grouping and the entrants it names (their ids are the entrants' keys)."""

    grouping: engine.FieldGrouping
    entrants: dict[str, Entrant]

    def rows(self) -> list[tuple[str, list[Entrant]]]:
        """Each group's name and who lands in it, then the unplaced (named "")."""
        rows = [
            (group.slot.name, [self.entrants[key] for key in group.entrants])
            for group in self.grouping.groups
        ]
        if self.grouping.unplaced:
            rows.append(("", [self.entrants[key] for key in self.grouping.unplaced]))
        return rows


def field_grouping(event: Event) -> FieldGroupingView | None:
    """The groups the event's divisions-by-size rule makes of the entrants checked in, and
    which range of the rule applied; None when the event has no such rule, or once a
    round is seated (the divisions are formed)."""
    rule = event_format(event).divisions_by_size
    if rule is None or event_started(event):
        return None
    entrants = {
        str(entrant.pk): entrant
        for entrant in Entrant.objects.filter(event=event).checked_in().order_by("pk")
    }
    field = [
        engine.FieldEntrant(
            id=key, birth_date=e.birth_date, age=e.stated_age, gender=e.gender or ""
        )
        for key, e in entrants.items()
    ]
    grouping = engine.group_field(rule, field, cutoff=event.age_cutoff, by_gender=event.by_gender)
    return FieldGroupingView(grouping, entrants)
