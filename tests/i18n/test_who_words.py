"""Who made a change is kept in the records (an English label for the record; a player at the
table also as the player and the code) and shown in the reader's language
(web/templatetags/words.py)."""

import pytest
from django.utils import translation

from scoring.models import ScoreChange
from tournaments.models import Entrant
from web.templatetags.words import who


@pytest.mark.parametrize(
    "language, command_line, at_table",
    [
        ("en", "command line (organizer)", "Ann Lee at the table (code K7M4QX)"),
        ("fr", "ligne de commande (organisateur)", "Ann Lee à la table (code K7M4QX)"),
        ("es", "línea de comandos (organizador)", "Ann Lee en la mesa (código K7M4QX)"),
    ],
)
@pytest.mark.parametrize(
    "label",
    [
        "Ann Lee at the table (code K7M4QX)",
        # The record's English label worded otherwise (or cut short): the words shown come
        # from the change's player and code, not from the label.
        "Ann Lee, with the table's code K7M4QX",
        "",
    ],
)
def test_stored_labels_are_shown_in_the_readers_language(language, command_line, at_table, label):
    ann = Entrant(first_name="Ann", last_name="Lee")
    at_the_table = ScoreChange(actor_label=label, at_table_player=ann, at_table_code="K7M4QX")
    with translation.override(language):
        assert who(at_the_table) == at_table
        assert who(ScoreChange(actor_label="command line (organizer)")) == command_line
        assert who("command line (organizer)") == command_line
        assert who(ScoreChange(actor_label="olive")) == "olive"  # a user name stays as it is
        assert who("olive") == "olive"
        assert who("") == ""
        # A label alone (a change whose player was never found) is shown as written.
        assert who(ScoreChange(actor_label=label)) == label
