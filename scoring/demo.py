"""The demo event `make run` loads: the sample registration export, played part-way."""

import datetime
import json
import os
import random
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.db.models import Q

from tournaments import services as bracket
from tournaments.access import DEMO_GROUP
from tournaments.models import Division, Event
from tournaments.registration import read_registrations
from tournaments.selectors import bracket_entrants, brackets

from . import simulation

DEMO_SLUG = "gwinnett-2026"
DEMO_FILE = Path(settings.BASE_DIR) / "fixtures" / "registrations-demo.csv"
# A second scorekeeper, because a game is confirmed by someone other than who entered it.
ACCOUNTS = (("organizer", True), ("scorekeeper", False), ("scorekeeper2", False))
# What each account is for, as `load_demo` prints it beside its password.
ROLES = {
    "organizer": "runs the demo event: its desk and settings",
    "scorekeeper": "enters scores at the tables",
    "scorekeeper2": "checks the games scorekeeper entered (a second person)",
}


def passwords_file() -> Path:
    """Where the demo accounts' passwords are kept between starts, to be printed again:
    a file only this computer's user reads, beside the laptop's other local secret
    (``.venue-secret``); the database keeps only their hashes."""
    return Path(settings.DEMO_PASSWORDS_FILE)


def _kept() -> dict:
    try:
        kept = json.loads(passwords_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def _keep(kept: dict) -> None:
    path = passwords_file()
    temporary = path.with_name(path.name + ".new")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump(kept, out, indent=1, sort_keys=True)
    os.replace(temporary, path)


def _known_password(user, entry) -> str | None:
    """The password kept for ``user``, when it is still theirs: the hash it was stored
    with is unchanged (a quick check), or the password still checks (a login rehashed it)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("password"), str):
        return None
    if entry.get("hash") == user.password or user.check_password(entry["password"]):
        return entry["password"]
    return None


def _someone_elses(user) -> bool:
    """An account of a demo account's name that is not the demo's: made by someone for
    themselves (an administrator, or working on another event), never taken over."""
    if user.groups.filter(name=DEMO_GROUP).exists():
        return False
    demo = Q(slug=DEMO_SLUG)
    if user.organized_events.filter(demo).exists() or user.scored_events.filter(demo).exists():
        return False
    return (
        user.is_staff
        or user.is_superuser
        or user.organized_events.exclude(demo).exists()
        or user.scored_events.exclude(demo).exists()
    )


def demo_accounts(*, new_passwords: bool = False) -> dict[str, str | None]:
    """The demo accounts, made if missing, with their passwords to print: each keeps its
    password once made, so a restart never signs anyone out of the demo; ``new_passwords``
    gives every one a new one. None for a password kept from before but not known here;
    an account of that name that is someone's own is left out. Readable passwords, as a
    new scorekeeper gets (``k7mx-p4rt-9hwe``): said aloud across a hall and typed on a
    tablet. They run the demo event only: none administers the site or creates events."""
    User = get_user_model()
    kept = _kept()
    passwords = {}
    with transaction.atomic():
        group, _ = Group.objects.get_or_create(name=DEMO_GROUP)
        for username, _organizer in ACCOUNTS:
            user, created = User.objects.get_or_create(username=username)
            if not created and _someone_elses(user):
                continue
            password = None
            if created or new_passwords:
                password = bracket.readable_password()
                user.set_password(password)
            else:
                password = _known_password(user, kept.get(username))
            user.is_staff = user.is_superuser = False
            user.save()
            user.groups.add(group)
            passwords[username] = password
            if password is not None:
                kept[username] = {"password": password, "hash": user.password}
    _keep(kept)
    return passwords


def load_demo(seed: int = 2026) -> tuple[Event, bool]:
    """Build the demo event through the services, unless it is there already; its
    organizer and scorekeepers are the demo accounts (``demo_accounts``, called first)."""
    existing = Event.objects.filter(slug=DEMO_SLUG).first()
    if existing is not None:
        return existing, False
    rng = random.Random(seed)
    with transaction.atomic():
        event = bracket.event_create(
            name="Gwinnett Senior Golden Games — Rummikub",
            slug=DEMO_SLUG,
            date=datetime.date(2026, 5, 14),
            venue="Bethesda Senior Center, Lawrenceville GA",
        )
        event = bracket.event_configure(
            event=event,
            age_bands="50,60,70,80,90",
            minutes_per_game=25,
            confirmation=Event.Confirmation.SECOND_PERSON,
        )
        parsed = read_registrations(DEMO_FILE.read_bytes(), event_names=[event.name])
        bracket.entrants_import(event=event, parsed=parsed)
        # The demo's own accounts (``demo_accounts`` made them first), none of another's.
        demo_users = get_user_model().objects.filter(groups__name=DEMO_GROUP)
        for username, organizer in ACCOUNTS:
            for user in demo_users.filter(username=username):
                (event.organizers if organizer else event.scorekeepers).add(user)
        absent = [parsed.rows[5].entrant_id, parsed.rows[17].entrant_id]
        bracket.entrants_check_in(event=event, absent=absent)
        simulation.combine_small_divisions(event)
        report = simulation.SimulationReport(event)
        divisions = list(brackets(event).order_by("min_age", "name"))
        for index, division in enumerate(divisions):
            if not bracket_entrants(division).checked_in().exists():
                continue
            bracket.division_seat_first_round(division=division, seed=rng.getrandbits(40))
            division.refresh_from_db()
            # Some divisions finished, one a round further, the rest waiting for scores.
            if index % 3 == 0:
                simulation.finish_division(division, rng, report)
            elif index % 3 == 1 and division.status != Division.Status.COMPLETE:
                simulation.finish_division(division, rng, report, rounds=1)
            division.refresh_from_db()
            if division.status == Division.Status.COMPLETE:
                bracket.medals_confirm(division=division)
    return event, True
