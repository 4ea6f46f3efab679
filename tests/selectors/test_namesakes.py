"""Two players with the same name: wherever two entrants of one
event share a name (folded: case, accents, spaces), pages and printed sheets show their
club beside it, or their number when the club does not tell them apart; a unique name
stays as it is, and the exports keep the registered name."""

import json
import random
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from printing import selectors as printing
from scoring.selectors import division_state, finished_places, public_results, table_sheet
from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tournaments import services
from tournaments.selectors import checkin_search, find_table, namesakes
from tournaments.selectors.namesakes import AMONG_AT_MOST
from tournaments.text import namesake_names

# --------------------------------------------------------------- the rule, no database


def test_a_unique_name_is_shown_as_it_is():
    assert namesake_names([("1", "Mary Smith", "Sunrise", "1"), ("2", "Ann Lee", "", "2")]) == {}


def test_the_same_name_in_other_case_accents_and_spaces_is_a_namesake():
    shown = namesake_names(
        [
            ("1", "Mary Smith", "Sunrise Club", "57"),
            ("2", "MARY  SMITH", "Oak Park", "58"),
            ("3", "Märy Smith", "Lakeside", "59"),
            ("4", "Ann Lee", "Sunrise Club", "60"),
        ]
    )
    assert shown == {
        "1": "Mary Smith (Sunrise Club)",
        "2": "MARY  SMITH (Oak Park)",
        "3": "Märy Smith (Lakeside)",
    }


def test_the_same_club_or_no_club_gives_the_number():
    shown = namesake_names(
        [
            ("a", "Mary Smith", "Sunrise Club", "57"),
            ("b", "Mary Smith", "sunrise club ", "58"),  # the same club, folded
            ("c", "Mary Smith", "", "59"),
            ("d", "Mary Smith", "Oak Park", "60"),
        ]
    )
    assert shown == {
        "a": "Mary Smith #57",
        "b": "Mary Smith #58",
        "c": "Mary Smith #59",
        "d": "Mary Smith (Oak Park)",
    }
    assert namesake_names([("a", "Bo Kim", "", "1"), ("b", "Bo Kim", "", "2")]) == {
        "a": "Bo Kim #1",
        "b": "Bo Kim #2",
    }


# --------------------------------------------------------------- the event's namesakes


@pytest.mark.django_db
def test_namesakes_of_one_event_in_one_query(django_assert_num_queries):
    division = DivisionFactory()
    EntrantFactory(division=division, external_id="57", first_name="Mary", last_name="Smith",
                   club="Sunrise Club")  # fmt: skip
    EntrantFactory(division=division, external_id="58", first_name="mary", last_name="SMITH",
                   club="Oak Park")  # fmt: skip
    EntrantFactory(division=division, external_id="59", first_name="Ann", last_name="Lee",
                   club="Club 1")  # fmt: skip
    # Another division of the same event counts; another event does not.
    older = DivisionFactory(event=division.event, name="80+")
    EntrantFactory(division=older, external_id="60", first_name="Ann", last_name="Lée", club="")
    EntrantFactory(division=DivisionFactory(), first_name="Mary", last_name="Smith")
    with django_assert_num_queries(1):
        shown = namesakes(division.event)
    assert shown == {
        "57": "Mary Smith (Sunrise Club)",
        "58": "mary SMITH (Oak Park)",
        "59": "Ann Lee (Club 1)",
        "60": "Ann Lée #60",
    }
    # Asked about some entrants only (a table, a bracket, a search), their namesakes
    # anywhere in the event still count, and nobody else is read.
    mary = division.entrants.get(external_id="57")
    assert namesakes(division.event, among=[mary]) == {k: shown[k] for k in ("57", "58")}
    found = division.event.entrants.matching("lee")
    assert namesakes(division.event, among=found) == {k: shown[k] for k in ("59", "60")}
    lone = DivisionFactory()
    EntrantFactory(division=lone, first_name="Zoë", last_name="Unique")
    assert namesakes(lone.event) == {}


