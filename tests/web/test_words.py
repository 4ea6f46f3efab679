"""A service's refusal shown on a page names no command-line option."""

import pytest

from web.actions import for_people


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            "line 3: entrant id A1 is already registered (Ann Lee); use --update to change "
            "their details",
            "line 3: entrant id A1 is already registered (Ann Lee); tick “Update entrants "
            "already registered” to change their details",
        ),
        (
            "Ann Lee (A1) is already seated: withdraw them instead (--withdraw).",
            "Ann Lee (A1) is already seated: withdraw them on the division page instead.",
        ),
        ("A new event needs --date YYYY-MM-DD.", "A new event needs a date."),
        ("Anything else (use --some-flag) stays readable.", "Anything else stays readable."),
    ],
)
def test_for_people(text, shown):
    assert for_people(text) == shown
    assert "--" not in for_people(text)
