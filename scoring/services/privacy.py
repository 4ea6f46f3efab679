"""Personal data deleted with what the scores keep of them (docs/privacy.md): an event's
contact details and birth dates after it (``tournaments.services.event_personal_purge``)
with the addresses of the devices that entered scores at the table; one person erased at
their request (``tournaments.services.entrant_erase_personal``) with the scores' audit
trail that names them; and the erasures of an event applied again to a copy of it restored
from a backup made before them. The faces call these."""

import datetime

from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone

from tournaments import services as tournaments
from tournaments.models import Division, Entrant, Erasure, Event, Notice, NoticeSubscription
from tournaments.selectors import events_ended_waiting, events_personal_data_due
from tournaments.services import ErasedEntrant, PurgeReport
from tournaments.text import names_replaced

from ..models import Penalty, ScoreChange, TieBreakDecision
from .notices import notices_record

# A notice not sent this long after it was recorded is given up (its retries, about 45
# minutes, long over): an ended event's addresses are then deleted all the same.
NOTICE_GIVEN_UP_AFTER = datetime.timedelta(hours=6)
# An ended event whose medals wait for the organizer's confirmation keeps its addresses
# for the final places' notices until this many days after its day.
MEDALS_AWAITED_DAYS = 1

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


def _addresses_forgotten(lines) -> None:
    """The device addresses of the changes made at the table (``ScoreChange.address``)."""
    models.QuerySet.update(lines.exclude(address=None), address=None)


def event_personal_purge(
    *, event: Event, days: int | None = None, today: datetime.date | None = None
) -> PurgeReport:
    """The event's contact details and birth dates deleted ``days`` after it
    (``tournaments.services.event_personal_purge`` says what goes and what stays), with the
    addresses of the devices players entered scores from at the table."""
    with transaction.atomic():
        report = tournaments.event_personal_purge(event=event, days=days, today=today)
        if report.done:
            _addresses_forgotten(ScoreChange.objects.filter(division__event=event))
        return report


def events_personal_purge_due(*, today: datetime.date | None = None) -> list[PurgeReport]:
    """The purge of every event whose day has come and that was not purged yet (Celery
    beat asks every hour)."""
    today = today or timezone.localdate()
    reports = [event_personal_purge(event=e, today=today) for e in events_personal_data_due(today)]
    return [r for r in reports if r.done]


def _still_notifying(event: Event, now: datetime.datetime) -> bool:
    """The event's last notices are still going out: one recorded and not yet sent nor
    given up, or an address waiting for a final place whose medals are still to be
    confirmed (the day after the event at most; an archived event waits for nothing)."""
    unsent = Notice.objects.filter(
        subscription__entrant__event=event,
        sent_at__isnull=True,
        created_at__gt=now - NOTICE_GIVEN_UP_AFTER,
    ).exclude(subscription__unsubscribed_at__isnull=False)
    if unsent.exists():
        return True
    if event.archived_at is not None:
        return False
    if timezone.localdate(now) > event.date + datetime.timedelta(days=MEDALS_AWAITED_DAYS):
        return False
    awaiting = NoticeSubscription.objects.filter(
        entrant__event=event, unsubscribed_at__isnull=True
    ).filter(
        Q(
            entrant__division__combined_into__isnull=True,
            entrant__division__status=Division.Status.COMPLETE,
            entrant__division__medals_confirmed_at__isnull=True,
        )
        | Q(
            entrant__division__combined_into__status=Division.Status.COMPLETE,
            entrant__division__combined_into__medals_confirmed_at__isnull=True,
        )
    )
    return awaiting.exists()


def events_ended_forget(*, now: datetime.datetime | None = None) -> list[Event]:
    """What ended events kept only while they ran deleted
    (``tournaments.services.events_ended_forget``: the notices' addresses first of all),
    once their last notices went: what they are due is recorded first (the final places),
    and an event whose notices are still being sent is left for the next run (the beat's,
    every hour)."""
    now = now or timezone.now()
    sending = set()
    for event in events_ended_waiting():
        notices_record(event=event)
        if _still_notifying(event, now):
            sending.add(event.pk)
    return tournaments.events_ended_forget(still_sending=sending)


def entrant_erase(
    *, event: Event, external_id: str, reason: str, user=None, even_in_play: bool = False
) -> ErasedEntrant:
    """Erase one person's personal data (``tournaments.services.entrant_erase_personal``
    says what goes and what stays) and rewrite the scores' audit trail that names them, in
    one transaction: their results stay under "Withdrawn entrant #57", nobody else's place
    changes, and who erased them and when is kept. Every copy of the event restored on
    this site (the same creation time) has them erased too."""
    with transaction.atomic():
        erased = _erased_here(event, external_id, reason, user, even_in_play)
        # A copy of the event restored on this site (the same creation time) holds them too.
        copies = Event.objects.filter(
            created_at=event.created_at,
            entrants__external_id=erased.entrant.external_id,
            entrants__erased_at__isnull=True,
        ).exclude(pk=event.pk)
        for copy in copies:
            _erased_here(copy, erased.entrant.external_id, reason, user, True)
        return erased


def _erased_here(event, external_id, reason, user, even_in_play) -> ErasedEntrant:
    erased = tournaments.entrant_erase_personal(
        event=event,
        external_id=external_id,
        reason=reason,
        user=user,
        even_in_play=even_in_play,
    )
    _scores_rewritten(event, erased)
    _addresses_forgotten(ScoreChange.objects.filter(at_table_player=erased.entrant))
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
