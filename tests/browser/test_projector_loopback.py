"""The projector when the address printed for phones is 127.0.0.1 or localhost (`make run`),
in Chromium at a phone's and a laptop's size: it says so in the header, plainly, with what
to do (`make venue`, or BASE_URL), in the event's language, and neither links to that
address nor draws its QR code; the slide keeps its place on the screen."""

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS, axe_violations, build_world

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en": ("Phones cannot open", "“make venue”", "BASE_URL"),
    "fr": ("Les téléphones ne peuvent pas ouvrir", "« make venue »", "BASE_URL"),
}


@pytest.mark.parametrize(
    ("width", "height", "language"),
    [(390, 844, "en"), (1366, 768, "en"), (1366, 768, "fr")],
)
def test_a_loopback_address_is_said_with_what_to_do(
    browser, live_server, settings, width, height, language
):
    world = build_world()
    world.event.language = language
    world.event.save(update_fields=["language"])
    settings.BASE_URL = "http://127.0.0.1:8000"
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    notice = page.locator(".loopback-notice")
    expect(notice).to_be_visible()
    for words in WORDS[language]:
        expect(notice).to_contain_text(words)
    expect(notice.locator("strong")).to_have_text("127.0.0.1:8000")
    expect(page.locator(".find-qr")).to_have_count(0)
    expect(page.locator('a[href^="http://127.0.0.1:8000"]')).to_have_count(0)
    expect(page.locator(".seating")).to_be_visible()
    box = notice.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["y"] + box["height"] <= height, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Read from the back of the hall: the projector's header type, not small print.
    size = float(notice.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
    assert size >= 18, size
    assert axe_violations(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"projector-loopback-{width}-{language}.png"))
    context.close()


def test_the_halls_address_shows_no_notice(browser, hall_url, settings):
    world = build_world()
    settings.BASE_URL = hall_url
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(f"{hall_url}/p/{world.event.slug}/")
    expect(page.locator(".find-hint a")).to_have_attribute(
        "href", f"{hall_url}/p/{world.event.slug}/find/"
    )
    expect(page.locator(".loopback-notice")).to_have_count(0)
    expect(page.locator(".find-qr")).to_be_visible()
    page.context.close()
