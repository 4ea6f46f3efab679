"""The event: its settings, the hall it plays in, and who runs it.

What must never happen in the data is also refused by the database (the constraints of
``Event.Meta``); the rules of the game live in ``tournaments.engine``.
"""

import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.engine import (
    AGE_GROUP,
    COMBINED,
    DEFAULT_QUALIFY,
    DEFAULT_RIBBONS_TO,
    DEFAULT_TIE_ORDER,
    FIRST_RIBBON_PLACE,
    LONE_PLAY,
    LONE_WALKOVER,
    LOW,
    MAX_HALL_TABLES,
    MAX_QUALIFY,
    MAX_RIBBONS_TO,
    SABRA,
    RuleError,
    check_qualify,
    check_ribbons_to,
    hall_problems,
    parse_table_numbers,
)
from tournaments.engine.divisions import DEFAULT_BAND_STARTS
from tournaments.engine.formats import CLOCKWISE, COUNTER_CLOCKWISE, DIRECTIONS
from tournaments.engine.racks import JOKER_VALUE, JOKER_VALUES
from tournaments.engine.records import MAX_HANDS_PER_GAME
from tournaments.zones import zone_named


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


def default_time_zone() -> str:
    """A new event's time zone: the server's (settings.TIME_ZONE)."""
    return settings.TIME_ZONE


def validate_time_zone(value: str) -> None:
    """A zone of the time zone database, as America/Chicago."""
    if zone_named(value) != value:
        raise ValidationError(_("'%(zone)s' is not a time zone.") % {"zone": value})


def table_numbers_text(value) -> str:
    """Table numbers in their stored form: sorted, without repeats, as 12,19."""
    return ",".join(str(n) for n in parse_table_numbers(value))


# Contact details and exact birth dates are kept this many days after the event by
# default, and at most this many (ten years): docs/privacy.md.
DEFAULT_PERSONAL_DATA_DAYS = 90
# The highest age an event's limits take (the oldest age a registration file gives is 120).
MAX_EVENT_AGE = 120
MAX_PERSONAL_DATA_DAYS = 3650

# What a short name in an address may hold (Django's <slug:…> path converter).
SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"

# The format's settings an event stores beyond scoring, initial meld and gender split
# (every name of engine.FORMAT_SETTINGS is a field of Event).
FORMAT_FIELDS = (
    "scoring_name",
    "turn_seconds",
    "joker_value",
    "never_opened",
    "wait_after_initial_meld",
    "direction",
    "over_time_tiles",
    "hands_per_game",
    "game_minutes",
    "divisions_by_size",
)
# What counts in a game already played, or formed the divisions: fixed once a round is seated.
FORMAT_PLAYED_SETTINGS = ("joker_value", "never_opened", "hands_per_game", "divisions_by_size")

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
    # What the public sees of people, and how long their personal data are kept.
    "public_names",
    "personal_data_days",
    # The format (tournaments.engine.formats: FORMAT_SETTINGS, besides scoring,
    # initial_meld and by_gender above); the defaults are the Gwinnett preset.
    *FORMAT_FIELDS,
    # The event's clock and its address.
    "time_zone",
    # Who may enter: the youngest and oldest age on the cut-off date (empty: no limit).
    "min_age",
    "max_age",
)
# Settings that decide the bracket: fixed once a round is seated.
# (The format's settings that count in a played game are fixed too: FORMAT_PLAYED_SETTINGS.)
BRACKET_SETTINGS = ("scoring", "prefer_threes", "medal_policy", "tie_order")