@pytest.mark.django_db
def test_a_large_bracket_s_namesakes_are_read_without_naming_each_player():
    """A bracket larger than ``AMONG_AT_MOST``: the query looks at the whole event's names
    rather than listing each player's (a list that grows with the field, which SQLite
    refuses past its limit), and finds the same namesakes."""
    division = DivisionFactory()
    bracket = EntrantFactory.create_batch(AMONG_AT_MOST + 1, division=division)
    older = DivisionFactory(event=division.event, name="80+")
    twin = EntrantFactory(
        division=older, first_name=bracket[7].first_name, last_name=bracket[7].last_name
    )
    with CaptureQueriesContext(connection) as queries:
        shown = namesakes(division.event, among=bracket)
    assert set(shown) == {bracket[7].external_id, twin.external_id}
    assert len(queries) == 1
    assert bracket[0].search_name not in queries[0]["sql"]


def _two_marys(players: int = 10, **event_settings):
    """A division of ``players`` with two Mary Smiths of different clubs and two Bo Kims
    of the same club, round 1 seated."""
    event = EventFactory(**event_settings)
    division = DivisionFactory(event=event, name="70-74")
    EntrantFactory(division=division, external_id="57", first_name="Mary", last_name="Smith",
                   club="Sunrise Club")  # fmt: skip
    EntrantFactory(division=division, external_id="58", first_name="Mary", last_name="Smith",
                   club="Oak Park Seniors")  # fmt: skip
    EntrantFactory(division=division, external_id="61", first_name="Bo", last_name="Kim",
                   club="Lakeside")  # fmt: skip
    EntrantFactory(division=division, external_id="62", first_name="Bo", last_name="Kim",
                   club="Lakeside")  # fmt: skip
    for n in range(players - 4):
        EntrantFactory(division=division, external_id=f"U{n}", first_name="Unique",
                       last_name=f"Person{n}", club="")  # fmt: skip
    services.division_seat_first_round(division=division, seed=3)
    division.refresh_from_db()
    return event, division


SHOWN = {
    "57": "Mary Smith (Sunrise Club)",
    "58": "Mary Smith (Oak Park Seniors)",
    "61": "Bo Kim #61",
    "62": "Bo Kim #62",
}


@pytest.mark.django_db
def test_find_my_table_tells_the_two_marys_apart_and_leaves_others_alone():
    event, _division = _two_marys()
    rows = find_table(event, "mary smith")
    assert sorted(r["name"] for r in rows) == sorted([SHOWN["57"], SHOWN["58"]])
    assert {r["name"] for r in find_table(event, "person1")} == {"Unique Person1"}


@pytest.mark.django_db
def test_the_table_page_list_and_sheets_show_the_namesakes():
    event, division = _two_marys()
    round_ = division.rounds.get()
    seen = {}
    for table in round_.tables.all():
        for seat in table_sheet(table).seats:
            seen[seat.entrant.external_id] = seat.entrant.shown_name
    assert {k: seen[k] for k in SHOWN} == SHOWN
    assert seen["U1"] == "Unique Person1"
    lines = printing.table_list_data(event).tables
    printed = {s.entrant_id: (s.name, s.club) for t in lines for s in t.seats}
    # The club says it once: not again on the line under the name.
    assert printed["57"] == (SHOWN["57"], "")
    assert printed["61"] == (SHOWN["61"], "Lakeside")
    assert printed["U1"] == ("Unique Person1", "")
    sheets = printing.score_sheets_data(event).tables
    assert {s.entrant_id: s.name for t in sheets for s in t.seats}["58"] == SHOWN["58"]


