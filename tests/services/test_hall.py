"""The hall's table numbers in the services: unique among the tables in play across
divisions, taken under the event's lock (two organizers at once on PostgreSQL)."""

import re
from pathlib import Path

import pytest

from scoring import services as scoring
from tests.helpers import entrants_file, run
from tests.services.test_concurrency import race
from tournaments import services as bracket
from tournaments.engine import RuleError
from tournaments.models import Division, Round, Table

SLUG = "hall"


def divisions(tmp_path: Path, sizes: dict[str, int]) -> dict[str, Division]:
    players = [
        (f"{name[:1]}{n:02d}", f"P{n}", f"{name}x", "1950-01-01", "F", "", name)
        for name, size in sizes.items()
        for n in range(1, size + 1)
    ]
    run(
        "import_entrants",
        SLUG,
        entrants_file(tmp_path / "p.csv", players),
        "--create-event",
        "--date",
        "2026-05-16",
    )
    run("checkin", SLUG)
    return {d.name: d for d in Division.objects.filter(event__slug=SLUG)}


def in_play() -> list[int]:
    return list(
        Table.objects.filter(round__division__event__slug=SLUG)
        .exclude(round__status=Round.Status.CLOSED)
        .values_list("number", flat=True)
    )


def score_all(division: Division, number: int) -> None:
    round_ = Round.objects.get(division=division, number=number)
    for table in round_.tables.all():
        seats = [s.entrant for s in table.seats.select_related("entrant").order_by("number")]
        for game in range(1, round_.games + 1):
            scoring.game_record(
                table=table,
                number=game,
                racks={e: 10 * i for i, e in enumerate(seats)},
                organizer=True,
            )


@pytest.mark.django_db
def test_a_second_division_takes_the_next_free_numbers_and_advance_frees_first(tmp_path):
    found = divisions(tmp_path, {"Alpha": 12, "Beta": 8})
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    bracket.division_seat_first_round(division=found["Beta"], seed=1)
    assert sorted(in_play()) == [1, 2, 3, 4, 5]
    alpha = Round.objects.get(division=found["Alpha"], number=1)
    assert sorted(alpha.tables.values_list("number", flat=True)) == [1, 2, 3]
    score_all(found["Alpha"], 1)
    result = scoring.division_advance(division=found["Alpha"], seed=2)
    # Round 1's tables were freed before round 2 took the lowest free number.
    assert list(result.seated.tables.values_list("number", flat=True)) == [1]
    assert sorted(in_play()) == [1, 4, 5]


@pytest.mark.django_db
def test_seating_warnings_name_hall_numbers(tmp_path):
    players = [
        (f"B{n:02d}", f"P{n}", "Bee", "1950-01-01", "F", "Same club", "Beta") for n in range(1, 9)
    ] + [(f"A{n:02d}", f"P{n}", "Ay", "1950-01-01", "F", "", "Alpha") for n in range(1, 9)]
    run(
        "import_entrants",
        SLUG,
        entrants_file(tmp_path / "p.csv", players),
        "--create-event",
        "--date",
        "2026-05-16",
    )
    run("checkin", SLUG)
    run("seat", SLUG, "--division", "Alpha", "--seed", 1)
    run("seat", SLUG, "--division", "Beta", "--seed", 1)
    warnings = Round.objects.get(division__name="Beta").warnings
    # Eight of one club at two tables: each table's clash names its hall number (3 or 4).
    assert warnings and all(w.startswith(("Table 3:", "Table 4:")) for w in warnings), warnings


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_divisions_seated_at_the_same_moment_never_share_a_number(tmp_path):
    names = ["Alpha", "Beta", "Gamma", "Delta"]
    found = divisions(tmp_path, dict.fromkeys(names, 9))
    for first, second in (("Alpha", "Beta"), ("Gamma", "Delta")):
        pair = iter([found[first], found[second]])
        outcomes = race(
            lambda pair=pair: bracket.division_seat_first_round(division=next(pair), seed=3)
        )
        assert [kind for kind, _ in outcomes] == ["ok", "ok"], outcomes
        numbers = in_play()
        assert len(numbers) == len(set(numbers)), sorted(numbers)
    assert sorted(in_play()) == list(range(1, 13))


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_an_advance_and_a_first_seating_at_the_same_moment_never_share_a_number(tmp_path):
    found = divisions(tmp_path, {"Alpha": 9, "Beta": 9, "Gamma": 12})
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    bracket.division_seat_first_round(division=found["Beta"], seed=1)
    score_all(found["Alpha"], 1)
    calls = iter(
        [
            lambda: scoring.division_advance(division=Division.objects.get(name="Alpha"), seed=4),
            lambda: bracket.division_seat_first_round(
                division=Division.objects.get(name="Gamma"), seed=4
            ),
        ]
    )
    outcomes = race(lambda: next(calls)())
    assert [kind for kind, _ in outcomes] == ["ok", "ok"], outcomes
    numbers = in_play()
    assert len(numbers) == len(set(numbers)) == 1 + 3 + 3, sorted(numbers)
    # Beta holds 4-6. Whichever went first: Alpha's round 1 closed before its final took 1
    # (Gamma then 2, 3, 7), or Gamma took 7-9 while Alpha still held 1-3 (the final: 1).
    assert sorted(numbers) in ([1, 2, 3, 4, 5, 6, 7], [1, 4, 5, 6, 7, 8, 9])


