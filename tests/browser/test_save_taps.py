"""Every tap on Save saves: after a refused game, fixing the number and tapping Save once
saves it (nothing moves under the finger when the field is left); a refused save goes to
a summary of what is wrong, each message also beside its field; on a phone the first
rack total is on the first screen."""

import pytest
from playwright.sync_api import expect

from scoring.models import Game, RackScore

from .conftest import fill_game, login

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = [
    pytest.param({"width": 390, "height": 844}, id="phone"),
    pytest.param({"width": 820, "height": 1180}, id="tablet"),
    pytest.param({"width": 1366, "height": 768}, id="laptop"),
]


def open_table(browser, live_server, world, table, viewport, javascript=True):
    context = browser.new_context(viewport=viewport, java_script_enabled=javascript)
    page = context.new_page()
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    return context, page


def box_top(page, selector) -> float:
    return page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().top")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_fix_a_refused_number_and_one_tap_saves(browser, live_server, world, viewport):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page = open_table(browser, live_server, world, table, viewport)
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    # The first rack total is on the first screen, whatever the device.
    first = page.locator(f"#id_rack_{a.pk}").bounding_box()
    assert first["y"] >= 0 and first["y"] + first["height"] <= viewport["height"], first

    fill_game(page, {a: 0, b: 0, c: 5, d: 9})
    page.get_by_role("button", name="Save game 1").click()
    summary = page.locator("#game-errors")
    both = f"{a.name} and {b.name} both have 0: only one player can go out."
    expect(summary).to_be_focused()
    expect(summary).to_be_in_viewport()
    expect(summary.get_by_role("heading")).to_have_text("Game 1 is not saved yet. Put right:")
    expect(summary.locator("li")).to_have_text([both])  # once, though two fields have it
    expect(page.locator(f"#id_rack_{a.pk}-error")).to_have_text(both)  # beside each field
    expect(page.locator(f"#id_rack_{b.pk}-error")).to_have_text(both)
    # The summary's link takes the keyboard to the field.
    summary.get_by_role("link", name=both).click()
    expect(page.locator(f"#id_rack_{a.pk}")).to_be_focused()

    # Fix the number (typing), then leave the field: nothing moves.
    page.locator(f"#id_rack_{b.pk}").fill("13")
    expect(page.locator(f"#id_rack_{b.pk}-error")).to_have_text("")
    before = box_top(page, "button.save")
    page.evaluate("document.activeElement.blur()")
    assert box_top(page, "button.save") == before
    # One tap saves.
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    assert len(posts) == 1
    assert dict(
        RackScore.objects.filter(game__table=table, game__number=1).values_list(
            "entrant_id", "rack_total"
        )
    ) == {a.pk: 0, b.pk: 13, c.pk: 5, d.pk: 9}
    context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_save_the_server_refuses_goes_to_the_summary(browser, live_server, world, javascript):
    """The server's refusal (a winner named though somebody went out) is summarised
    above the form and focused, with the message beside its field too."""
    table = world.tables[1]
    a, b, c, d = world.seated(table)
    phone = {"width": 390, "height": 844}
    context, page = open_table(browser, live_server, world, table, phone, javascript)
    fill_game(page, {a: 0, b: 10, c: 5, d: 9})
    page.select_option("#id_winner", str(b.pk))
    page.get_by_role("button", name="Save game 1").click()
    message = f"{a.name} went out with 0, so {b.name} cannot be the winner."
    summary = page.locator("#game-errors")
    expect(summary.locator("li")).to_have_text([message])
    expect(summary).to_be_focused()
    expect(summary).to_be_in_viewport()
    expect(page.locator("#id_winner-error")).to_have_text(message)  # beside the choice
    expect(page.locator(f"#id_rack_{b.pk}-error")).to_have_text("")
    expect(page.locator(f"#id_rack_{b.pk}")).to_have_value("10")  # what was typed stays
    assert not Game.objects.filter(table=table).exists()

    page.select_option("#id_winner", "")
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_text("Game 1 saved for table 2.")).to_be_visible()
    assert Game.objects.get(table=table, number=1).winner_id is None
    context.close()


