"""The register of erasures: whose personal data were erased at their request, by whom and
when. It outlives the event (a restore of an older backup erases them again)."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from .events import Event


class Erasure(models.Model):
    """One entrant's personal data erased (tournaments.services.privacy): the audit line of
    who erased them and when, kept, never changed. ``event_created_at`` is the event's own
    creation time, which a backup carries and a restore keeps: a copy of the event restored
    from a backup made before the erasure is known by it, under any short name, and the
    entrant is erased there too (scoring.services.erasures_apply)."""

    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="erasures"
    )
    event_created_at = models.DateTimeField()
    event_slug = models.CharField(max_length=80)
    external_id = models.CharField(max_length=64)
    reason = models.TextField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_label = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "pk"]
        indexes = [models.Index(fields=["event_created_at"], name="erasure_event_created")]

    def __str__(self):
        return f"{self.event_slug} #{self.external_id} erased {self.at:%Y-%m-%d} ({self.by_label})"
