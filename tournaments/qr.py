"""QR codes, fast enough for 500 score sheets: the symbol as rows of modules, and as an
SVG path for a page (the projector's code of the find-my-table address). The sheets
draw it with ``printing.renderers.qr.draw_qr``.

reportlab's ``QrCodeWidget`` (``reportlab.graphics.barcode.qr``) takes about 20 ms
per URL here, mostly in its mask scoring and Reed-Solomon code (it rebuilds the
generator polynomial for every block): 10 s for a 500-table round. This module
makes the same symbol (byte mode, error correction level M, reportlab's own RS
block and alignment tables and BCH format bits) in well under a millisecond, and
the tests check it module for module against reportlab's encoder for each mask.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.graphics.barcode.qrencoder import (
    QRErrorCorrectLevel,
    QRRSBlock,
    QRUtil,
)

LEVEL_M = QRErrorCorrectLevel.M

# --- GF(256) arithmetic -------------------------------------------------------------------
_EXP = [0] * 512
_LOG = [0] * 256
_v = 1
for _i in range(255):
    _EXP[_i] = _v
    _LOG[_v] = _i
    _v <<= 1
    if _v & 0x100:
        _v ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


@lru_cache(maxsize=64)
def _generator(degree: int) -> tuple[int, ...]:
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, coef in enumerate(poly):
            nxt[j] ^= coef
            if coef:
                nxt[j + 1] ^= _EXP[_LOG[coef] + i]
        poly = nxt
    return tuple(poly)


def _ec_codewords(data: list[int], degree: int) -> list[int]:
    gen = _generator(degree)
    gen_log = [_LOG[g] for g in gen[1:]]
    rem = [0] * degree
    for byte in data:
        factor = byte ^ rem[0]
        rem = rem[1:] + [0]
        if factor:
            lf = _LOG[factor]
            for k, gl in enumerate(gen_log):
                rem[k] ^= _EXP[gl + lf]
    return rem


# --- layout per version (cached) ----------------------------------------------------------


class _Layout:
    __slots__ = (
        "version",
        "size",
        "base_rows",
        "data_positions",
        "data_rows_mask",
        "format_rows",
        "blocks",
    )

    def __init__(self, version: int):
        self.version = version
        n = self.size = version * 4 + 17
        grid = [[0] * n for _ in range(n)]
        reserved = [[False] * n for _ in range(n)]

        def put(r, c, dark):
            grid[r][c] = 1 if dark else 0
            reserved[r][c] = True

        for row, col in ((0, 0), (n - 7, 0), (0, n - 7)):
            for r in range(-1, 8):
                for c in range(-1, 8):
                    rr, cc = row + r, col + c
                    if 0 <= rr < n and 0 <= cc < n:
                        dark = (
                            (0 <= r <= 6 and c in (0, 6))
                            or (0 <= c <= 6 and r in (0, 6))
                            or (2 <= r <= 4 and 2 <= c <= 4)
                        )
                        put(rr, cc, dark)
        pos = QRUtil.getPatternPosition(version)
        for row in pos:
            for col in pos:
                if reserved[row][col]:
                    continue
                for r in range(-2, 3):
                    for c in range(-2, 3):
                        put(row + r, col + c, max(abs(r), abs(c)) != 1)
        for i in range(8, n - 8):
            put(i, 6, i % 2 == 0)
            put(6, i, i % 2 == 0)
        # format areas (filled per mask) and the dark module
        for i in range(9):
            reserved[8][i] = reserved[i][8] = True
        for i in range(8):
            reserved[8][n - 1 - i] = reserved[n - 1 - i][8] = True
        put(n - 8, 8, True)
        if version >= 7:
            bits = QRUtil.getBCHTypeNumber(version)
            for i in range(18):
                dark = (bits >> i) & 1
                put(i // 3, i % 3 + n - 11, dark)
                put(i % 3 + n - 11, i // 3, dark)

        positions = []
        upward = True
        col = n - 1
        while col > 0:
            if col == 6:
                col -= 1
            rows = range(n - 1, -1, -1) if upward else range(n)
            for r in rows:
                for c in (col, col - 1):
                    if not reserved[r][c]:
                        positions.append((r, c))
            upward = not upward
            col -= 2
        self.data_positions = positions
        self.base_rows = [_row_int(row) for row in grid]
        data_mask = [[0] * n for _ in range(n)]
        for r, c in positions:
            data_mask[r][c] = 1
        self.data_rows_mask = [_row_int(row) for row in data_mask]

        self.format_rows = []
        for mask in range(8):
            fgrid = [[0] * n for _ in range(n)]
            bits = QRUtil.getBCHTypeInfo((LEVEL_M << 3) | mask)
            for i in range(15):
                dark = (bits >> i) & 1
                if i < 6:
                    fgrid[i][8] = dark
                elif i < 8:
                    fgrid[i + 1][8] = dark
                else:
                    fgrid[n - 15 + i][8] = dark
                if i < 8:
                    fgrid[8][n - i - 1] = dark
                elif i < 9:
                    fgrid[8][15 - i] = dark
                else:
                    fgrid[8][14 - i] = dark
            self.format_rows.append([_row_int(row) for row in fgrid])

        self.blocks = [(b.totalCount, b.dataCount) for b in QRRSBlock.getRSBlocks(version, LEVEL_M)]


def _row_int(row: list[int]) -> int:
    """A row as an int, column 0 in the most significant bit."""
    value = 0
    for bit in row:
        value = (value << 1) | bit
    return value


@lru_cache(maxsize=41)
def _layout(version: int) -> _Layout:
    return _Layout(version)


@lru_cache(maxsize=41 * 8)
def _mask_rows(version: int, mask: int) -> tuple[int, ...]:
    n = version * 4 + 17
    fn = QRUtil.getMask(mask)
    return tuple(_row_int([1 if fn(r, c) else 0 for c in range(n)]) for r in range(n))


def _capacity(version: int) -> int:
    return sum(b.dataCount for b in QRRSBlock.getRSBlocks(version, LEVEL_M))


def _codewords(payload: bytes) -> tuple[int, list[int]]:
    for version in range(1, 41):
        count_bits = 8 if version < 10 else 16
        capacity = _capacity(version)
        if 4 + count_bits + 8 * len(payload) <= capacity * 8:
            break
    else:
        raise ValueError("too long for a QR code")
    bits = (0b0100 << count_bits) | len(payload)
    nbits = 4 + count_bits
    for byte in payload:
        bits = (bits << 8) | byte
        nbits += 8
    total = capacity * 8
    term = min(4, total - nbits)
    bits <<= term
    nbits += term
    pad = (-nbits) % 8
    bits <<= pad
    nbits += pad
    data = list(bits.to_bytes(nbits // 8, "big"))
    pad_byte = 0xEC
    while len(data) < capacity:
        data.append(pad_byte)
        pad_byte ^= 0xEC ^ 0x11

    layout = _layout(version)
    data_blocks, ec_blocks = [], []
    offset = 0
    for total_count, data_count in layout.blocks:
        block = data[offset : offset + data_count]
        offset += data_count
        data_blocks.append(block)
        ec_blocks.append(_ec_codewords(block, total_count - data_count))
    out = []
    for i in range(max(len(b) for b in data_blocks)):
        out.extend(b[i] for b in data_blocks if i < len(b))
    for i in range(max(len(b) for b in ec_blocks)):
        out.extend(b[i] for b in ec_blocks if i < len(b))
    return version, out


def _penalty(rows: list[int], n: int) -> int:
    """The standard's four penalty rules, on rows (and columns) held as ints."""
    strings = [format(r, f"0{n}b") for r in rows]
    columns = ["".join(col) for col in zip(*strings, strict=True)]
    joined = " ".join(strings) + " " + " ".join(columns)
    # rule 3: finder-like 1:1:3:1:1 with four light modules on either side
    score = 40 * (joined.count("10111010000") + joined.count("00001011101"))
    # rule 1: a run of L >= 5 same-colour modules costs L - 2
    pair_mask = (1 << (n - 1)) - 1
    for line in rows + [int(c, 2) for c in columns]:
        same = ~(line ^ (line >> 1)) & pair_mask
        five = same & (same >> 1) & (same >> 2) & (same >> 3)
        if five:
            score += five.bit_count() + 2 * (five & ~(five >> 1)).bit_count()
    # rule 2: each 2x2 block of one colour costs 3
    for a, b in zip(rows, rows[1:], strict=False):
        same = ~(a ^ b)
        block = same & (same >> 1) & ~(a ^ (a >> 1)) & pair_mask
        score += 3 * block.bit_count()
    # rule 4: dark share away from 50 %
    dark = sum(r.bit_count() for r in rows)
    score += 10 * (abs(dark * 20 // (n * n) - 10))
    return score


def qr_matrix(text: str, mask: int | None = None) -> list[str]:
    """The QR symbol for ``text`` (UTF-8, byte mode, level M) as rows of "0"/"1".

    ``mask`` forces a mask pattern (for tests); by default the one with the lowest
    penalty score is used, as the standard asks.
    """
    version, codewords = _codewords(text.encode("utf-8"))
    layout = _layout(version)
    n = layout.size
    grid = [[0] * n for _ in range(n)]
    bits = int.from_bytes(bytes(codewords), "big")
    nbits = len(codewords) * 8
    for i, (r, c) in enumerate(layout.data_positions):
        if i < nbits and (bits >> (nbits - 1 - i)) & 1:
            grid[r][c] = 1
    data_rows = [_row_int(row) for row in grid]

    def build(m: int) -> list[int]:
        mrows = _mask_rows(version, m)
        fmt = layout.format_rows[m]
        return [
            base | (dr ^ (mr & dm)) | f
            for base, dr, mr, dm, f in zip(
                layout.base_rows, data_rows, mrows, layout.data_rows_mask, fmt, strict=True
            )
        ]

    if mask is None:
        best = None
        for m in range(8):
            rows = build(m)
            score = _penalty(rows, n)
            if best is None or score < best[0]:
                best = (score, rows)
        rows = best[1]
    else:
        rows = build(mask)
    return [format(r, f"0{n}b") for r in rows]


_DARK_RUN = re.compile(r"1+")


@dataclass(frozen=True)
class QrPath:
    """A QR symbol for an inline SVG: ``size`` modules across (its light margin
    included), ``d`` the dark modules as one path of horizontal runs."""

    size: int
    d: str


@lru_cache(maxsize=32)
def qr_path(text: str, quiet: int = 2) -> QrPath:
    """The QR symbol for ``text`` as SVG path data, in module units, with ``quiet``
    light modules around it."""
    rows = qr_matrix(text)
    runs = [
        f"M{m.start() + quiet} {r + quiet}h{m.end() - m.start()}v1h-{m.end() - m.start()}z"
        for r, row in enumerate(rows)
        for m in _DARK_RUN.finditer(row)
    ]
    return QrPath(size=len(rows) + 2 * quiet, d="".join(runs))
