"""Reading an uploaded CSV file's bytes as text: one way for every import.

UTF-8 with or without a byte order mark, else Windows-1252 (what spreadsheet
programs on Windows save); anything else is refused in words, never decoded with
replacement characters. Pure standard library.
"""

UNREADABLE = (
    "the file's characters cannot be read (it is neither UTF-8 nor Windows-1252 text); "
    'save it again as "CSV UTF-8"'
)
BOM = b"\xef\xbb\xbf"


class UndecodableFile(ValueError):
    """The bytes are neither UTF-8 nor Windows-1252 text."""

    def __init__(self):
        super().__init__(UNREADABLE)


def decode_csv(data: bytes) -> tuple[str, str]:
    """The file's text and the encoding it was read in: "utf-8-sig", "utf-8" or "cp1252"."""
    encoding = "utf-8-sig" if data.startswith(BOM) else "utf-8"
    for candidate in (encoding, "cp1252"):
        try:
            return data.decode(candidate), candidate
        except UnicodeDecodeError:
            continue
    raise UndecodableFile()
