import time

from cli.base import EventCommand
from scoring.simulation import medal_lines, simulate_event


class Command(EventCommand):
    help = "Create an event with plausible entrants and play it to medals with random scores."
    needs_event = False

    def add_options(self, parser):
        parser.add_argument("--entrants", type=int, required=True)
        parser.add_argument("--seed", type=int)
        parser.add_argument("--scoring", choices=["low", "sabra"], default="low")
        parser.add_argument("--name")

    def run(self, event, **o):
        started = time.perf_counter()
        report = simulate_event(
            slug=o["slug"],
            entrants=o["entrants"],
            seed=o["seed"],
            scoring=o["scoring"],
            name=o["name"],
        )
        for line in medal_lines(report.event):
            self.say(line)
        self.say(
            f"Simulated {report.entrants} entrants in {len(report.divisions)} division(s): "
            f"{report.games} games, {report.ties_resolved} ties resolved by draw, "
            f"{time.perf_counter() - started:.1f} s."
        )
