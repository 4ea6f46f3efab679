"""Games, rack totals, penalties, tie decisions and the audit trail of every change."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from scoring.decision_notes import decision_words, round_stood, undo_words
from tournaments.engine import EXHAUSTED, MAX_RACK_TOTAL, OUT, consequence_words
from tournaments.models import TABLE_CODE_LENGTH, Division, Entrant, Round, Table


class Game(models.Model):
    class Ended(models.TextChoices):
        OUT = OUT, _("A player went out")
        EXHAUSTED = EXHAUSTED, _("Pool exhausted")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    ended = models.CharField(max_length=10, choices=Ended.choices)
    winner = models.ForeignKey(
        Entrant,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="games_won",
        help_text="The player the table named when the lowest racks tie on an exhausted pool.",
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # A player at the table who entered or confirmed the game with the table's code:
    # no account, so the player instead of a user. A confirmation by the
    # player who entered the game is refused.
    entered_by_player = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    confirmed_by_player = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Raised on every change, so that a save based on a stale page is caught.
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_number_unique"),
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=3), name="game_number_1_3"
            ),
            models.CheckConstraint(
                condition=Q(ended__in=[OUT, EXHAUSTED]), name="game_ended_known"
            ),
        ]

    def __str__(self):
        return f"{self.table}, game {self.number}"

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None


class RackScore(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="racks")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="racks")
    rack_total = models.PositiveSmallIntegerField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    entered_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["game", "entrant"]
        constraints = [
            models.UniqueConstraint(fields=["game", "entrant"], name="rack_once_per_game"),
            models.CheckConstraint(
                condition=Q(rack_total__gte=0, rack_total__lte=MAX_RACK_TOTAL),
                name="rack_total_possible",
            ),
        ]

    def __str__(self):
        return f"{self.game}: {self.entrant} {self.rack_total}"


SAVE_KEY_PATTERN = r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
SAVE_KEY_VALIDATOR = RegexValidator(
    rf"\A{SAVE_KEY_PATTERN}\Z", "A save's key is a random UUID (version 4), in lower case."
)


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ValidationError("The audit trail is append-only.")

    def delete(self):
        raise ValidationError("The audit trail is append-only.")


class ScoreChange(models.Model):
    """One line of the append-only audit trail: what changed, before and after, who, why."""

    class Action(models.TextChoices):
        ENTERED = "entered", _("Entered")
        REPLACED = "replaced", _("Replaced")
        CORRECTED = "corrected", _("Corrected")
        CONFIRMED = "confirmed", _("Confirmed")
        PENALTY = "penalty", _("Penalty points")

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    entrant = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=10, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    # This change undoes a flagged correction or late penalty (``correction_undo``); its
    # reason is that change's reason, as typed, and ``reason_words`` says "Undo of …" in the
    # reader's language (migration 0008 read the English words stored before).
    undo = models.BooleanField(default=False)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    actor_label = models.CharField(max_length=150, blank=True)
    # A change made by a player at the table with its code: who and which code,
    # as what they are (the desk's players' entries and the 'who' filter read these; the
    # label above keeps the English words for the record).
    at_table_player = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    at_table_code = models.CharField(max_length=TABLE_CODE_LENGTH, blank=True)
    # The device's address, for a change made at the table with its code (no account to
    # name, so the address is what tells one phone from another).
    address = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)
    # What a correction would change (who advanced, the byes, the medals, an open tie),
    # stored as what it is (engine.CorrectionEffect.as_record), put into words when shown
    # (``flag``); {"text": ...} for a flag written in English before that (migration 0006).
    consequence = models.JSONField(
        null=True,
        blank=True,
        help_text="Set when the change would alter who advanced, the byes or a medal.",
    )
    # The key a score page made for this save (a browser's random UUID): a save sent
    # again with the same key (a dropped connection, a queued game) is stored once.
    save_key = models.CharField(
        max_length=36,
        blank=True,
        validators=[SAVE_KEY_VALIDATOR],
        help_text="The score page's key for this save; empty for commands and files.",
    )

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["at", "id"]
        indexes = [
            models.Index(fields=["division", "round_number"]),
            # A save's key is looked for in every division (a key stored in another is
            # refused): not partial, so that a prepared statement's plan can use it.
            models.Index(fields=["save_key"], name="scorechange_save_key"),
        ]
        constraints = [
            # Per division, so that an event restored beside its original keeps its keys.
            models.UniqueConstraint(
                fields=["division", "save_key"],
                condition=~Q(save_key=""),
                name="save_key_once",
            ),
            # A player at the table comes with the code they used, and a code with its player.
            models.CheckConstraint(
                condition=Q(at_table_player__isnull=True, at_table_code="")
                | (Q(at_table_player__isnull=False) & ~Q(at_table_code="")),
                name="at_table_player_and_code",
            ),
        ]

    def __str__(self):
        return f"{self.get_action_display()} {self.before} → {self.after}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValidationError("The audit trail is append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError("The audit trail is append-only.")

    # What happened to which game, in one sentence each so that each language puts the
    # words in its own order ("Partie 1 confirmée", not "Confirmée partie 1").
    ON_GAME = {
        "entered": gettext_noop("Entered game %(n)s"),
        "replaced": gettext_noop("Replaced game %(n)s"),
        "corrected": gettext_noop("Corrected game %(n)s"),
        "confirmed": gettext_noop("Confirmed game %(n)s"),
        "penalty": gettext_noop("Penalty points, game %(n)s"),
    }

    @property
    def action_words(self) -> str:
        """ "Confirmed game 1" (or the action alone when no game is named), in the active
        language."""
        if self.game_number and self.action in self.ON_GAME:
            return gettext(self.ON_GAME[self.action]) % {"n": self.game_number}
        return str(self.get_action_display())

    @property
    def at_table(self) -> dict | None:
        """The player at the table who made this change and the code they used
        ({"name", "code"}), or None for a scorekeeper, an organizer or the command line."""
        if not self.at_table_code or self.at_table_player is None:
            return None
        return {"name": self.at_table_player.name, "code": self.at_table_code}

    @property
    def flag(self) -> str:
        """The consequence in words, in the active language ("" when there is none): the
        reader's on a page, English on the command line."""
        return consequence_words(self.consequence)

    @property
    def reason_words(self) -> str:
        """Why the change was made, as shown: the reason as typed, or for an undo "Undo of
        the correction “…”" in the active language (English on the command line)."""
        return undo_words(self.action, self.reason) if self.undo else self.reason


