"""The shared check that no English is left on a French or Spanish page
(conftest.english_left) finds English where there is some, and only where it counts."""

from .conftest import english_left

HTML = """<html><head><title>Tableau</title></head><body>
<form class="languages"><button>English</button></form>
<h1>Sign in</h1>
<p>Joueur6 Places</p>
<input placeholder="Password" aria-label="Mot de passe">
<p hidden>Round</p>
<script>var Seat = 1;</script>
<p>Golden Games</p>
</body></html>"""

WORDS = ["Sign in", "English", "Password", "Round", "Seat", "Games", "Joueur", "Place"]


def test_english_left_finds_shown_and_said_words_not_hidden_ones(page):
    page.set_content(HTML)
    # Shown: "Sign in" (whole words only: not "Joueur" in "Joueur6", not "Place" in
    # "Places"); the language switch, hidden parts and scripts are not read.
    assert english_left(page, WORDS, aloud=False) == ["Sign in", "Games"]
    # Said aloud too: the placeholder.
    assert english_left(page, WORDS) == ["Sign in", "Password", "Games"]
    # Proper names are taken out first.
    assert english_left(page, WORDS, proper_names=("Golden Games",)) == ["Sign in", "Password"]
