import random
import time

from printing.data import (
    BracketData,
    BracketPlayer,
    BracketRound,
    BracketTable,
)
from printing.renderers import render_bracket

from . import pdfcheck
from . import samples as S


def test_rounds_tables_totals_and_advancers():
    data = S.bracket()
    pdf = render_bracket(data)
    text = pdfcheck.text(pdf)
    assert "Bracket — 70–74 (in play)" in text
    assert "Round 1 — qualifying · 3 games · 4 tables · finished" in text
    assert "Round 2 — final · 1 game · 1 table · in play" in text
    for n in range(1, 5):
        assert f"Table {n}" in text
    advancing = [p for t in data.rounds[0].tables for p in t.players if p.advanced]
    assert text.count("→ advances to round 2") == len(advancing) == 4
    for t in data.rounds[0].tables:
        for p in t.players:
            assert str(p.total) in text
    assert "withdrawn" in text


def test_advancers_are_bold_and_marked_next_to_their_name():
    pdf = render_bracket(S.bracket())
    spans = pdfcheck.spans(pdf)
    for name in ("Linda Ångström", "Walter Kowalski", "山田 太郎"):
        piece = pdfcheck.name_spans(spans, name)[0]
        # DejaVu Bold; CJK has no bold face and is drawn filled and stroked instead
        assert piece.font.endswith("Bold") or name == "山田 太郎"
        marks = [
            s
            for s in spans
            if s.text.startswith("→ advances")
            and s.page == piece.page
            and abs(s.x - piece.x) < 1
            and 0 < piece.y - s.y < 25
        ]
        assert marks and all(m.font.endswith("Bold") for m in marks)
    loser = pdfcheck.name_spans(spans, "Siobhán O'Brien")[0]
    assert not loser.font.endswith("Bold")


def test_byes_and_planned_rounds():
    text = pdfcheck.text(render_bracket(S.bracket_with_byes()))
    assert "Byes to round 3 (no table in round 2)" in text
    assert "Rounds still to come" in text
    assert "Round 3: final, 1 table of 4, 1 game" in text


def big_division(players: int = 2000) -> BracketData:
    rng = random.Random(7)
    first = ["Dorothy", "Harold", "Margaret", "Walter", "Zoë", "Siobhán", "Linda", "José"]
    last = ["Ångström", "O'Brien", "Núñez", "Baker", "Kowalski", "Papadopoulos", "Chen"]
    names = [f"{rng.choice(first)} {rng.choice(last)} {i}" for i in range(players)]

    def round_of(number, kind, games, group):
        tables = []
        for n, start in enumerate(range(0, len(group), 4), start=1):
            seated = group[start : start + 4]
            totals = [rng.randint(0, 200) for _ in seated]
            best = totals.index(min(totals))
            tables.append(
                BracketTable(
                    n,
                    tuple(
                        BracketPlayer(name, f"E{start + i}", totals[i], None, i == best)
                        for i, name in enumerate(seated)
                    ),
                )
            )
        winners = [p.name for t in tables for p in t.players if p.advanced]
        return BracketRound(number, kind, games, "closed", tuple(tables)), winners

    rounds, group, number = [], names, 1
    while len(group) > 4:
        r, group = round_of(
            number, "qualifying" if number == 1 else "intermediate", 3 if number == 1 else 2, group
        )
        rounds.append(r)
        number += 1
    final, _ = round_of(number, "final", 1, group)
    rounds.append(final)
    return BracketData(S.EVENT, "70–74", "complete", tuple(rounds))


def test_two_thousand_players_flow_in_columns_fast():
    data = big_division()
    assert len(data.rounds[0].tables) == 500
    started = time.perf_counter()
    pdf = render_bracket(data)
    elapsed = time.perf_counter() - started
    texts = pdfcheck.page_texts(pdf)
    # two blocks per row, several rows per page: about 60-120 pages, not one giant table
    assert 40 <= len(texts) <= 150
    assert elapsed < 20
    assert "Table 500" in "".join(texts)
    per_page = sorted(t.count("Table ") for t in texts[1:50])  # inside round 1
    assert per_page[len(per_page) // 2] >= 8 and per_page[0] >= 5
    assert all("Bracket — 70–74 (complete)" in t for t in texts)
