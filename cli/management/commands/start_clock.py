from django.core.management.base import CommandError

from cli.base import EventCommand, get_division
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Round
from tournaments.selectors import round_clock


def clock_line(round_: Round) -> str:
    """A round's clock in words: when it started, its time, when it ends."""
    clock = round_clock(round_)
    name = f"{round_.division.name}, round {round_.number}"
    minutes = clock.clock.minutes
    if not clock.started:
        return f"{name}: the clock has not started ({minutes} minutes when it does)."
    state = (
        f"paused with {clock.left_text} left"
        if clock.paused
        else ("time is up" if clock.up else f"{clock.left_text} left, ends at {clock.end_text}")
    )
    return f"{name}: clock started at {clock.started_text} for {minutes} minutes; {state}."


class Command(EventCommand):
    help = (
        "Start the round clock of a division's current round (or of every round playing): "
        "minutes per game × the round's games. --restart starts it again from full time; "
        "--pause stops it for a while (a fire drill) and --resume lets it run on."
    )

    def add_options(self, parser):
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--division")
        which.add_argument("--all", action="store_true")
        action = parser.add_mutually_exclusive_group()
        action.add_argument("--restart", action="store_true")
        action.add_argument("--pause", action="store_true")
        action.add_argument("--resume", action="store_true")

    def run(self, event, **o):
        if o["all"]:
            if o["restart"]:
                raise CommandError("--restart starts one division's clock again: name it.")
            if not (o["pause"] or o["resume"]):
                report = services.rounds_clock_start(event=event)
                for round_ in report.started:
                    self.say(clock_line(round_))
                for round_ in report.running:
                    self.say(clock_line(round_) + " (already running, left as it was)")
                return
            rounds = [
                r
                for r in (d.rounds.current() for d in event.divisions.brackets().in_age_order())
                if r is not None and r.status != Round.Status.CLOSED
            ]
        else:
            division = get_division(event, o["division"]).bracket
            current = division.rounds.current()
            if current is None:
                raise CommandError(f"{division.name} is not seated yet: no round to time.")
            rounds = [current]
        failed = []
        for round_ in rounds:
            try:
                if o["pause"]:
                    round_ = services.round_clock_pause(round_=round_)
                elif o["resume"]:
                    round_ = services.round_clock_resume(round_=round_)
                else:
                    result = services.round_clock_start(round_=round_, restart=o["restart"])
                    round_ = result.round
                    if not result.started:
                        self.say(
                            clock_line(round_) + " (already running; --restart starts it again)"
                        )
                        continue
            except RuleError as error:
                failed.append(str(error))
                continue
            self.say(clock_line(round_))
        if failed:
            raise CommandError("\n".join(failed))