def _event_finished():
    """An event's every division with players is complete, and there is at least one."""
    from .divisions import Division  # defined after Event, whose divisions it is

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

    # How names show on the public pages and the projector (tournaments.selectors.public_names).
    class PublicNames(models.TextChoices):
        FULL = "full", _("Full names")
        INITIAL = "initial", _("First name and last initial")
        NONE = "none", _("No names: table and entry numbers only")

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
    # Privacy: names on the public pages, and the days after the event that contact details
    # and exact birth dates are kept before they are deleted (docs/privacy.md).
    public_names = models.CharField(
        max_length=8, choices=PublicNames.choices, default=PublicNames.FULL
    )
    personal_data_days = models.PositiveSmallIntegerField(
        default=DEFAULT_PERSONAL_DATA_DAYS,
        validators=[MaxValueValidator(MAX_PERSONAL_DATA_DAYS)],
        help_text="Contact details and exact birth dates are deleted this many days after "
        "the event.",
    )
    personal_purged_at = models.DateTimeField(
        null=True, blank=True, help_text="When the contact details and birth dates were deleted."
    )
    ended_forgotten_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When what is kept only while the event runs (the notices' addresses) was "
        "deleted, the event having ended.",
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
    # --- Self check-in (tournaments/services/self_checkin.py) ---
    # The window an organizer opens for players to check themselves in (their page or the
    # kiosk): both empty, closed. A volunteer's tap at the desk works at any time.
    checkin_opens_at = models.DateTimeField(
        null=True, blank=True, help_text="Players may check themselves in from this time."
    )
    checkin_closes_at = models.DateTimeField(null=True, blank=True, help_text="… until this time.")

    # --- end of self check-in ---
    # --- The format (tournaments.engine.formats; tournaments.selectors.event_format) ---
    # Every value is checked by the engine on the way in (services.event_configure);
    # the defaults are the Gwinnett preset, so an event from before formats plays as before.
    class Direction(models.TextChoices):
        CLOCKWISE = CLOCKWISE, _("Clockwise")
        COUNTER_CLOCKWISE = COUNTER_CLOCKWISE, _("Counter-clockwise")

    scoring_name = models.CharField(
        max_length=10, blank=True, help_text="How the printed rules name the scoring (pressman)."
    )
    turn_seconds = models.PositiveSmallIntegerField(
        null=True, blank=True, default=120, help_text="A turn's time limit; empty: none."
    )
    joker_value = models.PositiveSmallIntegerField(
        default=JOKER_VALUE, help_text="A joker left on a rack counts this many points."
    )
    never_opened = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="A player who never opened scores this total instead of their rack; "
        "empty: none.",
    )
    wait_after_initial_meld = models.BooleanField(
        default=False, help_text="No playing on other sets until the turn after the initial meld."
    )
    direction = models.CharField(
        max_length=20, choices=Direction.choices, default=Direction.CLOCKWISE
    )
    over_time_tiles = models.PositiveSmallIntegerField(
        default=0, help_text="Tiles drawn for a turn over time (0 or 1)."
    )
    hands_per_game = models.PositiveSmallIntegerField(
        default=1, help_text="A game is at least this many separately scored hands."
    )
    game_minutes = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="A game's time limit in minutes; empty: none."
    )
    divisions_by_size = models.CharField(
        max_length=200,
        blank=True,
        help_text="Age groups by the field's size, as 16:50,75;32:50,65,80; empty: the age bands.",
    )
    # --- end of the format ---
    # --- The event's clock (tournaments/zones.py): every time shown or printed is in it ---
    time_zone = models.CharField(
        max_length=64,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text="Every time shown or printed is in this zone, as America/Chicago.",
    )
    # --- end of the event's clock ---
    # --- Who may enter (tournaments.engine.age_outside): ages on the cut-off date ---
    min_age = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_EVENT_AGE)],
        help_text="The youngest age allowed on the cut-off date; empty: no minimum.",
    )
    max_age = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_EVENT_AGE)],
        help_text="The oldest age allowed on the cut-off date; empty: no maximum.",
    )
    # --- end of who may enter ---

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
            models.CheckConstraint(
                condition=Q(public_names__in=["full", "initial", "none"]),
                name="event_public_names_known",
            ),
            models.CheckConstraint(
                condition=Q(personal_data_days__lte=MAX_PERSONAL_DATA_DAYS),
                name="event_personal_data_days_range",
            ),
            # The format's values the engine allows (tournaments.engine.formats).
            models.CheckConstraint(
                condition=Q(joker_value__in=JOKER_VALUES), name="event_joker_value_known"
            ),
            models.CheckConstraint(
                condition=Q(direction__in=DIRECTIONS), name="event_direction_known"
            ),
            models.CheckConstraint(
                condition=Q(hands_per_game__gte=1, hands_per_game__lte=MAX_HANDS_PER_GAME),
                name="event_hands_per_game_range",
            ),
            models.CheckConstraint(
                condition=Q(checkin_opens_at__isnull=True, checkin_closes_at__isnull=True)
                | Q(checkin_closes_at__gt=models.F("checkin_opens_at")),
                name="event_checkin_window",
            ),
            # Who may enter: a minimum above the maximum lets nobody in.
            models.CheckConstraint(
                condition=Q(min_age__isnull=True)
                | Q(max_age__isnull=True)
                | Q(max_age__gte=models.F("min_age")),
                name="event_age_limits_in_order",
            ),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        if self.min_age is not None and self.max_age is not None and self.min_age > self.max_age:
            raise ValidationError(
                {
                    "max_age": _(
                        "The oldest age allowed (%(oldest)s) is below the youngest "
                        "(%(youngest)s)."
                    )
                    % {"oldest": self.max_age, "youngest": self.min_age}
                }
            )
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
    def personal_data_deleted_on(self) -> datetime.date:
        """The day contact details and exact birth dates are deleted: ``personal_data_days``
        after the event's date (tournaments.services.event_personal_purge)."""
        return self.date + datetime.timedelta(days=self.personal_data_days)

    @property
    def age_cutoff(self) -> datetime.date:
        return self.cutoff_date or datetime.date(self.date.year, 12, 31)


class EventAddress(models.Model):
    """An address an event had before its short name changed: a page asked for under it is
    sent to the event's address now (``web.event_zone``), until another event takes it."""

    slug = models.SlugField(max_length=80, unique=True)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="old_addresses")
    changed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.slug} → {self.event.slug}"
