from django.conf import settings
from django.core.management.base import BaseCommand

from scoring.demo import DEMO_SLUG, ROLES, demo_accounts, load_demo


class Command(BaseCommand):
    help = "Load the demo event (once) and print the demo accounts' fresh passwords."

    def handle(self, *args, **options):
        event, created = load_demo()
        self.stdout.write(
            f"{'Loaded' if created else 'Kept'} the demo event: {event.name} ({DEMO_SLUG})."
        )
        passwords = demo_accounts()
        base = settings.BASE_URL.rstrip("/")
        # A block of its own: the server's and the worker's lines follow it.
        width = max(len(name) for name in passwords)
        lines = [
            "Demo accounts (new passwords each start, shown only now):",
            f"  sign in at {base}/login/",
            "",
            *(
                f"  {name:<{width}}   {password}   {ROLES.get(name, '')}".rstrip()
                for name, password in passwords.items()
            ),
            "",
            "Lost them? `.venv/bin/python manage.py load_demo` prints new ones (the event stays).",
        ]
        rule = "=" * max(len(line) for line in lines)
        self.stdout.write("\n".join(["", rule, *lines, rule, ""]))
