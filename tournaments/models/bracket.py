"""The bracket as seated: rounds, their tables, seats and byes, and the record of every
round seated again or taken back.

The database refuses what must never happen: a player seated twice in one round, two
tables of one number in a round, a second round of the same number.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from tournaments.engine import FINAL, INTERMEDIATE, QUALIFYING, SeatingNote
from tournaments.engine.clock import MAX_EXTRA_MINUTES

from .divisions import Division
from .entrants import Entrant


class RoundQuerySet(models.QuerySet):
    def current(self) -> "Round | None":
        """The latest round (of the division the queryset is about)."""
        return self.order_by("-number").first()


def seating_note_words(record: dict) -> str:
    """A stored seating note in words: in the reader's language when its parts say it
    (who, their club, why); else, with its lead ("Table 5:"), in its own language."""
    note = SeatingNote.from_record(record)
    if note.readable_anywhere:
        return note.in_words()
    with translation.override(note.language or settings.LANGUAGE_CODE):
        return note.in_words()


class Round(models.Model):
    class Kind(models.TextChoices):
        QUALIFYING = QUALIFYING, _("Qualifying")
        INTERMEDIATE = INTERMEDIATE, _("Intermediate")
        FINAL = FINAL, _("Final")

    class Status(models.TextChoices):
        SEATED = "seated", _("Seated")
        IN_PLAY = "in_play", _("In play")
        CLOSED = "closed", _("Closed")

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices)
    games = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.SEATED)
    seed = models.BigIntegerField()
    # What the seating could not avoid and what was done to it since, as what each note is
    # (engine.SeatingNote.as_record: kind, table, players, its words without the table and
    # their language); ``warnings`` puts them into words.
    seating_notes = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # The round clock (tournaments.engine.clock): when the organizer started play, and its
    # pauses. It only tells time: it never changes a score and never blocks one.
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0)
    # The event's minutes per game when the clock started: a later change of the setting
    # times the next clocks (and a restart), never one already running. Empty: not started.
    clock_minutes_per_game = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(600)]
    )

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["division", "number"]
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(condition=Q(games__gte=1, games__lte=3), name="round_games_1_3"),
        ]

    def __str__(self):
        return f"{self.division} round {self.number}"

    @property
    def warnings(self) -> list[str]:
        """The seating notes as people read them ("Table 5: …"): the seating's own (who,
        their club, why) in the reader's language, the others in the language they were
        written in (the event's when the round was seated)."""
        return [seating_note_words(note) for note in self.seating_notes or []]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    extra_minutes = models.PositiveSmallIntegerField(
        default=0, help_text="Minutes the organizer added to this table's round clock."
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
            models.CheckConstraint(
                condition=Q(extra_minutes__lte=MAX_EXTRA_MINUTES), name="table_extra_minutes_max"
            ),
        ]

    def __str__(self):
        return f"{self.round}, table {self.number}"


class Seat(models.Model):
    # The round is repeated here so that the database itself refuses a player seated
    # twice in one round.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="seats")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entrant"], name="seat_entrant_once_per_round"
            ),
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique"),
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=4), name="seat_number_1_4"
            ),
        ]

    def __str__(self):
        return f"{self.table}, seat {self.number}: {self.entrant}"


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="byes")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="bye_entrant_once_per_round"),
        ]

    def __str__(self):
        return f"{self.round}: bye for {self.entrant}"


class RoundChange(models.Model):
    """Every round seated again and every round taken back (its division's round before
    reopened), with the reason, who and when: kept, never changed. Both happen only while
    no score or penalty of the round is entered."""

    class Action(models.TextChoices):
        RESEATED = "reseated", _("Seated again")
        REOPENED = "reopened", _("Taken back")

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="round_changes")
    round_number = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    reason = models.TextField(blank=True)
    # The seating before and after: {"seed", "tables": {number: [entrant ids]}, "byes"};
    # a round taken back has no "after" seating but the round reopened ("reopened"), any
    # tables of it given new numbers ("renumbered": old → new) and who held each old number
    # ("held_by": old → {"division", "round"}; the page words the renumbering from them).
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    notes = models.JSONField(default=list, blank=True)  # what happened, in words
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_label = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["division", "at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(round_number__gte=1),
                name="round_change_round_positive",
                violation_error_message="The round number must be 1 or more.",
            ),
            models.CheckConstraint(
                condition=Q(action__in=["reseated", "reopened"]),
                name="round_change_action_known",
                violation_error_message="The action must be reseated or reopened.",
            ),
        ]

    def __str__(self):
        return f"{self.division} round {self.round_number}: {self.action} ({self.reason})"
