"""The award settings through the command interface:
configure_event --ribbons-to, and bad values refused in words, changing nothing."""

import pytest
from django.core.management.base import CommandError

from tests.factories import EventFactory
from tests.helpers import run
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_ribbons_to_defaults_to_8_and_can_be_set_or_switched_off():
    event = EventFactory(slug="ribbons")
    assert event.ribbons_to == 8
    out = run("configure_event", "ribbons", "--ribbons-to", 10)
    assert "ribbons for places 4 to 10" in out
    assert Event.objects.get(slug="ribbons").ribbons_to == 10
    out = run("configure_event", "ribbons", "--ribbons-to", 0)
    assert "no ribbons" in out
    assert Event.objects.get(slug="ribbons").ribbons_to == 0


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("3", "N is 0 \\(no ribbons\\) or a place from 4 to 500, not 3"),
        ("1", "not 1"),
        ("-1", "not -1"),
        ("501", "not 501"),
        ("eight", "invalid int value"),
    ],
)
def test_a_bad_ribbons_to_is_refused_and_nothing_changes(value, message):
    EventFactory(slug="ribbons", minutes_per_game=20)
    with pytest.raises(CommandError, match=message):
        run("configure_event", "ribbons", "--minutes-per-game", 30, "--ribbons-to", value)
    event = Event.objects.get(slug="ribbons")
    assert (event.ribbons_to, event.minutes_per_game) == (8, 20)


# ---------------------------------------------------------------- a division with one player

from tests.helpers import entrants_file  # noqa: E402
from tournaments.models import Division, Round  # noqa: E402

LONE = "lone"


def lone_event(tmp_path, *, setting=None):
    """70-74: four players; 75-79: one; 80-84: three (divisions from the age bands)."""
    rows = [(f"Y{i}", "Young", f"Player{i}", "1954-03-01", "F", "", "") for i in range(4)]
    rows += [("L1", "Lonely", "Lou", "1950-03-01", "F", "", "")]
    rows += [(f"O{i}", "Old", f"Player{i}", "1944-03-01", "F", "", "") for i in range(3)]
    path = entrants_file(tmp_path / "lone.csv", rows)
    run("import_entrants", LONE, path, "--create-event", "--date", "2026-05-14")
    if setting:
        run("configure_event", LONE, "--lone-entrant", setting)
    run("checkin", LONE)


def test_default_a_lone_player_gets_a_walkover_with_seat_all(tmp_path):
    lone_event(tmp_path)
    out = run("seat", LONE, "--all")
    assert "75-79: walkover, gold to Lonely Lou (L1)." in out
    assert Division.objects.get(event__slug=LONE, name="75-79").walkover
    assert Round.objects.filter(division__event__slug=LONE).count() == 2


def test_must_play_seat_refuses_the_lone_division_and_offers_the_neighbour(tmp_path):
    lone_event(tmp_path, setting="play")
    with pytest.raises(CommandError) as refused:
        run("seat", LONE, "--division", "75-79")
    text = str(refused.value)
    assert "75-79 has only one player checked in (Lonely Lou)" in text
    assert "Combine it with 70-74, the nearest age group" in text
    assert "combine_divisions lone --into 70-74 75-79" in text
    lone = Division.objects.get(event__slug=LONE, name="75-79")
    assert not lone.walkover and lone.status == "registered"


def test_must_play_seat_all_seats_the_others_and_names_the_lone_one_with_a_non_zero_exit(tmp_path):
    lone_event(tmp_path, setting="play")
    with pytest.raises(CommandError) as refused:
        run("seat", LONE, "--all")
    text = str(refused.value)
    assert "75-79 has only one player checked in" in text
    assert "Combine it with 70-74, the nearest age group" in text
    # the division to combine with is held back: seated, it could no longer take the player
    assert "70-74: not seated, held for the lone player of 75-79" in text
    seated = set(
        Round.objects.filter(division__event__slug=LONE).values_list("division__name", flat=True)
    )
    assert seated == {"80-84"}
    assert not Division.objects.get(event__slug=LONE, name="75-79").walkover
    # The advice is a command that still works after --all seated 80-84 (not a medal policy
    # change, which is refused once a division is seated).
    assert "combine_divisions lone --into 70-74 75-79 --medals-by-age-group" in text
    assert "configure_event" not in text
    out = run("combine_divisions", LONE, "--into", "70-74", "75-79", "--medals-by-age-group")
    assert "70-74: medals go to each age group, in finishing order." in out
    assert Division.objects.get(event__slug=LONE, name="70-74").medals_by_age_group
    assert Event.objects.get(slug=LONE).medal_policy == "combined"
    # once combined, seat --all seats the rest
    run("seat", LONE, "--all")
    seated = set(
        Round.objects.filter(division__event__slug=LONE).values_list("division__name", flat=True)
    )
    assert seated == {"70-74", "80-84"}


