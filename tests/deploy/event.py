"""The event of the deployment test and measurement, set up with manage.py as an
organizer would: createsuperuser, import_entrants --create-event, checkin, seat; the
scorekeepers' accounts with `manage.py shell` (no command makes them)."""

from pathlib import Path

SLUG = "state-2026"
DIVISION = "Open"


def set_up_event(stack, directory: Path, *, entrants: int, passwords: dict[str, str]):
    """``passwords``: {"organizer": ..., scorekeeper name: ..., ...}."""
    stack.manage(
        "createsuperuser",
        "--noinput",
        "--username",
        "organizer",
        "--email",
        "organizer@example.org",
        env={"DJANGO_SUPERUSER_PASSWORD": passwords["organizer"]},
    )
    rows = ["entrant_id,first_name,last_name,birth_date,gender,club,division"]
    rows += [
        f"ST{n:04d},Player{n:04d},Deploy{n % 7},1950-04-{n % 28 + 1:02d},"
        f"{'F' if n % 2 else 'M'},Club {n % 5},{DIVISION}"
        for n in range(1, entrants + 1)
    ]
    path = directory / "entrants.csv"
    path.write_text("\n".join(rows) + "\n")
    stack.manage(
        "import_entrants",
        SLUG,
        str(path),
        "--create-event",
        "--name",
        "State Senior Games 2026",
        "--date",
        "2026-06-10",
    )
    stack.manage("checkin", SLUG)
    seated = stack.manage("seat", SLUG, "--all", "--seed", "7").stdout
    keepers = [(name, password) for name, password in passwords.items() if name != "organizer"]
    stack.manage(
        "shell",
        "-c",
        (
            "from django.contrib.auth import get_user_model\n"
            "from tournaments.models import Event\n"
            f"event = Event.objects.get(slug={SLUG!r})\n"
            f"for name, password in {keepers!r}:\n"
            "    user = get_user_model().objects.create_user(name, password=password)\n"
            "    event.scorekeepers.add(user)\n"
        ),
    )
    return seated
