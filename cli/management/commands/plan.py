from cli.base import EventCommand, get_division
from tournaments import engine
from tournaments.selectors import bracket_entrants, played_brackets


class Command(EventCommand):
    help = "Print each division's plan for the players checked in, with the estimated duration."

    def add_options(self, parser):
        parser.add_argument("--division")

    def run(self, event, **o):
        divisions = (
            [get_division(event, o["division"]).bracket]
            if o["division"]
            else list(played_brackets(event))
        )
        for division in divisions:
            entrants = bracket_entrants(division)
            checked_in = entrants.checked_in().count()
            plan = engine.plan_division(
                checked_in,
                prefer_threes=event.prefer_threes,
                minutes_per_game=event.minutes_per_game,
            )
            self.say(f"{division.name}: {checked_in} checked in of {entrants.count()} registered")
            for number, line in enumerate(plan.describe(), start=1):
                prefix = f"  round {number}: " if plan.rounds else "  "
                self.say(prefix + line)
            if plan.minutes:
                hours, minutes = divmod(plan.minutes, 60)
                self.say(
                    f"  estimated duration: {plan.games} games one after another × "
                    f"{event.minutes_per_game} min = {hours} h {minutes:02d} min"
                )
            medals_by_age_group = (
                event.medal_policy == "age-group" or division.medals_by_age_group
            ) and (division.combined_from.exists())
            for note in plan.comparison_notes(medals_by_age_group=medals_by_age_group):
                self.say(f"  how tables are compared: {note}")
            if plan.table_of_two:
                self.say("  note: a table of two is unavoidable with this number of players")
