"""The engine's words go through whatever translator the app installs
(tournaments.engine.words), and are English when none is: no Django needed here."""

import pytest

from tournaments.engine import Hall, HallFull, RuleError, seat_players, words
from tournaments.engine.clock import check_added_minutes
from tournaments.engine.seating import Seat


@pytest.fixture
def fake_translator():
    """Install a translator that marks every message it is asked for (and counts plurals)."""
    before = (words._gettext, words._ngettext)
    asked = []

    def gettext(message):
        asked.append(message)
        return "«" + message + "»"

    def ngettext(singular, plural, number):
        asked.append((singular, plural, number))
        return "«" + (singular if number == 1 else plural) + "»"

    words.install(gettext, ngettext)
    try:
        yield asked
    finally:
        words._gettext, words._ngettext = before


def test_english_without_a_translator():
    before = (words._gettext, words._ngettext)
    words.install()
    try:
        assert words.gettext("Tables in play now:") == "Tables in play now:"
        assert words.ngettext("%(n)s table", "%(n)s tables", 1) == "%(n)s table"
        assert words.ngettext("%(n)s table", "%(n)s tables", 3) == "%(n)s tables"
        with pytest.raises(RuleError, match="^The table has 1 extra minute: 2 cannot"):
            check_added_minutes(-2, 1)
    finally:
        words._gettext, words._ngettext = before


def test_a_refusal_goes_through_the_installed_translator(fake_translator):
    with pytest.raises(RuleError) as refused:
        check_added_minutes(-5, 3)
    assert str(refused.value) == "«The table has 3 extra minutes: 5 cannot be taken back.»"
    assert (
        "The table has %(extra)s extra minute: %(minutes)s cannot be taken back.",
        "The table has %(extra)s extra minutes: %(minutes)s cannot be taken back.",
        3,
    ) in fake_translator


def test_the_hall_s_refusal_goes_through_the_translator(fake_translator):
    full = HallFull(needed={"Beta, round 1": 3}, free=1, hall=Hall(tables=4), holders=[])
    lines = str(full).splitlines()
    assert lines[0].startswith("«Not enough free tables in the hall: 3 needed")
    assert lines[0].endswith("of the hall's 4 usable tables.»")
    assert lines[-1].startswith("«Nothing was seated:")
    with pytest.raises(RuleError, match="^«Every one of the hall's 2 tables would be unusable.»"):
        Hall(tables=2, unusable=frozenset({1, 2}))


def test_seating_notes_go_through_the_translator(fake_translator):
    seating = seat_players([Seat(p, club="Sunrise") for p in "ABCD"], [4], seed=1)
    (note,) = seating.warnings({"A": "Ann", "B": "Bob", "C": "Cy", "D": "Di"}, [7])
    # The lead ("Table 7: ") and the note's own words each go through it.
    assert note.startswith("«Table 7: «")
    assert note.endswith(" of Sunrise share a table («more members than tables»).»»")
    assert "Table %(number)s: %(note)s" in fake_translator


def test_a_game_s_problems_and_the_score_page_s_messages_go_through_the_translator(
    fake_translator,
):
    from tournaments.engine import entry_rules, validate_game
    from tournaments.engine.errors import GameError

    with pytest.raises(GameError) as refused:
        validate_game({"A": 0, "B": 0, "C": 12}, names={"A": "Ann", "B": "Bob"})
    assert refused.value.reasons == ("««Ann and Bob» both have 0: only one player can go out.»",)
    rules = entry_rules()
    assert rules["messages"]["too_few"] == "«A game needs the rack totals of at least two players.»"
    assert "{value}" in rules["messages"]["negative"]  # the script fills the placeholders


def test_a_tie_is_described_through_the_translator_and_keeps_its_english_data(
    fake_translator,
):
    from tournaments.engine.rounds import Tie

    tie = Tie(2, ("A", "B"), "a bye in round 3", table=4)
    assert tie.blocks == "a bye in round 3"
    assert tie.describe({"A": "Ann", "B": "Bob"}) == (
        "«round 2, table 4: Ann, Bob are tied for «a bye in round 3»; record the playoff or "
        "tile draw.»"
    )
