from cli.base import EventCommand, get_entrant
from tournaments import services


class Command(EventCommand):
    help = (
        "Remove an entrant who is not seated (a typo, a duplicate, a cancelled entry); who "
        "removed them, when and why is kept. A seated player is withdrawn instead "
        "(checkin --withdraw)."
    )

    def add_options(self, parser):
        parser.add_argument("id", help="the entrant's id (entrant_id)")
        parser.add_argument("--reason", required=True, help="why (kept in the audit trail)")

    def run(self, event, **o):
        entrant = get_entrant(event, o["id"])
        removal = services.entrant_remove(entrant=entrant, reason=o["reason"])
        self.say(
            f"Removed {removal.name} ({removal.external_id}) from {event.name} "
            f"({removal.division}): {removal.reason}"
        )
