"""The printing page when a worker died mid-document, as an organizer
sees it on a phone, a tablet and a laptop: "stopped — make it again" in words, a button
big enough to tap, axe-core clean, and the tap asks for the document again."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from printing.models import GeneratedDocument

from .conftest import SCREENSHOTS, axe_violations, build_world, login

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768)}


@pytest.fixture
def stopped_world(db, settings, tmp_path, monkeypatch):
    settings.MEDIA_ROOT = str(tmp_path)
    settings.PRINTING_STALE_SECONDS = 60
    monkeypatch.setattr("printing.services.document_send", lambda pk: False)
    world = build_world()
    long_ago = timezone.now() - timedelta(minutes=4)
    GeneratedDocument.objects.create(
        event=world.event,
        kind=GeneratedDocument.Kind.SCORE_SHEETS,
        status=GeneratedDocument.Status.RUNNING,
        progress=19,
        sent_at=long_ago,
        started_at=long_ago,
        heartbeat_at=long_ago,
        attempts=1,
        requested_by=world.users["organizer"],
    )
    return world


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_stopped_document_says_so_and_can_be_made_again(
    page, live_server, stopped_world, viewport
):
    world, base = stopped_world, live_server.url
    page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS[viewport], strict=True)))
    login(page, base, world.users["organizer"].username)
    page.goto(f"{base}/e/{world.event.slug}/print/")
    item = page.locator(".document-list li").filter(has_text="Score sheets")
    message = item.get_by_role("alert")
    expect(message).to_contain_text("Stopped — make it again.")
    expect(message).to_contain_text("(19% done)")
    expect(item.locator("progress")).to_have_count(0)  # no bar that never moves
    again = item.get_by_role("button", name="Make it again")
    box = again.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    size = float(message.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
    assert size >= 18, size
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport][0]
    assert axe_violations(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"print-stopped-{viewport}.png"), full_page=True)

    again.click()
    expect(page.get_by_text("Score sheets (whole event) is being made again.")).to_be_visible()
    rows = GeneratedDocument.objects.filter(event=world.event).order_by("created_at")
    assert [r.status for r in rows] == ["running", "queued"]
    page.reload()
    expect(page.locator(".document-list li").first).to_contain_text("Waiting: the document")
