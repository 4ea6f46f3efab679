"""One person's personal data erased at their request, the scores' audit trail included
(``tournaments.services.entrant_erase_personal`` does the rest), and the erasures of an
event applied again to a copy of it restored from a backup made before them."""

from django.db import models, transaction
from django.db.models import Q

from tournaments import services as tournaments
from tournaments.models import Entrant, Erasure, Event
from tournaments.services import ErasedEntrant
from tournaments.text import names_replaced

from ..models import Penalty, ScoreChange, TieBreakDecision

# Who re-applies an erasure to an event restored from an older backup, in its audit line.
RESTORED_BY = "restore (an erasure made before applied again)"


def _naming(field: str, names) -> Q:
    found = Q()
    for name in names:
        found |= Q(**{f"{field}__contains": name})
    return found


def _scores_rewritten(event: Event, erased: ErasedEntrant) -> None:
    """The scores' audit trail, the penalties' reasons and the tie decisions' notes that name
    the person name "Withdrawn entrant #57" instead. The audit trail is append-only line by
    line; an erasure is the one change made to it, and only to these words."""
    names, words = erased.names, erased.words
    lines = ScoreChange.objects.filter(division__event=event).filter(
        _naming("actor_label", names) | _naming("reason", names)
    )
    for line in lines:
        models.QuerySet.update(
            ScoreChange.objects.filter(pk=line.pk),
            actor_label=names_replaced(line.actor_label, names, words)[:150],
            reason=names_replaced(line.reason, names, words),
        )
    for model, field, scope in (
        (Penalty, "reason", {"round__division__event": event}),
        (TieBreakDecision, "note", {"division__event": event}),
    ):
        for row in model.objects.filter(_naming(field, names), **scope):
            setattr(row, field, names_replaced(getattr(row, field), names, words))
            row.save(update_fields=[field])


def entrant_erase(
    *, event: Event, external_id: str, reason: str, user=None, even_in_play: bool = False
) -> ErasedEntrant:
    """Erase one person's personal data (``tournaments.services.entrant_erase_personal``
    says what goes and what stays) and rewrite the scores' audit trail that names them, in
    one transaction: their results stay under "Withdrawn entrant #57", nobody else's place
    changes, and who erased them and when is kept."""
    with transaction.atomic():
        erased = tournaments.entrant_erase_personal(
            event=event,
            external_id=external_id,
            reason=reason,
            user=user,
            even_in_play=even_in_play,
        )
        _scores_rewritten(event, erased)
        return erased


def erasures_apply(*, event: Event) -> list[str]:
    """Erase again, in ``event`` (just restored from a backup), everyone erased from the
    event it is a copy of (the same creation time) after the backup was made: a restore
    never brings back an erased person. Returns their ids."""
    erased = set(
        Erasure.objects.filter(event_created_at=event.created_at).values_list(
            "external_id", flat=True
        )
    )
    again = list(
        Entrant.objects.filter(event=event, external_id__in=erased, erased_at__isnull=True)
        .order_by("external_id")
        .values_list("external_id", flat=True)
    )
    for external_id in again:
        entrant_erase(event=event, external_id=external_id, reason=RESTORED_BY, even_in_play=True)
    return again
