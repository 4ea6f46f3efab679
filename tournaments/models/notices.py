"""The e-mail notices a player or their family asked for on the player's page, and every
notice due to them (so that none is sent twice)."""

from django.db import models
from django.db.models import Q
from django.utils import timezone

from .entrants import Entrant
from .page_codes import new_notice_key


class NoticeSubscription(models.Model):
    """An e-mail address left on a player's page (by the player or their family) to be told
    when the player's table is seated, when a round they played closes and their final
    place. Notices tell only what happens after the address was left. Unsubscribing keeps
    the row (its notices stay sent) and forgets the address."""

    class Via(models.TextChoices):
        PLAYER = "player", "player"
        FAMILY = "family", "family"

    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="notice_subscriptions"
    )
    email = models.EmailField(max_length=254, blank=True)
    via = models.CharField(max_length=6, choices=Via.choices)
    key = models.CharField(max_length=64, unique=True, default=new_notice_key, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    unsubscribed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["entrant", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["entrant", "email"],
                condition=Q(unsubscribed_at__isnull=True),
                name="notice_subscription_once",
            ),
            models.CheckConstraint(
                condition=Q(unsubscribed_at__isnull=False) | ~Q(email=""),
                name="notice_subscription_has_address",
            ),
        ]
        indexes = [models.Index(fields=["unsubscribed_at"], name="notice_subscription_live")]

    def __str__(self):
        state = " (unsubscribed)" if self.unsubscribed_at else ""
        return f"{self.entrant}: {self.email or '-'}{state}"

    @property
    def live(self) -> bool:
        return self.unsubscribed_at is None


class Notice(models.Model):
    """One notice due to one subscription: recorded once (its ``key`` says what it is
    about: "seated:2:7" for round 2 at table 7, "closed:2", "final"), then sent by a
    Celery task, which retries a failed send. The record is what keeps a notice from
    being sent twice."""

    class Kind(models.TextChoices):
        SEATED = "seated", "seated"
        CLOSED = "closed", "closed"
        FINAL = "final", "final"

    subscription = models.ForeignKey(
        NoticeSubscription, on_delete=models.CASCADE, related_name="notices"
    )
    kind = models.CharField(max_length=6, choices=Kind.choices)
    key = models.CharField(max_length=40)
    # What the notice says, as data (round, table, went on, place, medal), worded when sent
    # in the event's language.
    facts = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    # A worker sending it holds it until then: another (a retry, the sweeper) waits.
    sending_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["subscription", "key"], name="notice_once"),
        ]
        indexes = [models.Index(fields=["sent_at", "attempts"], name="notice_waiting")]

    def __str__(self):
        state = "sent" if self.sent_at else "waiting"
        return f"{self.subscription.entrant}: {self.key} ({state})"
