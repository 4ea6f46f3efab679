"""Logging in, in Chromium: after five wrong passwords for a user, even the right one is
refused with when to try again and whom to ask; the organizer, signed in beside them,
unlocks that scorekeeper or gives them a new password from the desk's settings page."""

import re

import pytest
from axes.models import AccessFailureLog
from django.test import Client
from playwright.sync_api import expect

from .conftest import PASSWORD, SCREENSHOTS, axe_violations, login

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = [(390, 844), (820, 1180), (1366, 768)]


def attempt(page, base_url, username, password):
    page.goto(base_url + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()


def check_page(page, part="main"):
    """axe-core clean; in ``part``, text at least 18 px and buttons at least 44 px tall."""
    assert axe_violations(page) == []
    small = page.evaluate(
        """() => [...document.querySelectorAll(PART)]
            .filter(e => e.offsetParent !== null && e.textContent.trim())
            .filter(e => parseFloat(getComputedStyle(e).fontSize) < 18)
            .map(e => e.outerHTML.slice(0, 120))""".replace(
            "PART", repr(", ".join(f"{part} {tag}" for tag in ("p", "li", "span", "label")))
        )
    )
    assert small == []
    for box in page.locator(f"{part} button, {part} input:not([type=hidden])").all():
        assert box.bounding_box()["height"] >= 44, box.evaluate("e => e.outerHTML")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_lockout_and_the_desks_unlock_and_new_password(world, browser, live_server):
    base = live_server.url
    size = {"viewport": {"width": 390, "height": 844}}
    sam_page = browser.new_context(**size).new_page()
    desk = browser.new_context(**size).new_page()

    for n in range(4):
        attempt(sam_page, base, "sam", f"wrong-{n}")
        expect(sam_page.get_by_role("alert")).to_contain_text(
            "That user name and password do not go together."
        )
        left = 4 - n
        expect(sam_page.get_by_role("alert")).to_contain_text(
            f"{left} more wrong password{'s' if left != 1 else ''} and “sam” is locked out"
        )
    attempt(sam_page, base, "sam", "wrong-4")
    alert = sam_page.get_by_role("alert")
    expect(alert).to_have_text(
        re.compile(
            r"Too many wrong passwords for sam\. Try again at "
            r"(\d{1,2}:\d\d [ap]m) "
            r"\(in 15 minutes\), or ask the organizer at the desk: they can unlock your "
            r"account and give you a new password\."
        )
    )
    expect(sam_page.locator("#id_username")).to_have_value("sam")
    check_page(sam_page)
    # The right password now is refused too, the same way.
    attempt(sam_page, base, "sam", PASSWORD)
    expect(sam_page.get_by_role("alert")).to_contain_text("Too many wrong passwords for sam.")
    assert not any(c["name"] == "sessionid" for c in sam_page.context.cookies())

    # The organizer signs in from the same address: not locked.
    login(desk, base, "olive")
    desk.goto(f"{base}/e/{world.event.slug}/desk/settings/")
    sam_row = desk.locator(f"#scorekeeper-{world.users['scorekeeper'].pk}")
    expect(sam_row).to_contain_text("locked out after too many wrong passwords, until")
    expect(desk.locator(f"#scorekeeper-{world.users['scorekeeper2'].pk}")).not_to_contain_text(
        "locked out"
    )
    check_page(desk, "#scorekeepers")
    desk.get_by_role("button", name="Unlock sam").click()
    expect(desk.get_by_role("status")).to_contain_text("sam can sign in again now.")
    expect(sam_row).not_to_contain_text("locked out")
    expect(desk.get_by_role("button", name="Unlock sam")).to_have_count(0)

    login(sam_page, base, "sam")
    expect(sam_page.get_by_text("Signed in as sam")).to_be_visible()

    # A new password: shown once on the desk; the old one stops working, the new one works.
    # It asks first (the confirm page fits the phone and reads), then gives it.
    desk.get_by_role("button", name="New password for sam").click()
    expect(desk.get_by_role("heading", name="A new password for sam?")).to_be_visible()
    check_page(desk)
    desk.get_by_role("button", name="Yes, give sam a new password").click()
    message = desk.get_by_role("status")
    expect(message).to_contain_text("sam's new password is ")
    new = re.search(r"new password is (\S+)", message.inner_text()).group(1)
    check_page(desk, "#scorekeepers")
    fresh = browser.new_context(**size).new_page()
    attempt(fresh, base, "sam", PASSWORD)
    expect(fresh.get_by_role("alert")).to_contain_text("user name and password do not go together")
    login(fresh, base, "sam", new)
    expect(fresh.get_by_text("Signed in as sam")).to_be_visible()
    assert AccessFailureLog.objects.filter(username="sam").count() == 6
    for page in (sam_page, desk, fresh):
        page.context.close()


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_lockout_page_and_desk_at_each_width(world, browser, live_server, width, height):
    """The lockout message and the desk's scorekeeper rows fit, read and tap at each width."""
    base = live_server.url
    for n in range(5):  # from the test's own address, as the browser's (127.0.0.1)
        Client(REMOTE_ADDR="127.0.0.1").post("/login/", {"username": "sam", "password": f"w{n}"})
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    attempt(page, base, "sam", PASSWORD)
    expect(page.get_by_role("alert")).to_contain_text("ask the organizer at the desk")
    check_page(page)
    page.screenshot(path=str(SCREENSHOTS / f"login-locked-{width}.png"), full_page=True)
    login(page, base, "olive")
    page.goto(f"{base}/e/{world.event.slug}/desk/settings/")
    section = page.locator("#scorekeepers")
    expect(section).to_contain_text("locked out after too many wrong passwords")
    check_page(page, "#scorekeepers")
    section.screenshot(path=str(SCREENSHOTS / f"desk-scorekeepers-{width}.png"))
    context.close()