@pytest.mark.django_db
def test_results_ribbons_and_certificates_show_the_namesakes_exports_do_not():
    event, division = _two_marys(ribbons_to=500)
    finish_division(division, random.Random(4), SimulationReport(event))
    division.refresh_from_db()
    rows = {r["entrant_id"]: r["name"] for d in public_results(event) for r in d["rows"]}
    assert {k: rows[k] for k in SHOWN} == SHOWN
    assert rows["U2"] == "Unique Person2"
    found = finished_places(event, list(division.entrants.select_related("division")))
    assert {k: found[k]["name"] for k in SHOWN} == SHOWN
    state = division_state(division)
    assert {k: state.shown_names[k] for k in SHOWN} == SHOWN
    assert state.names["57"] == "Mary Smith"  # the registered name, for exports
    # Keepsakes: the name alone in headline type, the tie-breaker small under it
    # (the club, or the number), since namesakes here share the bracket.
    cards = list(printing.ribbons_data(event).cards) + list(
        printing.certificates_data(event).certificates
    )
    under = {"Sunrise Club", "Oak Park Seniors", "#61", "#62"}
    awarded = sorted((c.name, c.detail) for c in cards if c.detail in under)
    assert awarded == sorted(
        [
            ("Mary Smith", "Sunrise Club"),
            ("Mary Smith", "Oak Park Seniors"),
            ("Bo Kim", "#61"),
            ("Bo Kim", "#62"),
        ]
    )
    results = {
        p.entrant_id: p.name for d in printing.results_data(event).divisions for p in d.placings
    }
    assert {k: results[k] for k in SHOWN} == SHOWN
    qualified = {
        q.entrant_id: q.name
        for g in printing.qualifiers_data(event).groups
        for q in g.qualifiers + g.skipped
    }
    assert {k: qualified[k] for k in SHOWN if k in qualified} == {
        k: SHOWN[k] for k in SHOWN if k in qualified
    }
    assert any(k in qualified for k in SHOWN)
    out = StringIO()
    call_command("export_results", event.slug, "--format", "json", stdout=out)
    exported = {
        p["entrant_id"]: p["name"]
        for d in json.loads(out.getvalue())["divisions"]
        for p in d["placings"]
    }
    assert exported["57"] == exported["58"] == "Mary Smith"


@pytest.mark.django_db
def test_the_check_in_desk_shows_the_namesakes(client):
    event, _division = _two_marys()
    found = {e.external_id: e for e in checkin_search(event, "smith")}
    assert {k: e.shown_name for k, e in found.items()} == {k: SHOWN[k] for k in ("57", "58")}
    assert all(e.has_namesake for e in found.values())
    assert not checkin_search(event, "person1")[0].has_namesake
    # The desk is private: a namesake's birth year too; the public pages never show it.
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    html = client.get(f"/e/{event.slug}/desk/checkin/?q=smith").content.decode()
    assert SHOWN["57"] in html and SHOWN["58"] in html and "born 1950" in html
    html = client.get(f"/e/{event.slug}/desk/checkin/?q=person1").content.decode()
    assert "Unique Person1" in html and "born" not in html
    public = client.get(f"/p/{event.slug}/find/?q=mary+smith").content.decode()
    assert SHOWN["57"] in public and "1950" not in public


@pytest.mark.django_db
def test_the_projector_and_desk_show_the_namesakes(client):
    event, division = _two_marys()
    html = client.get(f"/p/{event.slug}/").content.decode()
    assert SHOWN["57"] in html and SHOWN["61"] in html and "Unique Person1<" in html
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    html = client.get(f"/e/{event.slug}/desk/divisions/{division.pk}/").content.decode()
    assert SHOWN["58"] in html and SHOWN["62"] in html
    html = client.get(f"/e/{event.slug}/standings/{division.pk}/").content.decode()
    assert SHOWN["57"] in html and SHOWN["61"] in html and "Unique Person1<" in html
    csv = client.get(f"/e/{event.slug}/standings/{division.pk}/?export=csv").content.decode()
    assert ",57,Mary Smith," in csv and SHOWN["57"] not in csv  # an export: as registered
    table = division.rounds.get().tables.filter(seats__entrant__external_id="57").get()
    html = client.get(f"/e/{event.slug}/tables/{table.pk}/").content.decode()
    assert f"{SHOWN['57']}</span></th>" in html  # the seats
    assert re.search(rf"Seat \d: {re.escape(SHOWN['57'])}", html)  # the score form