class Penalty(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="penalties")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="penalties")
    points = models.PositiveSmallIntegerField()
    reason = models.TextField()
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    given_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "given_at"]
        constraints = [
            models.CheckConstraint(condition=Q(points__gte=1), name="penalty_points_positive"),
            models.CheckConstraint(condition=~Q(reason=""), name="penalty_reason_given"),
        ]

    def __str__(self):
        return f"{self.entrant}: {self.points} ({self.reason})"


class TieBreakDecision(models.Model):
    """The outcome of a playoff game or a tile draw: the tied players, best first."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="tie_decisions")
    round_number = models.PositiveSmallIntegerField()
    order = models.JSONField(help_text="Entrant ids, best first.")
    note = models.CharField(max_length=200, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["division", "round_number", "decided_at", "id"]

    def __str__(self):
        return f"{self.division} round {self.round_number}: {', '.join(self.order)}"


class CorrectionDecision(models.Model):
    """What the organizer decided about a flagged change (a correction or a late penalty
    that changed who advanced, the byes or the medals): accepted, undone, or settled by
    a later change that left the results as recorded. One decision per flagged change."""

    class Choice(models.TextChoices):
        ACCEPTED = "accepted", _("Accepted")
        UNDONE = "undone", _("Undone")
        SETTLED = "settled", _("Settled by a later change")

    change = models.OneToOneField(ScoreChange, on_delete=models.CASCADE, related_name="decision")
    choice = models.CharField(max_length=10, choices=Choice.choices)
    # What the decision did (a round that stands, one seated again, placings recomputed,
    # settled by a later change, a round taken back), stored as what it is
    # (scoring/decision_notes.py), put into words when shown (``note``); [{"text": ...}]
    # for a note written in English before that (migration 0007).
    steps = models.JSONField(default=list, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_by_label = models.CharField(max_length=150, blank=True)
    decided_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["decided_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(choice__in=["accepted", "undone", "settled"]),
                name="correction_decision_known",
            ),
        ]

    def __str__(self):
        return f"{self.get_choice_display()}: {self.change}"

    @property
    def note(self) -> str:
        """What the decision did, in words, in the active language ("" for nothing more):
        the reader's on a page, English on the command line."""
        return decision_words(self.steps)

    @property
    def round_stood(self) -> bool:
        """Whether the decision let a round that had started stand."""
        return round_stood(self.steps)
