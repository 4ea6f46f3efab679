"""Find my table says that a checked-in player whose division is not seated yet waits to
be seated, instead of "check the spelling"."""

import pytest
from django.test import Client

from tests.browser.conftest import build_desk_world

pytestmark = pytest.mark.django_db


def test_a_checked_in_player_of_an_unseated_division_is_told_so():
    world = build_desk_world()  # Newcomers: checked in (Rex Judd absent), not seated
    text = Client().get(f"/p/{world.event.slug}/find/?q=mia").text
    assert "Mia Ford" in text
    assert "Not seated yet" in text and "Newcomers" in text
    assert "Check the spelling" not in text
    # Absent Rex is not "checked in"; a seated player still gets a table, only once.
    assert "Nobody seated matches" in Client().get(f"/p/{world.event.slug}/find/?q=judd").text
    seated = Client().get(f"/p/{world.event.slug}/find/?q=lee").text
    assert seated.count("Ann Lee") == 1 and "Not seated yet" not in seated
    assert "Table 1" in seated or "Table 2" in seated
