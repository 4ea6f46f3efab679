"""The projector at 1280×720: find-my-table's address is a link and a QR code of it sits
at the top right, beside the header and the announcements, and decodes (zbar) to that
address; nothing runs off the screen or overlaps, with no announcement or five and the
round clock. On a phone the code is left out (the reader is on the page already) and the
address still fits."""

import shutil
import subprocess

import pytest
from playwright.sync_api import expect

from tests.helpers import unavailable

from .conftest import SCREENSHOTS, axe_violations, build_world
from .test_projector_fit import _hall

pytestmark = pytest.mark.django_db(transaction=True)


def _decode(path) -> str:
    if shutil.which("zbarimg") is None:
        unavailable("zbarimg is not installed (apt-get install -y zbar-tools)")
    out = subprocess.run(["zbarimg", "-q", "--raw", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def _apart(a, b) -> bool:
    """Two boxes that share no pixel."""
    return (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


@pytest.mark.parametrize(
    ("kind", "busy"),
    [("seating", False), ("seating", True), ("standings", True)],
    ids=["seating", "seating-five-announcements-clock", "standings-five-announcements-clock"],
)
def test_the_find_address_is_a_link_and_a_qr_code_on_a_720p_projector(
    browser, hall_url, settings, tmp_path, kind, busy
):
    world = build_world()
    if busy:
        _hall(world, scored=kind == "standings")
    # The address phones open (BASE_URL, as on the score sheets), here the live server at
    # an address of the hall's Wi-Fi (a loopback one is said, never linked: below).
    settings.BASE_URL = hall_url
    find = f"{hall_url}/p/{world.event.slug}/find/"
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    page.clock.install()
    page.goto(f"{hall_url}/p/{world.event.slug}/")
    body = ".seating" if kind == "seating" else "main > table"
    expect(page.locator(body)).to_be_visible()
    if kind == "standings":  # measured, then asked for again with what the screen holds
        page.wait_for_selector("#main[data-fitted]", state="attached")
        # Beside the table, the code leaves the standings their rows (two tables of four).
        expect(page.locator("main tbody tr")).to_have_count(8)

    link = page.locator(".find-hint a")
    expect(link).to_have_attribute("href", find)
    expect(link).to_have_text(find.split("://", 1)[1])

    qr = page.get_by_role("img", name="QR code: find your table")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box["width"] >= 120 and box["height"] >= 120, box  # read from the hall
    assert box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 720, box
    for part in ("main > header h1", ".find-hint", ".languages", ".slide-head", body):
        assert _apart(box, page.locator(part).first.bounding_box()), part
    if busy:
        assert _apart(box, page.locator("#announcements li.shown").bounding_box())
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.evaluate("document.documentElement.scrollHeight") <= 720

    shot = tmp_path / "qr.png"
    qr.screenshot(path=str(shot))
    assert _decode(shot) == find
    # The code is a link to the same address too (a click on the laptop opens it).
    expect(page.locator(".find-qr a")).to_have_attribute("href", find)

    name = f"public-projector-find-qr-{kind}{'-busy' if busy else ''}.png"
    page.screenshot(path=str(SCREENSHOTS / name))
    assert axe_violations(page) == []
    page.goto(find)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    hall.close()


def test_a_phone_gets_the_link_without_the_code(browser, hall_url, settings):
    world = build_world()
    settings.BASE_URL = hall_url
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = phone.new_page()
    page.goto(f"{hall_url}/p/{world.event.slug}/")
    expect(page.locator(".find-hint a")).to_be_visible()
    expect(page.locator(".find-qr")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()
