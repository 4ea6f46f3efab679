"""The demo event `make run` loads: the sample registration export, played part-way."""

import datetime
import random
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments import services as bracket
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
    "organizer": "the desk, the settings and the admin",
    "scorekeeper": "enters scores at the tables",
    "scorekeeper2": "checks the games scorekeeper entered (a second person)",
}


def demo_accounts() -> dict[str, str]:
    """(Re)set the demo accounts' passwords; returns them to be printed once. Readable
    ones, as a new scorekeeper gets (``k7mx-p4rt-9hwe``): said aloud across a hall and
    typed on a tablet."""
    User = get_user_model()
    passwords = {}
    for username, organizer in ACCOUNTS:
        user, _ = User.objects.get_or_create(username=username)
        password = bracket.readable_password()
        user.set_password(password)
        # Only the organizer uses the admin; scorekeepers use the score entry pages.
        user.is_staff = organizer
        user.is_superuser = organizer
        user.save()
        passwords[username] = password
    return passwords


def load_demo(seed: int = 2026) -> tuple[Event, bool]:
    """Build the demo event through the services, unless it is there already."""
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
        User = get_user_model()
        for username, organizer in ACCOUNTS:
            user, _ = User.objects.get_or_create(username=username)
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
