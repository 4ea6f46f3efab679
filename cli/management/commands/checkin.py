from django.core.management.base import CommandError
from django.db import transaction

from cli.base import EventCommand, get_entrant, seating_lines
from scoring import services as scoring_services
from tournaments import services
from tournaments.engine import RuleError


def _ids(values):
    return [i.strip() for value in values or [] for i in value.split(",") if i.strip()]


class Command(EventCommand):
    help = (
        "Check in every registered entrant not named absent; withdraw or disqualify players "
        "mid-event, or undo a withdrawal marked by mistake."
    )

    def add_options(self, parser):
        parser.add_argument("--absent", action="append", help="ID[,ID…] of no-shows")
        parser.add_argument("--withdraw", action="append", help="ID[,ID…] withdrawing mid-event")
        parser.add_argument(
            "--disqualify", action="append", help="ID[,ID…] disqualified (needs --reason)"
        )
        parser.add_argument(
            "--undo-withdrawal",
            action="append",
            dest="undo",
            help="ID[,ID…] withdrawn or disqualified by mistake, back in play (needs --reason)",
        )
        parser.add_argument(
            "--add-to-seating",
            action="append",
            dest="add_to_seating",
            help="ID[,ID…] of late arrivals: checked in, and round 1 of their division (seated, "
            "no score entered) seated again with them",
        )
        parser.add_argument("--reason", help="why (a disqualification, an undone withdrawal)")
        parser.add_argument(
            "--accessible",
            action="append",
            help="ID[,ID…] of players who need an accessible table (seated at one from the "
            "next seating on)",
        )
        parser.add_argument(
            "--not-accessible",
            action="append",
            dest="not_accessible",
            help="ID[,ID…] marked as needing an accessible table by mistake",
        )

    def run(self, event, **o):
        disqualify, undo = _ids(o["disqualify"]), _ids(o["undo"])
        if (disqualify or undo) and not (o["reason"] or "").strip():
            raise RuleError(
                "--disqualify and --undo-withdrawal need --reason TEXT (kept in the record)."
            )
        if o["reason"] and not (disqualify or undo):
            raise RuleError("--reason goes with --disqualify or --undo-withdrawal.")
        both = set(_ids(o["accessible"])) & set(_ids(o["not_accessible"]))
        if both:
            raise RuleError(
                f"{', '.join(sorted(both))}: named with both --accessible and --not-accessible."
            )
        late = _ids(o["add_to_seating"])
        acting = o["withdraw"] or disqualify or undo or late
        # All steps or none: an unknown id in any list changes nothing.
        with transaction.atomic():
            undone = [
                scoring_services.entrant_reinstate(
                    entrant=get_entrant(event, i), reason=o["reason"]
                )
                for i in undo
            ]
            withdrawn = []
            if o["withdraw"]:
                withdrawn = services.entrants_withdraw(event=event, ids=_ids(o["withdraw"]))
            disqualified = []
            if disqualify:
                disqualified = services.entrants_disqualify(
                    event=event, ids=disqualify, reason=o["reason"]
                )
            marked = services.entrants_mark_accessible(
                event=event, ids=_ids(o["accessible"]), accessible=True
            )
            unmarked = services.entrants_mark_accessible(
                event=event, ids=_ids(o["not_accessible"]), accessible=False
            )
            added = services.late_arrivals_seat(event=event, ids=late) if late else None
            report = None
            if o["absent"] or not acting:
                report = services.entrants_check_in(
                    event=event, absent=_ids(o["absent"]), absent_not_named_arrived=True
                )
        for entrant in undone:
            self.say(f"Back in play: {entrant.name} ({entrant.external_id}).")
        for entrant in withdrawn:
            self.say(f"Withdrawn: {entrant.name} ({entrant.external_id}).")
        for entrant in disqualified:
            self.say(f"Disqualified: {entrant.name} ({entrant.external_id}).")
        for entrant in marked:
            self.say(f"Needs an accessible table: {entrant.name} ({entrant.external_id}).")
        for entrant in unmarked:
            self.say(f"No accessible table needed: {entrant.name} ({entrant.external_id}).")
        if added is not None:
            self._say_added(added)
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
                + ". While no score of its round 1 is entered, add them to its seating: "
                + f"checkin {event.slug} --add-to-seating {','.join(report.too_late)}"
            )

    def _say_added(self, added):
        for done in added.seated:
            names = ", ".join(f"{e.name} ({e.external_id})" for e in done.added)
            tables = len(done.after["tables"])
            self.say(
                f"Round 1 of {done.division.name} seated again with {names}: "
                f"{done.players} players at {tables} table(s)."
            )
            changed = ", ".join(str(n) for n in done.tables_changed)
            self.say(
                f"Tables that change: {changed} (print their score sheets and the table list "
                "again)."
            )
            if done.tables_kept:
                self.say(f"Tables as they were: {', '.join(map(str, done.tables_kept))}.")
            for line in seating_lines(done.round):
                self.say(line)
        for entrant in added.checked_in:
            self.say(
                f"Checked in: {entrant.name} ({entrant.external_id}); "
                f"{entrant.division.bracket.name} is not seated yet."
            )
        for entrant in added.already:
            self.say(f"Already seated: {entrant.name} ({entrant.external_id}).")
