"""Asking for a document, sending it to a worker, making it, and the sweeper.

The row is created "queued" in the request's transaction and the task is sent
after the commit. Sending uses short timeouts; if the broker is down the row
stays queued with no ``sent_at``, and the sweeper sends it once the broker is
back, so a click is never lost.
"""

import logging
import os
import time
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from tournaments.engine import RuleError

from . import selectors
from .models import GeneratedDocument

log = logging.getLogger(__name__)
PROGRESS_EVERY_SECONDS = 0.5
# A queued row whose task has not started this long after it was sent is sent again
# (its message was lost, e.g. Redis restarted without persistence).
LOST_AFTER = timedelta(minutes=10)


def _renderer(kind: str):
    from . import renderers

    return {
        GeneratedDocument.Kind.TABLE_LIST: renderers.render_table_list,
        GeneratedDocument.Kind.SCORE_SHEETS: renderers.render_score_sheets,
        GeneratedDocument.Kind.BRACKET: renderers.render_bracket,
        GeneratedDocument.Kind.RESULTS: renderers.render_results,
        GeneratedDocument.Kind.CERTIFICATES: renderers.render_certificates,
        GeneratedDocument.Kind.RIBBONS: renderers.render_ribbons,
        GeneratedDocument.Kind.QUALIFIERS: renderers.render_qualifiers,
        GeneratedDocument.Kind.PLAYER_SLIPS: renderers.render_player_slips,
    }[kind]


def document_filename(event, kind: str, division=None, round_number=None) -> str:
    parts = [event.slug, kind]
    if division is not None:
        parts.append(slugify(division.name) or "division")
    if round_number:
        parts.append(f"round-{round_number}")
    return "-".join(parts) + ".pdf"


def document_request(*, event, kind: str, division=None, round_number=None, user=None):
    """Create the row "queued" and send the task after the commit.

    The data are built once here, so a request that cannot make a document (no
    medals yet, nothing seated) is refused at once, in words.
    """
    if kind not in GeneratedDocument.Kind.values:
        raise RuleError(f"Unknown document '{kind}'.")
    selectors.document_data(event, kind, division, round_number)
    with transaction.atomic():
        document = GeneratedDocument.objects.create(
            event=event,
            kind=kind,
            division=division,
            round_number=round_number,
            requested_by=user if getattr(user, "pk", None) else None,
            filename=document_filename(event, kind, division, round_number),
        )
        transaction.on_commit(lambda: document_send(document.pk))
    return document


def document_send(document_id: int) -> bool:
    """Publish the task; on a dead broker, leave the row for the sweeper."""
    from .tasks import render_document

    try:
        render_document.apply_async(
            args=[document_id],
            retry=True,
            retry_policy={
                "max_retries": 1,
                "interval_start": 0,
                "interval_step": 0.2,
                "interval_max": 0.2,
            },
        )
    except Exception as error:  # kombu and redis raise many kinds; none may fail the request
        log.warning("Document %s not sent yet (%s); the sweeper will send it.", document_id, error)
        return False
    GeneratedDocument.objects.filter(pk=document_id).update(sent_at=timezone.now())
    return True


def documents_sweep(*, now=None) -> int:
    """Send every queued document whose task never reached the broker, or was lost."""
    now = now or timezone.now()
    waiting = GeneratedDocument.objects.filter(status=GeneratedDocument.Status.QUEUED).filter(
        models_q_unsent(now)
    )
    sent = 0
    for document_id in waiting.values_list("pk", flat=True):
        if document_send(document_id):
            sent += 1
        else:
            break  # the broker is still down: try again at the next sweep
    return sent


def models_q_unsent(now):
    from django.db.models import Q

    return Q(sent_at__isnull=True, created_at__lte=now - timedelta(seconds=1)) | Q(
        sent_at__lte=now - LOST_AFTER
    )


