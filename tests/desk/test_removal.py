"""Removing an entrant at the desk: asked first, the reason kept and listed; a seated
player is refused with the way to withdraw them."""

import pytest
from django.urls import reverse

from tests.factories import DivisionFactory, EntrantFactory, EventFactory, seated_division
from tests.helpers import organizer_client
from tournaments.models import Entrant, EntrantRemoval

pytestmark = pytest.mark.django_db


def _url(entrant, name):
    return reverse(f"desk:{name}", args=[entrant.event.slug, entrant.pk])


def test_the_desk_removes_an_entrant_after_are_you_sure():
    event = EventFactory()
    entrant = EntrantFactory(division=DivisionFactory(event=event), external_id="D2",
                             first_name="Dee", last_name="Double", status="registered")  # fmt: skip
    client = organizer_client(event)
    page = client.get(_url(entrant, "entrant_edit")).content.decode()
    assert "Remove this entrant…" in page
    refused = client.post(_url(entrant, "entrant_remove"), {"reason": ""}, follow=True)
    assert "Say why the entrant is removed." in refused.content.decode()
    asked = client.post(_url(entrant, "entrant_remove"), {"reason": "entered twice"})
    assert "Remove Dee Double (D2)?" in asked.content.decode()
    assert Entrant.objects.filter(pk=entrant.pk).exists()  # asked, nothing done yet
    done = client.post(
        _url(entrant, "entrant_remove"),
        {"reason": "entered twice", "confirmed": "yes"},
        follow=True,
    )
    text = done.content.decode()
    assert "was removed: entered twice" in text
    assert 'id="removals"' in text and "Dee Double" in text
    assert not Entrant.objects.filter(pk=entrant.pk).exists()
    assert EntrantRemoval.objects.get().by_label == done.wsgi_request.user.username


def test_a_seated_player_is_shown_the_way_to_withdraw_and_refused():
    division = seated_division(5)
    entrant = division.entrants.first()
    client = organizer_client(division.event)
    page = client.get(_url(entrant, "entrant_edit")).content.decode()
    assert "Remove this entrant…" not in page
    assert "withdraw them on the division page instead" in page
    division_page = reverse("desk:division", args=[division.event.slug, division.pk])
    assert f'href="{division_page}"' in page
    refused = client.post(
        _url(entrant, "entrant_remove"), {"reason": "x", "confirmed": "yes"}, follow=True
    )
    assert "withdraw them on the division page instead" in refused.content.decode()
    assert Entrant.objects.filter(pk=entrant.pk).exists()


def test_remove_opened_by_its_address_changes_nothing():
    entrant = EntrantFactory()
    client = organizer_client(entrant.event)
    assert client.get(_url(entrant, "entrant_remove")).status_code == 302
    assert Entrant.objects.filter(pk=entrant.pk).exists()


def test_the_removal_and_erase_boxes_have_their_own_ids_and_a_refusal_keeps_the_reason():
    import re

    event = EventFactory()
    entrant = EntrantFactory(division=DivisionFactory(event=event), status="registered")
    client = organizer_client(event)
    page = client.get(_url(entrant, "entrant_edit")).content.decode()
    ids = re.findall(r'<(?:input|textarea)[^>]* id="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    assert 'for="id_remove_reason"' in page and 'for="id_erase_reason"' in page
    too_long = "entered twice " * 40
    refused = client.post(_url(entrant, "entrant_remove"), {"reason": too_long}, follow=True)
    text = refused.content.decode()
    remove = text[text.index('id="remove"') :]
    assert too_long.strip() in remove  # as typed, in its own box
    assert 'class="field-error"' in remove  # the problem beside the field
    assert Entrant.objects.filter(pk=entrant.pk).exists()
    # Back from "are you sure?": the reason is still there.
    back = client.post(
        _url(entrant, "entrant_remove"), {"reason": "entered twice", "change": "1"}, follow=True
    )
    assert 'value="entered twice"' in back.content.decode() or "entered twice</textarea>" in (
        back.content.decode()
    )
