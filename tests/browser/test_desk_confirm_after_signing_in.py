"""Signed out on a desk confirm page ("Remove vol3", signed out in another tab, "Yes,
remove", then "Sign in again", which must not lead to a bare HTTP 405): signing in again
comes back to the same question with nothing done, "Yes" then does it once, and the
organizer lands at the scorekeepers section of the long settings page with what was done
in view."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import PASSWORD, axe_violations, login

pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "Remove sam from the scorekeepers of County Senior Games?"


def test_signed_out_on_the_remove_question_then_signing_in_asks_again(page, live_server, world):
    page.set_viewport_size({"width": 390, "height": 844})
    event, sam = world.event, world.users["scorekeeper"]
    settings_url = f"{live_server.url}/e/{event.slug}/desk/settings/"
    login(page, live_server.url, "olive")
    page.goto(settings_url)
    page.get_by_role("button", name="Remove sam").click()
    expect(page.get_by_role("heading", name=QUESTION)).to_be_visible()

    # Signed out in another tab.
    other = page.context.new_page()
    other.goto(settings_url)
    other.get_by_role("button", name="Sign out").click()
    other.wait_for_load_state()
    other.close()

    page.get_by_role("button", name="Yes, remove sam").click()
    expect(
        page.get_by_role("heading", name="You were signed out: this was not saved")
    ).to_be_visible()
    assert event.scorekeepers.filter(pk=sam.pk).exists()

    page.get_by_role("link", name="Sign in again").click()
    page.fill("#id_username", "olive")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    remove_url = f"{settings_url.removesuffix('settings/')}scorekeepers/{sam.pk}/remove/"
    page.wait_for_url(remove_url)
    # The same question again, nothing done (it was a 405 with an empty body).
    expect(page.get_by_role("heading", name=QUESTION)).to_be_visible()
    assert event.scorekeepers.filter(pk=sam.pk).exists()
    assert axe_violations(page) == []

    page.get_by_role("button", name="Yes, remove sam").click()
    page.wait_for_url(re.compile(r".*/desk/settings/\?at=scorekeepers#scorekeepers$"))
    done = page.get_by_text("sam no longer keeps scores for County Senior Games.")
    expect(done).to_be_in_viewport()  # not at the top of the long page, out of sight
    expect(page.get_by_role("heading", name="Scorekeepers")).to_be_in_viewport()
    assert not event.scorekeepers.filter(pk=sam.pk).exists()
    assert axe_violations(page) == []


def test_a_new_password_lands_at_the_scorekeepers_with_the_password_in_view(
    page, live_server, world
):
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{world.event.slug}/desk/settings/")
    page.get_by_role("button", name="New password for sam").click()
    page.get_by_role("button", name="Yes, give sam a new password").click()
    page.wait_for_url(re.compile(r".*#scorekeepers$"))
    shown = page.locator("#password-once")
    expect(shown).to_be_in_viewport()
    expect(shown).to_contain_text(re.compile(r"sam's new password is [a-km-np-z2-9]{4}-"))
