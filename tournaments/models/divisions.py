"""Divisions: an event's age groups and genders, each played as a bracket (or combined
into another's), and the placings recorded when one finishes."""

from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from tournaments.engine import MADE_AS, made_division_name

from .events import Event


class DivisionQuerySet(models.QuerySet):
    def brackets(self):
        """Divisions played as brackets (not combined into another)."""
        return self.filter(combined_into__isnull=True)

    def in_age_order(self):
        return self.order_by("min_age", "gender", "name")


class Division(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", pgettext_lazy("a division", "Registered")
        IN_PLAY = "in_play", pgettext_lazy("a division", "In play")
        COMPLETE = "complete", pgettext_lazy("a division", "Complete")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(max_length=100)
    min_age = models.PositiveSmallIntegerField(null=True, blank=True)
    max_age = models.PositiveSmallIntegerField(null=True, blank=True)
    gender = models.CharField(max_length=1, blank=True, help_text="F, M, or empty for any.")
    combined_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="combined_from"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERED)
    walkover = models.BooleanField(default=False)
    medals_confirmed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the organizer confirmed the medals."
    )
    # A combined bracket made for a lone player who must play: its medals go to each
    # age group, in finishing order, whatever the event's medal policy.
    medals_by_age_group = models.BooleanField(
        default=False,
        help_text="Medals of this combined bracket go to each age group (a lone player's).",
    )
    # --- The day's schedule, for the player's page and the kiosk ---
    starts_at = models.TimeField(
        null=True, blank=True, help_text="When the division's first round starts (local time)."
    )
    place = models.CharField(
        max_length=120,
        blank=True,
        help_text="Where it plays, as it ends a sentence: “at the tables by the window”.",
    )
    # --- end of the day's schedule ---
    # --- A name the product made from the event's age groups ("Women 70-74"), shown in the
    # reader's language from its parts (gender, min_age, max_age): what made it, one of
    # MADE_AS; empty for a name the director typed (or a file named), shown as typed. ---
    made_as = models.CharField(max_length=5, blank=True)
    # --- end of the made name ---

    objects = DivisionQuerySet.as_manager()

    class Meta:
        ordering = ["event", "min_age", "gender", "name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="division_name_unique"),
            models.CheckConstraint(
                condition=~Q(combined_into=models.F("id")), name="division_not_combined_into_self"
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def shown_name(self) -> str:
        """The name in the reader's language when the product made it ("Femmes 70-74"), as
        typed otherwise; ``name`` stays the stored one (commands, exports, backups)."""
        if self.made_as not in MADE_AS:
            return self.name
        return made_division_name(self.made_as, self.min_age, self.max_age)

    @property
    def bracket(self) -> "Division":
        """The division whose bracket this one's players play in."""
        return self.combined_into or self

    @property
    def results(self) -> list | None:
        """The placings recorded when the division finished (or last accepted), None before:
        kept in their own row (``DivisionResults``), read only where they are needed.
        Written by ``tournaments.services.division_record_results`` only."""
        try:
            return self.recorded_results.placings
        except DivisionResults.DoesNotExist:
            return None


class DivisionResults(models.Model):
    """A finished division's placings as they stood when it finished (or when the organizer
    last accepted recomputed ones): a later correction is flagged, never applied silently.

    Its own table, not a field of Division: a state meet's division holds hundreds of
    placings, and every query that reaches a division (each seat's entrant's division)
    would otherwise load and parse them all (docs/decisions.md)."""

    division = models.OneToOneField(
        Division, primary_key=True, on_delete=models.CASCADE, related_name="recorded_results"
    )
    placings = models.JSONField()

    def __str__(self):
        return f"{self.division}: {len(self.placings)} placings"
