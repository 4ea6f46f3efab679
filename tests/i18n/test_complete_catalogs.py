"""Complete catalogs: makemessages, run on a copy of the project as
`make messages` runs it, finds no message that French or Spanish lacks, leaves empty or
marks fuzzy. A new marked string fails here until its fr and es entries are written."""

import pytest

from tests.i18n.catalogs import TRANSLATED, fresh_catalogs, problems


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    return fresh_catalogs(tmp_path_factory.mktemp("messages"))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_message_is_translated(catalogs, language):
    found = []
    for po in sorted((catalogs / language / "LC_MESSAGES").glob("*.po")):
        found += [f"{po.name}: {p}" for p in problems(po)]
    assert not found, (
        f"{len(found)} message(s) not ready in {language!r} — run `make messages`, translate "
        "them in locale/{fr,es}/LC_MESSAGES/*.po, then `make compilemessages`:\n"
        + "\n".join(found[:40])
    )


def test_a_new_message_a_plural_and_a_near_copy_are_caught(tmp_path):
    """The test above can fail: a template with a new message, a new plural, and a message
    close to one already translated (which makemessages copies as a fuzzy guess) is
    reported, for both languages."""
    locale = fresh_catalogs(
        tmp_path,
        extra={
            "templates/i18n_probe.html": "{% load i18n %}"
            '{% translate "A message no catalog holds yet" %}'
            # (a plural unlike any real message, or makemessages guesses it, fuzzy, from
            # a short one such as "%(n)d player")
            "{% blocktranslate count n=3 %}{{ n }} quixotic zephyr probe{% plural %}"
            "{{ n }} quixotic zephyr probes"
            "{% endblocktranslate %}"
            "{% blocktranslate count n=3 %}Checked in {{ n }} player today{% plural %}"
            "Checked in {{ n }} players today{% endblocktranslate %}",
        },
    )
    for language in TRANSLATED:
        found = problems(locale / language / "LC_MESSAGES" / "django.po")
        # (Only the probe's: this test must not depend on the rest being complete.)
        found = [p for p in found if "i18n_probe.html" in p]
        assert found == [
            "not translated: 'A message no catalog holds yet' (templates/i18n_probe.html)",
            "a plural form missing: '%(n)s quixotic zephyr probe' (templates/i18n_probe.html)",
            "fuzzy: 'Checked in %(n)s player today' (templates/i18n_probe.html)",
        ], found
