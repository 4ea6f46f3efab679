"""`manage.py print_documents EVENT --kind K [--division D] [--round N] --out FILE.pdf`:
every kind on a small played event, and the refusals (non-zero exit, a message, no file).

No worker here: the command renders in its own process with the task's renderer.
"""

import datetime
import io
import re
import unicodedata
from pathlib import Path

import pypdf
import pytest
from django.core.management import CommandError, call_command

from scoring.selectors import division_state
from scoring.simulation import simulate_event
from tests.helpers import cli, fresh_sqlite, migrated_template  # noqa: F401  (fixtures)
from tournaments import selectors, services
from tournaments.models import Division, Entrant, Event, Seat
from tournaments.registration import ParsedRegistrations, RegistrationRow

pytestmark = pytest.mark.django_db

SLUG = "desk-sim"


def squash(text: str) -> str:
    """NFC, one space for any run of whitespace: names wrapped or split still match."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


def pdf(path: Path) -> tuple[int, str]:
    content = path.read_bytes()
    assert content.startswith(b"%PDF-") and content.rstrip().endswith(b"%%EOF")
    reader = pypdf.PdfReader(io.BytesIO(content), strict=True)
    return len(reader.pages), squash(" ".join(p.extract_text() or "" for p in reader.pages))


def print_documents(*args) -> str:
    out = io.StringIO()
    call_command("print_documents", *map(str, args), stdout=out, stderr=io.StringIO())
    return out.getvalue()


def assert_names(text: str, names) -> None:
    missing = [n for n in names if squash(n) not in text]
    assert not missing, f"not in the PDF: {missing}"


@pytest.fixture
def played() -> Event:
    """30 simulated entrants played to medals; every finished division's medals confirmed."""
    report = simulate_event(slug=SLUG, entrants=30, seed=1)
    assert report.entrants == 30 and report.divisions
    event = Event.objects.get(slug=SLUG)
    for division in selectors.brackets(event).filter(status=Division.Status.COMPLETE):
        services.medals_confirm(division=division)
    return event


@pytest.fixture
def biggest(played) -> Division:
    """The bracket with the most rounds (then players): a real bracket to print."""
    return max(
        (d for d in selectors.brackets(played) if d.rounds.exists()),
        key=lambda d: (d.rounds.count(), selectors.bracket_entrants(d).count()),
    )


def medallists(event) -> list[str]:
    names = []
    for division in selectors.brackets(event).filter(status=Division.Status.COMPLETE):
        state = division_state(division)
        names += [state.names[p.player] for p in state.placings.placings if p.medal]
    return names


def seated_names(division, number) -> list[str]:
    return [
        s.entrant.name
        for s in Seat.objects.filter(round__division=division, round__number=number).select_related(
            "entrant"
        )
    ]


# ---------------------------------------------------------------- every kind


def test_table_list_of_a_round(played, biggest, tmp_path):
    out = tmp_path / "tables.pdf"
    said = print_documents(
        SLUG, "--kind", "table-list", "--division", biggest.name, "--round", 1, "--out", out
    )
    assert said.startswith(f"Wrote {out} (") and said.rstrip().endswith("KB).")
    pages, text = pdf(out)
    assert pages >= 1
    names = seated_names(biggest, 1)
    assert len(names) >= 4
    assert_names(text, names)
    assert f"{biggest.name}, round 1" in text
    assert played.name in text


def test_score_sheets_of_the_latest_round(played, biggest, tmp_path):
    out = tmp_path / "sheets.pdf"
    print_documents(
        SLUG, "--kind", "score-sheets", "--division", biggest.name.upper(), "--out", out
    )  # division names match whatever the case
    latest = biggest.rounds.order_by("-number").first()
    pages, text = pdf(out)
    assert pages == latest.tables.count()  # one sheet per table
    assert_names(text, seated_names(biggest, latest.number))


def test_bracket_of_a_division(played, biggest, tmp_path):
    out = tmp_path / "bracket.pdf"
    print_documents(SLUG, "--kind", "bracket", "--division", biggest.name, "--out", out)
    pages, text = pdf(out)
    assert pages >= 1
    assert_names(text, [e.name for e in selectors.bracket_entrants(biggest)])


