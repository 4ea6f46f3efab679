import io
import json

from cli.base import EventCommand
from scoring.selectors import event_results
from tournaments.csvfiles import csv_writer


class Command(EventCommand):
    help = "Write the results (placings, medals, every round's scores) to standard output."

    def add_options(self, parser):
        parser.add_argument("--format", choices=["json", "csv"], default="json")

    def run(self, event, **o):
        results = event_results(event)
        for division in results["divisions"]:
            if division["decision_pending"]:
                # Said on standard error, so the CSV and JSON stay as they are.
                self.stderr.write(
                    f"Note: {division['name']}: a decision is pending — "
                    f"{division['decision_pending']['summary']} These results may change."
                )
        if o["format"] == "json":
            self.stdout.write(json.dumps(results, ensure_ascii=False, indent=2))
            return
        buffer = io.StringIO()
        writer = csv_writer(buffer, lineterminator="\n")
        writer.writerow(["division", "place", "medal", "entrant_id", "name", "round_reached"])
        for division in results["divisions"]:
            for placing in division["placings"]:
                writer.writerow(
                    [
                        division["name"],
                        "" if placing["place"] is None else placing["place"],
                        placing["medal"] or "",
                        placing["entrant_id"],
                        placing["name"],
                        placing["round_reached"],
                    ]
                )
        self.stdout.write(buffer.getvalue(), ending="")
