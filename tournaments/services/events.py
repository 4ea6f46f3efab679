"""Events: creating them, their settings, and who organizes and keeps scores."""

import datetime
import re

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop, ngettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import (
    BRACKET_SETTINGS,
    EVENT_SETTINGS,
    FORMAT_PLAYED_SETTINGS,
    SLUG_PATTERN,
    Bye,
    Division,
    Entrant,
    Event,
    EventAddress,
    Round,
    Seat,
)
from tournaments.selectors import (
    DivisionMove,
    age_cutoff,
    division_moves,
    event_started,
    hall_tables_in_play,
)
from tournaments.zones import zone_named, zone_suggestion

from ._common import model_clean
from .accounts import check_username, readable_password
from .entrants import entrants_regroup
from .privacy import check_personal_days
from .table_codes import event_table_codes_issue

# Why a bracket setting cannot change once play began (English here; said with gettext).
SETTING_WORDS = {
    "scoring": gettext_noop("The scoring system cannot change once a round is seated."),
    "tie_order": gettext_noop(
        "The tie-break order cannot change once a round is seated: it would change results "
        "already decided."
    ),
    "medal_policy": gettext_noop(
        "The medal policy cannot change once a round is seated: it would change results "
        "already decided."
    ),
    "prefer_threes": gettext_noop(
        "The table size preference cannot change once a round is seated: it would change "
        "results already decided."
    ),
}


# Why a format setting cannot change once a round is seated (said with gettext).
FORMAT_SETTING_WORDS = {
    "joker_value": gettext_noop(
        "The joker's value cannot change once a round is seated: it would change games "
        "already played."
    ),
    "never_opened": gettext_noop(
        "The total for a player who never opened cannot change once a round is seated: it "
        "would change games already played."
    ),
    "hands_per_game": gettext_noop(
        "The hands per game cannot change once a round is seated: it would change games "
        "already played."
    ),
    "divisions_by_size": gettext_noop(
        "The divisions by field size cannot change once a round is seated: the divisions "
        "are formed."
    ),
}
# Format settings where 0 (or nothing) stands for "none".
_FORMAT_NONE_AT_ZERO = ("turn_seconds", "never_opened", "game_minutes")


def _format_options(event: Event, options: dict, preset: str | None) -> dict:
    """The settings with the preset's filled in first (``preset``: then the options given),
    the format's values in their stored form, the whole format checked by the engine (a
    RuleError in its words)."""
    if preset:
        options = {**engine.preset(preset).settings(), **options}
    if not any(key in options for key in engine.FORMAT_SETTINGS):
        return options
    for key in _FORMAT_NONE_AT_ZERO:
        if key in options and options[key] == 0:
            options[key] = None
    if "divisions_by_size" in options:
        rule = engine.parse_size_divisions(options["divisions_by_size"] or "")
        options["divisions_by_size"] = rule.text() if rule else ""
    if "scoring" in options:
        options["scoring"] = engine.check_scoring(options["scoring"])
    current = {key: getattr(event, key) for key in engine.FORMAT_SETTINGS}
    engine.format_from_settings({**current, **options})
    return options


def _check_scoring(scoring: str) -> None:
    if scoring not in Event.Scoring.values:
        raise RuleError(
            gettext("'%(scoring)s' is not a scoring system (low or sabra).") % {"scoring": scoring}
        )


def check_time_zone(text: str) -> str:
    """The time zone ``text`` names, in its own spelling; refused with the nearest name when
    it is a typo ("'America/Chicgo' is not a time zone. Did you mean America/Chicago?")."""
    zone = zone_named(text)
    if zone is not None:
        return zone
    refusal = gettext("'%(zone)s' is not a time zone, such as America/Chicago.") % {
        "zone": str(text)[:80]
    }
    near = zone_suggestion(text)
    if near:
        refusal = " ".join([refusal, gettext("Did you mean %(zone)s?") % {"zone": near}])
    raise RuleError(refusal)


# The longest short name: it is a part of every address of the event.
SLUG_MAX_LENGTH = 40