SIZES = """() => {
    const visible = el => {
        const r = el.getBoundingClientRect(), s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'
            && s.clip !== 'rect(0px, 0px, 0px, 0px)';
    };
    const small = [];
    for (const el of document.querySelectorAll('main *')) {
        const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        if (own && visible(el) && parseFloat(getComputedStyle(el).fontSize) < 18) {
            small.push(el.tagName + '.' + el.className + ': ' + el.textContent.trim().slice(0, 30));
        }
    }
    const tiny = [];
    const targets = 'main button, main input:not([type=hidden]), main select, main summary, ' +
        'main a.button, .games-nav a, .cards a, .error-summary a';
    for (const el of document.querySelectorAll(targets)) {
        if (!visible(el)) continue;
        // A radio's target is its whole label, which taps it too.
        const r = (el.closest('label') || el).getBoundingClientRect();
        if (r.height < 44 || r.width < 44) {
            const name = (el.textContent || el.name).trim().slice(0, 30);
            tiny.push(`${el.tagName}: ${name} ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
    }
    return {small, tiny};
}"""


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_score_pages_text_and_targets_are_large(browser, live_server, world, viewport):
    from scoring import services

    from .conftest import axe_violations

    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.game_record(
        table=table, number=1, racks={a: 0, b: 14, c: 23, d: 8}, user=world.users["scorekeeper2"]
    )
    context, page = open_table(browser, live_server, world, table, viewport)
    url = world.table_url(table, live_server.url)
    results = {}
    page.goto(f"{live_server.url}/e/{world.event.slug}/score/")
    results["list of tables"] = page.evaluate(SIZES)
    page.goto(url)  # game 1 to confirm, read-only
    expect(page.locator("section.review")).to_be_visible()
    results["game to confirm"] = page.evaluate(SIZES)
    page.goto(url + "?game=2")
    page.get_by_role("button", name="Count tiles").first.click()
    results["calculator open"] = page.evaluate(SIZES)
    page.get_by_role("button", name="Save game 2").click()
    expect(page.locator("#game-errors")).to_be_focused()
    results["refused save"] = page.evaluate(SIZES)
    assert axe_violations(page) == []
    assert results == {k: {"small": [], "tiny": []} for k in results}
    context.close()


def test_the_next_games_form_works_the_moment_it_appears(browser, live_server, world):
    """After a save htmx swaps in the new sheet. The person may type and tap Save as soon as
    they see it: the sheet must be wired at once. With htmx's default 20 ms of "settling"
    (longer on a busy tablet) the new form was on screen before htmx took it over: a tap
    then was sent as a plain form (the whole page reloaded; with no network it would not
    be kept to send later), and the keyboard jumped to the first box while typing."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page = open_table(browser, live_server, world, table, {"width": 390, "height": 844})
    fill_game(page, {a: 0, b: 12, c: 20, d: 30})
    # The quickest person: right after the swap (the next turn of the page's loop), the
    # third box, game 2's numbers, and Save.
    page.evaluate(
        """([ids, values]) => {
            window.samePage = true;
            document.addEventListener("htmx:afterSwap", () => setTimeout(() => {
                const boxes = ids.map((id) => document.getElementById(id));
                boxes[2].focus();
                window.focusedFirst = document.activeElement.id;
                boxes.forEach((box, i) => { box.value = values[i]; });
                const form = document.querySelector("form.game-form");
                form.requestSubmit(form.querySelector("button.save"));
            }, 0), { once: true });
        }""",
        [[f"id_rack_{e.pk}" for e in (a, b, c, d)], ["5", "0", "9", "14"]],
    )
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_text("Game 2 saved for table 1.")).to_be_visible()
    assert page.evaluate("() => window.samePage") is True  # through htmx, no page load
    assert page.evaluate("() => window.focusedFirst") == f"id_rack_{c.pk}"
    assert Game.objects.filter(table=table).count() == 2
    context.close()
