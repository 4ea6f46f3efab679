"""Plausible whole events, played through the services: for simulate_event and the demo."""

import datetime
import random
from dataclasses import dataclass, field

from tournaments import services as bracket
from tournaments.engine import RuleError
from tournaments.engine.simulation import random_game
from tournaments.models import Division, Entrant, Event, Round, Seat
from tournaments.registration import ParsedRegistrations, RegistrationRow
from tournaments.selectors import bracket_entrants, brackets

from . import services
from .selectors import division_state

FIRST_NAMES = (
    "Mary",
    "Patricia",
    "Linda",
    "Barbara",
    "Dorothy",
    "Gloria",
    "Betty",
    "Joan",
    "Zoë",
    "Siobhán",
    "Hye-jin",
    "Margarethe",
    "José",
    "Raúl",
    "François",
    "Björn",
    "Otto",
    "Earl",
    "Walter",
    "John",
    "William",
    "Robert",
    "James",
    "Dong-hyun",
    "Ngozi",
    "Aiko",
    "Renée",
    "Ingrid",
    "Mónica",
    "Chaim",
    "Yusuf",
    "Bernadette",
    "Ruth",
    "Harold",
    "Frances",
)
LAST_NAMES = (
    "Smith",
    "Johnson",
    "Williams",
    "Garcia",
    "Müller",
    "O'Brien",
    "Núñez",
    "Ångström",
    "Okafor",
    "Kim",
    "Yamamoto",
    "Lefèvre",
    "St. John",
    "MacDonald",
    "Peña",
    "Davis",
    "Washington",
    "Brown",
    "Nguyễn",
    "Kowalski",
    "Papadopoulos",
    "Cohen",
    "D'Angelo",
    "Fitzgerald",
    "Haddad",
    "Jensen",
    "Rossi",
    "Schröder",
    "Tanaka",
    "Wright",
)
CLUB_WORDS = (
    "Bethesda",
    "Buford",
    "Lilburn",
    "Snellville",
    "Duluth",
    "Norcross",
    "Suwanee",
    "Lawrenceville",
    "Dacula",
    "Grayson",
    "Loganville",
    "Tucker",
)
CLUB_KINDS = ("Senior Center", "Active Adults", "Tiles", "Rummikub Club", "Library Group")


@dataclass
class SimulationReport:
    event: Event
    entrants: int = 0
    divisions: list[str] = field(default_factory=list)
    games: int = 0
    ties_resolved: int = 0


