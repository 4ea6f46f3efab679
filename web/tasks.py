"""Celery tasks of the tournaments app: thin."""

from celery import shared_task

from scoring import services as scoring

from . import uploads


@shared_task(name="tournaments.forget_uploads", ignore_result=True)
def forget_uploads() -> int:
    """Delete abandoned uploads (registration lists, backups waiting for "restore it?")."""
    return uploads.sweep()


@shared_task(name="tournaments.purge_personal_data", ignore_result=True)
def purge_personal_data() -> int:
    """Delete the contact details and birth dates of every event whose retention ran out
    (its ``personal_data_days`` after it), and what ended events kept only while they ran
    (the notices' addresses, once their last notices went).
    Returns how many events had data deleted."""
    purged = scoring.events_personal_purge_due()
    ended = scoring.events_ended_forget()
    return len(purged) + len(ended)
