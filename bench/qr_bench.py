"""Benchmark: the score sheets' QR codes, our own encoder against segno.

Usage: .venv/bin/python bench/qr_bench.py [--entrants 2000] [--repeat 3]

Renders the same 500 score sheets (2,000 entrants, one QR code per sheet, the
address a real event prints: ``http://<hall address>:8000/e/<event>/tables/<id>/``)
twice, once with each encoder drawing through the same ``draw_qr``, and times the
encoders alone on the same 500 addresses. Each figure is the best of --repeat runs.
"""

import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import segno  # noqa: E402

from bench.printing_bench import bare_pages, best, setup  # noqa: E402
from printing.renderers import qr, render_score_sheets  # noqa: E402

OWN = qr.qr_matrix


def segno_matrix(text: str) -> list[str]:
    """The same symbol parameters as ours (byte mode, level M, no boost), from segno."""
    code = segno.make(text, error="m", mode="byte", micro=False, boost_error=False)
    return ["".join("1" if module else "0" for module in row) for row in code.matrix]


def main() -> None:
    args, data = setup(__doc__)
    tables = tuple(
        dataclasses.replace(
            t, score_url=f"http://192.168.1.20:8000/e/county-2026/tables/{1000 + n}/"
        )
        for n, t in enumerate(data.tables, start=1)
    )
    data = dataclasses.replace(data, tables=tables)
    urls = [t.score_url for t in tables]
    results = {}
    for name, encoder in (("own encoder", OWN), ("segno", segno_matrix)):
        qr.qr_matrix = encoder
        encode, _ = best(lambda enc=encoder: [enc(u) for u in urls], args.repeat)
        render, pdf = best(lambda: render_score_sheets(data), args.repeat)
        results[name] = (encode, render)
        print(
            f"{name:12s}: {len(urls)} QR codes {encode:.2f} s ({encode * 1000 / len(urls):.1f} ms "
            f"each); {len(urls)} score sheets {render:.2f} s, {len(pdf) / 1e6:.1f} MB"
        )
    qr.qr_matrix = OWN
    bare, _ = best(lambda: bare_pages(len(urls)), args.repeat)
    print(f"bare reportlab: {len(urls)} Letter pages x 40 lines: {bare:.2f} s")
    own, seg = results["own encoder"][1], results["segno"][1]
    print(
        f"score sheets / bare pages: own {own / bare:.1f}x, segno {seg / bare:.1f}x; "
        f"segno costs {seg - own:+.2f} s per 500 sheets ({(seg - own) * 1000 / len(urls):+.1f} ms "
        "per sheet)"
    )


if __name__ == "__main__":
    main()