def test_must_play_once_combined_the_lone_player_plays_for_an_age_group_medal(tmp_path):
    lone_event(tmp_path, setting="play")
    run("configure_event", LONE, "--medals", "age-group")
    run("combine_divisions", LONE, "--into", "70-74", "75-79")
    out = run("seat", LONE, "--all")
    assert "walkover" not in out
    bracket = Division.objects.get(event__slug=LONE, name="70-74")
    assert bracket.rounds.get().seats.count() == 5


def test_must_play_with_no_open_neighbour_says_so(tmp_path):
    lone_event(tmp_path, setting="play")
    run("seat", LONE, "--division", "70-74")
    run("seat", LONE, "--division", "80-84")
    with pytest.raises(CommandError, match="No other division is still open to combine it with"):
        run("seat", LONE, "--division", "75-79")


def test_a_bad_lone_entrant_value_is_refused(tmp_path):
    EventFactory(slug=LONE)
    with pytest.raises(CommandError, match="invalid choice: 'sometimes'"):
        run("configure_event", LONE, "--lone-entrant", "sometimes")
    assert Event.objects.get(slug=LONE).lone_entrant == "walkover"
    out = run("configure_event", LONE, "--lone-entrant", "play")
    assert "a lone player: must play" in out


# ---------------------------------------------------------------- qualifiers: settings, state

from tests.helpers import ENTRANT_HEADER, write_csv  # noqa: E402
from tournaments.models import Entrant  # noqa: E402


def test_qualify_and_home_state_settings():
    EventFactory(slug="q")
    event = Event.objects.get(slug="q")
    assert (event.qualify, event.home_state) == (4, "")
    out = run("configure_event", "q", "--qualify", 3, "--home-state", " georgia ")
    assert "3 places qualify per age group and gender (home state GA)" in out
    event = Event.objects.get(slug="q")
    assert (event.qualify, event.home_state) == (3, "GA")
    run("configure_event", "q", "--home-state", "Ontario")
    assert Event.objects.get(slug="q").home_state == "Ontario"
    run("configure_event", "q", "--home-state", "")
    assert Event.objects.get(slug="q").home_state == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--qualify", "0"), "Places that qualify: from 1 to 500, not 0"),
        (("--qualify", "-4"), "not -4"),
        (("--qualify", "four"), "invalid int value"),
        (("--home-state", "x" * 41), "at most 40 characters"),
    ],
)
def test_bad_qualifier_settings_are_refused_and_nothing_changes(args, message):
    EventFactory(slug="q", minutes_per_game=20)
    with pytest.raises(CommandError, match=message):
        run("configure_event", "q", "--minutes-per-game", 25, *args)
    event = Event.objects.get(slug="q")
    assert (event.qualify, event.home_state, event.minutes_per_game) == (4, "", 20)


def test_the_import_keeps_a_plain_state_column_and_update_changes_it(tmp_path):
    header = [*ENTRANT_HEADER, "state"]
    rows = [
        ("S1", "Ann", "Lee", "1954-01-01", "F", "", "", "GA"),
        ("S2", "Bo", "Ray", "", "M", "", "Open", ""),
    ]
    path = write_csv(tmp_path / "s.csv", header, rows)
    run("import_entrants", "st", path, "--create-event", "--date", "2026-05-14")
    assert dict(Entrant.objects.values_list("external_id", "state")) == {"S1": "GA", "S2": ""}
    rows = [("S1", "Ann", "Lee", "1954-01-01", "F", "", "", "Florida")]
    run("import_entrants", "st", write_csv(tmp_path / "u.csv", header, rows), "--update")
    assert Entrant.objects.get(external_id="S1").state == "Florida"
    # a file without the column leaves the state as it is
    rows = [("S1", "Ann", "Lee", "1954-01-01", "F", "Club 9", "")]
    run("import_entrants", "st", write_csv(tmp_path / "v.csv", ENTRANT_HEADER, rows), "--update")
    assert Entrant.objects.get(external_id="S1").state == "Florida"


def test_the_sample_export_keeps_its_state_column():
    from tests.commands.test_import_entrants import CREATE, SAMPLE, SLUG, import_file

    import_file(SAMPLE, *CREATE)
    states = set(Entrant.objects.filter(event__slug=SLUG).values_list("state", flat=True))
    assert "GA" in states
    assert Entrant.objects.filter(event__slug=SLUG, state="").count() < 46
