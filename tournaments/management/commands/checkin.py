from django.core.management.base import CommandError
from django.db import transaction

from tournaments import services
from tournaments.management.base import EventCommand


def _ids(values):
    return [i for value in values or [] for i in value.split(",") if i.strip()]


class Command(EventCommand):
    help = "Check in every registered entrant not named absent; withdraw players mid-event."

    def add_options(self, parser):
        parser.add_argument("--absent", action="append", help="ID[,ID…] of no-shows")
        parser.add_argument("--withdraw", action="append", help="ID[,ID…] withdrawing mid-event")

    def run(self, event, **o):
        # Both steps or neither: an unknown id in either list changes nothing.
        with transaction.atomic():
            withdrawn = []
            if o["withdraw"]:
                withdrawn = services.entrants_withdraw(event=event, ids=_ids(o["withdraw"]))
            report = None
            if o["absent"] or not o["withdraw"]:
                report = services.entrants_check_in(
                    event=event, absent=_ids(o["absent"]), absent_not_named_arrived=True
                )
        for entrant in withdrawn:
            self.say(f"Withdrawn: {entrant.name} ({entrant.external_id}).")
        if report is None:
            return
        self.say(f"Checked in {len(report.checked_in)} entrant(s).")
        if report.arrived:
            self.say(f"Checked in, no longer absent: {', '.join(report.arrived)}.")
        if report.absent:
            self.say(f"Absent: {', '.join(report.absent)}.")
        if report.too_late:
            # The rest was done; what was refused ends the command with a non-zero exit.
            raise CommandError(
                "Not checked in, their division is already seated: "
                + ", ".join(report.too_late)
                + "."
            )
