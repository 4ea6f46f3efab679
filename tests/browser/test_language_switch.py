"""The language switch in Chromium: three large buttons on every page,
on a 390 px phone and a 1280×720 screen, that keep the choice from page to page; the
browser's language (Accept-Language) first; the projector in the event's language."""

import pytest
from playwright.sync_api import expect

from tests.factories import EventFactory

from .conftest import SCREENSHOTS, click_and_wait

pytestmark = pytest.mark.django_db(transaction=True)

SWITCH = "form.languages button"


def _switch_boxes(page) -> list[dict]:
    return page.eval_on_selector_all(
        SWITCH,
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {text: e.textContent, w: r.width, h: r.height, top: r.top, left: r.left,"
        " right: r.right, current: e.getAttribute('aria-current')}; })",
    )


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720)])
def test_the_switch_is_large_fits_the_screen_and_keeps_the_choice(
    browser, live_server, width, height
):
    EventFactory(slug="meet", name="Meet", language="en")
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    boxes = _switch_boxes(page)
    assert [b["text"] for b in boxes] == ["English", "Français", "Español"]
    assert [b["current"] for b in boxes] == ["true", None, None]
    for box in boxes:
        assert box["h"] >= 44 and box["w"] >= 44, box
        assert 0 <= box["left"] and box["right"] <= width, box
    # One row, and the page never wider than the screen (nothing pushed sideways).
    assert len({round(b["top"]) for b in boxes}) == 1, boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # The sign-in form still begins near the top on a phone: the header is not a wall.
    assert page.locator("main h1").bounding_box()["y"] < (260 if width < 500 else 200)
    page.screenshot(path=str(SCREENSHOTS / f"language-switch-{width}.png"))

    click_and_wait(page, page.get_by_role("button", name="Français"))
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert page.url.endswith("/login/")  # back on the same page
    boxes = _switch_boxes(page)
    # Each language keeps its own name in any language (not "Anglais").
    assert [b["text"] for b in boxes] == ["English", "Français", "Español"]
    assert [b["current"] for b in boxes] == [None, "true", None]
    # Kept on the next pages, public or not.
    for path in ("/", "/p/meet/find/", "/p/meet/"):
        page.goto(f"{live_server.url}{path}")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        if path == "/":
            page.screenshot(path=str(SCREENSHOTS / f"language-home-fr-{width}.png"))
    click_and_wait(page, page.get_by_role("button", name="Español"))
    expect(page.locator("html")).to_have_attribute("lang", "es")
    assert page.url.endswith("/p/meet/")
    # Tapped twice (the page reloads): still Spanish, nothing breaks.
    click_and_wait(page, page.get_by_role("button", name="Español"))
    expect(page.locator("html")).to_have_attribute("lang", "es")
    context.close()


def test_the_browsers_language_then_the_events_on_the_projector(browser, live_server):
    EventFactory(slug="quebec", name="Jeux de Québec", language="fr")
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="es-MX")
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.goto(f"{live_server.url}/p/quebec/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    # The projector's switch sits below the slide and is as large as everywhere else.
    boxes = _switch_boxes(page)
    assert [b["text"] for b in boxes] == ["English", "Français", "Español"]
    assert [b["current"] for b in boxes] == [None, "true", None]
    assert min(b["h"] for b in boxes) >= 44
    page.screenshot(path=str(SCREENSHOTS / "language-projector-fr.png"), full_page=True)
    click_and_wait(page, page.get_by_role("button", name="Español"))
    expect(page.locator("html")).to_have_attribute("lang", "es")
    assert page.url.endswith("/p/quebec/")
    context.close()
