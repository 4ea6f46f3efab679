"""import_entrants --update changes only the columns the file has: what it lacks is kept."""

import pytest

from tests.helpers import run
from tournaments.models import Entrant

SLUG = "update-2026"


@pytest.mark.django_db
def test_update_changes_only_the_columns_the_file_has(event_by_commands, tmp_path):
    players = [("U1", "Ann", "Lee", "1950-03-01", "F", "Lakeside", "Open")]
    event_by_commands(SLUG, players, name="Update", checkin=False)
    (tmp_path / "b.csv").write_text("entrant_id,first_name,last_name\nU1,Anne,Lee\n")
    run("import_entrants", SLUG, tmp_path / "b.csv", "--update")
    entrant = Entrant.objects.get(external_id="U1")
    assert (entrant.first_name, entrant.gender, entrant.club, entrant.division.name) == (
        "Anne",
        "F",
        "Lakeside",
        "Open",
    )
