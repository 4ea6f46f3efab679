"""Events, divisions, entrants and the bracket: rounds, tables, seats and byes.

Rules of the game live in ``tournaments.engine``; what must never happen in the
data is also refused by the database (constraints below).
"""

import datetime

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.engine import (
    AGE_GROUP,
    COMBINED,
    DEFAULT_QUALIFY,
    DEFAULT_RIBBONS_TO,
    DEFAULT_TIE_ORDER,
    FINAL,
    FIRST_RIBBON_PLACE,
    INTERMEDIATE,
    LONE_PLAY,
    LONE_WALKOVER,
    LOW,
    MAX_HALL_TABLES,
    MAX_QUALIFY,
    MAX_RIBBONS_TO,
    QUALIFYING,
    SABRA,
    RuleError,
    SeatingNote,
    check_qualify,
    check_ribbons_to,
    hall_problems,
    parse_table_numbers,
)
from tournaments.engine.clock import MAX_EXTRA_MINUTES
from tournaments.engine.divisions import DEFAULT_BAND_STARTS
from tournaments.text import fold


def validate_qualify(value: int) -> None:
    """Places that qualify: 1 to MAX_QUALIFY."""
    try:
        check_qualify(value)
    except RuleError as error:
        raise ValidationError(str(error)) from None


def validate_ribbons_to(value: int) -> None:
    """Ribbons go to places 4 to N: N is 0 (no ribbons) or 4 to MAX_RIBBONS_TO."""
    try:
        check_ribbons_to(value)
    except RuleError as error:
        raise ValidationError(str(error)) from None


def validate_table_numbers(value: str) -> None:
    """A list of the hall's table numbers, as 12,19."""
    try:
        parse_table_numbers(value)
    except RuleError as error:
        raise ValidationError(str(error)) from None


def table_numbers_text(value) -> str:
    """Table numbers in their stored form: sorted, without repeats, as 12,19."""
    return ",".join(str(n) for n in parse_table_numbers(value))


# What a short name in an address may hold (Django's <slug:…> path converter).
SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"

# The event's settings an organizer changes (desk form, configure_event, backup): listed once.
EVENT_SETTINGS = (
    "name",
    "date",
    "venue",
    "scoring",
    "prefer_threes",
    "minutes_per_game",
    "initial_meld",
    "age_bands",
    "by_gender",
    "cutoff_date",
    "medal_policy",
    "tie_order",
    "confirmation",
    "score_entry",
    "paper",
    "language",
    "combine_below",
    "ribbons_to",
    "lone_entrant",
    "qualify",
    "home_state",
    "hall_tables",
    "unusable_tables",
    "accessible_tables",
)
# Settings that decide the bracket: fixed once a round is seated.
BRACKET_SETTINGS = ("scoring", "prefer_threes", "medal_policy", "tie_order")


def _event_finished():
    """An event's every division with players is complete, and there is at least one."""
    brackets = Division.objects.filter(event=models.OuterRef("pk"), combined_into__isnull=True)
    unfinished = brackets.exclude(status=Division.Status.COMPLETE).filter(
        Q(walkover=True) | Q(entrants__isnull=False) | Q(combined_from__entrants__isnull=False)
    )
    complete = brackets.filter(status=Division.Status.COMPLETE)
    return models.Exists(complete) & ~models.Exists(unfinished)


class EventQuerySet(models.QuerySet):
    def finished(self):
        return self.filter(_event_finished())

    def listed(self):
        """Events still listed to scorekeepers and the public: not archived, not finished."""
        return self.filter(archived_at__isnull=True).exclude(_event_finished())

    def reachable(self):
        """Events whose short name makes an address (``<slug:…>``): one that does not (an
        old restore's ``bad slug/../x``) is left out of lists instead of breaking them."""
        return self.filter(slug__regex=SLUG_PATTERN)


class DivisionQuerySet(models.QuerySet):
    def brackets(self):
        """Divisions played as brackets (not combined into another)."""
        return self.filter(combined_into__isnull=True)

    def in_age_order(self):
        return self.order_by("min_age", "gender", "name")


