"""Every refusal (RuleError) the engine, the services and the selectors raise goes through
gettext, so a page says it in the reader's language (the command line keeps English): one
raised with a literal or an f-string not wrapped in a gettext call fails here, naming it."""

import ast
from pathlib import Path

import pytest
from django.core.management.base import CommandError
from django.utils import translation

from scoring import services as scoring_services
from tests.factories import seated, seated_division
from tests.helpers import run
from tournaments import engine

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("tournaments/engine", "tournaments/services", "scoring/services", "scoring/selectors")
TRANSLATING = {"_", "gettext", "ngettext", "pgettext", "npgettext", "gettext_lazy"}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def bare_text(node: ast.AST) -> bool:
    """Whether ``node`` builds its text from words outside gettext: a literal, an f-string,
    a literal formatted (``%`` or ``.format``) or joined with ``+``. A call is opaque (a
    gettext call, ``", ".join(names)``, ``str(error)``)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return bare_text(node.left) or bare_text(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return bare_text(node.left)
    if isinstance(node, ast.Call) and _name(node.func) == "format":
        return bare_text(node.func.value)
    return False


def unmarked_refusals(source: str, filename: str = "<source>") -> list[str]:
    """``file:line: text`` of each ``RuleError(...)`` raised with words outside gettext."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call) and _name(node.func) == "RuleError" and node.args:
            if bare_text(node.args[0]):
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node.args[0])[:80]}")
    return found


@pytest.mark.parametrize(
    ("source", "unmarked"),
    [
        ('raise RuleError("No table.")', True),
        ('raise RuleError(f"{place}: round {n} has {g} game(s).")', True),
        ('raise engine.RuleError("Nothing was imported:\\n" + "\\n".join(problems))', True),
        ('raise RuleError("Round %(n)s is over." % {"n": n})', True),
        ('raise RuleError("Round {n} is over.".format(n=n))', True),
        ('raise RuleError(_("No table."))', False),
        ('raise RuleError(gettext("Round %(n)s.") % {"n": n})', False),
        ('raise RuleError(ngettext("%(n)s game", "%(n)s games", n) % {"n": n})', False),
        ('raise RuleError("\\n".join([_("Nothing was imported:"), *problems]))', False),
        ("raise RuleError(str(error))", False),
        ("raise RuleError(refusal)", False),
    ],
)
def test_the_scan_tells_a_marked_refusal_from_an_unmarked_one(source, unmarked):
    assert bool(unmarked_refusals(source)) is unmarked


def test_every_refusal_of_the_engine_services_and_selectors_is_marked():
    files = [p for folder in SCANNED for p in sorted((ROOT / folder).rglob("*.py"))]
    assert len(files) > 20  # the folders are where they were
    found = [
        line
        for path in files
        for line in unmarked_refusals(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "Mark these refusals with gettext:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Unknown tie-break rules luck, age: the rules are"),
        ("fr", "Règles de départage inconnues luck, age\u202f: les règles sont"),
        ("es", "Reglas de desempate desconocidas luck, age: las reglas son"),
    ],
)
def test_an_engine_refusal_speaks_the_language(language, said):
    with translation.override(language), pytest.raises(engine.RuleError) as refused:
        engine.parse_tie_order("wins,luck,age")
    assert str(refused.value).startswith(said)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "round 1 has 3 games."),
        ("fr", "la manche 1 a 3 parties."),
        ("es", "la ronda 1 tiene 3 partidas."),
    ],
)
def test_a_game_number_past_the_round_is_refused_in_the_language(language, said):
    division = seated_division(4)
    table = division.rounds.get().tables.get()
    with translation.override(language), pytest.raises(engine.RuleError) as refused:
        scoring_services.game_record(
            table=table, number=4, racks=dict(zip(seated(table), [0, 5, 7, 9], strict=True))
        )
    assert str(refused.value).endswith(said), str(refused.value)


@pytest.mark.django_db
def test_the_command_line_still_says_it_in_english():
    division = seated_division(4)
    with translation.override("fr"), pytest.raises(CommandError) as refused:
        run("configure_event", division.event.slug, "--tie-order", "wins,luck,age")
    assert "Unknown tie-break rules luck, age: the rules are" in str(refused.value)
    assert "départage" not in str(refused.value)
