"""A right-to-left name in a sentence is set apart (``tournaments.text.isolate``: FSI …
PDI) so that it cannot turn the words after it round: the organizer's swap note and the
seating's notes (shown at the desk, printed on the table list), and a score's refusal
that names a player."""

import pytest

from scoring import services as scoring
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, seated
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Round

pytestmark = pytest.mark.django_db

HEBREW = ("דוד", "כהן")  # David Cohen
FSI, PDI = "\u2068", "\u2069"


def _division(players=8, **entrant):
    event = EventFactory()
    division = DivisionFactory(event=event)
    EntrantFactory(division=division, first_name=HEBREW[0], last_name=HEBREW[1], **entrant)
    EntrantFactory.create_batch(players - 1, division=division, **entrant)
    services.division_seat_first_round(division=division, seed=3)
    return division


def test_the_swap_note_sets_a_right_to_left_name_apart():
    division = _division()
    round_ = Round.objects.get(division=division)
    one, two = (round_.tables.get(number=n) for n in (1, 2))
    hebrew = next(e for t in (one, two) for e in seated(t) if e.first_name == HEBREW[0])
    other = seated(two if hebrew in seated(one) else one)[0]
    services.seats_swap(round_=round_, first=hebrew, second=other)
    note = Round.objects.get(pk=round_.pk).warnings[-1]
    assert f"{FSI}{HEBREW[0]} {HEBREW[1]}{PDI}" in note


def test_a_seating_note_sets_a_right_to_left_name_apart():
    # Four of one family at one table of four: the note names them.
    division = _division(players=4, family="Cohen")
    note = " ".join(Round.objects.get(division=division).warnings)
    assert "family" in note and f"{FSI}{HEBREW[0]} {HEBREW[1]}{PDI}" in note


def test_a_score_refusal_sets_a_right_to_left_name_apart():
    division = _division()
    round_ = Round.objects.get(division=division)
    one, two = (round_.tables.get(number=n) for n in (1, 2))
    hebrew = next(e for t in (one, two) for e in seated(t) if e.first_name == HEBREW[0])
    elsewhere = two if hebrew in seated(one) else one
    racks = dict(zip(seated(elsewhere), [0, 10, 20, 30], strict=True))
    with pytest.raises(RuleError) as refused:
        scoring.game_record(table=elsewhere, number=1, racks=racks, winner=hebrew, organizer=True)
    assert f"{FSI}{HEBREW[0]} {HEBREW[1]}{PDI} is not at this table" in str(refused.value)