def name_search_text(first_name: str, last_name: str) -> str:
    """What ``Entrant.search_name`` holds: the folded name, then the same without spaces, so
    that a folded word the name contains (``tournaments.text.matches``: "stjohn" in
    "St. John") is a plain substring of it. A typed word holds no space, so it never
    matches across the two halves."""
    folded = fold(f"{first_name} {last_name}")
    return f"{folded} {folded.replace(' ', '')}"


class EntrantQuerySet(models.QuerySet):
    def checked_in(self):
        return self.filter(status=Entrant.Status.CHECKED_IN)

    def matching(self, query: str):
        """Entrants whose name holds every word typed, folded as ``tournaments.text.matches``
        folds them ("obrien" finds O'Brien, "angs" Ångström), searched in the database
        (``search_name``) rather than by loading every entrant."""
        words = fold(query).split()
        found = self
        for word in words:
            found = found.filter(search_name__contains=word)
        return found

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for entrant in objs:
            entrant.search_name = name_search_text(entrant.first_name, entrant.last_name)
        return super().bulk_create(objs, *args, **kwargs)


class RoundQuerySet(models.QuerySet):
    def current(self) -> "Round | None":
        """The latest round (of the division the queryset is about)."""
        return self.order_by("-number").first()


class Event(models.Model):
    class Scoring(models.TextChoices):
        LOW = LOW, _("Low score (Golden Games)")
        SABRA = SABRA, _("Sabra (plus and minus)")

    class MedalPolicy(models.TextChoices):
        COMBINED = COMBINED, _("The combined bracket")
        AGE_GROUP = AGE_GROUP, _("Each age group, in finishing order")

    class Confirmation(models.TextChoices):
        NONE = "none", _("Not required")
        SECOND_PERSON = "second-person", _("A second person confirms each game")

    class ScoreEntry(models.TextChoices):
        SCOREKEEPERS = "scorekeepers", _("Scorekeepers only")
        PLAYERS = "players", _("Players at the table (with the table's code)")
        BOTH = "both", _("Both scorekeepers and players at the table")

    class LoneEntrant(models.TextChoices):
        WALKOVER = LONE_WALKOVER, _("Gold without play (a walkover)")
        PLAY = LONE_PLAY, _("Must play: combine the division with a neighbouring one")

    class Paper(models.TextChoices):
        LETTER = "letter", _("US Letter")
        A4 = "a4", "A4"

    # Each language named in its own words (settings.LANGUAGES says the same).
    class Language(models.TextChoices):
        ENGLISH = "en", "English"
        FRENCH = "fr", "Français"
        SPANISH = "es", "Español"

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    scoring = models.CharField(max_length=10, choices=Scoring.choices, default=Scoring.LOW)
    prefer_threes = models.BooleanField(default=False, help_text="Seat tables of three first.")
    minutes_per_game = models.PositiveSmallIntegerField(default=20)
    initial_meld = models.PositiveSmallIntegerField(
        default=30, help_text="Printed on the score sheets; not scored."
    )
    cutoff_date = models.DateField(
        null=True, blank=True, help_text="Age is taken on this day; empty: 31 December."
    )
    age_bands = models.CharField(
        max_length=200, default=",".join(str(a) for a in DEFAULT_BAND_STARTS)
    )
    by_gender = models.BooleanField(default=False)
    medal_policy = models.CharField(
        max_length=12, choices=MedalPolicy.choices, default=MedalPolicy.COMBINED
    )
    tie_order = models.CharField(max_length=100, default=",".join(DEFAULT_TIE_ORDER), blank=True)
    confirmation = models.CharField(
        max_length=16, choices=Confirmation.choices, default=Confirmation.NONE
    )
    # Who enters scores: with players, each table of a round in play has a table code
    # (TableCode) that opens that table's page, for that round only, without an account.
    score_entry = models.CharField(
        max_length=12, choices=ScoreEntry.choices, default=ScoreEntry.SCOREKEEPERS
    )
    paper = models.CharField(max_length=8, choices=Paper.choices, default=Paper.LETTER)
    language = models.CharField(
        max_length=5,
        choices=Language.choices,
        default=Language.ENGLISH,
        help_text="The projector's language until a visitor chooses one, and the printed "
        "sheets' language.",
    )
    combine_below = models.PositiveSmallIntegerField(
        default=3, help_text="Divisions with fewer players are suggested for combining."
    )
    lone_entrant = models.CharField(
        max_length=8,
        choices=LoneEntrant.choices,
        default=LoneEntrant.WALKOVER,
        help_text="A division with one player: gold without play, or it must play "
        "(combined with a neighbouring division first).",
    )
    qualify = models.PositiveSmallIntegerField(
        default=DEFAULT_QUALIFY,
        validators=[validate_qualify],
        help_text="Places that qualify for the next level, per age group and gender.",
    )
    home_state = models.CharField(
        max_length=40,
        blank=True,
        help_text="Qualifiers skip finishers from other states; empty: everyone counts.",
    )
    ribbons_to = models.PositiveSmallIntegerField(
        default=DEFAULT_RIBBONS_TO,
        validators=[validate_ribbons_to],
        help_text="Ribbons for places 4 to this place; 0 for no ribbons.",
    )
    # The hall's physical tables, described once (engine.Hall): how many (empty: no limit,
    # numbers only stay unique), the numbers never to give, and the accessible ones.
    hall_tables = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_HALL_TABLES)],
        help_text="How many tables the hall has, numbered from 1; empty: no limit.",
    )
    unusable_tables = models.CharField(
        max_length=500,
        blank=True,
        validators=[validate_table_numbers],
        help_text="Table numbers never to give, as 12,19.",
    )
    accessible_tables = models.CharField(
        max_length=500,
        blank=True,
        validators=[validate_table_numbers],
        help_text="Tables a wheelchair or walker reaches, as 1,2,3.",
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="organized_events"
    )
    scorekeepers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="scored_events"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(
        null=True, blank=True, help_text="Archived events leave the scorekeepers' and public lists."
    )

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(scoring__in=[LOW, SABRA]), name="event_scoring_known"
            ),
            models.CheckConstraint(condition=Q(minutes_per_game__gte=1), name="event_minutes_min"),
            models.CheckConstraint(
                condition=Q(ribbons_to=0)
                | Q(ribbons_to__gte=FIRST_RIBBON_PLACE, ribbons_to__lte=MAX_RIBBONS_TO),
                name="event_ribbons_to_range",
            ),
            models.CheckConstraint(
                condition=Q(qualify__gte=1, qualify__lte=MAX_QUALIFY), name="event_qualify_range"
            ),
            models.CheckConstraint(
                condition=Q(lone_entrant__in=[LONE_WALKOVER, LONE_PLAY]),
                name="event_lone_entrant_known",
            ),
            models.CheckConstraint(
                condition=Q(score_entry__in=["scorekeepers", "players", "both"]),
                name="event_score_entry_known",
            ),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        try:
            unusable = parse_table_numbers(self.unusable_tables)
            accessible = parse_table_numbers(self.accessible_tables)
        except RuleError:
            return  # the field's own validator says what is wrong
        fields = {
            "tables": "hall_tables",
            "unusable": "unusable_tables",
            "accessible": "accessible_tables",
        }
        problems = hall_problems(self.hall_tables, unusable, accessible)
        if problems:
            errors: dict[str, list[str]] = {}
            for what, message in problems:
                errors.setdefault(fields[what], []).append(message)
            raise ValidationError(errors)

    @property
    def players_enter_scores(self) -> bool:
        """Players at the table may enter and confirm scores with their table's code."""
        return self.score_entry != self.ScoreEntry.SCOREKEEPERS

    @property
    def age_cutoff(self) -> datetime.date:
        return self.cutoff_date or datetime.date(self.date.year, 12, 31)


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


