"""Benchmark: what the score sheets' QR codes cost (segno).

Usage: .venv/bin/python bench/qr_bench.py [--entrants 2000] [--repeat 3]

Times segno making the QR codes of ENTRANTS/4 tables' addresses alone (as a real event
prints them: ``http://<hall address>:8000/e/<event>/tables/<id>/``), then the renderer
drawing the same score sheets with their codes and without (plain data, no database).
Each figure is the best of --repeat runs.
"""

import argparse
import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.printing_bench import best, django_ready, load, score_sheets  # noqa: E402


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    django_ready()
    from printing.renderers import render_score_sheets
    from printing.renderers.qr import qr_rows

    data = score_sheets(args.entrants)
    urls = [t.score_url for t in data.tables]
    encode, _ = best(lambda: [qr_rows(u) for u in urls], args.repeat)
    print(
        f"segno: {len(urls)} QR codes in {encode:.2f} s ({encode * 1000 / len(urls):.1f} ms each)"
    )
    with_codes, pdf = best(lambda: render_score_sheets(data), args.repeat)
    bare = dataclasses.replace(
        data, tables=tuple(dataclasses.replace(t, score_url="") for t in data.tables)
    )
    without, _ = best(lambda: render_score_sheets(bare), args.repeat)
    print(
        f"score sheets: {len(urls)} with their QR codes {with_codes:.2f} s "
        f"({len(pdf) / 1e6:.1f} MB), without {without:.2f} s: the codes cost "
        f"{(with_codes - without) * 1000 / len(urls):+.1f} ms a sheet"
    )
    print(f"load average: {load()}")


if __name__ == "__main__":
    main()