def check_slug(slug: str, *, event: Event | None = None, most: int = SLUG_MAX_LENGTH) -> str:
    """A short name for an event's address: letters a-z, digits and hyphens (as typed), at
    most ``most`` characters, not another event's."""
    slug = str(slug).strip()
    if not slug or len(slug) > most or not re.match(SLUG_PATTERN, slug):
        raise RuleError(
            gettext(
                "'%(slug)s' cannot be a short name: use at most %(most)s letters (a to z), "
                "digits and hyphens, such as county-2026."
            )
            % {"slug": slug[:80], "most": most}
        )
    taken = Event.objects.filter(slug=slug)
    if event is not None:
        taken = taken.exclude(pk=event.pk)
    if taken.exists():
        raise RuleError(
            gettext("The short name '%(slug)s' is taken by another event: choose another.")
            % {"slug": slug}
        )
    return slug


def event_create(
    *,
    name: str,
    slug: str | None = None,
    date: datetime.date,
    scoring: str | None = None,
    venue: str = "",
    preset: str | None = None,
    time_zone: str | None = None,
) -> Event:
    """A new event, its format from ``preset`` (the Gwinnett preset when none), then
    ``scoring`` when given; its short address ``slug`` when given (else made from the name)
    and its time zone (else the server's)."""
    made = slugify(name)[:SLUG_MAX_LENGTH].strip("-")
    if not slug and not made:
        raise RuleError(gettext("An event needs a name made of letters or digits."))
    settings = engine.preset(preset or engine.DEFAULT_PRESET).settings()
    if scoring:
        settings["scoring"] = scoring
    _check_scoring(settings["scoring"])
    zone = check_time_zone(time_zone) if time_zone else None
    with transaction.atomic():
        if slug:
            slug = check_slug(slug)
        else:
            slug = made
            if Event.objects.filter(slug=slug).exists():
                raise RuleError(gettext("An event '%(slug)s' already exists.") % {"slug": slug})
        # A live event's address beats an old one that pointed elsewhere.
        EventAddress.objects.filter(slug=slug).delete()
        event = Event(name=name, slug=slug, date=date, venue=venue, **settings)
        if zone:
            event.time_zone = zone
        event.save()
        return event


def event_create_by(
    *,
    user,
    name: str,
    date: datetime.date,
    scoring: str | None = None,
    venue: str = "",
    preset: str | None = None,
    slug: str | None = None,
    time_zone: str | None = None,
) -> Event:
    """A new event, its format from a preset; whoever creates it organizes it."""
    with transaction.atomic():
        event = event_create(
            name=name,
            slug=slug,
            date=date,
            scoring=scoring,
            venue=venue,
            preset=preset,
            time_zone=time_zone,
        )
        event.organizers.add(user)
        return event


def event_address_change(*, event: Event, slug: str) -> Event:
    """Give the event a new short name (its address) before play: refused once a round is
    seated or a score entered (printed sheets and QR codes carry the address), when taken
    or not a short name. The old address is kept: a page asked for there is sent here."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        slug = check_slug(slug, event=event)
        if slug == event.slug:
            return event
        if event_started(event):
            raise RuleError(
                gettext(
                    "The short name cannot change now: a round is seated, so sheets, QR codes "
                    "and players' pages already carry the address %(slug)s."
                )
                % {"slug": event.slug}
            )
        old = event.slug
        EventAddress.objects.filter(slug=slug).delete()
        event.slug = slug
        event.save(update_fields=["slug"])
        EventAddress.objects.update_or_create(slug=old, defaults={"event": event})
        return event


def event_get_or_create(
    *, slug: str, name: str | None, date: datetime.date | None, scoring: str | None
) -> tuple[Event, bool]:
    """The event ``slug``, created if missing; refused when the options contradict it."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(slug=slug).first()
        if event is None:
            if date is None:
                raise RuleError(gettext("A new event needs --date YYYY-MM-DD."))
            # The short name typed on the command line: one an address can hold.
            check_slug(slug, most=Event._meta.get_field("slug").max_length)
            created = Event.objects.create(
                slug=slug, name=name or slug, date=date, scoring=scoring or engine.LOW
            )
            return created, True
        clashes = []
        if name is not None and name != event.name:
            clashes.append(
                gettext("its name is '%(stored)s', not '%(given)s'")
                % {"stored": event.name, "given": name}
            )
        if date is not None and date != event.date:
            clashes.append(
                gettext("its date is %(stored)s, not %(given)s")
                % {"stored": event.date.isoformat(), "given": date.isoformat()}
            )
        if scoring is not None and scoring != event.scoring:
            clashes.append(
                gettext("it scores '%(stored)s', not '%(given)s'")
                % {"stored": event.scoring, "given": scoring}
            )
        if clashes:
            raise RuleError(
                gettext("Event '%(slug)s' already exists and %(clashes)s.")
                % {"slug": slug, "clashes": "; ".join(clashes)}
            )
        return event, False


