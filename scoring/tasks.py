"""Celery tasks of scoring: thin, they take ids. The e-mail notices: the beat's sweep
records what is due and sends each notice in a task of its own, which a failed send
retries later (the mail server down, a timeout)."""

import smtplib

from celery import shared_task

from .services import notices

# A failed send is tried again after 30 s, 1 min, 2 min, … up to 10 min apart, 8 times.
RETRIES = 8
FIRST_WAIT, LONGEST_WAIT = 30, 600


@shared_task(name="scoring.notices_sweep", ignore_result=True)
def notices_sweep() -> int:
    ids = notices.notices_sweep()
    for notice_id in ids:
        notice_send.delay(notice_id)
    return len(ids)


@shared_task(
    name="scoring.notice_send",
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    max_retries=RETRIES,
)
def notice_send(self, notice_id: int) -> bool:
    try:
        return notices.notice_deliver(notice_id).sent
    except (smtplib.SMTPException, OSError) as error:
        wait = min(LONGEST_WAIT, FIRST_WAIT * 2**self.request.retries)
        raise self.retry(exc=error, countdown=wait) from error