def document_render(document_id: int) -> GeneratedDocument | None:
    """Make the document (in a worker): status, progress, then the file, atomically renamed."""
    with transaction.atomic():
        document = (
            # of=("self",): PostgreSQL refuses FOR UPDATE on the nullable side of the
            # outer join to division.
            GeneratedDocument.objects.select_for_update(of=("self",))
            .select_related("event", "division")
            .filter(pk=document_id)
            .first()
        )
        if document is None or document.status == GeneratedDocument.Status.READY:
            return document
        document.status = GeneratedDocument.Status.RUNNING
        document.started_at = document.heartbeat_at = timezone.now()
        document.attempts += 1
        document.progress = 0
        document.save(
            update_fields=["status", "started_at", "heartbeat_at", "attempts", "progress"]
        )
    try:
        data = selectors.document_data(
            document.event, document.kind, document.division, document.round_number
        )
        last = [0.0]

        def progress(done: int, total: int) -> None:
            # Each progress write is also the worker's heartbeat (GeneratedDocument.is_stopped).
            now = time.monotonic()
            if total and now - last[0] >= PROGRESS_EVERY_SECONDS:
                last[0] = now
                GeneratedDocument.objects.filter(pk=document_id).update(
                    progress=min(99, int(done * 100 / total)), heartbeat_at=timezone.now()
                )

        progress(0, 1)  # the data are built: alive

        with selectors.printed(document.event):  # every printed word in the event's language
            content = _renderer(document.kind)(data, progress=progress)
        name = f"documents/{document.uuid}.pdf"
        path = Path(settings.MEDIA_ROOT) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        partial.write_bytes(content)
        os.replace(partial, path)  # readers never see half a file
    except RuleError as error:
        GeneratedDocument.objects.filter(pk=document_id).update(
            status=GeneratedDocument.Status.FAILED, error=str(error), finished_at=timezone.now()
        )
        return None
    GeneratedDocument.objects.filter(pk=document_id).update(
        status=GeneratedDocument.Status.READY,
        progress=100,
        file=name,
        fingerprint=selectors.document_fingerprint(
            document.event, document.kind, document.division, document.round_number, data
        ),
        finished_at=timezone.now(),
        error="",
    )
    return GeneratedDocument.objects.get(pk=document_id)


def document_fail(document_id: int, message: str) -> None:
    """Record an unexpected failure in words the desk can act on."""
    GeneratedDocument.objects.filter(pk=document_id).exclude(
        status=GeneratedDocument.Status.READY
    ).update(status=GeneratedDocument.Status.FAILED, error=message, finished_at=timezone.now())


def current_fingerprint(document: GeneratedDocument) -> str | None:
    """The fingerprint the document's data have now (None when it cannot be made now)."""
    try:
        return selectors.document_fingerprint(
            document.event, document.kind, document.division, document.round_number
        )
    except RuleError:
        return None


def document_is_current(document: GeneratedDocument, fingerprints: dict | None = None) -> bool:
    """False when the data it was made from have changed since (then make it again).

    ``fingerprints`` caches the current fingerprint per scope across many documents.
    """
    if document.status != GeneratedDocument.Status.READY:
        return True
    cache = {} if fingerprints is None else fingerprints
    scope = (document.kind, document.division_id, document.round_number)
    if scope not in cache:
        cache[scope] = current_fingerprint(document)
    return cache[scope] == document.fingerprint


def documents_mark_current(documents) -> None:
    """Set ``current`` on each of the printing page's documents (``document_is_current``),
    reading each scope's data, and each division's play, once for all of them."""
    fingerprints: dict = {}
    with selectors.shared_states():
        for document in documents:
            document.current = document_is_current(document, fingerprints)


def render_to_file(*, event, kind: str, division=None, round_number=None, path: Path) -> int:
    """Render one document straight to a file (the print_documents command); returns bytes."""
    data = selectors.document_data(event, kind, division, round_number)
    with selectors.printed(event):  # the document speaks the event's language; the command English
        content = _renderer(kind)(data)
    partial = path.with_name(f"{path.name}.part")
    try:
        partial.write_bytes(content)
        os.replace(partial, path)
    except OSError as error:  # a missing folder or no permission: a message, not a traceback
        partial.unlink(missing_ok=True)
        raise RuleError(f"Cannot write {path}: {error.strerror or error}.") from None
    return len(content)
