"""Words a person reads that a template leaves unmarked (outside {% translate %} and
{% blocktranslate %}): the text between tags and the attributes people read or hear."""

import re
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType

# Attributes a person reads (a tooltip, a placeholder) or hears (a screen reader's label).
READ_ATTRIBUTES = {"aria-label", "title", "placeholder", "alt"}
WORD = re.compile(r"[^\W\d_]{2,}")
SKIPPED_BLOCKS = {"blocktranslate": "endblocktranslate", "blocktrans": "endblocktrans",
                  "comment": "endcomment"}  # fmt: skip


def skeleton(source: str) -> str:
    """The template with every tag and variable taken out, and the text of blocktranslate
    and comment blocks dropped: what is left is written in the template itself."""
    parts, until = [], None
    for token in Lexer(source).tokenize():
        if until is not None:
            if token.token_type == TokenType.BLOCK and token.split_contents()[0] == until:
                until = None
            continue
        if token.token_type == TokenType.TEXT:
            parts.append(token.contents)
        elif token.token_type == TokenType.VAR:
            parts.append("0")
        elif token.token_type == TokenType.BLOCK:
            until = SKIPPED_BLOCKS.get(token.split_contents()[0])
    return "".join(parts)


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value and WORD.search(value):
                self.found.append(f'{name}="{value.strip()}"')

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and WORD.search(data):
            self.found.append(" ".join(data.split()))


def unmarked_words(path: Path) -> list[str]:
    reader = _Reader()
    reader.feed(skeleton(path.read_text(encoding="utf-8")))
    reader.close()
    return reader.found
