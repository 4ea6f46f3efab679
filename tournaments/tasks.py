"""Celery finds the app's tasks here."""

from .printing.tasks import render_document, sweep_documents  # noqa: F401
