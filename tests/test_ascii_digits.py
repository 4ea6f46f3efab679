"""Numbers are ASCII digits everywhere one is read. Before, import_scores read a full-width
"１" as round 1 but refused an Arabic-Indic "٣" rack, and Django's forms read "٣٠" as 30
minutes. Now every reader refuses both, naming the field."""

import pytest
from django.core.management.base import CommandError

from desk.forms import EventSettingsForm
from tests.commands.test_import_scores_bad_cells import _rows, seated  # noqa: F401
from tests.factories import EventFactory, seated_division
from tests.helpers import SCORE_HEADER, run, snapshot, write_csv
from tests.registration.test_read_registrations import own, problems_of
from tournaments import engine
from tournaments.engine import RuleError

pytestmark = pytest.mark.django_db

OTHER_DIGITS = ["１", "٣", "३", "1٣"]  # full-width, Arabic-Indic, Devanagari, mixed


@pytest.mark.parametrize("value", OTHER_DIGITS)
@pytest.mark.parametrize("column", ["round", "table", "game", "rack_total"])
def test_import_scores_refuses_other_digits_in_every_number(seated, tmp_path, column, value):  # noqa: F811
    division, table, ids = seated
    path = write_csv(tmp_path / "s.csv", SCORE_HEADER, _rows(division, table, ids, {column: value}))
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        run("import_scores", division.event.slug, path)
    message = str(refused.value)
    assert message.startswith("Nothing was imported") and f"line 3: {column}" in message, message
    assert snapshot() == before


def test_the_same_file_in_ascii_digits_is_imported(tmp_path):
    division = seated_division(4)
    table = division.rounds.get().tables.get()
    ids = [s.entrant.external_id for s in table.seats.select_related("entrant").order_by("number")]
    path = write_csv(tmp_path / "s.csv", SCORE_HEADER, _rows(division, table, ids))
    run("import_scores", division.event.slug, path)
    assert table.games.count() == 1


def _settings_data(event, **changes):
    form = EventSettingsForm(instance=event)
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value
    data.update(changes)
    return data


@pytest.mark.parametrize("value", ["５", "٥", "५"])  # five, valid in every field in ASCII
@pytest.mark.parametrize("field", ["minutes_per_game", "ribbons_to", "hall_tables"])
def test_the_settings_form_refuses_other_digits(field, value):
    event = EventFactory()
    assert EventSettingsForm(_settings_data(event, **{field: "5"}), instance=event).is_valid()
    form = EventSettingsForm(_settings_data(event, **{field: value}), instance=event)
    assert not form.is_valid()
    assert field in form.errors


@pytest.mark.parametrize("text", ["²", "①", "١٢", "１２"])
def test_table_numbers_are_ascii(text):
    with pytest.raises(RuleError, match="is not a table number"):
        engine.parse_table_numbers(f"3,{text}", "unusable tables")
    assert engine.parse_table_numbers("3,12", "unusable tables") == (3, 12)


def test_age_bands_are_ascii():
    with pytest.raises(RuleError, match="is not a list of ages"):
        engine.parse_bands("٥٠,55,60")
    assert len(engine.parse_bands("50,55,60")) == 3


def test_a_registration_file_reads_ascii_digits_only():
    problems = problems_of(own("E1,Ann,Lee,١٩٥٠-٠١-٠١,F,,", "E2,Bob,Ray,１９５０-01-01,M,,"))
    assert [line for line, _ in problems] == [2, 3]
    assert all("birth date" in words for _, words in problems)
    header = "entrant_id,first_name,last_name,age,gender,club,division\n"
    problems = problems_of(own("E1,Ann,Lee,٧٠,F,,", header=header))
    assert problems == [(2, "age '٧٠' (column 'age') is not a whole number from 0 to 120")]
