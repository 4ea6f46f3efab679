"""A round that cannot close because games wait for a second person's check says which,
by table and game, with a link to each table's page; the
games not entered at all are named beside them, as before."""

import pytest
from django.test import Client

from scoring import services as scoring
from tests.factories import UserFactory, enter, seated, seated_division
from tournaments.engine import RuleError
from tournaments.models import Event, Round, Table

pytestmark = pytest.mark.django_db

GAMES = [(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)]


def by_scorekeeper(table, number):
    """Game ``number`` entered by a scorekeeper: it waits for a second person's check."""
    return scoring.game_record(
        table=table,
        number=number,
        racks=dict(zip(seated(table), GAMES[number - 1], strict=True)),
        user=UserFactory(),
    )


def two_tables():
    division = seated_division(8, confirmation=Event.Confirmation.SECOND_PERSON)
    first, second = Table.objects.filter(round__division=division).order_by("number")
    return division, first, second


def desk(division) -> Client:
    organizer = UserFactory(username="olive")
    division.event.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    return client


def close(client, division, **headers) -> str:
    response = client.post(
        f"/e/{division.event.slug}/desk/divisions/{division.pk}/advance/",
        {"round": "1"},
        follow=True,
        **headers,
    )
    page = response.content.decode()
    return page[page.index('<ul class="messages">') : page.index("</ul>")]


def table_link(division, table, game, word="game") -> str:
    # Open at that game: three links to table 4 open three games, not the same page.
    address = f"/e/{division.event.slug}/tables/{table.pk}/?game={game}"
    return f'<a href="{address}">table {table.number} {word} {game}</a>'


def test_the_service_names_the_unchecked_games_beside_the_missing_ones():
    division, first, second = two_tables()
    for number in (1, 2, 3):
        enter(first, number, GAMES[number - 1])
    by_scorekeeper(second, 1)
    with pytest.raises(scoring.RoundUnfinished) as refused:
        scoring.division_advance(division=division)
    text = str(refused.value)
    assert text.startswith("Open, round 1 is not complete:\n")
    assert f"table {second.number}, game 2: no scores yet" in text
    assert text.endswith(
        f"Open, round 1 cannot close yet: table {second.number} game 1 is entered but not "
        "checked by a second person."
    )
    assert [(g.table_id, g.game) for g in refused.value.unchecked] == [(second.pk, 1)]
    assert Round.objects.get(division=division, number=1).status == Round.Status.IN_PLAY


def test_the_refusal_at_the_desk_links_each_unchecked_game_to_its_table():
    division, first, second = two_tables()
    by_scorekeeper(first, 3)
    for number in (1, 2):
        enter(first, number, GAMES[number - 1])
    by_scorekeeper(second, 1)
    for number in (2, 3):
        enter(second, number, GAMES[number - 1])
    client = desk(division)
    shown = close(client, division)
    assert (
        f"Open, round 1 cannot close yet: {table_link(division, first, 3)} and "
        f"{table_link(division, second, 1)} are entered but not checked by a second person."
    ) in shown
    assert "not complete" not in shown  # every game is entered
    # The division page names them too, before Close is pressed, each a link.
    page = client.get(f"/e/{division.event.slug}/desk/divisions/{division.pk}/").content.decode()
    assert table_link(division, first, 3) in page
    assert table_link(division, second, 1) in page

    # Once checked, the round closes.
    checker = UserFactory(username="sue")
    for game in (first.games.get(number=3), second.games.get(number=1)):
        scoring.game_confirm(game=game, user=checker)
    scoring.division_advance(division=division, round_number=1)
    assert Round.objects.get(division=division, number=1).status == Round.Status.CLOSED


def test_missing_and_unchecked_games_are_both_named_in_the_readers_language():
    division, first, second = two_tables()
    for number in (1, 2, 3):
        enter(first, number, GAMES[number - 1])
    by_scorekeeper(second, 1)
    client = desk(division)
    shown = close(client, division)
    assert f"table {second.number}, game 2: no scores yet" in shown
    assert f"{table_link(division, second, 1)} is entered but not checked" in shown

    french = close(client, division, HTTP_ACCEPT_LANGUAGE="fr")
    assert "not complete" not in french and "not checked" not in french
    assert (
        f'<a href="/e/{division.event.slug}/tables/{second.pk}/?game=1">table {second.number} '
        "partie 1</a>" in french
    )
    assert "deuxième personne" in french


def test_a_name_in_the_refusal_is_not_taken_for_html():
    division, first, second = two_tables()
    division.name = "<b>Open</b>"
    division.save()
    for number in (1, 2, 3):
        enter(first, number, GAMES[number - 1])
        by_scorekeeper(second, number)
    shown = close(desk(division), division)
    assert "&lt;b&gt;Open&lt;/b&gt;, round 1 cannot close yet" in shown
    assert "<b>" not in shown


def test_without_second_person_rule_entered_games_do_not_wait():
    division = seated_division(8)
    for table in Table.objects.filter(round__division=division):
        for number in (1, 2, 3):
            by_scorekeeper(table, number)
    try:
        scoring.division_advance(division=division)
    except RuleError as error:  # a tie, maybe; never a check
        assert "checked" not in str(error)


def test_a_long_wait_names_the_first_25_and_counts_the_rest():
    waiting = [scoring.Unchecked(table_id=n, table=n, game=1) for n in range(1, 31)]
    text = str(scoring.RoundUnfinished("Open", 2, unchecked=waiting))
    assert text.startswith("Open, round 2 cannot close yet: table 1 game 1, table 2 game 1, ")
    assert "table 25 game 1 and 5 more games are entered but not checked" in text
    assert "table 26" not in text
