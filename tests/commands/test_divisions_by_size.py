"""Divisions by the field's size, formed when `seat` first seats the event: the NVSO rule
makes one division of a small field, three age groups of a field above 32; entrants with
no age known stay where they were; the desk shows the grouping before seating."""

import pytest

from tests.helpers import entrants_file, organizer_client, run
from tournaments.models import Division, Entrant, Event, Round

SLUG = "nvso-2026"


def _field(tmp_path, count, *, without_age=()):
    rows = []
    for i in range(count):
        year = 1961 - (i * 37) % 35  # ages 65 to 99 spread over the field
        birth = "" if i in without_age else f"{year}-03-01"
        named = "" if birth else "Open"  # no age: the file names the division
        rows.append((f"N{i}", f"First{i}", f"Last{i}", birth, "F" if i % 2 else "M", "", named))
    entrants_file(tmp_path / "e.csv", rows)
    run(
        "import_entrants",
        SLUG,
        tmp_path / "e.csv",
        "--create-event",
        "--name",
        "NVSO",
        "--date",
        "2026-05-01",
    )
    run("configure_event", SLUG, "--preset", "nvso", "--age-bands", "50", "--move-entrants")
    run("checkin", SLUG)
    return Event.objects.get(slug=SLUG)


def _divisions(event) -> dict[str, int]:
    return {
        d.name: d.entrants.count() for d in Division.objects.filter(event=event).order_by("name")
    }


@pytest.mark.django_db
def test_a_field_above_32_gets_three_age_groups_when_first_seated(tmp_path):
    event = _field(tmp_path, 40)
    out = run("seat", SLUG, "--all")
    assert "Divisions by field size: 40 players: more than 32, so 50-64, 65-79, 80+." in out
    divisions = _divisions(event)
    assert set(divisions) == {"65-79", "80+"}  # nobody under 65 here: no empty 50-64
    assert sum(divisions.values()) == 40
    for entrant in Entrant.objects.filter(event=event).select_related("division"):
        age = 2026 - entrant.birth_date.year  # born on 1 March, age taken on 31 December
        low = entrant.division.min_age
        assert low <= age and (entrant.division.max_age is None or age <= entrant.division.max_age)
    assert Round.objects.filter(division__event=event).count() == len(divisions)
    # seated: the rule is not applied again, nor can it change
    again = run("seat", SLUG, "--all")
    assert "Divisions by field size" not in again


@pytest.mark.django_db
def test_a_small_field_plays_as_one_division_and_the_unknown_age_stays(tmp_path):
    event = _field(tmp_path, 10, without_age=(3,))
    before = Entrant.objects.get(event=event, external_id="N3").division.name
    out = run("seat", SLUG, "--all")
    assert "Divisions by field size: 10 players: one division (50+)." in out
    assert "No age known, left where they were: N3" in out
    assert Entrant.objects.get(event=event, external_id="N3").division.name == before
    assert _divisions(event) == {"50+": 9, "Open": 1}


@pytest.mark.django_db
def test_the_desk_shows_the_grouping_before_seating_and_forms_it(tmp_path):
    event = _field(tmp_path, 20)
    client = organizer_client(event)
    text = client.get(f"/e/{SLUG}/desk/").content.decode()
    assert "Divisions by field size" in text
    assert "20 players: more than 16, so 50-74, 75+." in text
    assert not Division.objects.filter(event=event, name="75+").exists()
    answer = client.post(f"/e/{SLUG}/desk/divisions/by-size/")
    assert answer.status_code == 302
    assert set(_divisions(event)) == {"50-74", "75+"}
    # the first seat from the desk, once formed, seats
    division = Division.objects.get(event=event, name="75+")
    client.post(f"/e/{SLUG}/desk/divisions/{division.pk}/seat/")
    assert division.rounds.exists()
    assert "Divisions by field size" not in client.get(f"/e/{SLUG}/desk/").content.decode()


@pytest.mark.django_db
def test_the_desks_first_seat_forms_the_divisions_first(tmp_path):
    event = _field(tmp_path, 20)
    client = organizer_client(event)
    division = Division.objects.filter(event=event).first()
    answer = client.post(f"/e/{SLUG}/desk/divisions/{division.pk}/seat/", follow=True)
    assert "Divisions formed by field size: 20 players: more than 16" in answer.content.decode()
    assert set(_divisions(event)) == {"50-74", "75+"}
    assert not Round.objects.filter(division__event=event).exists()
