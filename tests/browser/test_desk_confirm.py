"""Nothing irreversible is one click at the desk. Withdraw, disqualify,
close a round, combine and confirm medals ask first, naming what will happen; a
withdrawal marked by mistake is undone with a reason; combined divisions split again."""

import pytest
from playwright.sync_api import expect

from tournaments.models import Division, Entrant, EntrantStatusChange, Round

from .conftest import (
    axe_violations,
    build_desk_world,
    import_rows,
    login,
    people_rows,
    simple_people,
)
from .helpers_sizes import assert_sizes

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768)}


def message(page, text):
    expect(page.locator(".messages li", has_text=text)).to_be_visible()


@pytest.fixture
def desk_world(db):
    return build_desk_world()


@pytest.mark.parametrize("width", WIDTHS)
def test_withdraw_disqualify_and_undo_ask_first_and_keep_the_record(
    browser, live_server, desk_world, width
):
    world, base = desk_world, live_server.url
    w, h = WIDTHS[width]
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    login(page, base, "olive")
    division_url = f"{base}/e/{world.event.slug}/desk/divisions/{world.division.pk}/"
    page.goto(division_url)
    table_two = world.seated(world.tables[1])  # one game in
    leaver, cheat = table_two[0], table_two[1]

    # The withdraw list starts on no one: a slip of the finger withdraws nobody.
    page.get_by_text("A player withdraws").click()
    who = page.locator("#withdraw-who")
    expect(who).to_have_value("")
    page.get_by_role("button", name="Withdraw this player…").click()
    expect(page).to_have_url(division_url)  # the browser asks to choose; nothing is sent
    who.select_option(label=leaver.name)
    page.get_by_role("button", name="Withdraw this player…").click()
    expect(page.get_by_role("heading", name=f"Withdraw {leaver.name}?")).to_be_visible()
    expect(page.get_by_role("note")).to_contain_text("gets no place, and nobody moves up")
    assert axe_violations(page) == []
    assert_sizes(page, f"withdraw confirm, {width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    # "No, go back" keeps what was typed: the form comes back open with it.
    page.get_by_role("button", name="No, go back").click()
    expect(page).to_have_url(division_url)
    assert Entrant.objects.get(pk=leaver.pk).status == "checked_in"
    expect(page.locator("#withdraw")).to_have_attribute("open", "")
    expect(page.locator("#withdraw-who")).to_have_value(str(leaver.pk))
    page.get_by_label("Reason (optional, kept in the record)").fill("feels unwell")
    page.get_by_role("button", name="Withdraw this player…").click()
    page.get_by_role("button", name="No, go back").click()
    expect(page.locator("#withdraw-who")).to_have_value(str(leaver.pk))
    expect(page.locator("#withdraw-reason")).to_have_value("feels unwell")
    expect(page.locator("#withdraw-reason")).to_be_focused()
    page.get_by_role("button", name="Withdraw this player…").click()
    page.get_by_role("button", name=f"Yes, withdraw {leaver.name}").click()
    message(page, f"{leaver.name} has withdrawn")
    expect(page.locator("#tables > li").nth(1)).to_contain_text(f"{leaver.name} (withdrawn)")

    # Undone, with a reason: it was the wrong player.
    page.get_by_text("Undo a withdrawal or disqualification").click()
    page.locator("#undo-who").select_option(label=f"{leaver.name} (withdrawn)")
    page.get_by_label("Why it is undone (required)").fill("wrong player ticked")
    page.get_by_role("button", name="Put this player back in play").click()
    message(page, f"{leaver.name} plays on")
    assert Entrant.objects.get(pk=leaver.pk).status == "checked_in"
    # The record's last two lines (their check-in before play is recorded too).
    assert list(
        EntrantStatusChange.objects.filter(entrant=leaver)
        .order_by("pk")
        .values_list("after", "reason")
    )[-2:] == [("withdrawn", "feels unwell"), ("checked_in", "wrong player ticked")]

    # Disqualification: a reason is required, then the confirm page names it.
    page.get_by_text("Disqualify a player").click()
    page.locator("#dq-who").select_option(label=cheat.name)
    page.get_by_label("Reason (required, kept in the record)").fill("marked tiles")
    page.get_by_role("button", name="Disqualify this player…").click()
    expect(page.get_by_role("note")).to_contain_text("Reason: marked tiles")
    assert_sizes(page, f"disqualify confirm, {width}")
    page.get_by_role("button", name="No, go back").click()
    assert Entrant.objects.get(pk=cheat.pk).status == "checked_in"
    expect(page.locator("#dq-who")).to_have_value(str(cheat.pk))
    expect(page.locator("#dq-reason")).to_have_value("marked tiles")
    page.get_by_role("button", name="Disqualify this player…").click()
    page.get_by_role("button", name=f"Yes, disqualify {cheat.name}").click()
    message(page, f"{cheat.name} is disqualified (marked tiles).")
    expect(page.locator("#tables > li").nth(1)).to_contain_text(f"{cheat.name} (disqualified)")
    assert Entrant.objects.get(pk=cheat.pk).status == "disqualified"
    assert_sizes(page, f"division page, {width}")


def test_combining_asks_first_needs_two_divisions_and_splits_again(page, live_server, desk_world):
    world, base = desk_world, live_server.url
    event = world.event
    import_rows(
        event,
        people_rows(
            simple_people([("Amy", "Apple"), ("Al", "Ash")]), division="Pair A", prefix="A"
        ),
    )
    import_rows(
        event,
        people_rows(
            simple_people([("Bea", "Birch"), ("Bo", "Bay")]), division="Pair B", prefix="B"
        ),
    )
    from tournaments import services

    services.entrants_check_in(event=event)
    login(page, base, "olive")
    page.goto(f"{base}/e/{event.slug}/desk/checkin/")
    page.get_by_label("Name of the combined division").fill("Pairs")
    page.get_by_label("Pair A (2 checked in)").check()
    page.get_by_role("button", name="Combine").click()
    message(page, "Choose two or more divisions to combine.")
    assert not Division.objects.filter(event=event, name="Pairs").exists()

    page.get_by_label("Name of the combined division").fill("Pairs")
    page.get_by_label("Pair A (2 checked in)").check()
    page.get_by_label("Pair B (2 checked in)").check()
    page.get_by_role("button", name="Combine").click()
    expect(page.get_by_role("heading", name="Combine Pair A, Pair B into Pairs?")).to_be_visible()
    expect(page.get_by_role("note")).to_contain_text(
        "Pair A (2 checked in), Pair B (2 checked in) play as one division, Pairs, with 4 players."
    )
    expect(page.get_by_role("note")).to_contain_text("You can split Pairs again")
    page.get_by_role("button", name="Yes, combine them into Pairs").click()
    message(page, "Pair A, Pair B play as Pairs.")
    pairs = Division.objects.get(event=event, name="Pairs")
    assert set(pairs.combined_from.values_list("name", flat=True)) == {"Pair A", "Pair B"}

    page.get_by_role("button", name="Split Pairs again").click()
    message(page, "Pairs is split: Pair A, Pair B play on their own again.")
    assert not Division.objects.filter(event=event, combined_into__isnull=False).exists()

    # Closing a round asks first too; the final's medals likewise (Masters: finished).
    page.goto(f"{base}/e/{event.slug}/desk/divisions/{world.extra['masters'].pk}/")
    page.get_by_role("button", name="Confirm the medals").click()
    expect(page.get_by_role("heading", name="Confirm the medals of Masters?")).to_be_visible()
    expect(page.get_by_role("note")).to_contain_text("Gold:")
    page.get_by_role("button", name="No, go back").click()
    expect(page).to_have_url(f"{base}/e/{event.slug}/desk/divisions/{world.extra['masters'].pk}/")
    assert Division.objects.get(pk=world.extra["masters"].pk).medals_confirmed_at is None
    assert Round.objects.filter(division=world.division).count() == 1