def _normalized_settings(options: dict) -> dict:
    """Check each setting's value on its own and put it in the stored form."""
    if "scoring" in options:
        _check_scoring(options["scoring"])
    if "age_bands" in options:
        bands = engine.parse_bands(options["age_bands"])
        options["age_bands"] = ",".join(str(b.low) for b in bands)
    if "tie_order" in options:
        options["tie_order"] = ",".join(engine.parse_tie_order(options["tie_order"]))
    if "medal_policy" in options and options["medal_policy"] not in Event.MedalPolicy.values:
        raise RuleError(gettext("The medal policy is 'combined' or 'age-group'."))
    if "confirmation" in options and options["confirmation"] not in Event.Confirmation.values:
        raise RuleError(gettext("Confirmation is 'none' or 'second-person'."))
    if "score_entry" in options and options["score_entry"] not in Event.ScoreEntry.values:
        raise RuleError(gettext("Who enters scores: 'scorekeepers', 'players' or 'both'."))
    if "paper" in options and options["paper"] not in Event.Paper.values:
        raise RuleError(gettext("Paper is 'letter' or 'a4'."))
    if "language" in options and options["language"] not in Event.Language.values:
        raise RuleError(
            gettext("The language is 'en', 'fr' or 'es', not '%(language)s'.")
            % {"language": options["language"]}
        )
    for key, what in (
        ("unusable_tables", "unusable tables"),
        ("accessible_tables", "accessible tables"),
    ):
        if key in options:
            options[key] = ",".join(str(n) for n in engine.parse_table_numbers(options[key], what))
    if options.get("hall_tables") == 0:
        options["hall_tables"] = None  # 0: the hall's size is no longer set
    for key in ("min_age", "max_age"):  # 0: no age limit (who may enter)
        if options.get(key) == 0:
            options[key] = None
    if "minutes_per_game" in options and not 1 <= options["minutes_per_game"] <= 600:
        raise RuleError(gettext("Minutes per game must be between 1 and 600."))
    if "lone_entrant" in options and options["lone_entrant"] not in Event.LoneEntrant.values:
        raise RuleError(
            gettext("A division with one player: 'walkover' or 'play', not '%(given)s'.")
            % {"given": options["lone_entrant"]}
        )
    if "qualify" in options:
        engine.check_qualify(options["qualify"])
    if "home_state" in options:
        typed = " ".join(str(options["home_state"]).split())
        key = engine.state_key(typed)
        # A US state is kept as its postal code ("Georgia" → "GA"); anything else as typed.
        options["home_state"] = key if len(key) == 2 and key.isalpha() else typed
        if len(options["home_state"]) > 40:
            raise RuleError(gettext("The home state is at most 40 characters, such as GA."))
    if "ribbons_to" in options:
        engine.check_ribbons_to(options["ribbons_to"])
    _check_privacy(options)
    if "time_zone" in options:
        options["time_zone"] = check_time_zone(options["time_zone"])
    return options


