"""The organizer's short messages to the hall."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from .events import Event

ANNOUNCEMENT_MAX_LENGTH = 200


class Announcement(models.Model):
    """A short message from the organizer ("Round 2 starts at 1:30 — lunch in the
    cafeteria"), shown on the projector and the scorekeepers' pages until removed."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="announcements")
    text = models.CharField(max_length=ANNOUNCEMENT_MAX_LENGTH)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_label = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(text=""), name="announcement_text_given"),
        ]

    def __str__(self):
        return self.text
