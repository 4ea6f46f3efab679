"""Generated documents: one row per PDF asked for, with its status and file."""

import uuid
from datetime import timedelta

from django.conf import settings
from django.db import models, transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.signals import ERASE, PURGE, personal_data_removed


class GeneratedDocument(models.Model):
    class Kind(models.TextChoices):
        TABLE_LIST = "table-list", _("Table list")
        SCORE_SHEETS = "score-sheets", _("Score sheets")
        BRACKET = "bracket", _("Bracket")
        RESULTS = "results", _("Results")
        CERTIFICATES = "certificates", _("Certificates")
        RIBBONS = "ribbons", _("Ribbons (places 4 to N)")
        QUALIFIERS = "qualifiers", _("Qualifiers for the next level (with states: organizer only)")
        PLAYER_SLIPS = "player-slips", _("Player slips (each player's own page: QR code and code)")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting for a worker")
        RUNNING = "running", _("Being made")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="documents"
    )
    kind = models.CharField(max_length=14, choices=Kind.choices)
    division = models.ForeignKey(
        "tournaments.Division",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="documents",
    )
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to="documents/", blank=True)
    filename = models.CharField(max_length=200, blank=True)
    fingerprint = models.CharField(max_length=64, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(
        null=True, blank=True, help_text="When the task reached the broker."
    )
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="Last sign of life from the worker making it."
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        # The table it had in the tournaments app, kept: moving the model moved no data.
        db_table = "tournaments_generateddocument"
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "sent_at"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(progress__lte=100), name="document_progress_at_most_100"
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.scope}) — {self.get_status_display()}"

    @property
    def is_stopped(self) -> bool:
        """Being made, but no sign of life from its worker for PRINTING_STALE_SECONDS: the
        worker died or froze. The desk says "stopped — make it again"; should the task
        come back (the broker's visibility timeout), the row runs again by itself."""
        if self.status != self.Status.RUNNING:
            return False
        last = self.heartbeat_at or self.started_at
        stale = timedelta(seconds=settings.PRINTING_STALE_SECONDS)
        return last is None or last < timezone.now() - stale

    @property
    def scope(self) -> str:
        # In the language of the moment: the printing page's; English for the commands.
        if self.division_id is None:
            return gettext("whole event")
        if self.round_number:
            return gettext("%(division)s, round %(round)s") % {
                "division": self.division.name,
                "round": self.round_number,
            }
        return self.division.name


@receiver(post_delete, sender=GeneratedDocument)
def _remove_file(sender, instance, **kwargs):
    """A document's file goes with its row (an event deleted, say), once that is committed."""
    if instance.file:
        storage, name = instance.file.storage, instance.file.name
        transaction.on_commit(lambda: storage.delete(name))


@receiver(personal_data_removed)
def _forget_documents(sender, event, kind, **kwargs):
    """Documents made before personal data were deleted hold them no longer: after an
    erasure every document of the event goes (they name the person), after the purge the
    qualifiers lists (they print states). Each is made again on request from what is left."""
    documents = GeneratedDocument.objects.filter(event=event)
    if kind == ERASE:
        documents.delete()
    elif kind == PURGE:
        documents.filter(kind=GeneratedDocument.Kind.QUALIFIERS).delete()
