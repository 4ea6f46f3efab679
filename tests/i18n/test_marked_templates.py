"""Every word of the templates marked so far goes through the catalogs:
a template on this list with a word outside {% translate %} / {% blocktranslate %} fails.

The list grows as templates are marked (docs/architecture.md, "Languages"): add a template
here in the commit that marks it."""

import pytest

from tests.helpers import ROOT
from tests.i18n.unmarked import unmarked_words

TEMPLATES = ROOT / "templates"
MARKED = [
    "base.html",
    "_languages.html",
    "_messages.html",
    "_form.html",
    "_announcements.html",
    "_clock.html",
    "_announcements_folded.html",
    "_offline_copy.html",
    "400.html",
    "403.html",
    "403_csrf.html",
    "404.html",
    "signed_out.html",
    "home.html",
    "registration/login.html",
    "public/projector.html",
    "public/_find_qr.html",
    "public/find.html",
    "public/_find_results.html",
    "public/results.html",
    "public/player.html",
    "public/_player_live.html",
    "public/_player_find_form.html",
    "public/player_find.html",
    "public/player_unsubscribe.html",
    "public/kiosk.html",
    "public/kiosk_open.html",
    "public/kiosk_closed.html",
    "desk/_self_checkin.html",
    "desk/_player_page_links.html",
    "email/notice.txt",
    "email/notice_subject.txt",
    "scoring/score_home.html",
    "scoring/table.html",
    "scoring/_sheet.html",
    "scoring/_ended.html",
    "scoring/_game_form.html",
    "scoring/_conflict.html",
    "scoring/_not_saved.html",
    "scoring/not_allowed.html",
    "scoring/_stale.html",
    "scoring/_outbox.html",
    "scoring/standings.html",
    "scoring/players_choose.html",
    "scoring/players_code.html",
    "scoring/players_table.html",
    "printing/documents.html",
    "desk/checkin.html",
    "desk/_checkin_results.html",
    "desk/overview.html",
    "desk/_nav.html",
    "desk/_division_now.html",
    "desk/_waits.html",
    "desk/division.html",
    "desk/_pending_correction.html",
    "desk/confirm.html",
    "desk/announcements.html",
    "desk/table_codes.html",
    "desk/entrants.html",
    "desk/entrant_form.html",
    "desk/import_upload.html",
    "desk/import_preview.html",
    "desk/settings.html",
    "desk/event_new.html",
    "desk/backup.html",
    "desk/restore_name.html",
    "desk/delete.html",
]


# Written the same for every reader on purpose: the switch's name in the three languages.
SAME_IN_EVERY_LANGUAGE = {'aria-label="Language · Langue · Idioma"'}


@pytest.mark.parametrize("name", MARKED)
def test_a_marked_template_has_no_unmarked_word(name):
    assert [w for w in unmarked_words(TEMPLATES / name) if w not in SAME_IN_EVERY_LANGUAGE] == []


def test_an_unmarked_word_is_found(tmp_path):
    """The check above can fail: text, a label people hear, and words after a marked
    string are found; marked text, comments, variables and scripts are not."""
    probe = tmp_path / "probe.html"
    probe.write_text(
        '{% load i18n %}<p title="{% translate "Fine" %}">{% translate "Marked" %} but not this'
        "</p>{# a comment #}{% comment %}Also a comment{% endcomment %}"
        '<nav aria-label="Site">{{ event.name }}</nav>'
        "{% blocktranslate count n=2 %}{{ n }} game{% plural %}{{ n }} games{% endblocktranslate %}"
        "<script>var x = 'words in a script';</script>{% if x %}Left alone{% endif %} — 12 ·"
    )
    assert unmarked_words(probe) == ["but not this", 'aria-label="Site"', "Left alone — 12 ·"]
