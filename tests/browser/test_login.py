"""Logging in: after five failed attempts for a user, even the right password is refused,
with the reason in words."""

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tournaments.models import LoginAttempt

from .conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def attempt(page, base_url, username, password):
    page.goto(base_url + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()


def test_sixth_login_after_five_failures_is_refused(page, live_server):
    assert settings.LOGIN_FAILURES_ALLOWED == 5
    make_user("sam")
    for n in range(5):
        attempt(page, live_server.url, "sam", f"wrong-{n}")
        expect(page.get_by_role("alert")).to_contain_text(
            "Please enter a correct username and password."
        )
    attempt(page, live_server.url, "sam", PASSWORD)
    expect(page.get_by_role("alert")).to_have_text(
        "Too many failed attempts. Please wait 15 minutes and try again, or ask the organizer."
    )
    assert page.url == live_server.url + "/login/"
    expect(page.get_by_text("Signed in as sam")).to_have_count(0)
    assert page.context.cookies() and not any(
        c["name"] == "sessionid" for c in page.context.cookies()
    )
    assert list(LoginAttempt.objects.values_list("username", "succeeded")) == [("sam", False)] * 5