def plausible_rows(count: int, rng: random.Random, event_date: datetime.date) -> list:
    """Registration rows with plausible senior ages (50–100), clubs and names."""
    clubs = [
        f"{rng.choice(CLUB_WORDS)} {rng.choice(CLUB_KINDS)}" for _ in range(max(3, count // 12))
    ]
    rows = []
    for n in range(1, count + 1):
        age = min(104, 50 + int(rng.triangular(0, 50, 22)))
        birth = event_date - datetime.timedelta(days=int(age * 365.25) + rng.randint(0, 364))
        rows.append(
            RegistrationRow(
                line=n + 1,
                entrant_id=f"SIM-{n:05d}",
                first_name=rng.choice(FIRST_NAMES),
                last_name=rng.choice(LAST_NAMES),
                birth_date=birth,
                age=None,
                gender=rng.choice("FFFM"),
                club=rng.choice(clubs) if rng.random() < 0.6 else "",
                division="",
                email="",
                phone="",
            )
        )
    return rows


def combine_small_divisions(event: Event) -> list[str]:
    """Combine each division below the event's threshold into its younger neighbour."""
    messages = []
    divisions = [
        d
        for d in brackets(event).order_by("min_age", "gender", "name")
        if bracket_entrants(d).checked_in().exists()
    ]
    sizes = {d.pk: bracket_entrants(d).checked_in().count() for d in divisions}
    for index, division in enumerate(divisions):
        if sizes[division.pk] >= event.combine_below or len(divisions) == 1:
            continue
        neighbours = divisions[:index][::-1] + divisions[index + 1 :]
        target = next(
            (d for d in neighbours if d.gender == division.gender and d.pk != division.pk), None
        )
        if target is None:
            continue
        target = Division.objects.get(pk=target.pk)
        target = target.bracket
        bracket.divisions_combine(event=event, into=target.name, names=[division.name])
        sizes[target.pk] = sizes.get(target.pk, 0) + sizes[division.pk]
        sizes[division.pk] = 0
        divisions[index] = target
        messages.append(f"{division.name} plays in {target.name}")
    return messages


def play_round(round_: Round, rng: random.Random, tables=None) -> int:
    """Enter plausible scores for every game of a round, as an organizer would: each game
    checked by the engine, written in bulk (``services.round_games_record``).
    ``tables``: a function choosing which of the round's tables play (for benchmarks)."""
    seated: dict = {}
    out_of_play = (Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED)
    for table_id, player, status in (
        Seat.objects.filter(round=round_)
        .order_by("table__number", "number")
        .values_list("table_id", "entrant__external_id", "entrant__status")
    ):
        seated.setdefault(table_id, [])
        if status not in out_of_play:
            seated[table_id].append(player)
    chosen = list(seated) if tables is None else tables(list(seated))
    games = {}
    for table_id in chosen:
        if len(seated[table_id]) < 2:
            continue
        games[table_id] = [
            random_game(seated[table_id], number, rng) for number in range(1, round_.games + 1)
        ]
    return services.round_games_record(round_=round_, games=games)


def finish_division(
    division: Division, rng: random.Random, report: SimulationReport, rounds: int | None = None
) -> None:
    """Play a seated division round by round (``rounds`` of them, or to the medals)."""
    played = 0
    while division.status != Division.Status.COMPLETE and (rounds is None or played < rounds):
        current = division.rounds.order_by("-number").first()
        if current.status == Round.Status.SEATED:
            report.games += play_round(current, rng)
        while True:
            try:
                services.division_advance(division=division, seed=rng.getrandbits(40))
                break
            except services.TieBlocked as blocked:
                for tie in blocked.ties:
                    order = list(tie.players)
                    rng.shuffle(order)
                    services.tie_resolve(
                        division=division,
                        round_number=tie.round,
                        order=[
                            Entrant.objects.get(event=division.event, external_id=i) for i in order
                        ],
                        note="tile draw (simulated)",
                    )
                    report.ties_resolved += 1
        division.refresh_from_db()
        played += 1


def simulate_event(
    *,
    slug: str,
    entrants: int,
    seed: int | None = None,
    scoring: str = "low",
    name: str | None = None,
) -> SimulationReport:
    """Create an event with plausible entrants and play it to medals."""
    if entrants < 1:
        raise RuleError("Simulate at least one entrant.")
    rng = random.Random(seed)
    event, created = bracket.event_get_or_create(
        slug=slug,
        name=name or f"Simulated event ({entrants} entrants)",
        date=datetime.date.today(),
        scoring=scoring,
    )
    if not created:
        raise RuleError(f"Event '{slug}' already exists: simulate into a new event.")
    rows = plausible_rows(entrants, rng, event.date)
    bracket.entrants_import(
        event=event, parsed=ParsedRegistrations(tuple(rows), {}, (), "generated", {})
    )
    bracket.entrants_check_in(event=event)
    report = SimulationReport(event, entrants)
    combine_small_divisions(event)
    for division in brackets(event).order_by("min_age", "name"):
        if not bracket_entrants(division).checked_in().exists():
            continue
        bracket.division_seat_first_round(division=division, seed=rng.getrandbits(40))
        division.refresh_from_db()
        finish_division(division, rng, report)
        report.divisions.append(division.name)
    return report


def medal_lines(event: Event) -> list[str]:
    lines = []
    for division in brackets(event).order_by("min_age", "name"):
        if division.status != Division.Status.COMPLETE:
            continue
        state = division_state(division)
        medals = [f"{p.medal} {state.names[p.player]}" for p in state.placings.placings if p.medal]
        lines.append(f"{division.name}: " + "; ".join(medals))
    return lines