# ---------------------------------------------------------------- the hall's settings

HALL = {"hall_tables": 30, "unusable_tables": "12,19", "accessible_tables": "1,2,3"}


def hall_event():
    from tests.factories import DivisionFactory, EntrantFactory, EventFactory

    event = EventFactory(slug="hall-set", **HALL)
    EntrantFactory.create_batch(5, division=DivisionFactory(event=event, name="70-74"))
    return event


@pytest.mark.django_db
def test_backup_restore_backup_keeps_the_hall():
    from scoring.backup import event_backup, event_restore

    event = hall_event()
    bracket.division_seat_first_round(division=event.divisions.get(), seed=1)
    first = event_backup(event)
    for key, value in HALL.items():
        assert first["event"][key] == value
    copy = event_restore(first, slug="hall-set-2")
    for key, value in HALL.items():
        assert getattr(copy, key) == value
    second = event_backup(copy)
    assert second["event"].pop("slug") == "hall-set-2"
    assert first["event"].pop("slug") == "hall-set"
    assert second == first


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("hall_tables", 0, "hall tables"),
        ("hall_tables", "30", "hall tables: '30' is the wrong kind of value"),
        ("unusable_tables", "12,x", "unusable tables"),
        ("unusable_tables", 12, "unusable tables: '12' is the wrong kind of value"),
        ("accessible_tables", "1,31", "Accessible table 31 is not in the hall"),
        ("accessible_tables", "12", "Table 12 cannot be both unusable and accessible"),
    ],
)
def test_a_tampered_hall_is_refused_naming_the_field(key, value, words):
    from scoring.backup import BackupRefused, event_backup, event_restore
    from tournaments.models import Event

    data = event_backup(hall_event())
    data["event"][key] = value
    with pytest.raises(BackupRefused, match=words):
        event_restore(data, slug="tampered")
    assert not Event.objects.filter(slug="tampered").exists()


def _backup_from_before_hall_numbers(tmp_path):
    """A backup as made before table numbers were the hall's: every division in play
    numbers its tables from 1."""
    from scoring.backup import event_backup
    from tournaments.models import Event

    found = divisions(tmp_path, {"Alpha": 4, "Beta": 8})
    for division in found.values():
        bracket.division_seat_first_round(division=division, seed=1)
    data = event_backup(Event.objects.get(slug=SLUG))
    for r in data["rounds"]:
        for n, table in enumerate(sorted(r["tables"], key=lambda t: t["number"]), start=1):
            table["number"] = n
    return data


@pytest.mark.django_db
def test_a_backup_from_before_hall_numbers_takes_free_numbers_for_its_clashing_tables(
    tmp_path,
):
    from scoring.backup import event_restore
    from tournaments.models import Round, Seat

    data = _backup_from_before_hall_numbers(tmp_path)
    people = {
        (r["division"], t["number"]): sorted(t["seats"])
        for r in data["rounds"]
        for t in r["tables"]
    }
    event = event_restore(data, slug="restored")
    rounds = {r.division.name: r for r in Round.objects.filter(division__event=event)}
    numbers = {
        name: sorted(r.tables.values_list("number", flat=True)) for name, r in rounds.items()
    }
    # Alpha keeps table 1; Beta's tables 1 and 2 clash with it or not: 1 moves to 3.
    assert numbers == {"Alpha": [1], "Beta": [2, 3]}
    assert rounds["Beta"].warnings[-1] == (
        "Restored from a backup made before hall numbers: table 1 is now table 3."
    )
    # The same players sit together; nobody is lost.
    seats = Seat.objects.filter(round__division__event=event)
    beta_three = sorted(
        seats.filter(round__division__name="Beta", table__number=3).values_list(
            "entrant__external_id", flat=True
        )
    )
    assert seats.count() == 12 and beta_three == people[("Beta", 1)]


