"""configure_event once a division is seated: the settings that decide results (the
tie-break order, the initial meld) cannot change."""

import pytest
from django.core.management.base import CommandError

from tests.commands.events import four_players
from tests.helpers import run

SLUG = "settings-2026"
NAME = "Settings"


@pytest.mark.django_db
def test_settings_that_decide_results_cannot_change_after_seating(event_by_commands):
    event_by_commands(SLUG, four_players(), name=NAME)
    with pytest.raises(CommandError, match="tie-break order cannot change"):
        run("configure_event", SLUG, "--tie-order", "previous-round")
    with pytest.raises(CommandError, match="initial meld"):
        run("configure_event", SLUG, "--initial-meld", "-5")
