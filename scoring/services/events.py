"""Removing a whole event: its scores, then (through tournaments' services) the rest."""

from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments import services as tournaments
from tournaments.engine import RuleError
from tournaments.models import Event

from ..models import Game, Penalty, RackScore, ScoreChange, TieBreakDecision


def event_delete(*, event: Event, typed_name: str) -> str:
    """Delete ``event`` and everything in it, for good, once the organizer has typed its
    name. Returns the name it had."""
    if " ".join(typed_name.split()).casefold() != " ".join(event.name.split()).casefold():
        raise RuleError(
            _("To delete it, type the event's name as it is shown: %(name)s") % {"name": event.name}
        )
    name = event.name
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        # The audit trail is append-only line by line; it goes only with its whole event.
        models.QuerySet.delete(ScoreChange.objects.filter(division__event=event))
        RackScore.objects.filter(game__table__round__division__event=event).delete()
        Game.objects.filter(table__round__division__event=event).delete()
        Penalty.objects.filter(round__division__event=event).delete()
        TieBreakDecision.objects.filter(division__event=event).delete()
        tournaments.event_rows_delete(event=event)
    return name