@pytest.mark.django_db
def test_a_backup_from_before_hall_numbers_in_a_hall_too_small_is_refused(tmp_path):
    from scoring.backup import BackupRefused, event_restore
    from tournaments.models import Event

    data = _backup_from_before_hall_numbers(tmp_path)
    data["event"]["hall_tables"] = 2
    with pytest.raises(BackupRefused, match="Beta, round 1.*too few free tables"):
        event_restore(data, slug="tampered")
    assert not Event.objects.filter(slug="tampered").exists()


@pytest.mark.django_db
def test_the_settings_page_describes_the_hall_and_refuses_a_bad_one_in_words():
    from tests.helpers import organizer_client, settings_post
    from tournaments.models import Event

    event = hall_event()
    client = organizer_client(event)
    url = f"/e/{event.slug}/desk/settings/"
    page = client.get(url).content.decode()
    assert "Tables in the hall, numbered from 1 (empty: no limit)" in page
    assert "Accessible tables (for players who need one), as 1,2,3" in page
    for changes, words in (
        ({"accessible_tables": "1, 40"}, "Accessible table 40 is not in the hall"),
        ({"unusable_tables": "3", "accessible_tables": "3"}, "cannot be both unusable"),
        ({"unusable_tables": "seven"}, "Unusable tables: &#x27;seven&#x27; is not a table number"),
        ({"hall_tables": "0"}, "greater than or equal to 1"),
    ):
        answer = client.post(url, settings_post(event, **changes))
        assert answer.status_code == 200, changes
        assert words in answer.content.decode(), changes
        assert {k: getattr(Event.objects.get(pk=event.pk), k) for k in HALL} == HALL
    answer = client.post(
        url,
        settings_post(event, hall_tables="40", unusable_tables="19, 12,40", accessible_tables=""),
    )
    assert answer.status_code == 302
    event.refresh_from_db()
    assert (event.hall_tables, event.unusable_tables, event.accessible_tables) == (
        40,
        "12,19,40",
        "",
    )
    answer = client.post(url, settings_post(event, hall_tables=""))
    assert answer.status_code == 302
    assert Event.objects.get(pk=event.pk).hall_tables is None


@pytest.mark.django_db
def test_the_desk_says_why_a_division_cannot_be_seated_in_a_full_hall(tmp_path):
    from tests.helpers import organizer_client
    from tournaments.models import Event

    found = divisions(tmp_path, {"Alpha": 9, "Beta": 9})
    event = Event.objects.get(slug=SLUG)
    event.hall_tables = 4
    event.save()
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    client = organizer_client(event)
    answer = client.post(f"/e/{SLUG}/desk/divisions/{found['Beta'].pk}/seat/", follow=True)
    page = answer.content.decode()
    assert "Not enough free tables in the hall: 3 needed (Beta, round 1: 3), 1 free" in page
    assert "Alpha, round 1: 3 tables (1-3)" in page
    assert not Round.objects.filter(division=found["Beta"]).exists()
    # One readable message, no command-line name, and a link to the settings page where
    # the hall is given more tables.
    assert len(re.findall(r'<li class="[^"]*\berror\b', page)) == 1
    assert "configure_event" not in page and "--hall-tables" not in page
    assert "or give the hall more tables on the settings page." in page
    assert "1 free of the hall&#x27;s 4 usable tables.<br>Tables in play now:<br>" in page
    assert f'href="/e/{SLUG}/desk/settings/#id_hall_tables"' in page


# ---------------------------------------------------------------- the desk's toggle


@pytest.mark.django_db
def test_the_check_in_page_toggles_the_need_for_an_accessible_table(tmp_path):
    from tests.helpers import organizer_client
    from tournaments.models import Entrant, Event

    divisions(tmp_path, {"Alpha": 2})
    event = Event.objects.get(slug=SLUG)
    entrant = Entrant.objects.get(external_id="A01")
    client = organizer_client(event)
    page = client.get(f"/e/{SLUG}/desk/checkin/?q=P1").content.decode()
    assert 'Mark <span dir="auto">P1</span> as needing an accessible table</span></button>' in page
    url = f"/e/{SLUG}/desk/checkin/{entrant.pk}/accessible/"
    answer = client.post(url, {"accessible": "yes", "q": "P1"}, follow=True)
    page = answer.content.decode()
    assert "P1 Alphax needs an accessible table: seated at one from the next seating on." in page
    assert "needs an accessible table</strong>" in page
    assert (
        'Mark <span dir="auto">P1</span> as not needing an accessible table</span></button>' in page
    )
    assert Entrant.objects.get(pk=entrant.pk).accessible is True
    client.post(url, {"accessible": "no"})
    assert Entrant.objects.get(pk=entrant.pk).accessible is False
    # Only a POST changes it: a GET goes to the check-in page (never a bare 405).
    assert client.get(url)["Location"] == f"/e/{SLUG}/desk/checkin/"
    assert Entrant.objects.get(pk=entrant.pk).accessible is False


