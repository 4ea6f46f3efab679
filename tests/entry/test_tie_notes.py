"""Two players level on a table's total are not placed 2 and 1 on the table page with no
word why: each tied player says what placed them, in the words of
docs/rules.md ("Ranking at a table"): the tie-break step with their own value, the
organizer's recorded playoff or tile draw, or, still tied, that the organizer decides
(the tie decides who goes on) or that they share the place."""

import pytest
from django.test import Client

from scoring import services as scoring
from tests.browser.conftest import build_world

pytestmark = pytest.mark.django_db


def play(world, games):
    table = world.tables[0]
    seats = world.seated(table)
    for number, racks in enumerate(games, start=1):
        scoring.game_record(
            table=table,
            number=number,
            racks=dict(zip(seats, racks, strict=True)),
            user=world.users["scorekeeper"],
        )
    return table, seats


def rows(world, table, role="scorekeeper"):
    client = Client()
    client.force_login(world.users[role])
    page = client.get(world.table_url(table)).content.decode()
    return page.split('<table class="scores"')[1].split("</table>")[0]


def row_of(html, entrant):
    """The player's row and the line under it, if any (a tie's words, across the table)."""
    rows = html.split("<tr")
    at = next(i for i, row in enumerate(rows) if entrant.shown_name in row)
    after = rows[at + 1] if at + 1 < len(rows) else ""
    return rows[at] + (after if 'class="tie-row"' in after else "")


def test_a_tie_broken_by_games_won_says_so_beside_each_player():
    world = build_world()
    # Seats 1 and 2 both total 12; seat 1 went out twice, seat 2 once.
    table, seats = play(world, [(0, 5, 20, 30), (12, 0, 25, 31), (0, 7, 40, 9)])
    html = rows(world, table)
    first, second = row_of(html, seats[0]), row_of(html, seats[1])
    assert '<td class="num total">12</td>' in first and '<td class="num">1</td>' in first
    assert '<td class="num total">12</td>' in second and '<td class="num">2</td>' in second
    assert f"{seats[0].shown_name}</span>: Tied on 12: placed by most games won (2)." in first
    assert f"{seats[1].shown_name}</span>: Tied on 12: placed by most games won (1)." in second
    # The others, not tied, say nothing of the kind.
    assert "Tied" not in row_of(html, seats[2]) and "Tied" not in row_of(html, seats[3])


def test_a_tie_the_chain_cannot_break_waits_for_the_organizer_then_says_the_draw():
    world = build_world()
    # Seat 1 first; seats 3 and 4 level on 18 (no wins, worst game 12 each) for the
    # places that go on; seat 2 last.
    table, seats = play(world, [(0, 30, 12, 5), (0, 31, 5, 12), (0, 40, 1, 1)])
    html = rows(world, table)
    for seat in seats[2:]:
        assert "Tied on 18: the organizer decides by a playoff or tile draw." in row_of(html, seat)
    assert "Tied" not in row_of(html, seats[0])
    scoring.tie_resolve(
        division=world.division,
        round_number=1,
        order=[seats[3], seats[2]],
        user=world.users["organizer"],
    )
    html = rows(world, table)
    for seat in seats[2:]:
        assert "Tied on 18: placed by the playoff or tile draw the organizer recorded." in row_of(
            html, seat
        )
    assert '<td class="num">2</td>' in row_of(html, seats[3])
    assert '<td class="num">3</td>' in row_of(html, seats[2])


def test_a_tie_that_decides_nothing_shares_the_place():
    world = build_world()
    # Seats 1 and 2 level on 17 in every step, both going on: they share place 1.
    table, seats = play(world, [(0, 12, 20, 30), (12, 0, 25, 31), (5, 5, 0, 40)])
    html = rows(world, table, role="organizer")
    for seat in seats[:2]:
        assert "Tied on 17: they share the place." in row_of(html, seat)
        assert '<td class="num">1</td>' in row_of(html, seat)
