"""A rack total typed with a thousands separator ("1,000", "1 000") or a decimal ("12.5")
is told how to type it (not merely "'1,000' is not a whole number of points"),
in the same words by the page's script and by the server, in English, French and Spanish."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from entry.forms import FORM_MESSAGES
from scoring.models import Game
from tournaments import engine

from .conftest import error_of, fill_game, login

pytestmark = pytest.mark.django_db(transaction=True)

MODES = [pytest.param(True, id="js"), pytest.param(False, id="no-js")]


def server_words(language: str, name: str, text: str) -> str:
    """What the server says of ``text`` typed for ``name``, in ``language``."""
    with translation.override(language):
        with pytest.raises(engine.RuleError) as refused:
            engine.parse_rack_total(text)
        return str(FORM_MESSAGES["field"]).format(name=name, message=refused.value)


@pytest.mark.parametrize("language", ["en", "fr", "es"])
@pytest.mark.parametrize("javascript", MODES)
def test_separators_and_decimals_are_told_how_to_type_the_number(
    browser, live_server, world, javascript, language
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    login(page, live_server.url, "sam")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    posts.clear()
    page.goto(world.table_url(table, live_server.url))
    expect(page.locator("html")).to_have_attribute("lang", language)

    typed = {a: "0", b: "1,000", c: "1 000", d: "12.5"}
    fill_game(page, typed)
    page.locator("button.save").click()
    page.wait_for_load_state()
    expect(page.locator(f"#id_rack_{b.pk}-error")).not_to_be_empty()
    for entrant in (b, c, d):
        assert error_of(page, entrant) == server_words(language, entrant.name, typed[entrant])
    assert error_of(page, a) == ""
    if language == "en":
        assert error_of(page, b) == (
            f"{b.name}: '1,000': type the number without commas, dots or spaces. A rack "
            "total is a whole number between 0 and 788."
        )
        assert error_of(page, d) == (
            f"{d.name}: '12.5' is not a whole number: a rack total counts whole points, no "
            "decimals, between 0 and 788."
        )
    # The other words stay as they were.
    fill_game(page, {b: "abc", c: "5", d: "9"})
    page.locator("button.save").click()
    page.wait_for_load_state()
    expect(page.locator(f"#id_rack_{b.pk}-error")).to_have_text(
        server_words(language, b.name, "abc")
    )
    assert not Game.objects.filter(table=table).exists()
    assert len(posts) == (0 if javascript else 2)  # the script sends nothing it refuses
    context.close()
