"""Celery tasks of the tournaments app: thin."""

from celery import shared_task

from . import uploads


@shared_task(name="tournaments.forget_uploads", ignore_result=True)
def forget_uploads() -> int:
    """Delete abandoned uploads (registration lists, backups waiting for "restore it?")."""
    return uploads.sweep()
