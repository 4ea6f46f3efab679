"""The page a request with a NUL character gets (web/params.py): a 400 in words,
axe-core clean, readable on a phone."""

import pytest

from .conftest import SCREENSHOTS, axe_violations, build_world

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 768)])
def test_the_bad_request_page(page, live_server, width, height):
    world = build_world()
    page.set_viewport_size({"width": width, "height": height})
    response = page.goto(f"{live_server.url}/p/{world.event.slug}/find/?q=Ann%00")
    assert response.status == 400
    heading = page.get_by_role("heading", level=1)
    assert heading.inner_text() == "Something in the request could not be read"
    text = page.locator("main p").first
    assert "nothing was changed" in text.inner_text()
    assert float(text.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px")) >= 18
    link = page.get_by_role("link", name="Back to the start page")
    box = link.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"bad-request-{width}.png"), full_page=True)
    link.click()
    assert page.url == f"{live_server.url}/"
