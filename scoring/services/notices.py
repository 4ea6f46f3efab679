"""E-mail notices: recording those due (once each: the database refuses a second record of
one), and sending one (held by one worker at a time, marked sent once the mail server took
it). The Celery tasks (``scoring/tasks.py``) call these; a score save never waits for them.
"""

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from tournaments.models import Event, Notice

from ..notice_mail import notice_message
from ..selectors.notices import events_with_subscriptions, notices_due

# How long a worker holds a notice it is sending before another may try it.
SENDING_HOLD = datetime.timedelta(minutes=2)
# A notice recorded this long ago that no worker ever tried (the broker was down when it
# was sent for): the sweep sends it again.
NEVER_TRIED_AFTER = datetime.timedelta(minutes=1)


def notices_record(*, event: Event) -> list[int]:
    """Record the notices now due to ``event``'s subscriptions; the ids of those to send."""
    due = notices_due(event)
    if not due:
        return []
    now = timezone.now()
    rows = [
        Notice(
            subscription_id=d.subscription_id,
            kind=d.kind,
            key=d.key,
            facts=d.facts,
            sent_at=now if d.covered else None,
            created_at=now,
        )
        for d in due
    ]
    with transaction.atomic():
        known = set(
            Notice.objects.filter(subscription_id__in={d.subscription_id for d in due}).values_list(
                "subscription_id", "key"
            )
        )
        new, seen = [], set()
        for row in rows:
            if (row.subscription_id, row.key) in known | seen:
                continue
            seen.add((row.subscription_id, row.key))
            new.append(row)
        # A sweep running at the same moment may record one of them first: skipped.
        Notice.objects.bulk_create(new, ignore_conflicts=True)
    # bulk_create that ignores conflicts gives no ids: read back what this call recorded.
    return list(
        Notice.objects.filter(
            created_at=now,
            sent_at__isnull=True,
            subscription_id__in={d.subscription_id for d in due},
        ).values_list("pk", flat=True)
    )


def notices_sweep() -> list[int]:
    """Record what is due in every event with subscriptions, and return the notices to
    send: those just recorded, and those no worker ever tried."""
    ids = []
    for event in events_with_subscriptions():
        ids += notices_record(event=event)
    stale = timezone.now() - NEVER_TRIED_AFTER
    ids += Notice.objects.filter(
        sent_at__isnull=True, attempts=0, created_at__lt=stale
    ).values_list("pk", flat=True)
    return sorted(set(ids))


@dataclass(frozen=True)
class Delivery:
    """What became of one try: ``sent`` now, or nothing to do (already sent, stopped, or
    held by another worker)."""

    sent: bool
    reason: str = ""


def _claim(notice_id: int) -> bool:
    """Hold the notice for this worker (one statement, so two workers never both do)."""
    now = timezone.now()
    return bool(
        Notice.objects.filter(pk=notice_id, sent_at__isnull=True)
        .filter(Q(sending_until__isnull=True) | Q(sending_until__lt=now))
        .update(sending_until=now + SENDING_HOLD, attempts=F("attempts") + 1)
    )


def notice_deliver(notice_id: int) -> Delivery:
    """Send one notice by e-mail, in the event's language, with its unsubscribe link; mark
    it sent. A failure of the mail server is raised (the task retries it) and the notice
    is let go at once for the retry."""
    if not _claim(notice_id):
        return Delivery(False, "sent, or being sent")
    notice = Notice.objects.select_related(
        "subscription__entrant__event", "subscription__entrant__division__combined_into"
    ).get(pk=notice_id)
    subscription = notice.subscription
    if not subscription.live:
        Notice.objects.filter(pk=notice_id).update(sending_until=None, error="unsubscribed")
        return Delivery(False, "unsubscribed")
    message = notice_message(notice)
    email = EmailMessage(
        subject=message.subject,
        body=message.body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[subscription.email],
        headers={
            "List-Unsubscribe": f"<{message.unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
        connection=get_connection(timeout=settings.EMAIL_TIMEOUT),
    )
    try:
        email.send()
    except Exception as error:
        Notice.objects.filter(pk=notice_id).update(sending_until=None, error=str(error)[:500])
        raise
    Notice.objects.filter(pk=notice_id).update(sent_at=timezone.now(), error="")
    return Delivery(True)
