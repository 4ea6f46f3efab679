import getpass
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from cli.base import EventCommand
from tournaments import services
from tournaments.access import event_organizers
from tournaments.engine import RuleError


class Command(EventCommand):
    help = (
        "Make an account an organizer of the event, creating the account if there is none "
        "(with the password read from standard input, or a new one printed once); --remove "
        "takes the role away (the event's last organizer stays)."
    )
    # call_command(..., stdin=...) in tests and scripts, as Django's createsuperuser takes it.
    stealth_options = ("stdin",)

    def add_options(self, parser):
        parser.add_argument("username", help="the account's user name")
        parser.add_argument(
            "--password-stdin",
            action="store_true",
            help="read the password from standard input (its first line): a new account's, "
            "or an existing account's new one",
        )
        parser.add_argument(
            "--remove",
            action="store_true",
            help="take the organizer role away (the account and its work stay)",
        )

    def run(self, event, **o):
        username = o["username"].strip()
        if o["remove"]:
            if o["password_stdin"]:
                raise CommandError("--remove takes no password: leave out --password-stdin.")
            self._remove(event, username)
        else:
            password = self._password(o.get("stdin")) if o["password_stdin"] else None
            self._add(event, username, password)
        names = ", ".join(event_organizers(event).values_list("username", flat=True))
        self.say(f"Organizers of {event.name}: {names or 'none'}.")

    def _password(self, stdin) -> str:
        stdin = stdin or sys.stdin
        if stdin.isatty():
            password = getpass.getpass("Password: ", stream=sys.stderr)
        else:
            password = stdin.readline().removesuffix("\n").removesuffix("\r")
        if not password:
            raise CommandError("No password on standard input (--password-stdin reads one line).")
        return password

    def _add(self, event, username: str, password: str | None) -> None:
        added = services.organizer_add(event=event, username=username, password=password)
        name = added.user.username
        if added.created:
            self.say(f"Made the account {name}, an organizer of {event.name}.")
            if added.password:
                self.say(f"Its password, shown only now: {added.password}")
            return
        if added.already:
            self.say(f"{name} organized {event.name} already.")
        else:
            self.say(f"{name} organizes {event.name} now.")
        if added.password_set:
            self.say(f"{name}'s password is now the one given.")

    def _remove(self, event, username: str) -> None:
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise RuleError(f"There is no account '{username}'.")
        services.organizer_remove(event=event, user=user)
        self.say(f"{user.username} no longer organizes {event.name} (the account stays).")
