from cli.base import EventCommand
from scoring import services


class Command(EventCommand):
    help = (
        "Delete the event's contact details (e-mail, phone, emergency contact, address, "
        "state), exact birth dates, households and accessible-table needs N days after the "
        "event (the event's setting, 90 by default), keeping names, age groups and results."
    )

    def add_options(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            metavar="N",
            help="days after the event (0 to 3650; default: the event's setting)",
        )

    def run(self, event, **o):
        report = services.event_personal_purge(event=event, days=o["days"])
        if not report.done:
            days = event.personal_data_days if o["days"] is None else o["days"]
            self.say(
                f"Nothing deleted yet: {event.name}'s personal data are deleted from "
                f"{report.deleted_on.isoformat()} ({days} days after the event, once it is "
                "over). Run again then, or with --days 0 once the event is over."
            )
            return
        self.say(
            f"Deleted the contact details and exact birth dates of {report.entrants} "
            f"entrant{'s' if report.entrants != 1 else ''} of {event.name}; names, age "
            "groups and results are kept."
        )
