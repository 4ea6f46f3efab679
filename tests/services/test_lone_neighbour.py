"""A division with one player where the event requires
play, named by hand ("Women 90+") rather than made from the age groups. The neighbour
offered comes from the divisions' real age ranges and genders (their players', when
typed), and when none can be chosen the refusal names the divisions to choose from."""

import datetime

import pytest

from tests.helpers import entrants_file, run
from tournaments import services
from tournaments.models import Division
from tournaments.selectors import combine_neighbour, division_slot, lone_neighbours

SLUG = "lone-hand"


def event_with(tmp_path, rows):
    event = services.event_create(name="Hand", slug=SLUG, date=datetime.date(2026, 5, 14))
    services.event_configure(event=event, by_gender=True, lone_entrant="play")
    run("import_entrants", SLUG, entrants_file(tmp_path / "e.csv", rows))
    run("checkin", SLUG)
    return {d.name: d for d in Division.objects.filter(event__slug=SLUG)}


def people(prefix, count, born, gender, division=""):
    return [
        (f"{prefix}{n}", f"{prefix}first{n}", f"{prefix}last{n}", born, gender, "", division)
        for n in range(count)
    ]


AGE_GROUPS = (
    people("W", 4, "1954-06-01", "F")  # Women 70-74
    + people("V", 3, "1939-06-01", "F")  # Women 85-89
    + people("M", 3, "1934-06-01", "M")  # Men 90-94
)


@pytest.mark.django_db
def test_a_lone_division_typed_by_hand_is_offered_the_nearest_age_group_of_its_gender(
    tmp_path,
):
    found = event_with(tmp_path, AGE_GROUPS + people("L", 1, "1933-06-01", "F", "Women 90+"))
    lone = found["Women 90+"]
    assert (lone.min_age, lone.max_age, lone.gender) == (None, None, "")  # nothing stored
    assert division_slot(lone) == division_slot(lone).__class__("Women 90+", 93, 93, "F")
    assert combine_neighbour(lone) == found["Women 85-89"]
    assert lone_neighbours(lone.event) == {lone.pk: found["Women 85-89"]}
    with pytest.raises(services.LoneEntrantMustPlay) as refused:
        services.division_seat_first_round(division=lone)
    assert "Combine it with Women 85-89, the nearest age group" in str(refused.value)


@pytest.mark.django_db
def test_a_neighbour_typed_by_hand_counts_by_its_players_ages(tmp_path):
    """The lone division is an age group; the nearest one is typed ("Ladies 85 and over",
    players 86 to 88), not the Women 70-74 age group that was offered before."""
    rows = (
        people("W", 4, "1954-06-01", "F")
        + people("T", 1, "1940-06-01", "F", "Ladies 85 and over")
        + people("U", 2, "1938-06-01", "F", "Ladies 85 and over")
        + people("L", 1, "1934-06-01", "F")  # Women 90-94, alone
    )
    found = event_with(tmp_path, rows)
    assert combine_neighbour(found["Women 90-94"]) == found["Ladies 85 and over"]


@pytest.mark.django_db
def test_without_any_age_the_organizer_is_told_which_divisions_to_choose_from(tmp_path):
    found = event_with(tmp_path, AGE_GROUPS + people("G", 1, "", "F", "Guests"))
    lone = found["Guests"]
    assert combine_neighbour(lone) is None
    with pytest.raises(services.LoneEntrantMustPlay) as refused:
        services.division_seat_first_round(division=lone)
    assert str(refused.value) == (
        "Guests has only one player checked in (Gfirst0 Glast0), and this event gives no "
        "medal without play: the division cannot be finished alone. No neighbouring division "
        "can be chosen for it: Guests has no age range (its name was typed, and Gfirst0 "
        "Glast0's age is not known). You choose which division to combine it with: Women "
        "70-74, Women 85-89 or Men 90-94; or change the setting to a walkover."
    )
    assert refused.value.candidates == [
        found["Women 70-74"],
        found["Women 85-89"],
        found["Men 90-94"],
    ]
    assert not Division.objects.get(pk=lone.pk).walkover


@pytest.mark.django_db
def test_the_seat_command_says_how_to_combine_with_the_division_chosen(tmp_path):
    from django.core.management.base import CommandError

    event_with(tmp_path, AGE_GROUPS + people("G", 1, "", "F", "Guests"))
    with pytest.raises(CommandError) as refused:
        run("seat", SLUG, "--division", "Guests")
    text = str(refused.value)
    assert "You choose which division to combine it with: Women 70-74" in text
    assert "To combine them: combine_divisions lone-hand --into NAME Guests" in text
    run("combine_divisions", SLUG, "--into", "Women 70-74", "Guests")
    assert Division.objects.get(name="Guests").combined_into.name == "Women 70-74"
