"""Printed sheets speak the event's language: table lists, score sheets
with the table rules, brackets, results, certificates, ribbon cards and the qualifiers
list, in English, French and Spanish; names as written.

The renderers print in the active language; the printing service (the worker's task and
the print_documents command) makes every document inside the event's language, whoever
asked for it and in whatever language their page was.
"""

import dataclasses
import re

import pytest
from django.utils import translation

from printing.renderers import (
    render_bracket,
    render_certificates,
    render_qualifiers,
    render_results,
    render_ribbons,
    render_score_sheets,
    render_table_list,
    table_rules,
)
from printing.renderers.words import long_date
from tournaments.engine import plan_division
from tournaments.plan_words import plan_in_words

from . import pdfcheck
from . import samples as S
from .test_qualifiers_list import sample as qualifiers_sample

# What each document must say, per language (headings, column heads, labels, rules).
EXPECTED = {
    "en": {
        "table_list": ["Table list — 70–74", "Table 1", "Seat 1", "Find your table", "Round"],
        "score_sheets": [
            "Table 1",
            "Division 70–74",
            "Round 1 · qualifying · 3 games",
            "Game 1",
            "Table rules",
            "Initial meld: at least 30 points.",
            "Two-minute turn limit.",
            "three tiles",
            "A joker left on the rack counts 30.",
            "How each game ended",
            "Saturday, June 14, 2025",
        ],
        "bracket": ["Bracket — 70–74", "Round 1 — qualifying", "advances to round 2"],
        "results": ["Results — 70–74", "GOLD MEDAL", "All placings", "1st gold"],
        "certificates": ["This certificate is awarded to", "GOLD MEDAL", "1st place"],
        "ribbons": ["This ribbon is awarded to", "4TH PLACE", "Division 70–74"],
        "qualifiers": ["Qualifiers for the next level", "Qualifier", "state unknown"],
    },
    "fr": {
        "table_list": [
            "Liste des tables — 70–74",
            "Table 1",
            "Siège 1",
            "Trouvez votre table",
            "Manche",
        ],
        "score_sheets": [
            "Table 1",
            "Division 70–74",
            "Manche 1 · qualificative · 3 parties",
            "Partie 1",
            "Règles de la table",
            "Première pose : au moins 30 points.",  # (the no-break space read back as one)
            "Deux minutes par tour.",
            "trois tuiles",
            "Un joker resté sur le chevalet compte 30.",
            "Fin de chaque partie",
            "samedi 14 juin 2025",
        ],
        "bracket": ["Tableau — 70–74", "Manche 1 — qualificative", "passe en manche 2"],
        "results": ["Résultats — 70–74", "MÉDAILLE D'OR", "Tous les classements", "1er or"],
        "certificates": ["Ce certificat est décerné à", "MÉDAILLE D'OR", "1re place"],
        "ribbons": ["Ce ruban est décerné à", "4e PLACE", "Division 70–74"],
        "qualifiers": ["Qualifiés pour le niveau suivant", "Qualifié", "État inconnu"],
    },
    "es": {
        "table_list": [
            "Lista de mesas — 70–74",
            "Mesa 1",
            "Asiento 1",
            "Busque su mesa",
            "Ronda",
        ],
        "score_sheets": [
            "Mesa 1",
            "División 70–74",
            "Ronda 1 · clasificatoria · 3 partidas",
            "Partida 1",
            "Reglas de la mesa",
            "Primera jugada: al menos 30 puntos.",
            "Dos minutos por turno.",
            "tres fichas",
            "Un comodín que queda en el atril cuenta 30.",
            "Cómo terminó cada partida",
            "sábado 14 de junio de 2025",
        ],
        "bracket": ["Cuadro — 70–74", "Ronda 1 — clasificatoria", "pasa a la ronda 2"],
        "results": ["Resultados — 70–74", "MEDALLA DE ORO", "Todas las posiciones", "1.º oro"],
        "certificates": ["Este certificado se otorga a", "MEDALLA DE ORO", "1.º puesto"],
        "ribbons": ["Esta cinta se otorga a", "4.º PUESTO", "División 70–74"],
        "qualifiers": ["Clasificados para el siguiente nivel", "Clasificado", "estado desconocido"],
    },
}