def _check_privacy(options: dict) -> None:
    """The names on public pages, and the days personal data are kept after the event."""
    if "public_names" in options and options["public_names"] not in Event.PublicNames.values:
        raise RuleError(
            gettext("Names on public pages: 'full', 'initial' or 'none', not '%(given)s'.")
            % {"given": options["public_names"]}
        )
    if options.get("personal_data_days") is not None:
        check_personal_days(options["personal_data_days"])


# Settings that decide which division an entrant placed by age belongs in.
DIVISION_SETTINGS = ("age_bands", "by_gender", "cutoff_date", "date", "min_age", "max_age")


class DivisionMovesPending(RuleError):
    """New division settings would move registered entrants: the organizer confirms first."""

    def __init__(self, moves: list[DivisionMove]):
        self.moves = moves
        going = [m for m in moves if not m.blocked]
        lines = [
            f"  {m.entrant.name} ({m.entrant.external_id}): {m.before} → {m.after}" for m in going
        ]
        super().__init__(
            f"{len(going)} entrant{'s' if len(going) != 1 else ''} would move to another "
            "division with these settings:\n" + "\n".join(lines)
        )


def _check_ages(event: Event, options: dict) -> None:
    """The event's ages in order (a minimum above the maximum lets nobody in); 0 or None
    given clears a limit."""
    low, high = (
        (options[key] or None) if key in options else getattr(event, key)
        for key in ("min_age", "max_age")
    )
    if low is not None and high is not None and low > high:
        raise RuleError(
            gettext("The oldest age allowed (%(oldest)s) is below the youngest (%(youngest)s).")
            % {"oldest": high, "youngest": low}
        )


def division_settings_moves(event: Event, options: dict) -> list[DivisionMove]:
    """Who these settings would move (and who stays because a division is seated), or []
    when they change nothing that decides divisions."""
    _check_ages(event, options)
    changed = {
        key: options[key]
        for key in DIVISION_SETTINGS
        if key in options and options[key] is not None and options[key] != getattr(event, key)
    }
    if not changed:
        return []
    cutoff_date = changed.get("cutoff_date", event.cutoff_date)
    return division_moves(
        event,
        age_bands=options.get("age_bands") or event.age_bands,
        by_gender=event.by_gender if options.get("by_gender") is None else options["by_gender"],
        cutoff=age_cutoff(cutoff_date, options.get("date") or event.date),
        ages=tuple(
            (options[key] or None) if key in options else getattr(event, key)
            for key in ("min_age", "max_age")
        ),
    )


def _numbers(numbers: list[int]) -> str:
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return words[0]
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def _check_hall_against_tables_in_play(event: Event, options: dict) -> None:
    """A smaller hall, or a new unusable number, must leave every table in play usable:
    refused naming the tables and who holds them. (Accessible numbers may change: they
    only guide the next seating.)"""
    size = options.get("hall_tables", event.hall_tables)
    unusable = options.get("unusable_tables", event.unusable_tables)
    if size == event.hall_tables and unusable == event.unusable_tables:
        return
    never = {int(n) for n in unusable.split(",") if n}
    problems = []
    for who, numbers in hall_tables_in_play(event):
        outside = [n for n in numbers if size and n > size]
        barred = [n for n in numbers if n in never]
        if outside:
            problems.append(
                ngettext(
                    "Table %(numbers)s (%(who)s) is in play: the hall would have %(size)s tables",
                    "Tables %(numbers)s (%(who)s) are in play: the hall would have %(size)s "
                    "tables",
                    len(outside),
                )
                % {"numbers": _numbers(outside), "who": who, "size": size}
            )
        if barred:
            problems.append(
                ngettext(
                    "Table %(numbers)s (%(who)s) is in play and cannot be made unusable",
                    "Tables %(numbers)s (%(who)s) are in play and cannot be made unusable",
                    len(barred),
                )
                % {"numbers": _numbers(barred), "who": who}
            )
    if problems:
        raise RuleError(
            gettext("Not saved: %(problems)s. Change the hall once those rounds are closed.")
            % {"problems": "; ".join(problems)}
        )


