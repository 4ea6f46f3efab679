"""The number of queries of each page that a state meet loads most is
pinned, and does not grow with the field: each page is requested on a small and a
larger event of the same shape (one division, live and finished) and must stay under its
cap on both, with the same count. bench/pages_bench.py measures times and memory."""

import random

import pytest

from printing import services as printing
from scoring.simulation import SimulationReport, finish_division, play_round
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db

SMALL, LARGE = 8, 40
FIRST = ["Ann", "Bo", "Cy", "Dee"]
# The caps: what each page needs today (2026-11-24), plus three. A page that starts reading
# per seat, table or document goes over them on the larger event.
CAPS = {
    "projector, live": 17,
    "projector, finished": 16,
    "find my table, live": 13,
    "find my table, finished": 14,
    "standings": 20,
    # +1 since pinned: the scorekeepers locked out after wrong passwords, in one query.
    "desk overview, live": 30,
    "desk overview, finished": 29,
    # +1 since pinned: the "fix the seating" section says why once a score is in.
    "desk division, live": 30,
    "desk division, finished": 29,
    # -1 since pinned: the table is read with the event and the user's roles, in one query;
    # -3 more: the sheet reads its games with their racks in one query, and penalties, tie
    # decisions and namesakes' names only when the seats' query says there are some.
    "table page": 11,
    # A closed round's table (2026-11-24: 8): the division's newest round is read besides,
    # to say where the scorekeeper goes next (only for a closed round).
    "table page, closed round": 11,
    "print page, finished": 31,
}


def _event(players: int, organizer, *, finished: bool):
    event = EventFactory()
    event.organizers.add(organizer)
    division = DivisionFactory(event=event, name="Open")
    # Namesakes on both events (the table page reads their names only when its players
    # have some): "Ann Player" twice on the small one already.
    for number in range(players):
        EntrantFactory(division=division, first_name=FIRST[number % 4], last_name="Player")
    rng = random.Random(players)
    services.division_seat_first_round(division=division, seed=5)
    division.refresh_from_db()
    if finished:
        finish_division(division, rng, SimulationReport(event))
        for kind in ("results", "certificates", "bracket", "ribbons"):
            document = printing.document_request(
                event=event, kind=kind, division=division if kind == "bracket" else None
            )
            printing.document_render(document.pk)
    else:
        play_round(division.rounds.get(), rng, tables=lambda tables: tables[: len(tables) // 2])
    return event, division


def _pages(event, division, finished: bool) -> dict[str, str]:
    slug = event.slug
    if finished:
        first = division.rounds.get(number=1).tables.first()
        return {
            "table page, closed round": f"/e/{slug}/tables/{first.pk}/",
            "projector, finished": f"/p/{slug}/",
            "find my table, finished": f"/p/{slug}/find/?q=player",
            "desk overview, finished": f"/e/{slug}/desk/",
            "desk division, finished": f"/e/{slug}/desk/divisions/{division.pk}/",
            "print page, finished": f"/e/{slug}/print/",
        }
    table = division.rounds.get().tables.filter(games__isnull=False).first()
    return {
        "projector, live": f"/p/{slug}/",
        "find my table, live": f"/p/{slug}/find/?q=player",
        "standings": f"/e/{slug}/standings/{division.pk}/",
        "desk overview, live": f"/e/{slug}/desk/",
        "desk division, live": f"/e/{slug}/desk/divisions/{division.pk}/",
        "table page": f"/e/{slug}/tables/{table.pk}/",
    }


@pytest.mark.parametrize("finished", [False, True], ids=["live", "finished"])
def test_page_queries_are_capped_and_do_not_grow_with_the_field(
    client, django_assert_max_num_queries, finished
):
    organizer = UserFactory(username="olive")
    client.force_login(organizer)
    counts: dict[str, list[int]] = {}
    for players in (SMALL, LARGE):
        event, division = _event(players, organizer, finished=finished)
        for name, url in _pages(event, division, finished).items():
            client.get(url)  # the session and caches warm, as for a page opened again
            with django_assert_max_num_queries(CAPS[name]) as queries:
                response = client.get(url)
            assert response.status_code == 200, (name, response.status_code)
            counts.setdefault(name, []).append(len(queries))
    grown = {name: pair for name, pair in counts.items() if pair[1] > pair[0]}
    assert not grown, f"queries grow with the field ({SMALL} -> {LARGE} players): {grown}"
