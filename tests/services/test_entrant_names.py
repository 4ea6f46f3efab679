"""entrant_save keeps an entrant's names, club and the rest as they are seen: what shows
nothing (a zero-width space, a bidi override) is never stored (tournaments.text.visible_text)."""

import pytest

from tests.factories import EventFactory
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Entrant

pytestmark = pytest.mark.django_db


def test_an_entrant_added_by_hand_is_stored_as_seen():
    event = EventFactory()
    saved = services.entrant_save(
        event=event,
        division_name="Op\u200ben",
        external_id="\ufeffM1",
        first_name="Mary\u200b",
        last_name="\u202eSmith\u202c",
        club="Sun\u2060rise",
        family=" Smith\u200f ",
    )
    saved.refresh_from_db()
    assert (saved.external_id, saved.first_name, saved.last_name) == ("M1", "Mary", "Smith")
    assert (saved.club, saved.family, saved.division.name) == ("Sunrise", "Smith", "Open")
    # The same person typed again without them is the one already registered.
    with pytest.raises(RuleError, match="Mary Smith is already registered as M1"):
        services.entrant_save(
            event=event, division_name="Open", first_name="Mary", last_name="Smith"
        )


def test_a_changed_name_is_stored_as_seen():
    event = EventFactory()
    saved = services.entrant_save(
        event=event, division_name="Open", first_name="Ann", last_name="Lee"
    )
    services.entrant_save(
        event=event,
        entrant=saved,
        division_name="Open",
        first_name="\u2067Ann\u2069 Marie",
        last_name="Lee\u200d",
    )
    assert Entrant.objects.get(pk=saved.pk).name == "Ann Marie Lee"


def test_a_name_of_invisible_characters_is_no_name():
    with pytest.raises(RuleError, match="Enter the first and the last name"):
        services.entrant_save(
            event=EventFactory(), division_name="Open", first_name="\u200b", last_name="Lee"
        )
    assert not Entrant.objects.exists()