def event_configure(
    *,
    event: Event,
    regroup: bool | None = None,
    preset: str | None = None,
    slug: str | None = None,
    **options,
) -> Event:
    """Change event settings. Settings that decide the bracket cannot change once play began.
    ``slug``: a new short name, before play only (``event_address_change``), in the same
    transaction.

    ``preset`` (``gwinnett``, ``nvso``, ``sabra``) fills every format setting of that
    preset first; the other options given then apply. The format's values are checked by
    the engine, and those that count in a played game are fixed once a round is seated.

    Age bands, gender split, cut-off (or the date, without a cut-off) that would move
    registered entrants placed by age: refused (``DivisionMovesPending``, naming them)
    unless ``regroup`` (move them, except where a division is seated) or ``regroup=False``
    (keep everyone where they are)."""
    unknown = set(options) - set(EVENT_SETTINGS)
    if unknown:
        raise RuleError(
            ngettext("Unknown setting %(names)s.", "Unknown settings %(names)s.", len(unknown))
            % {"names": ", ".join(sorted(unknown))}
        )
    options = {k: v for k, v in options.items() if v is not None}
    with transaction.atomic():
        if slug is not None:
            event_address_change(event=event, slug=slug)
        event = Event.objects.select_for_update().get(pk=event.pk)
        options = _format_options(event, options, preset)
        options = _normalized_settings(options)
        if event_started(event):
            for key in BRACKET_SETTINGS:
                if key in options and options[key] != getattr(event, key):
                    raise RuleError(gettext(SETTING_WORDS[key]))
            for key in FORMAT_PLAYED_SETTINGS:
                if key in options and options[key] != getattr(event, key):
                    raise RuleError(gettext(FORMAT_SETTING_WORDS[key]))
        _check_hall_against_tables_in_play(event, options)
        _check_ages(event, options)
        moves = division_settings_moves(event, options)
        if regroup is None and any(not m.blocked for m in moves):
            raise DivisionMovesPending(moves)
        was_players = event.players_enter_scores
        for key, value in options.items():
            setattr(event, key, value)
        model_clean(event)
        event.save()
        if event.players_enter_scores and not was_players:
            event_table_codes_issue(event=event)
        if regroup and moves:
            entrants_regroup(event=event)
        return event


def scorekeeper_add(*, event: Event, username: str, password: str | None = None):
    """Give a user the scorekeeper role for an event, creating the account if needed.

    Returns (user, new password or None).
    """
    username = username.strip()
    if not username:
        raise RuleError(gettext("Enter a user name."))
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.filter(username__iexact=username).first()
        created_password = None
        if user is None:
            username = User.normalize_username(username)
            check_username(username)
            created_password = password or readable_password()
            user = User.objects.create_user(username=username, password=created_password)
        event.scorekeepers.add(user)
        return user, created_password


def scorekeeper_remove(*, event: Event, user) -> bool:
    """Take the scorekeeper role for ``event`` from ``user`` (their account and the scores
    they saved stay). False when they did not have it: removed already (a second tap)."""
    removed, _rows = Event.scorekeepers.through.objects.filter(event=event, user=user).delete()
    return bool(removed)


def event_archive(*, event: Event, archived: bool) -> Event:
    """Archive an event (it leaves the scorekeepers' and public lists, nothing is removed),
    or bring it back."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if archived and event.archived_at is None:
            event.archived_at = timezone.now()
        elif not archived:
            event.archived_at = None
        event.save(update_fields=["archived_at"])
        return event


def event_rows_delete(*, event: Event) -> None:
    """Remove an event and its bracket, registration and documents. Its scores must be gone
    first: ``scoring.services.event_delete`` removes them, then calls this."""
    with transaction.atomic():
        Seat.objects.filter(round__division__event=event).delete()
        Bye.objects.filter(round__division__event=event).delete()
        Round.objects.filter(division__event=event).delete()
        Entrant.objects.filter(event=event).delete()
        Division.objects.filter(event=event).update(combined_into=None)
        Division.objects.filter(event=event).delete()
        event.delete()