@pytest.mark.django_db
def test_the_desk_names_the_namesake_it_acts_on(client):
    event, division = _two_marys()
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    mary = division.entrants.get(external_id="58")
    url = f"/e/{event.slug}/desk/divisions/{division.pk}/"
    page = client.get(url).content.decode()
    assert f'<option value="{mary.pk}">{SHOWN["58"]}</option>' in page  # who can withdraw
    asked = client.post(f"{url}withdraw/", {"entrant": mary.pk}).content.decode()
    assert f"Withdraw {SHOWN['58']}?" in asked
    client.post(f"{url}withdraw/", {"entrant": mary.pk, "confirmed": "yes"}, follow=True)
    mary.refresh_from_db()
    assert mary.status == "withdrawn"
    page = client.get(url).content.decode()
    assert f'<option value="{mary.pk}">{SHOWN["58"]} (withdrawn)</option>' in page  # undo
    other = division.entrants.get(external_id="57")
    other.status = "registered"
    other.save()
    asked = client.post(
        f"/e/{event.slug}/desk/checkin/{other.pk}/", {"status": "absent"}
    ).content.decode()
    assert f"Mark {SHOWN['57']} absent?" in asked


@pytest.mark.django_db
def test_when_everyone_has_a_namesake_the_medals_slide_and_bracket_tell_them_apart(client):
    event = EventFactory()
    division = DivisionFactory(event=event, name="Men 80-84")
    clubs = ["Sunrise", "Oak Park", "Lakeside", "Pine Hill"]
    for n in range(8):
        first, last = ("Mary", "Smith") if n < 4 else ("Bo", "Kim")
        EntrantFactory(division=division, external_id=f"{n + 50}", first_name=first,
                       last_name=last, club=clubs[n % 4])  # fmt: skip
    services.division_seat_first_round(division=division, seed=3)
    division.refresh_from_db()
    finish_division(division, random.Random(4), SimulationReport(event))
    division.refresh_from_db()
    services.medals_confirm(division=division)
    html = client.get(f"/p/{event.slug}/").content.decode()
    medals = re.findall(r'<span class="medal">\w+</span> (?:<span[^>]*>)?([^<]+)<', html)
    assert len(medals) == 3
    assert all(re.fullmatch(r"(Mary Smith|Bo Kim) \((Sunrise|Oak Park|Lakeside|Pine Hill)\)", m)
               for m in medals), medals  # fmt: skip
    bracket = printing.bracket_data(event, division)
    names = {p.name for r in bracket.rounds for t in r.tables for p in t.players}
    assert names and all(n.endswith(")") for n in names)


@pytest.mark.django_db
def test_a_queued_save_answers_each_namesakes_value(client):
    """The answer to a save sent again from the outbox names each value; two players of one
    name at the table keep one value each (a dict by plain name kept only one)."""
    event = EventFactory()
    division = DivisionFactory(event=event)
    for eid, club in [("57", "Sunrise Club"), ("58", "Oak Park")]:
        EntrantFactory(division=division, external_id=eid, first_name="Mary", last_name="Smith",
                       club=club)  # fmt: skip
    for eid, first in [("70", "Ann"), ("71", "Dee")]:
        EntrantFactory(division=division, external_id=eid, first_name=first, last_name="Lee")
    services.division_seat_first_round(division=division, seed=3)
    table = division.rounds.get().tables.get()
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    seats = list(table.seats.select_related("entrant").order_by("number"))
    values = {s.entrant: v for s, v in zip(seats, [0, 5, 6, 7], strict=True)}
    data = {"game": 1, "version": 0, "ended": "", "winner": ""}
    data.update({f"rack_{e.pk}": v for e, v in values.items()})
    answer = client.post(f"/e/{event.slug}/tables/{table.pk}/", data, HTTP_X_QUEUED_SAVE="1")
    assert answer.json()["status"] == "saved"
    shown = {"57": "Mary Smith (Sunrise Club)", "58": "Mary Smith (Oak Park)"}
    assert answer.json()["values"] == {
        shown.get(e.external_id, e.name): v for e, v in values.items()
    }
    assert len(answer.json()["values"]) == 4


