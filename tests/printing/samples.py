"""Hand-built data for the printing tests and screenshots (no database)."""

import datetime
import zlib

from printing.data import (
    BracketData,
    BracketPlayer,
    BracketRound,
    BracketTable,
    ByeLine,
    Certificate,
    CertificatesData,
    DivisionResults,
    EventInfo,
    PlacingLine,
    ResultsData,
    RibbonCard,
    RibbonsData,
    ScoreSheetsData,
    SeatLine,
    TableLines,
    TableListData,
)

LONG_NAME = (
    "Maria-Magdalena Wilhelmina Josefina Alexandra von Hohenzollern-" "Sigmaringen y Castellanos R"
)
assert len(LONG_NAME) == 90

SPECIAL_NAMES = (
    "Linda Ångström",
    "Siobhán O'Brien",
    "Zoë Núñez",
    "<b>Bob & Co</b>",
    "王秀英",
    "山田 太郎",
    "김민준",
    LONG_NAME,
)

OTHER_NAMES = (
    "Dorothy Baker",
    "Harold Jenkins",
    "Margaret Thompson",
    "Walter Kowalski",
    "Evelyn Brooks",
    "Frank DiMarco",
    "Ruth Castillo",
    "George Papadopoulos",
    "Betty Lou Harris",
    "Raymond Chen",
    "Gloria Fernández",
    "Stanley Nowak",
)

DIVISION_NAMES = SPECIAL_NAMES + OTHER_NAMES[:5]  # 13 players

EVENT = EventInfo(
    name="Gwinnett Senior Golden Games 2025",
    date=datetime.date(2025, 6, 14),
    venue="Bethesda Senior Center, Lawrenceville",
)


def event(**changes) -> EventInfo:
    fields = {f: getattr(EVENT, f) for f in EVENT.__dataclass_fields__}
    fields.update(changes)
    return EventInfo(**fields)


def _eid(name: str) -> str:
    return f"E{zlib.crc32(name.encode()) % 100000:05d}"


def round_one_tables(
    names=DIVISION_NAMES,
    division="70–74",
    sizes=(4, 3, 3, 3),
    url_base="http://192.168.1.20:8000/score/t/",
) -> tuple[TableLines, ...]:
    tables, i = [], 0
    for n, size in enumerate(sizes, start=1):
        seats = tuple(
            SeatLine(
                seat=s + 1,
                name=names[i + s],
                entrant_id=_eid(names[i + s]),
                club="Lawrenceville Tile Club" if (i + s) % 5 == 0 else "",
            )
            for s in range(size)
        )
        i += size
        tables.append(
            TableLines(
                division=division,
                round_number=1,
                round_kind="qualifying",
                games=3,
                table_number=n,
                seats=seats,
                score_url=f"{url_base}{division[:2]}-1-{n}-k3x9q/",
            )
        )
    return tuple(tables)


FINALISTS = ("Linda Ångström", "王秀英", "김민준", "Dorothy Baker")


def final_table(division="70–74") -> TableLines:
    seats = tuple(SeatLine(seat=s + 1, name=n, entrant_id=_eid(n)) for s, n in enumerate(FINALISTS))
    return TableLines(
        division=division,
        round_number=2,
        round_kind="final",
        games=1,
        table_number=1,
        seats=seats,
        score_url="http://192.168.1.20:8000/score/t/70-2-1-p7m2w/",
    )


def table_list(paper="letter") -> TableListData:
    tables = round_one_tables()
    return TableListData(event=event(paper=paper), title="70–74, round 1", tables=tables)


def table_list_with_byes(paper="letter") -> TableListData:
    """Round 2 of a 17-player division: one table of three, two byes."""
    names = ("Harold Jenkins", "Siobhán O'Brien", "山田 太郎")
    seats = tuple(SeatLine(seat=i + 1, name=n, entrant_id=_eid(n)) for i, n in enumerate(names))
    t = TableLines(
        division="75–79",
        round_number=2,
        round_kind="intermediate",
        games=2,
        table_number=1,
        seats=seats,
    )
    byes = (
        ByeLine("75–79", 2, "Zoë Núñez", _eid("Zoë Núñez")),
        ByeLine("75–79", 2, "Walter Kowalski", _eid("Walter Kowalski")),
    )
    return TableListData(
        event=event(paper=paper),
        title="All divisions, current rounds",
        tables=round_one_tables() + (t,),
        byes=byes,
    )


def score_sheets(paper="letter", scoring="low") -> ScoreSheetsData:
    return ScoreSheetsData(
        event=event(paper=paper, scoring=scoring), tables=round_one_tables() + (final_table(),)
    )


