"""Benchmark: a round's score sheets ready, from the database to the file.

Usage: .venv/bin/python bench/printing_bench.py [--entrants 2000] [--repeat 3]

ready     A whole event's round 1 (ENTRANTS with plausible ages, checked in over the age
          divisions they fall in, every division seated: about ENTRANTS/4 tables) in a
          throw-away SQLite database; the score sheets of every table, made as the Celery
          worker makes them (printing.services.document_render: the data read, the sheets
          rendered with their QR codes, the file written). The goal: 500 sheets ready in
          under 10 s on a quiet machine (the organizer is still walking to the printer).
renderer  The same number of sheets from plain data (no database: names with accents, a QR
          code per sheet), beside reportlab's bare pace: as many Letter pages of 40 lines
          of DejaVu Sans 14 pt.

Each figure is the best of --repeat runs; the load average is printed beside them (other
programs on the machine slow every figure).
"""

import argparse
import datetime
import io
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIRST = [
    "Dorothy",
    "Harold",
    "Margaret",
    "Walter",
    "Evelyn",
    "Frank",
    "Ruth",
    "George",
    "Betty Lou",
    "Raymond",
    "Gloria",
    "Stanley",
    "Zoë",
    "Siobhán",
    "José",
    "Linda",
    "Agnès",
    "Søren",
    "Małgorzata",
    "Jürgen",
    "Renée",
    "Björn",
    "Inés",
    "François",
]
LAST = [
    "Baker",
    "Jenkins",
    "Thompson",
    "Kowalski",
    "Brooks",
    "DiMarco",
    "Castillo",
    "Papadopoulos",
    "Harris",
    "Chen",
    "Fernández",
    "Nowak",
    "Núñez",
    "O'Brien",
    "Ångström",
    "Müller",
    "Łukasiewicz",
    "Gonçalves",
    "Dvořák",
    "Ødegaard",
    "Pérez",
    "Lefèvre",
    "Szabó",
    "Van der Berg",
]
HALL = "http://192.168.1.20:8000"


def django_ready(folder: str | None = None) -> None:
    """Django set up for a benchmark: with ``folder``, a throw-away SQLite database and
    media folder in it, migrated; without, settings only (the renderers' ``gettext``)."""
    if folder is not None:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        os.environ["MEDIA_ROOT"] = f"{folder}/media"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "printing-bench-only")
    os.environ.setdefault("BASE_URL", HALL)
    import django

    django.setup()
    from printing import fonts

    fonts.register_fonts()  # once per process, as a worker does, before anything is timed
    if folder is not None:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)


def score_sheets(entrants: int, seed: int = 1):
    """Plain data of ENTRANTS/4 score sheets, each with four names and a QR code."""
    from printing.data import EventInfo, ScoreSheetsData, SeatLine, TableLines

    rng = random.Random(seed)
    event = EventInfo(
        name="Gwinnett Senior Golden Games 2025",
        date=datetime.date(2025, 6, 14),
        venue="Bethesda Senior Center, Lawrenceville",
    )
    tables = []
    for n in range(1, max(1, entrants // 4) + 1):
        seats = tuple(
            SeatLine(
                s,
                f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                f"E{n:04d}{s}",
                club="Lawrenceville Tile Club" if rng.random() < 0.1 else "",
            )
            for s in range(1, 5)
        )
        url = f"{HALL}/e/county-2026/tables/{1000 + n}/"
        tables.append(TableLines("70–74", 1, "qualifying", 3, n, seats, score_url=url))
    return ScoreSheetsData(event, tuple(tables))


def bare_pages(pages: int = 500, lines: int = 40) -> bytes:
    """reportlab's bare pace: Letter pages of 40 lines of DejaVu Sans 14 pt."""
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen import canvas

    from printing import fonts

    fonts.register_fonts()
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    for p in range(pages):
        c.setFont(fonts.REGULAR, 14)
        for i in range(lines):
            c.drawString(
                54,
                740 - i * 17.5,
                f"Line {i + 1} of page {p + 1}: Dorothy Baker, Zoë Núñez, table {i}",
            )
        c.showPage()
    c.save()
    return buf.getvalue()


def best(fn, repeat: int) -> tuple[float, object]:
    """The shortest wall time of ``repeat`` calls, and the last call's result."""
    times, result = [], None
    for _ in range(max(1, repeat)):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return min(times), result


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def seated_event(entrants: int, seed: int = 11):
    """An event of ENTRANTS checked in over its age divisions, every division seated."""
    from scoring.simulation import plausible_rows
    from tournaments import services
    from tournaments.registration import ParsedRegistrations
    from tournaments.selectors import brackets

    event, _ = services.event_get_or_create(
        slug="printing-bench", name="County Senior Games", date=datetime.date.today(), scoring="low"
    )
    rows = plausible_rows(entrants, random.Random(seed), event.date)
    services.entrants_import(
        event=event, parsed=ParsedRegistrations(tuple(rows), {}, (), "generated", {})
    )
    services.entrants_check_in(event=event)
    for division in brackets(event):
        if division.entrants.exists():
            services.division_seat_first_round(division=division, seed=seed)
    return event


def sheets_ready(event) -> tuple[int, int]:
    """The whole event's score sheets made as the worker makes them: (pages, bytes)."""
    import pypdf

    from printing import services
    from printing.models import GeneratedDocument

    document = GeneratedDocument.objects.create(
        event=event, kind=GeneratedDocument.Kind.SCORE_SHEETS, filename="sheets.pdf"
    )
    services.document_render(document.pk)
    document.refresh_from_db()
    assert document.status == GeneratedDocument.Status.READY, document.error
    path = Path(document.file.path)
    return len(pypdf.PdfReader(path).pages), path.stat().st_size


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="printing-bench-") as folder:
        django_ready(folder)
        started = time.perf_counter()
        event = seated_event(args.entrants)
        print(f"seated {args.entrants} entrants in {time.perf_counter() - started:.1f} s")
        ready_s, (pages, size) = best(lambda: sheets_ready(event), args.repeat)
        print(
            f"ready: {pages} score sheets of a whole round (data read from SQLite, rendered, "
            f"file written), {size / 1e6:.1f} MB: {ready_s:.2f} s "
            f"({ready_s / pages * 1000:.1f} ms a sheet; goal: 500 in under 10 s)"
        )

    from printing.renderers import render_score_sheets

    data = score_sheets(args.entrants)
    pages = len(data.tables)
    sheets_s, pdf = best(lambda: render_score_sheets(data), args.repeat)
    bare_s, bare = best(lambda: bare_pages(pages), args.repeat)
    print(
        f"renderer: {pages} score sheets from plain data, {len(pdf) / 1e6:.1f} MB: "
        f"{sheets_s:.2f} s ({sheets_s / pages * 1000:.1f} ms a sheet)"
    )
    print(
        f"bare reportlab: {pages} Letter pages x 40 lines DejaVu Sans 14 pt, "
        f"{len(bare) / 1e6:.1f} MB: {bare_s:.2f} s (renderer / bare: {sheets_s / bare_s:.1f}x)"
    )
    print(f"load average: {load()}")


if __name__ == "__main__":
    main()