@pytest.mark.django_db
def test_the_table_page_names_the_winner_by_the_seat_name(client, django_assert_max_num_queries):
    from tests.factories import enter, seated

    event, division = _two_marys()
    table = division.rounds.get().tables.get(seats__entrant__external_id="57")
    players = seated(table)
    mary = next(e for e in players if e.external_id == "57")
    # A tie on an exhausted pool: the table names the winner.
    enter(table, 1, [5] * len(players), ended="exhausted", winner=mary)
    enter(table, 2, [0] + [3] * (len(players) - 1))
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    url = f"/e/{event.slug}/tables/{table.pk}/?game=1"
    client.get(url)
    with django_assert_max_num_queries(15) as queries:
        html = client.get(url).content.decode()
    assert f'the table named <span dir="auto">{SHOWN["57"]}</span> the winner' in html
    # the winner and the players who entered are the seats' entrants: none read one by one
    one_by_one = 'FROM "tournaments_entrant" WHERE "tournaments_entrant"."id" ='
    assert not [q for q in queries.captured_queries if one_by_one in q["sql"]]


@pytest.mark.django_db
def test_a_correction_pending_at_the_desk_names_the_namesake(client):
    from scoring import services as scoring
    from tests.factories import enter, seated

    event = EventFactory()
    division = DivisionFactory(event=event)
    clubs = ["Sunrise", "Oak Park", "Lakeside", "Pine Hill"]
    for n in range(8):
        first, last = ("Mary", "Smith") if n < 4 else ("Bo", "Kim")
        EntrantFactory(division=division, external_id=f"{n + 50}", first_name=first,
                       last_name=last, club=clubs[n % 4])  # fmt: skip
    services.division_seat_first_round(division=division, seed=3)
    for table in division.rounds.get().tables.all():
        for number, values in enumerate([(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)], 1):
            enter(table, number, values)
    scoring.division_advance(division=division)
    table = division.rounds.get(number=1).tables.get(number=1)
    second = seated(table)[1]
    scoring.score_correct(
        game=table.games.get(number=3), entrant=second, rack_total=200, reason="misread"
    )
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    html = client.get(f"/e/{event.slug}/desk/divisions/{division.pk}/").content.decode()
    assert "misread" in html
    assert f'<strong dir="auto">{second.name} ({second.club})</strong>, round 1' in html


