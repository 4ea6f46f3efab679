"""Benchmark: score sheets for 2,000 entrants against reportlab's bare pace.

Usage: .venv/bin/python bench/printing_bench.py [--entrants 2000] [--repeat 3]

Renders the score sheets of a 2,000-entrant round 1 (500 tables of four, names
with accents, a QR code per sheet) and, beside it, the time reportlab takes to
draw 500 bare Letter pages of 40 lines in DejaVu Sans 14 pt (the yardstick in
the team's stack notes), then prints both and their ratio. Each figure is
the best of --repeat runs; fonts are registered before timing starts (the
renderers register them once per process).
"""

import argparse
import datetime
import io
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.lib.pagesizes import LETTER  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402

from printing import fonts  # noqa: E402
from printing.data import (  # noqa: E402
    EventInfo,
    ScoreSheetsData,
    SeatLine,
    TableLines,
)
from printing.renderers import render_score_sheets  # noqa: E402

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


def score_sheets(entrants: int, seed: int = 1) -> ScoreSheetsData:
    rng = random.Random(seed)
    event = EventInfo(
        name="Gwinnett Senior Golden Games 2025",
        date=datetime.date(2025, 6, 14),
        venue="Bethesda Senior Center, Lawrenceville",
    )
    tables = []
    for n in range(1, entrants // 4 + 1):
        seats = tuple(
            SeatLine(
                s,
                f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                f"E{n:04d}{s}",
                club="Lawrenceville Tile Club" if rng.random() < 0.1 else "",
            )
            for s in range(1, 5)
        )
        tables.append(
            TableLines(
                "70–74",
                1,
                "qualifying",
                3,
                n,
                seats,
                score_url=f"http://192.168.1.20:8000/score/t/" f"{rng.getrandbits(40):010x}/",
            )
        )
    return ScoreSheetsData(event, tuple(tables))


def bare_pages(pages: int = 500, lines: int = 40) -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    for p in range(pages):
        c.setFont(fonts.REGULAR, 14)
        for i in range(lines):
            c.drawString(
                54,
                740 - i * 17.5,
                f"Line {i + 1} of page {p + 1}: " f"Dorothy Baker, Zoë Núñez, table {i}",
            )
        c.showPage()
    c.save()
    return buf.getvalue()


def best(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return min(times), result


def setup(doc: str) -> tuple[argparse.Namespace, ScoreSheetsData]:
    """The command line (--entrants, --repeat), the fonts, and the score sheets' data."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    fonts.register_fonts()
    return args, score_sheets(args.entrants)


def main() -> None:
    args, data = setup(__doc__)
    pages = len(data.tables)
    sheets_s, pdf = best(lambda: render_score_sheets(data), args.repeat)
    bare_s, bare = best(lambda: bare_pages(pages), args.repeat)
    print(
        f"score sheets: {args.entrants} entrants, {pages} tables, {pages} pages, "
        f"{len(pdf) / 1e6:.1f} MB: {sheets_s:.2f} s ({sheets_s / pages * 1000:.1f} ms/page)"
    )
    print(
        f"bare reportlab: {pages} Letter pages x 40 lines DejaVu Sans 14 pt, "
        f"{len(bare) / 1e6:.1f} MB: {bare_s:.2f} s"
    )
    print(f"ratio: {sheets_s / bare_s:.1f}x")


if __name__ == "__main__":
    main()
