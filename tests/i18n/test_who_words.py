"""Who made a change is kept in English in the records (other code reads it back) and
shown in the reader's language (tournaments/templatetags/words.py)."""

import pytest
from django.utils import translation

from tournaments.templatetags.words import who


@pytest.mark.parametrize(
    "language, command_line, at_table",
    [
        ("en", "command line (organizer)", "Ann Lee at the table (code K7M4QX)"),
        ("fr", "ligne de commande (organisateur)", "Ann Lee à la table (code K7M4QX)"),
        ("es", "línea de comandos (organizador)", "Ann Lee en la mesa (código K7M4QX)"),
    ],
)
def test_stored_labels_are_shown_in_the_readers_language(language, command_line, at_table):
    with translation.override(language):
        assert who("command line (organizer)") == command_line
        assert who("Ann Lee at the table (code K7M4QX)") == at_table
        assert who("olive") == "olive"  # a user name stays as it is
        assert who("") == ""