# English words of ours that must not be left on a French or Spanish sheet (none of them
# is a word of the sample names, divisions, clubs, event or venue).
ENGLISH = (
    "Table list",
    "Find your table",
    "Two-minute",
    "Score sheet",
    "Table rules",
    "Seat",
    "Game",
    "Player",
    "Round",
    "round",
    "Bracket",
    "Results",
    "placings",
    "MEDAL",
    "certificate",
    "Tournament director",
    "ribbon",
    "place",
    "PLACE",
    "of",
    "Saturday",
    "June",
    "went out",
    "pool exhausted",
    "winner",
    "Initial meld",
    "tiles",
    "qualifying",
    "advances",
    "Scan to",
    "Scorekeeper",
    "Confirmed",
    "draws",
    "Lowest",
    "rack",
    "all games",
    "Everyone",
    "Nobody",
    "Other names",
    "gold",
    "silver",
    "continued",
    "state unknown",
    "Qualifier",
    "Finished",
    "Skipped",
    "organizer",
    "withdrawn",
)


# English words that are also French or Spanish words (checked as whole words).
SAME_IN = {"fr": {"place", "PLACE"}, "es": set()}


def with_codes(data):
    """The sheets when players enter scores: each table's code and where to type it."""
    tables = tuple(
        dataclasses.replace(
            t, table_code=f"K7M4Q{t.table_number}", code_address="192.168.1.20:8000/t/"
        )
        for t in data.tables
    )
    return dataclasses.replace(data, tables=tables)


def _documents(paper: str = "letter") -> dict:
    table_list = dataclasses.replace(S.table_list(paper), title="70–74")
    results = S.results(paper)
    qualifiers = qualifiers_sample()
    qualifiers = dataclasses.replace(qualifiers, event=S.event(paper=paper))
    return {
        "table_list": lambda: render_table_list(table_list),
        "score_sheets": lambda: render_score_sheets(S.score_sheets(paper)),
        "score_sheets_code": lambda: render_score_sheets(with_codes(S.score_sheets(paper))),
        "bracket": lambda: render_bracket(S.bracket(paper)),
        "results": lambda: render_results(
            dataclasses.replace(results, divisions=(_without_long_names(results.divisions[0]),))
        ),
        "certificates": lambda: render_certificates(S.certificates(paper)),
        "ribbons": lambda: render_ribbons(S.ribbons(paper)),
        "qualifiers": lambda: render_qualifiers(qualifiers),
    }


def _without_long_names(division):
    """The division as a real one is: a name of 90 characters (a test of fitting, kept in
    the other documents) would tighten the results until the medal cards give way."""
    placings = tuple(p for p in division.placings if p.name != S.LONG_NAME)
    return dataclasses.replace(division, placings=placings)


_cache: dict[tuple[str, str, str], bytes] = {}


def rendered(language: str, doc: str, paper: str = "letter") -> bytes:
    if (language, doc, paper) not in _cache:
        with translation.override(language):
            _cache[(language, doc, paper)] = _documents(paper)[doc]()
    return _cache[(language, doc, paper)]


def pdftotext(pdf: bytes, tmp_path) -> str:
    return pdfcheck.collapse(pdfcheck.pdftotext(pdf, tmp_path))


SAMPLE_WORDS = set(
    " ".join(
        [S.EVENT.name, S.EVENT.venue, "Lawrenceville Tile Club", *S.DIVISION_NAMES, *S.OTHER_NAMES]
        + ["Bob Outofstate", "Stanley Nowak", "Georgia"]
    ).split()
)


@pytest.mark.parametrize("language", ["en", "fr", "es"])
@pytest.mark.parametrize("doc", list(EXPECTED["en"]))
def test_each_document_reads_back_in_the_language(language, doc, tmp_path):
    text = pdftotext(rendered(language, doc), tmp_path)
    missing = [words for words in EXPECTED[language][doc] if words not in text]
    assert not missing, (language, doc, missing, text[:600])
    if language == "en":
        return
    # no English of ours left: remove the sample's own words (names, places) first
    ours = " ".join(w for w in text.split() if w not in SAMPLE_WORDS)
    left = [
        word
        for word in ENGLISH
        if word not in SAME_IN[language] and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", ours)
    ]
    assert not left, (language, doc, left)