def test_results_of_the_whole_event(played, tmp_path):
    out = tmp_path / "results.pdf"
    print_documents(SLUG, "--kind", "results", "--out", out)
    pages, text = pdf(out)
    assert pages >= 1
    played_names = [
        e.name for e in Entrant.objects.filter(event=played, status=Entrant.Status.CHECKED_IN)
    ]
    assert len(played_names) == 30
    assert_names(text, played_names)
    for division in selectors.brackets(played).filter(rounds__isnull=False).distinct():
        assert division.name in text


def test_certificates_one_per_medallist(played, tmp_path):
    out = tmp_path / "certificates.pdf"
    print_documents(SLUG, "--kind", "certificates", "--out", out)
    names = medallists(played)
    assert len(names) >= 3 * 5  # gold, silver, bronze in each played bracket
    pages, text = pdf(out)
    assert pages == len(names)
    assert_names(text, names)


# ---------------------------------------------------------------- refusals write nothing


@pytest.fixture
def seated_not_played():
    """An event whose round 1 is seated but nobody has played: no medals yet."""
    event = services.event_create(
        name="Desk Unplayed", slug="desk-unplayed", date=datetime.date(2025, 3, 1)
    )
    rows = tuple(
        RegistrationRow(
            line=n + 1,
            entrant_id=f"U{n}",
            first_name=f"Una{n}",
            last_name="Played",
            birth_date=None,
            age=70,
            gender="",
            club="",
            division="Open",
            email="",
            phone="",
        )
        for n in range(1, 9)
    )
    services.entrants_import(event=event, parsed=ParsedRegistrations(rows, {}, (), "utf-8", {}))
    services.entrants_check_in(event=event)
    services.division_seat_first_round(division=Division.objects.get(event=event), seed=1)
    return event


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((SLUG, "--kind", "poster"), "invalid choice: 'poster'"),
        (
            (SLUG, "--kind", "bracket", "--division", "Nope"),
            "There is no division 'Nope' in Simulated event",
        ),
        ((SLUG, "--kind", "bracket"), "A bracket is printed for one division: choose it."),
        ((SLUG, "--kind", "table-list"), "No round is being played: nothing to print."),
        (
            (SLUG, "--kind", "score-sheets", "--division", "@biggest", "--round", 9),
            "has no round 9.",
        ),
        (("no-such-event", "--kind", "results"), "There is no event 'no-such-event'"),
        (
            ("desk-unplayed", "--kind", "certificates"),
            "No medals have been given yet: no certificates to print.",
        ),
    ],
    ids=[
        "unknown-kind",
        "unknown-division",
        "bracket-without-division",
        "no-round-in-play",
        "unknown-round",
        "unknown-event",
        "certificates-before-medals",
    ],
)
def test_bad_input_is_refused_and_writes_no_file(
    played, biggest, seated_not_played, tmp_path, args, message
):
    out = tmp_path / "out.pdf"
    args = [biggest.name if a == "@biggest" else a for a in args]
    with pytest.raises(CommandError) as refused:
        print_documents(*args, "--out", out)
    assert message in str(refused.value)
    assert list(tmp_path.iterdir()) == []  # no file, no partial file


def test_an_output_folder_that_does_not_exist_is_refused_in_words(played, tmp_path):
    out = tmp_path / "missing" / "results.pdf"
    with pytest.raises(CommandError) as refused:
        print_documents(SLUG, "--kind", "results", "--out", out)
    assert str(refused.value) == f"Cannot write {out}: No such file or directory."
    assert list(tmp_path.iterdir()) == []


def test_the_real_command_line_exits_non_zero(fresh_sqlite, tmp_path):  # noqa: F811
    """As organizers run it: exit status 0 and a file, or 1, a message and no file."""
    made = cli(fresh_sqlite, "simulate_event", "cli-sim", "--entrants", 12, "--seed", 2)
    assert made.returncode == 0, made.stderr
    good = tmp_path / "results.pdf"
    result = cli(fresh_sqlite, "print_documents", "cli-sim", "--kind", "results", "--out", good)
    assert result.returncode == 0, result.stderr
    assert good.read_bytes().startswith(b"%PDF-")

    bad = tmp_path / "bracket.pdf"
    result = cli(fresh_sqlite, "print_documents", "cli-sim", "--kind", "bracket", "--out", bad)
    assert result.returncode == 1
    assert "A bracket is printed for one division: choose it." in result.stderr
    assert not bad.exists()
    assert sorted(
        p.name
        for p in tmp_path.iterdir()
        if p.suffix != ".sqlite3" and not p.name.startswith("fresh")
    ) == ["results.pdf"]