class Entrant(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", pgettext_lazy("an entrant", "Registered")
        CHECKED_IN = "checked_in", pgettext_lazy("an entrant", "Checked in")
        ABSENT = "absent", pgettext_lazy("an entrant", "Absent")
        WITHDRAWN = "withdrawn", pgettext_lazy("an entrant", "Withdrawn")
        DISQUALIFIED = "disqualified", pgettext_lazy("an entrant", "Disqualified")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    division = models.ForeignKey(Division, on_delete=models.PROTECT, related_name="entrants")
    external_id = models.CharField(max_length=64)
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    birth_date = models.DateField(null=True, blank=True)
    stated_age = models.PositiveSmallIntegerField(null=True, blank=True)
    gender = models.CharField(max_length=1, blank=True)
    club = models.CharField(max_length=120, blank=True)
    # A household or couple: kept at different tables, before club mates are.
    family = models.CharField(max_length=120, blank=True)
    # Private like e-mail and phone: never on public pages, printed only on the
    # organizer's qualifiers list.
    state = models.CharField(max_length=40, blank=True)
    accessible = models.BooleanField(
        default=False, help_text="Needs an accessible table: seated at one in every round."
    )
    email = models.CharField(max_length=254, blank=True)
    phone = models.CharField(max_length=60, blank=True)
    status = models.CharField(max_length=14, choices=Status.choices, default=Status.REGISTERED)
    created_at = models.DateTimeField(auto_now_add=True)
    # The name folded for "find my table" and the desk's searches (name_search_text): set
    # on every save and bulk_create from the names, never entered.
    search_name = models.TextField(blank=True, editable=False)

    objects = EntrantQuerySet.as_manager()

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "external_id"], name="entrant_id_unique"),
        ]
        indexes = [
            models.Index(fields=["event", "status"]),
            models.Index(fields=["event", "search_name"], name="entrant_search"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.search_name = name_search_text(self.first_name, self.last_name)
        fields = kwargs.get("update_fields")
        if fields is not None and {"first_name", "last_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "search_name"}
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    @property
    def shown_name(self) -> str:
        """The name as pages and printed sheets show it: ``name``, with the club or the
        entrant's number beside it when another entrant of the event has the same name
        (``tournaments.selectors.mark_namesakes`` sets it on the entrants a page loads)."""
        return self.__dict__.get("namesake_name") or self.name

    @property
    def has_namesake(self) -> bool:
        """Another entrant of the event has the same name (known once marked)."""
        return "namesake_name" in self.__dict__

    @property
    def out_of_play(self) -> bool:
        return self.status in (self.Status.WITHDRAWN, self.Status.DISQUALIFIED)

    @property
    def out_of_play_word(self) -> str:
        """ "withdrawn" or "disqualified" for a player out of play, else "" (every page and
        sheet marks them with this word)."""
        if not self.out_of_play:
            return ""
        if self.status == self.Status.DISQUALIFIED:
            return gettext("disqualified")
        return gettext("withdrawn")


class EntrantStatusChange(models.Model):
    """Every withdrawal, disqualification and undoing of one, with its reason: kept, never
    changed (the entrant's own row holds only the status now)."""

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="status_changes")
    before = models.CharField(max_length=14, choices=Entrant.Status.choices)
    after = models.CharField(max_length=14, choices=Entrant.Status.choices)
    reason = models.TextField(blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_label = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entrant", "at", "pk"]

    def __str__(self):
        return f"{self.entrant}: {self.before} -> {self.after} ({self.reason})"


def seating_note_words(record: dict) -> str:
    """A stored seating note in words: its lead ("Table 5:") in its own language."""
    note = SeatingNote.from_record(record)
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
        """The seating notes as people read them ("Table 5: …"), each in the language it
        was written in (the event's when the round was seated)."""
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


# A table code: 6 characters from an alphabet without the look-alikes 0/O, 1/I/L, so that
# a player reads it off the score sheet and types it without a mistake (docs/decisions.md).
# TABLE_CODE_ALPHABET is what a stored code may hold (codes given before B, S and Z were
# dropped stay valid); new codes come from TABLE_CODE_NEW_ALPHABET, which keeps only the
# digit of each look-alike pair B/8, S/5, Z/2. A typed code is also read with each of
# those characters swapped for its pair (TABLE_CODE_LOOK_ALIKES), so "2EZ3X6" opens
# "ZEZ3X6" and "ZE53X6" opens "2E53X6".
TABLE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
TABLE_CODE_LOOK_ALIKES = {"B": "8", "8": "B", "S": "5", "5": "S", "Z": "2", "2": "Z"}
TABLE_CODE_NEW_ALPHABET = "".join(c for c in TABLE_CODE_ALPHABET if c not in "BSZ")


def table_code_readings(code: str) -> set[str]:
    """Every way ``code`` may have been meant, each look-alike (B/8, S/5, Z/2) read either
    way: ``code`` itself and at most 63 others."""
    readings = {""}
    for ch in code:
        options = {ch, TABLE_CODE_LOOK_ALIKES[ch]} if ch in TABLE_CODE_LOOK_ALIKES else {ch}
        readings = {r + o for r in readings for o in options}
    return readings


TABLE_CODE_LENGTH = 6
TABLE_CODE_VALIDATOR = RegexValidator(
    rf"\A[{TABLE_CODE_ALPHABET}]{{{TABLE_CODE_LENGTH}}}\Z",
    f"A table code is {TABLE_CODE_LENGTH} characters from {TABLE_CODE_ALPHABET}.",
)


class TableCode(models.Model):
    """The code that lets the players at one table of one round enter that table's scores
    without an account (the event's ``score_entry`` allows players). One live code per
    table; a revoked code stays here (who revoked it, when) and a new one replaces it. A
    code opens nothing while its round is closed. Codes are never given twice, so an old
    sheet never opens another table."""

    # A round seated again (or taken back) takes its tables away: their codes stay, retired
    # (no table, ``retired_at``), so a sheet printed for them is answered plainly rather
    # than counted as a guess, and no code is ever given twice.
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="codes"
    )
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    code = models.CharField(max_length=TABLE_CODE_LENGTH, validators=[TABLE_CODE_VALIDATOR])
    issued_at = models.DateTimeField(default=timezone.now)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    issued_by_label = models.CharField(max_length=150, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_by_label = models.CharField(max_length=150, blank=True)
    revoked_reason = models.TextField(blank=True)  # the organizer's words, optional
    retired_at = models.DateTimeField(null=True, blank=True)  # its table went with its round

    class Meta:
        ordering = ["table", "issued_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["code"], name="table_code_unique"),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(revoked_at__isnull=True),
                name="table_code_one_live",
            ),
            models.CheckConstraint(
                condition=Q(code__regex=rf"^[{TABLE_CODE_ALPHABET}]{{{TABLE_CODE_LENGTH}}}$"),
                name="table_code_alphabet",
            ),
        ]

    def __str__(self):
        state = " (retired)" if self.table_id is None else " (revoked)" if self.revoked_at else ""
        return f"{self.table or 'no table'}: {self.code}{state}"

    @property
    def live(self) -> bool:
        return self.revoked_at is None and self.table_id is not None


class TableCodeAttempt(models.Model):
    """A wrong table code typed from a device's address: the guessing throttle counts them
    in the database (so it holds with Redis down and across the web processes)."""

    address = models.GenericIPAddressField(null=True, blank=True)
    typed = models.CharField(max_length=20, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["address", "at"])]

    def __str__(self):
        return f"{self.address} {self.typed!r} at {self.at:%H:%M:%S}"


class SignInSession(AbstractBaseSession):
    """A signed-in session (tournaments/sessions.py): Django's database session with the
    user it signs in, so that every page reads the session and its user in one statement
    (two with Django's own). Deleting an account ends its sessions."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    @classmethod
    def get_session_store_class(cls):
        from tournaments.sessions import SessionStore

        return SessionStore