@pytest.mark.parametrize("doc", list(EXPECTED["en"]))
def test_names_are_printed_as_written_in_every_language(doc):
    names = {
        "table_list": ("Linda Ångström", "王秀英", "<b>Bob & Co</b>"),
        "score_sheets": ("Linda Ångström", "Siobhán O'Brien", "<b>Bob & Co</b>"),
        "bracket": ("Siobhán O'Brien", "<b>Bob & Co</b>"),
        "results": ("Linda Ångström", "Dorothy Baker"),
        "certificates": ("Linda Ångström", "<b>Bob & Co</b>"),
        "ribbons": ("Linda Ångström", "Zoë Núñez"),
        "qualifiers": ("Linda Ångström", "Zoë Núñez"),
    }[doc]
    for language in ("fr", "es"):
        text = pdfcheck.squeeze(" ".join(s.text for s in pdfcheck.spans(rendered(language, doc))))
        for name in names:
            assert pdfcheck.squeeze(name) in text, (language, doc, name)


@pytest.mark.parametrize("language", ["fr", "es"])
@pytest.mark.parametrize(
    "doc",
    [
        "table_list",
        "score_sheets",
        "score_sheets_code",
        "bracket",
        "results",
        "certificates",
        "ribbons",
        "qualifiers",
    ],
)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_longer_words_stay_on_the_page(language, doc, paper):
    """French and Spanish words are longer: nothing runs past the half-inch margin, and
    score sheets stay one page per table."""
    pdf = rendered(language, doc, paper)
    sizes = pdfcheck.page_sizes(pdf)
    for span in pdfcheck.spans(pdf):
        width = sizes[span.page][0]
        assert span.x0 >= 36 - 0.5 and span.x1 <= width - 36 + 0.5, (language, doc, paper, span)
    if doc.startswith("score_sheets"):
        assert len(sizes) == len(S.score_sheets().tables)


@pytest.mark.parametrize(
    "language,meld,words",
    [
        ("en", 50, ["at least 50 points", "Two-minute", "three tiles", "joker", "counts 30"]),
        ("fr", 50, ["au moins 50 points", "Deux minutes", "trois tuiles", "joker", "compte 30"]),
        ("es", 50, ["al menos 50 puntos", "Dos minutos", "tres fichas", "comodín", "cuenta 30"]),
    ],
)
def test_table_rules_in_three_languages_with_the_events_meld(language, meld, words):
    with translation.override(language):
        for compact in (False, True):
            rules = " ".join(table_rules(S.event(initial_meld=meld), compact=compact))
            assert all(w in rules for w in words), (language, compact, rules)


def test_dates_in_the_language():
    date = S.EVENT.date
    for language, expected in (
        ("en", "Saturday, June 14, 2025"),
        ("fr", "samedi 14 juin 2025"),
        ("es", "sábado 14 de junio de 2025"),
    ):
        with translation.override(language):
            assert long_date(date) == expected


def test_the_plan_in_english_is_the_engines_word_for_word():
    with translation.override("en"):
        for players in (0, 1, 2, 3, 4, 5, 7, 9, 13, 17, 30, 64, 101, 250):
            for threes in (False, True):
                plan = plan_division(players, prefer_threes=threes)
                assert plan_in_words(plan) == plan.in_words()
    with translation.override("fr"):
        words = plan_in_words(plan_division(17))
    assert words[0].startswith("Manche 1\u202f: ") and "tables de quatre" in words[0]
    assert words[-1].startswith("Manche 3, la finale")


@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_games_heading_stays_on_one_line_when_the_names_leave_room(language):
    """A Spanish sheet with its table code must not head its game columns "Partida / 1" on
    two lines while the names leave room: the game columns take it."""
    word = {"fr": "Partie", "es": "Partida"}[language]
    spans = pdfcheck.spans(rendered(language, "score_sheets_code"))
    # (the sheet with a name of 90 characters leaves its games no room: not this case)
    crowded = {s.page for s in spans if s.text.startswith("Maria-Magdalena")}
    pages = {s.page for s in spans} - crowded
    assert len(pages) >= 4
    for page in pages:
        drawn = [s.text.strip() for s in spans if s.page == page]
        assert any(text.startswith(f"{word} 1") for text in drawn), (page, drawn[:40])
        assert word not in drawn, (page, drawn[:40])  # "Partida" above a lone "1"