@pytest.mark.django_db
def test_a_save_reads_no_namesakes_whoever_sits_at_the_table(client):
    """A score save that goes through names nobody (its answer is a redirect): it reads
    nothing for names, with or without a namesake at the table — the same queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event, division = _two_marys(20)  # five tables: at least one without a namesake
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    counts = {}
    for table in division.rounds.get().tables.all():
        seats = list(table.seats.select_related("entrant").order_by("number"))
        data = {"game": 1, "version": 0, "ended": "", "winner": ""}
        data.update(
            {
                f"rack_{s.entrant.pk}": v
                for s, v in zip(seats, [0, 5, 6, 7, 8][: len(seats)], strict=True)
            }
        )
        with CaptureQueriesContext(connection) as queries:
            answer = client.post(f"/e/{event.slug}/tables/{table.pk}/", data)
        assert answer.status_code == 302
        namesake = any(s.entrant.external_id in SHOWN for s in seats)
        grouped = [q for q in queries.captured_queries if "HAVING COUNT" in q["sql"].upper()]
        counts[namesake] = (len(queries.captured_queries), len(grouped))
    assert counts[True][1] == 0 and counts[False][1] == 0
    assert counts[True][0] == counts[False][0]


@pytest.mark.django_db
def test_the_table_list_says_a_club_written_with_extra_spaces_once():
    event = EventFactory()
    division = DivisionFactory(event=event)
    for eid, club in [("1", "Lake  Side "), ("2", "Oak")]:
        EntrantFactory(division=division, external_id=eid, first_name="Bo", last_name="Kim",
                       club=club)  # fmt: skip
    for eid in ("3", "4"):
        EntrantFactory(division=division, external_id=eid, first_name=f"U{eid}", last_name="X")
    services.division_seat_first_round(division=division, seed=3)
    printed = {
        s.entrant_id: (s.name, s.club)
        for t in printing.table_list_data(event).tables
        for s in t.seats
    }
    assert printed["1"] == ("Bo Kim (Lake Side)", "")


@pytest.mark.django_db
def test_a_save_that_goes_through_reads_no_namesakes_a_refusal_names_them(
    client, django_assert_max_num_queries
):
    """A save's answer is a redirect that names nobody: the namesakes at the table are not
    looked for (the save's one query fewer on every save). A refusal shows the form again,
    each Mary Smith with her club, in the labels and in the problems listed."""
    event = EventFactory()
    division = DivisionFactory(event=event)
    for eid, club in [("57", "Sunrise Club"), ("58", "Oak Park")]:
        EntrantFactory(division=division, external_id=eid, first_name="Mary", last_name="Smith",
                       club=club)  # fmt: skip
    for eid, first in [("70", "Ann"), ("71", "Dee")]:
        EntrantFactory(division=division, external_id=eid, first_name=first, last_name="Lee")
    services.division_seat_first_round(division=division, seed=3)
    table = division.rounds.get().tables.get()
    keeper = UserFactory(username="sam")
    event.scorekeepers.add(keeper)
    client.force_login(keeper)
    seats = list(table.seats.select_related("entrant").order_by("number"))
    url = f"/e/{event.slug}/tables/{table.pk}/"

    def form(number, values):
        data = {"game": number, "version": 0, "ended": "", "winner": ""}
        data.update({f"rack_{s.entrant.pk}": v for s, v in zip(seats, values, strict=True)})
        return data

    with django_assert_max_num_queries(18) as queries:  # tests/services/test_save_path.py
        answer = client.post(url, form(1, [0, 5, 6, 7]))
    assert answer.status_code == 302
    # Neither the namesakes' query (grouped by the folded name) nor an EXISTS per seat.
    looked = [q["sql"] for q in queries.captured_queries]
    assert not [q for q in looked if "HAVING" in q or 'U0."search_name"' in q], looked
    # Game 2 with two players out and a rack left empty: refused, every name told apart.
    refused = client.post(url, form(2, [0, 0, 6, ""]))
    page = refused.content.decode()
    assert refused.status_code == 200
    for shown in ("Mary Smith (Sunrise Club)", "Mary Smith (Oak Park)"):
        assert page.count(shown) >= 2, shown  # its field's label and the sheet
    missing = next(s.entrant for s in seats if s.number == 4)
    assert f"Enter {SHOWN.get(missing.external_id, missing.name)}&#x27;s rack total" in page


@pytest.mark.django_db
def test_the_table_page_names_a_namesake_s_penalty_and_its_audit_line(
    client, django_assert_max_num_queries
):
    """The penalties listed on a table's page and the audit trail's line for a penalty name
    the player as the sheet does (Mary Smith with her club), from the seats' entrants: no
    second copy of the entrant joined in, and nothing read one by one."""
    from scoring import services as scoring

    event, division = _two_marys()
    round_ = division.rounds.get()
    table = round_.tables.get(seats__entrant__external_id="57")
    mary = table.seats.get(entrant__external_id="57").entrant
    scoring.penalty_add(round_=round_, entrant=mary, points=5, reason="Slow play")
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    url = f"/e/{event.slug}/tables/{table.pk}/"
    client.get(url)
    with django_assert_max_num_queries(15) as queries:
        html = client.get(url).content.decode()
    assert re.search(rf'<li><span dir="auto">{re.escape(SHOWN["57"])}</span>: 5 points', html)
    assert f', <span dir="auto">{SHOWN["57"]}</span>' in html  # the audit trail's line
    one_by_one = 'FROM "tournaments_entrant" WHERE "tournaments_entrant"."id" ='
    assert not [q for q in queries.captured_queries if one_by_one in q["sql"]]
