from cli.base import EventCommand, get_division, get_entrant, get_round
from cli.decisions import decision_lines
from scoring import services
from scoring.models import Game
from tournaments.engine import RuleError, parse_rack_total
from tournaments.selectors import event_format


class Command(EventCommand):
    help = "Correct one rack total, with a reason kept in the audit trail."

    def add_options(self, parser):
        parser.add_argument("--division", required=True)
        parser.add_argument("--round", type=int, required=True)
        parser.add_argument("--table", type=int, required=True)
        parser.add_argument("--game", type=int, required=True)
        parser.add_argument("--entrant", required=True)
        parser.add_argument("--rack-total", required=True)
        parser.add_argument("--reason", required=True)
        parser.add_argument(
            "--ended", choices=["out", "exhausted"], help="correct how the game ended, too"
        )
        parser.add_argument("--winner", help="entrant id of the tied winner the table named")

    def run(self, event, **o):
        round_ = get_round(get_division(event, o["division"]), o["round"])
        game = Game.objects.filter(
            table__round=round_, table__number=o["table"], number=o["game"]
        ).first()
        if game is None and not round_.tables.filter(number=o["table"]).exists():
            numbers = ", ".join(
                str(n) for n in round_.tables.order_by("number").values_list("number", flat=True)
            )
            raise RuleError(
                f"{round_.division.name}, round {round_.number} has no table {o['table']}: its "
                f"tables are {numbers or 'none'} (the hall's numbers, as export_seating gives)."
            )
        if game is None:
            raise RuleError(
                f"Round {round_.number}, table {o['table']}, game {o['game']} has no scores yet: "
                "enter them with import_scores."
            )
        entrant = get_entrant(event, o["entrant"])
        change = services.score_correct(
            game=game,
            entrant=entrant,
            rack_total=parse_rack_total(
                o["rack_total"], joker_value=event_format(event).table.joker_value
            ),
            reason=o["reason"],
            ended=o["ended"],
            winner=get_entrant(event, o["winner"]) if o["winner"] else None,
        )
        self.say(
            f"Corrected {entrant.name} ({entrant.external_id}) in round {round_.number}, "
            f"table {o['table']}, game {o['game']}: {change.before['rack_total']} → "
            f"{change.after['rack_total']} ({change.reason})."
        )
        if change.flag:
            for line in decision_lines(event.slug, round_.division.name, change):
                self.say(line)