def bracket(paper="letter") -> BracketData:
    """The 13-player division, round 1 closed, the final in play."""
    tables = round_one_tables()
    totals = [[12, 40, 77, 35], [51, 18, 22], [9, 33, 61], [44, 15, 70]]
    r1 = []
    for t, tt in zip(tables, totals, strict=True):
        ranked = sorted(range(len(tt)), key=lambda i: tt[i])
        players = []
        for i, seat in enumerate(t.seats):
            position = ranked.index(i) + 1
            players.append(
                BracketPlayer(
                    seat.name,
                    seat.entrant_id,
                    tt[i],
                    position,
                    advanced=position == 1,
                    withdrawn=seat.name == "Zoë Núñez",
                )
            )
        r1.append(BracketTable(t.table_number, tuple(players)))
    # round 1 winners in this made-up data differ from FINALISTS; the bracket is its own data
    winners = [p.name for t in r1 for p in t.players if p.advanced]
    final = BracketTable(
        1,
        tuple(
            BracketPlayer(n, _eid(n), tot, None, False)
            for n, tot in zip(winners, (5, None, 12, 0), strict=True)
        ),
    )
    rounds = (
        BracketRound(1, "qualifying", 3, "closed", tuple(r1)),
        BracketRound(2, "final", 1, "in_play", (final,)),
    )
    return BracketData(event=event(paper=paper), division="70–74", status="in_play", rounds=rounds)


def bracket_with_byes(paper="letter") -> BracketData:
    """17 players: 2×4 + 3×3, then 1×3 + 2 byes, then a final not seated yet."""
    names = list(SPECIAL_NAMES) + list(OTHER_NAMES[:9])
    tables = round_one_tables(names, "75–79", sizes=(4, 4, 3, 3, 3))
    r1 = []
    for t in tables:
        players = tuple(
            BracketPlayer(s.name, s.entrant_id, 10 * s.seat + t.table_number, s.seat, s.seat == 1)
            for s in t.seats
        )
        r1.append(BracketTable(t.table_number, players))
    winners = [t.players[0].name for t in r1]
    r2 = BracketTable(
        1,
        tuple(
            BracketPlayer(n, _eid(n), tot, pos, pos <= 2)
            for n, tot, pos in zip(winners[:3], (14, 30, 22), (1, 3, 2), strict=True)
        ),
    )
    rounds = (
        BracketRound(1, "qualifying", 3, "closed", tuple(r1)),
        BracketRound(2, "intermediate", 2, "closed", (r2,), byes=tuple(winners[3:])),
    )
    return BracketData(
        event=event(paper=paper),
        division="75–79",
        status="in_play",
        rounds=rounds,
        planned=("Round 3: final, 1 table of 4, 1 game",),
    )


def results(paper="letter") -> ResultsData:
    medals = ("gold", "silver", "bronze")
    placings = [
        PlacingLine(
            i + 1,
            medals[i] if i < 3 else None,
            n,
            _eid(n),
            round_reached=2 if i < 4 else 1,
            total=str([0, 5, 12, 30][i] if i < 4 else 20 + 3 * i),
            age_group="70–74" if i % 2 else "",
        )
        for i, n in enumerate(
            FINALISTS + tuple(n for n in DIVISION_NAMES if n not in FINALISTS and n != "Zoë Núñez")
        )
    ]
    placings.append(
        PlacingLine(None, None, "Zoë Núñez", _eid("Zoë Núñez"), 1, "18", withdrawn=True)
    )
    d1 = DivisionResults("70–74", "complete", tuple(placings))
    d2 = DivisionResults(
        "90+",
        "complete",
        (
            PlacingLine(1, "gold", "George Papadopoulos", "E1", 1, "41"),
            PlacingLine(2, "silver", "Ruth Castillo", "E2", 1, "57"),
        ),
    )
    return ResultsData(event=event(paper=paper), divisions=(d1, d2))


def certificates(paper="letter") -> CertificatesData:
    medals = ("gold", "silver", "bronze")
    certs = tuple(Certificate(n, medals[i], "70–74", i + 1) for i, n in enumerate(FINALISTS[:3]))
    certs += (
        Certificate(LONG_NAME, "gold", "90+", 1),
        Certificate("<b>Bob & Co</b>", "bronze", "80–84", 3),
        Certificate("山田 太郎", "silver", "80–84", 2),
    )
    return CertificatesData(event=event(paper=paper), certificates=certs)


def ribbons(paper="letter") -> RibbonsData:
    cards = (
        RibbonCard("Linda Ångström", 4, "70–74"),
        RibbonCard("Zoë Núñez", 5, "70–74"),
        RibbonCard("王秀英", 6, "70–74"),
        RibbonCard("<b>Bob & Co</b>", 7, "55-59 and 60-64 combined"),
        RibbonCard(LONG_NAME, 8, "60-64", "Age group"),
        RibbonCard("김민준", 12, "Women 85-89", "Age group"),
    )
    return RibbonsData(event=event(paper=paper), cards=cards)
