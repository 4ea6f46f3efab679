from cli.base import EventCommand
from scoring import services


class Command(EventCommand):
    help = (
        "Erase one person's personal data at their request: their results stay under "
        '"Withdrawn entrant #ID" (nobody else\'s place changes); who erased them, when and '
        "why is kept."
    )

    def add_options(self, parser):
        parser.add_argument("id", help="the entrant's id (entrant_id)")
        parser.add_argument("--reason", required=True, help="why (kept in the audit trail)")

    def run(self, event, **o):
        erased = services.entrant_erase(event=event, external_id=o["id"], reason=o["reason"])
        self.say(
            f"Erased the personal data of entrant {erased.entrant.external_id} of {event.name}: "
            f"now shown as {erased.words}; their results are kept."
        )
