"""checkin on the command line: a withdrawal after the finish is refused, a late arrival
never undoes a walkover, and a bad id changes nothing."""

import pytest
from django.core.management.base import CommandError

from tests.commands.events import four_players, placings, play_final
from tests.helpers import entrants_file, run
from tournaments.models import Entrant

SLUG = "checkin-2026"
NAME = "Check-in"


@pytest.mark.django_db
def test_withdrawing_after_the_finish_or_after_elimination_is_refused(event_by_commands, tmp_path):
    seats = event_by_commands(SLUG, four_players(), name=NAME)[1]
    play_final(tmp_path, SLUG, seats)
    before = placings(SLUG)
    with pytest.raises(CommandError, match="is finished"):
        run("checkin", SLUG, "--withdraw", seats[0])
    assert placings(SLUG) == before
    assert Entrant.objects.get(external_id=seats[0]).status == "checked_in"


@pytest.mark.django_db
def test_a_late_arrival_does_not_undo_a_walkover(event_by_commands, tmp_path):
    players = [("W1", "Wanda", "Solo", "1940-01-01", "F", "", "Solo")]
    event_by_commands(SLUG, players, name=NAME, seat=False)
    assert "walkover" in run("seat", SLUG, "--division", "Solo")
    entrants_file(tmp_path / "two.csv", [("W2", "Walt", "Late", "1941-01-01", "M", "", "Solo")])
    run("import_entrants", SLUG, tmp_path / "two.csv")
    with pytest.raises(CommandError, match="already seated: W2"):
        run("checkin", SLUG)
    assert placings(SLUG)["W1"] == (1, "gold")
    assert Entrant.objects.get(external_id="W2").status == "registered"


@pytest.mark.django_db
def test_checkin_with_a_bad_id_changes_nothing(event_by_commands):
    seats = event_by_commands(SLUG, four_players(), name=NAME)[1]
    with pytest.raises(CommandError, match="No entrant with id NOPE"):
        run("checkin", SLUG, "--withdraw", seats[0], "--absent", "NOPE")
    assert Entrant.objects.get(external_id=seats[0]).status == "checked_in"
