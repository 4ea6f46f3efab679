from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand

from scoring.demo import ACCOUNTS, DEMO_SLUG, ROLES, demo_accounts, load_demo
from tournaments.access import first_run_open


class Command(BaseCommand):
    help = (
        "Load the demo event (once) and print the demo accounts' passwords, which stay the "
        "same from one start to the next (--new-passwords gives them new ones)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--new-passwords",
            action="store_true",
            help="give the demo accounts new passwords (the old ones stop working)",
        )

    def handle(self, *args, **options):
        passwords = demo_accounts(new_passwords=options["new_passwords"])
        event, created = load_demo()
        self.stdout.write(
            f"{'Loaded' if created else 'Kept'} the demo event: {event.name} ({DEMO_SLUG})."
        )
        self.stdout.write("\n".join(["", *_framed(_account_lines(passwords)), ""]))
        if first_run_open():
            self.stdout.write("\n".join(["", *_framed(_first_run_lines()), ""]))


def _framed(lines: list[str]) -> list[str]:
    """A block of its own: the server's and the worker's lines follow it."""
    rule = "=" * max(len(line) for line in lines)
    return [rule, *lines, rule]


def _account_lines(passwords: dict[str, str | None]) -> list[str]:
    base = settings.BASE_URL.rstrip("/")
    width = max(len(name) for name, _ in ACCOUNTS)
    rows = []
    for name, _organizer in ACCOUNTS:
        if name not in passwords:
            shown = "(not the demo's: an account of this name is someone's own, left alone)"
        else:
            shown = passwords[name] or "(kept from before, not known here)"
        rows.append(f"  {name:<{width}}   {shown}   {ROLES.get(name, '')}".rstrip())
    return [
        "Demo accounts, for the demo event only (the same passwords at every start):",
        f"  sign in at {base}/login/",
        "",
        *rows,
        "",
        "Scrolled away? `.venv/bin/python manage.py load_demo` prints them again;",
        "`.venv/bin/python manage.py load_demo --new-passwords` gives them new ones.",
    ]


def _first_run_lines() -> list[str]:
    """How the director makes their own account, while there is none: the first page on
    this computer asks for it (only there: web/views.py), or the command does."""
    port = urlsplit(settings.BASE_URL).port
    here = f"http://127.0.0.1{f':{port}' if port else ''}/"
    return [
        "No organizer account of your own yet. On this computer, open",
        f"  {here}",
        "and choose your user name and password; or, for an event that exists:",
        "  .venv/bin/python manage.py add_organizer EVENT USERNAME --password-stdin",
    ]
