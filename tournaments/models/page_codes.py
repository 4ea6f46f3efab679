"""The codes that open a player's own page.

A page code is PAGE_CODE_LENGTH characters from the table codes' alphabet without
look-alikes: about 58 bits, so it is never guessed, and short enough to be printed on a
slip and typed ("K7QM-4XRT-9HWD"); unique within the event, whose short name is in the
page's address (``/p/EVENT/me/CODE/``). Each entrant has two: the player's own page (checks in,
asks for notices) and the family's read-only copy. The desk may replace either; the old
one then opens nothing.
"""

import secrets

from .table_codes import TABLE_CODE_LOOK_ALIKES, TABLE_CODE_NEW_ALPHABET

PAGE_CODE_LENGTH = 12
# Printed and shown in groups of four: "K7QM-4XRT-9HWD".
PAGE_CODE_GROUP = 4
# What a typed code may hold once read (page_code_read): the alphabet of new codes.
PAGE_CODE_PATTERN = rf"[{TABLE_CODE_NEW_ALPHABET}]{{{PAGE_CODE_LENGTH}}}"
# The unsubscribe link's key: random, URL-safe, never shown but in the e-mails.
NOTICE_KEY_BYTES = 24


def new_page_code() -> str:
    """A fresh random page code (the database refuses the one-in-2^58 repeat)."""
    return "".join(secrets.choice(TABLE_CODE_NEW_ALPHABET) for _ in range(PAGE_CODE_LENGTH))


def page_code_read(typed: str) -> str:
    """A code as typed or scanned ("k7qm 4xrt-9hwd", "…/p/county/me/K7QM4XRT9HWD/") as stored:
    upper case, without spaces, dashes or the address around it; a look-alike letter
    (B, S, Z) read as the digit new codes use. "" when it cannot be a code."""
    text = (typed or "").strip().rstrip("/").rsplit("/", 1)[-1].upper()
    text = "".join(ch for ch in text if ch.isalnum())
    text = "".join(TABLE_CODE_LOOK_ALIKES.get(ch, ch) if ch in "BSZ" else ch for ch in text)
    if len(text) != PAGE_CODE_LENGTH or any(ch not in TABLE_CODE_NEW_ALPHABET for ch in text):
        return ""
    return text


def page_code_shown(code: str) -> str:
    """A code as printed and read aloud: "K7QM-4XRT-9HWD"."""
    return "-".join(code[i : i + PAGE_CODE_GROUP] for i in range(0, len(code), PAGE_CODE_GROUP))


def new_notice_key() -> str:
    return secrets.token_urlsafe(NOTICE_KEY_BYTES)
