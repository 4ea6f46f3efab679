"""Read a scores CSV: ``division,round,table,game,entrant_id,rack_total[,ended][,winner]``.

Plain parsing, grouped by game; the service checks every game against the
bracket and the rules. Problems are collected with their line numbers.
"""

import csv
import io
from dataclasses import dataclass, field

from tournaments.csvfiles import UndecodableFile, decode_csv, unquote_cell
from tournaments.engine import EXHAUSTED, JOKER_VALUE, OUT, RuleError, parse_rack_total
from tournaments.text import whole_number

REQUIRED = ("division", "round", "table", "game", "entrant_id", "rack_total")
OPTIONAL = ("ended", "winner")
YES = {"yes", "y", "true", "1", "x", "winner"}
NO = {"", "no", "n", "false", "0"}
MAX_NAME = 200  # a division name or an entrant id longer than this is no mistake to look up


@dataclass
class GameRows:
    """The rows of one game in the file."""

    division: str
    round: int
    table: int
    game: int
    lines: list[int] = field(default_factory=list)
    racks: dict[str, int] = field(default_factory=dict)
    ended: str | None = None
    winner: str | None = None

    @property
    def where(self) -> str:
        return f"{self.division}, round {self.round}, table {self.table}, game {self.game}"


def _shown(text: str, limit: int = 40) -> str:
    """A cell as a message quotes it: a 128 KB cell is not printed whole."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def _rows(reader, problems: list[str]):
    """The file's rows with their line numbers; a row the csv module cannot read (a cell
    over its 128 KB limit, a stray quote at the end) is a problem, not a traceback."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            problems.append(f"line {reader.line_num}: the row cannot be read ({error})")
            return
        yield reader.line_num, row


def _header(reader) -> tuple[dict[str, int], int]:
    """Column name -> index, and the number of columns; refused when a required column is
    missing or one is unknown."""
    try:
        header = next(reader, None)
    except csv.Error as error:
        raise RuleError(f"line 1: the header cannot be read ({error}).") from None
    if not header:
        raise RuleError("The scores file is empty.")
    columns = [h.strip().lower() for h in header]
    missing = [name for name in REQUIRED if name not in columns]
    if missing:
        raise RuleError(f"line 1: the header lacks {', '.join(missing)}.")
    unknown = [h for h in columns if h and h not in REQUIRED + OPTIONAL]
    if unknown:
        raise RuleError(f"line 1: unknown column {', '.join(unknown)}.")
    index = {name: columns.index(name) for name in REQUIRED + OPTIONAL if name in columns}
    return index, len(columns)


def _cells(line: int, cell: dict[str, str], problems: list[str], joker_value: int) -> dict | None:
    """One row's values checked one by one: numbers, rack total (a joker counting the
    event's ``joker_value``), ended, winner (or None)."""
    values: dict = {}
    bad = False
    for name in ("round", "table", "game"):
        number = whole_number(cell[name], low=1)
        if number is None:
            problems.append(
                f"line {line}: {name} '{_shown(cell[name])}' is not a number of 1 or more"
            )
            bad = True
        else:
            values[name] = number
    for name in ("division", "entrant_id"):
        if not cell[name]:
            problems.append(f"line {line}: no {name}")
            bad = True
        elif len(cell[name]) > MAX_NAME:
            problems.append(f"line {line}: {name} '{_shown(cell[name])}' is too long")
            bad = True
    try:
        values["rack_total"] = parse_rack_total(cell["rack_total"], joker_value=joker_value)
    except RuleError as error:
        problems.append(f"line {line}: rack_total: {error}")
        bad = True
    values["ended"] = cell.get("ended", "").lower() or None
    if values["ended"] is not None and values["ended"] not in (OUT, EXHAUSTED):
        problems.append(
            f"line {line}: ended '{_shown(cell['ended'])}' is neither out nor exhausted"
        )
        bad = True
    winner_text = cell.get("winner", "").lower()
    if winner_text not in YES | NO:
        problems.append(f"line {line}: winner '{_shown(cell['winner'])}' is not yes or empty")
        bad = True
    values["winner"] = winner_text in YES
    return None if bad else values


def _add(game: GameRows, line: int, player: str, values: dict, problems: list[str]) -> None:
    """One row into its game: one rack per player, one way the game ended, one winner."""
    if player in game.racks:
        problems.append(f"line {line}: {player} already has a rack total for {game.where}")
        return
    game.lines.append(line)
    game.racks[player] = values["rack_total"]
    ended = values["ended"]
    if ended is not None:
        if game.ended is not None and game.ended != ended:
            problems.append(
                f"line {line}: ended '{ended}' disagrees with '{game.ended}' for {game.where}"
            )
        game.ended = ended
    if values["winner"]:
        if game.winner is not None:
            problems.append(f"line {line}: a second winner for {game.where}")
        game.winner = player


def read_scores(data: bytes, *, joker_value: int = JOKER_VALUE) -> list[GameRows]:
    """Parse the file; raise ``RuleError`` listing every problem with its line. A rack
    total is read with the event's ``joker_value`` (its largest rack total)."""
    try:
        text, _ = decode_csv(data)
    except UndecodableFile as error:
        raise RuleError(f"The scores file cannot be used: {error}.") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    index, width = _header(reader)
    problems: list[str] = []
    games: dict[tuple, GameRows] = {}
    for line, row in _rows(reader, problems):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > width:
            problems.append(f"line {line}: {len(row)} cells but {width} columns")
            continue
        row = row + [""] * (width - len(row))
        cell = {name: unquote_cell(row[i].strip()) for name, i in index.items()}
        values = _cells(line, cell, problems, joker_value)
        if values is None:
            continue
        key = (cell["division"].casefold(), values["round"], values["table"], values["game"])
        game = games.setdefault(
            key, GameRows(cell["division"], values["round"], values["table"], values["game"])
        )
        _add(game, line, cell["entrant_id"], values, problems)
    if problems:
        raise RuleError("Nothing was imported:\n" + "\n".join(problems))
    if not games:
        raise RuleError("The scores file has no rows.")
    return list(games.values())
