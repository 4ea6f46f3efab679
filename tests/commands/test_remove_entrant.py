"""remove_entrant EVENT ID --reason TEXT: before seating only, kept in the audit trail."""

import pytest
from django.core.management.base import CommandError

from tests.factories import EntrantFactory, seated_division
from tests.helpers import run
from tournaments.models import Entrant, EntrantRemoval

pytestmark = pytest.mark.django_db


def test_removes_an_entrant_and_says_so():
    entrant = EntrantFactory(external_id="A7", first_name="Bo", last_name="Twice")
    out = run("remove_entrant", entrant.event.slug, "A7", "--reason", "duplicate entry")
    assert "Removed Bo Twice (A7)" in out
    assert not Entrant.objects.filter(pk=entrant.pk).exists()
    assert EntrantRemoval.objects.get().reason == "duplicate entry"


def test_a_seated_entrant_is_refused_and_nothing_changes():
    division = seated_division(5)
    entrant = division.entrants.first()
    with pytest.raises(CommandError, match=r"already seated.*withdraw them instead \(--withdraw\)"):
        run("remove_entrant", division.event.slug, entrant.external_id, "--reason", "x")
    assert Entrant.objects.filter(pk=entrant.pk).exists()
    assert not EntrantRemoval.objects.exists()


def test_an_unknown_id_and_a_missing_reason_are_refused():
    entrant = EntrantFactory()
    with pytest.raises(CommandError, match="no entrant with id 'ZZ9'"):
        run("remove_entrant", entrant.event.slug, "ZZ9", "--reason", "typo")
    with pytest.raises(CommandError, match="needs a reason"):
        run("remove_entrant", entrant.event.slug, entrant.external_id, "--reason", " ")
    assert Entrant.objects.filter(pk=entrant.pk).exists()
