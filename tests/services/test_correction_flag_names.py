"""The names a correction's ATTENTION line gives (scoring.services.corrections.flag_names):
namesakes told apart by their entrant number, everyone else by name alone."""

import pytest

from tests.factories import DivisionFactory, EntrantFactory, EventFactory

pytestmark = pytest.mark.django_db


def test_a_corrections_flag_names_namesakes_with_their_number():
    from scoring.selectors import division_state
    from scoring.services.corrections import flag_names
    from tournaments import services
    from tournaments.engine.corrections import Consequence, CorrectionEffect

    event = EventFactory()
    division = DivisionFactory(event=event, name="Women 60-64")
    for eid, first, last, club in [
        ("H1001", "Mary", "Smith", "Sunrise Club"),
        ("H1002", "Mary", "Smith", "Oak Hill"),
        ("H1003", "Thelma", "Scott", ""),
        ("H1004", "Ann", "Lee", ""),
    ]:
        EntrantFactory(division=division, external_id=eid, first_name=first, last_name=last,
                       club=club)  # fmt: skip
    services.division_seat_first_round(division=division, seed=1)
    state = division_state(division)
    names = flag_names(state)
    assert names == {
        "H1001": "Mary Smith (H1001)", "H1002": "Mary Smith (H1002)",
        "H1003": "Thelma Scott", "H1004": "Ann Lee",
    }  # fmt: skip
    effect = CorrectionEffect(Consequence.ADVANCED, 1, now=("H1003",), instead_of=("H1001",))
    assert "by the scores now, Thelma Scott instead of Mary Smith (H1001)." in effect.describe(
        names
    )
