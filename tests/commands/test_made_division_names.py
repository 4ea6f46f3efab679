"""import_entrants: a division the product makes from the age groups records what made its
name (shown in the reader's language); one the file names stays as typed."""

import pytest
from django.utils import translation

from tests.helpers import entrants_file, run
from tournaments.models import Division

pytestmark = pytest.mark.django_db


def test_made_names_are_marked_and_typed_ones_are_not(tmp_path):
    players = [
        ("A1", "Ann", "Lee", "1954-03-01", "F", "", ""),  # 72 on the cut-off: Women 70-74
        ("A2", "Bo", "Kim", "1953-03-01", "M", "", ""),  # 73: Men 70-74
        ("A3", "Cy", "Park", "1950-03-01", "F", "", "Golden Girls"),
    ]
    run(
        "import_entrants",
        "names",
        entrants_file(tmp_path / "entrants.csv", players),
        "--create-event",
        "--name",
        "Names",
        "--date",
        "2026-06-01",
    )
    run("configure_event", "names", "--by-gender", "--move-entrants")
    made = Division.objects.get(event__slug="names", name="Women 70-74")
    typed = Division.objects.get(event__slug="names", name="Golden Girls")
    assert made.made_as == "F" and typed.made_as == ""
    with translation.override("fr"):
        assert (made.shown_name, typed.shown_name) == ("Femmes 70-74", "Golden Girls")
    with translation.override("es"):
        assert made.shown_name == "Mujeres 70-74"
    assert Division.objects.get(event__slug="names", name="Men 70-74").made_as == "M"
