from django.conf import settings
from django.core.management.base import BaseCommand

from scoring.demo import DEMO_SLUG, demo_accounts, load_demo


class Command(BaseCommand):
    help = "Load the demo event (once) and print the demo accounts' fresh passwords."

    def handle(self, *args, **options):
        event, created = load_demo()
        self.stdout.write(
            f"{'Loaded' if created else 'Kept'} the demo event: {event.name} ({DEMO_SLUG})."
        )
        passwords = demo_accounts()
        base = settings.BASE_URL.rstrip("/")
        self.stdout.write(f"Sign in at {base}/login/ with (new passwords, shown only now):")
        for username, password in passwords.items():
            self.stdout.write(f"  {username} / {password}")
