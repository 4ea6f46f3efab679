"""Words for people on the desk. No command-line options or constraint
names on a page, the plan in words, the tie-break order chosen from a list and
reordered, date fields that match their labels and are tall enough to tap, correct
plurals, and 403/404 pages in the product's own look that say what happened."""

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Event

from .conftest import axe_violations, login, make_user
from .helpers_sizes import assert_sizes

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768)}


@pytest.fixture
def event(db, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    olive = make_user("olive", staff=True)
    make_user("sam")
    return services.event_create_by(
        user=olive, name="Gwinnett Senior Games", date=datetime.date(2026, 5, 14)
    )


def test_settings_in_words_tie_breaks_from_a_list_and_dates_that_fit(page, live_server, event):
    base = live_server.url
    login(page, base, "olive")
    settings_url = f"{base}/e/{event.slug}/desk/settings/"
    for width, (w, h) in WIDTHS.items():
        page.set_viewport_size({"width": w, "height": h})
        page.goto(settings_url)
        date = page.get_by_label("Date of the event")
        expect(date).to_have_attribute("type", "date")
        assert date.bounding_box()["height"] >= 44, width
        cutoff = page.get_by_label("Age is taken on this date")
        assert cutoff.bounding_box()["height"] >= 44, width
        assert_sizes(page, f"settings, {width}")
        assert axe_violations(page) == [], width
        assert page.evaluate("document.documentElement.scrollWidth") <= w
    expect(page.locator("main")).not_to_contain_text("YYYY")
    # The default order, shown as choices.
    expect(page.get_by_label("First tie-break")).to_have_value("wins")

    # A minute count of 0: words, not the database constraint's name.
    page.get_by_label("Minutes per game (for the plan's duration)").fill("0")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator(".field-error")).to_have_text(["A game takes at least 1 minute."])
    expect(page.locator("main")).not_to_contain_text("onstraint")
    expect(page.locator("main")).not_to_contain_text("event_minutes_min")

    # The same step twice is refused beside the second choice; nothing typed is lost.
    page.get_by_label("Minutes per game (for the plan's duration)").fill("25")
    page.locator("#id_tie_1").select_option("worst-game")
    page.locator("#id_tie_2").select_option("worst-game")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator(".field-error")).to_have_text(
        ["“The better worst game” is already a step above."]
    )
    expect(page.get_by_label("Minutes per game (for the plan's duration)")).to_have_value("25")
    assert Event.objects.get(pk=event.pk).tie_order == "wins,worst-game,previous-round"

    # Reordered and one step dropped.
    page.locator("#id_tie_1").select_option("worst-game")
    page.locator("#id_tie_2").select_option("wins")
    page.locator("#id_tie_3").select_option("")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator(".messages li")).to_have_text("Settings saved.")
    saved = Event.objects.get(pk=event.pk)
    assert (saved.tie_order, saved.minutes_per_game) == ("worst-game,wins", 25)
    page.goto(settings_url)
    expect(page.locator("#id_tie_1")).to_have_value("worst-game")
    expect(page.locator("#id_tie_2")).to_have_value("wins")
    expect(page.locator("#id_tie_3")).to_have_value("")


def test_the_same_file_again_has_nothing_to_do_and_counts_in_words(page, live_server, event):
    base = live_server.url
    login(page, base, "olive")

    def upload(data: bytes):
        page.goto(f"{base}/e/{event.slug}/desk/import/")
        page.get_by_label("Entrants file (CSV)").set_input_files(
            files=[{"name": "e.csv", "mimeType": "text/csv", "buffer": data}]
        )
        page.get_by_role("button", name="Show the preview").click()

    one = b"entrant_id,first_name,last_name,birth_date\nA1,Ann,Lee,1950-01-02\n"
    upload(one)
    expect(page.get_by_role("heading", name="1 entrant", exact=True)).to_be_visible()
    page.get_by_role("button", name="Register 1", exact=True).click()
    expect(page.locator(".messages li")).to_have_text("Registered 1 entrant.")

    upload(one)  # the same file again: Ann is registered as she is, nothing to do
    expect(page.locator("#nothing-to-do")).to_have_text(
        "Nothing to do: the file holds the entrants as they are registered."
    )
    expect(page.locator("#import-button")).to_have_count(0)
    expect(page.locator("main")).not_to_contain_text("--")


def test_403_and_404_pages_say_what_happened_and_link_back(page, live_server, event):
    base = live_server.url
    answer = page.goto(f"{base}/e/no-such-event/desk/")
    assert answer.status == 404
    expect(page.get_by_role("heading", name="This page is not here")).to_be_visible()
    expect(page.locator("main")).to_contain_text("/e/no-such-event/desk/")
    expect(page.get_by_role("link", name="Go to the start page")).to_be_visible()
    expect(page.locator("header.site")).to_contain_text("Rummikub tournaments")
    assert axe_violations(page) == []
    assert_sizes(page, "404")

    login(page, base, "sam")
    answer = page.goto(f"{base}/e/{event.slug}/desk/")
    assert answer.status == 403
    expect(page.get_by_role("heading", name="You cannot open this page")).to_be_visible()
    expect(page.locator("main")).to_contain_text(
        "You are not an organizer of Gwinnett Senior Games."
    )
    expect(page.locator("main")).to_contain_text("You are signed in as sam.")
    assert axe_violations(page) == []
    assert_sizes(page, "403")
    page.get_by_role("link", name="Go to the start page").click()
    expect(page).to_have_url(base + "/")
