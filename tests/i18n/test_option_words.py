"""A refusal (or a seating note) that names a command-line option (--update, --withdraw,
--replace, --reason, --date, --as, --hall-tables, --accessible) reads on a page as a whole
sentence saying what to do there, in English, French and Spanish: the option's words are
replaced in each language (web/actions.py FLAG_WORDS), none is cut out leaving half a
sentence."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tests.i18n.test_desk_registration_pages import visible_text
from web.actions import FLAG_WORDS, LEFTOVER_FLAG, for_people

# Each kind of refusal as the services raise it (its msgid and values), and what the page
# says of it in English.
REFUSALS = {
    "--update": (
        "entrant id %(id)s is already registered (%(name)s); use --update to change their "
        "details",
        {"id": "A1", "name": "Ann Lee"},
        "entrant id A1 is already registered (Ann Lee); tick “Update entrants already "
        "registered” to change their details",
    ),
    "--withdraw": (
        "%(name)s (%(id)s) is already seated: withdraw them instead (--withdraw).",
        {"name": "Ann Lee", "id": "A1"},
        "Ann Lee (A1) is already seated: withdraw them on the division page instead.",
    ),
    "--replace": (
        "%(place)s: already has scores (use --replace to replace them).",
        {"place": "Round 1, table 2, game 3"},
        "Round 1, table 2, game 3: already has scores (open the game to change it).",
    ),
    "--reason": (
        "%(place)s: the scores are confirmed: replacing them is a correction and needs a "
        "reason (--reason).",
        {"place": "Round 1, table 2, game 3"},
        "Round 1, table 2, game 3: the scores are confirmed: replacing them is a correction "
        "and needs a reason.",
    ),
    "--date": ("A new event needs --date YYYY-MM-DD.", {}, "A new event needs a date."),
    "--as": (
        "An event '%(slug)s' already exists here; restore under another name with --as SLUG "
        "(for example --as %(suggestion)s).",
        {"slug": "meet", "suggestion": "meet-2"},
        "An event 'meet' already exists here; restore it under another short name (for "
        "example meet-2).",
    ),
    "--hall-tables": (
        "Nothing was seated: close a round that is over, or give the hall more tables "
        "(configure_event --hall-tables).",
        {},
        "Nothing was seated: close a round that is over, or give the hall more tables on the "
        "settings page.",
    ),
    # A seating note, not a refusal: the division page shows it through for_people too.
    "--accessible": (
        "the hall has no accessible tables (configure_event --accessible).",
        {},
        "the hall has no accessible tables (say which tables are accessible on the settings "
        "page).",
    ),
}


def test_every_option_the_pages_rewrite_has_a_refusal_here():
    options = {re.search(r"--[a-z-]+", option).group() for option, _words in FLAG_WORDS}
    assert options == set(REFUSALS)


@pytest.mark.parametrize("option", list(REFUSALS))
def test_in_english_the_refusal_says_what_to_do_on_the_page(option):
    msgid, values, shown = REFUSALS[option]
    with translation.override("en"):
        assert for_people(gettext(msgid) % values) == shown


@pytest.mark.parametrize("language", ["fr", "es"])
@pytest.mark.parametrize("option", list(REFUSALS))
def test_in_french_and_spanish_the_refusal_is_a_whole_sentence_without_the_option(option, language):
    msgid, values, _shown = REFUSALS[option]
    (option_words, page_words) = next(pair for pair in FLAG_WORDS if option in pair[0])
    with translation.override(language):
        said = gettext(msgid) % values
        assert said != msgid % values, "not translated"
        # The refusal carries its option's words as the catalog says them, so they are
        # replaced, not cut out by LEFTOVER_FLAG.
        assert gettext(option_words) in said
        assert gettext(option_words) != option_words
        shown = for_people(said)
        assert gettext(page_words) in shown
    assert "--" not in shown
    assert not LEFTOVER_FLAG.search(shown)
    assert not re.search(r"\(\s*\)|\(\s|\s\)|\s{2}|\s[.;:]$", shown), shown


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", ["Modifié", "1 joueur inscrit modifié", "Mettre à jour 1"]),
        ("es", ["Cambiado", "1 jugador inscrito cambiado", "Actualizar 1"]),
        ("en", ["Changed", "1 registered entrant changed", "Update 1"]),
    ],
)
def test_an_upload_of_a_registered_id_is_merged_in_the_language(language, said):
    """A registered id uploaded again is the same entrant: the preview says what changes, in
    the page's language, and names no command-line option (no --update on a page)."""
    event = EventFactory(slug="meet")
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    EntrantFactory(
        division=DivisionFactory(event=event), external_id="A1", first_name="Ann", last_name="Lee"
    )
    client = Client()
    client.force_login(organizer)
    client.cookies["django_language"] = language
    file = SimpleUploadedFile(
        "entrants.csv",
        b"entrant_id,first_name,last_name,birth_date,gender\nA1,Ann,Lee,1950-02-03,F\n",
        content_type="text/csv",
    )
    preview = client.post(f"/e/{event.slug}/desk/import/", {"file": file}, follow=True)
    page = visible_text(preview.content.decode())
    for words in said:
        assert words in page, page[:2000]
    assert "--" not in page
