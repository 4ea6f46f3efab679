import shlex

from django.core.management.base import CommandError
from django.db import transaction

from cli.base import EventCommand, get_division, seating_lines
from tournaments import services
from tournaments.engine import HallFull, RuleError
from tournaments.models import Division, Round
from tournaments.selectors import bracket_entrants, lone_neighbours, played_brackets


class Command(EventCommand):
    help = "Seat the next round of a division (or all) and print the seating."

    def add_options(self, parser):
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("--division")
        group.add_argument("--all", action="store_true")
        parser.add_argument("--seed", type=int, help="seat reproducibly from this seed")
        parser.add_argument(
            "--reseat",
            action="store_true",
            help="seat the latest round again (same players, a new seed or --seed) while "
            "none of its scores or penalties is entered",
        )
        parser.add_argument("--reason", default="", help="why it is seated again (kept)")

    def run(self, event, **o):
        if o["reseat"]:
            return self.reseat(event, **o)
        # One transaction under the event's lock: when the hall has too few free tables
        # for all of them, none is seated (and nobody else takes numbers meanwhile).
        with transaction.atomic():
            services.event_lock(event.pk)
            # The event's first seating forms its divisions by the field's size, if it says so.
            formed = services.event_divisions_by_size(event=event)
            if formed is not None:
                self.say_grouping(formed.view, formed.moved)
            if o["all"]:
                divisions = list(played_brackets(event))
            else:
                divisions = [get_division(event, o["division"]).bracket]
            if o["all"]:
                services.hall_check_first_rounds(event=event, divisions=divisions)
            failed = self.seat(event, divisions, **o)
        if failed:
            raise CommandError("\n".join(failed))

    def say_grouping(self, formed, moved: int) -> None:
        """The divisions-by-size rule that applied, and who landed where."""
        self.say(f"Divisions by field size: {formed.grouping.in_words()} ({moved} moved)")
        for name, entrants in formed.rows():
            ids = ", ".join(e.external_id for e in entrants)
            if name:
                self.say(f"  {name}: {len(entrants)} ({ids})")
            else:
                self.say(f"  No age known, left where they were: {ids}")

    def seat(self, event, divisions, **o) -> list[str]:
        failed = []
        # Seating everything at once leaves unseated the division a lone player (who must
        # play) is to be combined with: seated, it could no longer take them.
        held = {n.pk: lone for lone, n in lone_neighbours(event).items()} if o["all"] else {}
        names = {d.pk: d.name for d in divisions}
        for division in divisions:
            if division.pk in held:
                failed.append(
                    f"{division.name}: not seated, held for the lone player of "
                    f"{names.get(held[division.pk], 'another division')}: combine the two, "
                    "then seat again."
                )
                continue
            current = division.rounds.current()
            if division.status == Division.Status.COMPLETE:
                self.say(
                    f"{division.name}: complete" + (" (walkover)" if division.walkover else ".")
                )
                continue
            if current is not None and current.status != Round.Status.SEATED:
                message = (
                    f"{division.name}: round {current.number} is being played; close it with "
                    "'advance' to seat the next round."
                )
                if o["all"]:
                    self.say(message)
                    continue
                raise CommandError(message)
            if o["all"] and not bracket_entrants(division).checked_in().exists():
                self.say(f"{division.name}: nobody is checked in; not seated.")
                continue
            try:
                result = services.division_seat_first_round(division=division, seed=o["seed"])
            except services.LoneEntrantMustPlay as lone:
                message = str(lone)
                if lone.neighbour is not None:
                    message += (
                        f"\n  To combine them: combine_divisions {event.slug} --into "
                        f"{shlex.quote(lone.neighbour.name)} {shlex.quote(division.name)} "
                        "--medals-by-age-group"
                    )
                elif lone.candidates:
                    message += (
                        f"\n  To combine them: combine_divisions {event.slug} --into NAME "
                        f"{shlex.quote(division.name)} --medals-by-age-group "
                        "(NAME: one of the divisions above)"
                    )
                if not o["all"]:
                    raise CommandError(message) from None
                failed.append(message)
                continue
            except RuleError as error:
                if not o["all"] or isinstance(error, HallFull):
                    raise
                failed.append(str(error))
                continue
            if result.walkover:
                lone = bracket_entrants(division).checked_in().first()
                self.say(f"{division.name}: walkover, gold to {lone.name} ({lone.external_id}).")
                continue
            if not result.created:
                self.say("(already seated, left as it is)")
            for line in seating_lines(result.round):
                self.say(line)
        return failed

    def reseat(self, event, **o):
        if o["all"]:
            raise CommandError("--reseat seats one division again: name it with --division.")
        division = get_division(event, o["division"]).bracket
        current = division.rounds.current()
        old_seed = current.seed if current is not None else None
        clock = current is not None and current.clock_started_at is not None
        seated = services.round_reseat(division=division, seed=o["seed"], reason=o["reason"])
        self.say(
            f"{division.name}: round {seated.number} seated again (seed {seated.seed}; "
            f"it was {old_seed}). Print its table list and score sheets again."
        )
        if clock:
            self.say(services.CLOCK_AGAIN)
        for line in seating_lines(seated):
            self.say(line)
