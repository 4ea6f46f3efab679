"""Celery tasks: thin — they take ids and call the printing services."""

from celery import shared_task

from . import services

UNEXPECTED = (
    "Something went wrong while making this document. Please try again; if it fails again, "
    "tell the organizer."
)


@shared_task(
    name="printing.render_document", acks_late=True, reject_on_worker_lost=True, ignore_result=True
)
def render_document(document_id: int) -> None:
    try:
        services.document_render(document_id)
    except Exception:
        services.document_fail(document_id, UNEXPECTED)
        raise


@shared_task(name="printing.sweep_documents", ignore_result=True)
def sweep_documents() -> int:
    return services.documents_sweep()