@pytest.mark.django_db
def test_the_entrant_form_keeps_the_need_for_an_accessible_table(tmp_path):
    from tests.helpers import organizer_client
    from tournaments.models import Entrant, Event

    divisions(tmp_path, {"Alpha": 2})
    event = Event.objects.get(slug=SLUG)
    entrant = Entrant.objects.get(external_id="A02")
    client = organizer_client(event)
    url = f"/e/{SLUG}/desk/entrants/{entrant.pk}/"
    page = client.get(url).content.decode()
    assert "Needs an accessible table (seated at one in every round)" in page
    data = {
        "first_name": entrant.first_name,
        "last_name": entrant.last_name,
        "birth_date": "1950-01-01",
        "gender": "F",
        "division_name": "Alpha",
        "accessible": "on",
    }
    assert client.post(url, data).status_code == 302
    assert Entrant.objects.get(pk=entrant.pk).accessible is True


@pytest.mark.django_db
def test_the_hall_cannot_shrink_under_or_bar_a_table_in_play(tmp_path):
    """A hall smaller than the tables in play, or a table in play
    made unusable, is refused naming the tables; accessible numbers may still change."""
    from tests.helpers import organizer_client, settings_post
    from tournaments.models import Event
    from tournaments.services import event_configure

    found = divisions(tmp_path, {"Alpha": 9, "Beta": 9})
    event = Event.objects.get(slug=SLUG)
    event_configure(event=event, hall_tables=30, unusable_tables="1,2")
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    assert sorted(in_play()) == [3, 4, 5]
    with pytest.raises(RuleError) as refused:
        event_configure(event=event, hall_tables=4)
    assert "Table 5 (Alpha, round 1) is in play: the hall would have 4 tables" in str(refused.value)
    with pytest.raises(RuleError) as refused:
        event_configure(event=event, unusable_tables="1,2,3,4")
    assert "Tables 3 and 4 (Alpha, round 1) are in play and cannot be made unusable" in str(
        refused.value
    )
    event.refresh_from_db()
    assert (event.hall_tables, event.unusable_tables) == (30, "1,2")
    # What leaves the tables in play alone is saved: a hall of 6, another unusable number,
    # accessible numbers on a table in play.
    event_configure(event=event, hall_tables=6, unusable_tables="1,2,6", accessible_tables="3")
    event.refresh_from_db()
    assert (event.hall_tables, event.unusable_tables, event.accessible_tables) == (6, "1,2,6", "3")
    # The desk's settings page says it in words and keeps the hall.
    client = organizer_client(event)
    answer = client.post(
        f"/e/{SLUG}/desk/settings/",
        settings_post(event, hall_tables="4", unusable_tables="1,2"),
        follow=True,
    )
    assert answer.status_code == 200
    assert "Table 5 (Alpha, round 1) is in play: the hall would have 4 tables" in (
        answer.content.decode()
    )
    assert Event.objects.get(pk=event.pk).hall_tables == 6


@pytest.mark.django_db
def test_a_failed_settings_save_says_so_at_the_top_linking_the_fields():
    """The summary comes first on the page, counts the problems
    and links each to its field; a page that saved or was just opened has none."""
    from tests.helpers import organizer_client, settings_post

    event = hall_event()
    client = organizer_client(event)
    url = f"/e/{event.slug}/desk/settings/"
    assert "Not saved" not in client.get(url).content.decode()
    answer = client.post(url, settings_post(event, accessible_tables="45", unusable_tables="abc"))
    page = answer.content.decode()
    assert answer.status_code == 200
    top = page.index('id="settings-errors"')
    assert (
        top < page.index("Save the settings")
        and "autofocus" in page[top : page.index("</div>", top)]
    )
    assert "Not saved: 2 problems — see below" in page
    assert (
        '<a href="#id_unusable_tables">Table numbers never to use: Unusable tables: &#x27;abc&#x27;'
        in page
    )
    assert '<a href="#id_accessible_tables">' in page
    answer = client.post(url, settings_post(event, accessible_tables="45"))
    assert "Not saved: 1 problem — see below" in answer.content.decode()


# ------------------------------------------ accessible tables kept for those who need them


