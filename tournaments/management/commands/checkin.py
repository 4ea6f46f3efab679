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
        if o["withdraw"]:
            for entrant in services.entrants_withdraw(event=event, ids=_ids(o["withdraw"])):
                self.say(f"Withdrawn: {entrant.name} ({entrant.external_id}).")
            if not o["absent"]:
                return
        report = services.entrants_check_in(event=event, absent=_ids(o["absent"]))
        self.say(f"Checked in {len(report.checked_in)} entrant(s).")
        if report.absent:
            self.say(f"Absent: {', '.join(report.absent)}.")
        if report.too_late:
            self.say(
                "Not checked in, their division is already seated: " + ", ".join(report.too_late)
            )