def _accessible_numbers_of(division: Division, number: int) -> dict[str, int]:
    return {
        s.entrant.external_id: s.table.number
        for s in Round.objects.get(division=division, number=number)
        .seats.select_related("entrant", "table")
        .filter(entrant__accessible=True)
    }


@pytest.mark.django_db
def test_a_division_seated_first_leaves_the_accessible_tables_once_someone_needs_one(tmp_path):
    """Someone in the event (Beta, not seated yet) needs an accessible table: Alpha,
    with nobody in need, leaves 1-3 free; Beta's player in need then gets one."""
    from tournaments.models import Event

    found = divisions(tmp_path, {"Alpha": 12, "Beta": 8})
    event = Event.objects.get(slug=SLUG)
    bracket.event_configure(event=event, hall_tables=10, accessible_tables="1,2,3")
    bracket.entrants_mark_accessible(event=event, ids=["B03"])
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    alpha = Round.objects.get(division=found["Alpha"], number=1)
    assert sorted(alpha.tables.values_list("number", flat=True)) == [4, 5, 6]
    bracket.division_seat_first_round(division=found["Beta"], seed=1)
    assert _accessible_numbers_of(found["Beta"], 1) == {"B03": 1}
    beta = Round.objects.get(division=found["Beta"], number=1)
    assert beta.warnings == []
    # Beta's other table takes the next free number that is not accessible.
    assert sorted(beta.tables.values_list("number", flat=True)) == [1, 7]


@pytest.mark.django_db
def test_with_nobody_in_need_a_round_takes_the_lowest_free_numbers(tmp_path):
    """The hall's plain rule, accessible tables or not: the lowest free numbers."""
    from tournaments.models import Event

    found = divisions(tmp_path, {"Alpha": 12})
    bracket.event_configure(
        event=Event.objects.get(slug=SLUG), hall_tables=10, accessible_tables="1,2,3"
    )
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    alpha = Round.objects.get(division=found["Alpha"], number=1)
    assert sorted(alpha.tables.values_list("number", flat=True)) == [1, 2, 3]


@pytest.mark.django_db
def test_a_full_hall_gives_a_division_without_needs_the_accessible_tables_last(tmp_path):
    from tournaments.models import Event

    found = divisions(tmp_path, {"Alpha": 16, "Beta": 4})
    event = Event.objects.get(slug=SLUG)
    bracket.event_configure(event=event, hall_tables=5, accessible_tables="1,2")
    bracket.entrants_mark_accessible(event=event, ids=["B01"])
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    alpha = Round.objects.get(division=found["Alpha"], number=1)
    assert sorted(alpha.tables.values_list("number", flat=True)) == [1, 3, 4, 5]


@pytest.mark.django_db
def test_when_another_division_holds_the_accessible_tables_the_note_names_it_and_the_fix_works(
    tmp_path,
):
    """Alpha was seated before anyone was marked as needing an accessible table (the
    order of a real day: marked at check-in): it holds 1-3 with nobody in need. Beta's
    player in need gets none, and the note says who holds them and what to do; doing
    it (seat Alpha again, then Beta) seats her at one."""
    from tournaments.models import Event

    found = divisions(tmp_path, {"Alpha": 12, "Beta": 8})
    event = Event.objects.get(slug=SLUG)
    bracket.event_configure(event=event, accessible_tables="1,2,3")
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    bracket.entrants_mark_accessible(event=event, ids=["B03"])
    bracket.division_seat_first_round(division=found["Beta"], seed=1)
    number = _accessible_numbers_of(found["Beta"], 1)["B03"]
    assert number in (4, 5)
    beta = Round.objects.get(division=found["Beta"], number=1)
    assert beta.warnings[0] == (
        f"Table {number}: P3 Betax needs an accessible table; no accessible table was free. "
        "Accessible tables are held by players who do not need them: Alpha, round 1 holds 3 "
        "tables (1-3). To free one, seat that round again while none of its scores is in "
        "(“Fix the seating” on its division page): it then leaves the accessible tables free; "
        "then seat this round again the same way."
    )
    bracket.round_reseat(division=found["Alpha"], reason="free the accessible tables")
    alpha = Round.objects.get(division=found["Alpha"], number=1)
    assert not set(alpha.tables.values_list("number", flat=True)) & {1, 2, 3}
    bracket.round_reseat(division=found["Beta"], reason="a table for P3")
    assert _accessible_numbers_of(found["Beta"], 1)["B03"] in (1, 2, 3)
    beta = Round.objects.get(division=found["Beta"], number=1)
    assert not [w for w in beta.warnings if "needs an accessible table" in w]
