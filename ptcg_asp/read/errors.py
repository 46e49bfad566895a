"""Errors that reach the user: each names the file, the line, the field and what was expected.

The format (docs/errors.md) is one line: `FILE:LINE: FIELD: expected WHAT, got WHAT`. Every part
may hold text from the input (a card name, a key), so `render` escapes control characters, line
breaks and bidirectional overrides, and cuts very long parts: an error message is always one
line of bounded length that reads as printed.
"""
from __future__ import annotations

import re
from typing import Optional

# C0/C1 controls (including line breaks and ESC), Unicode line/paragraph separators, and the
# bidirectional embedding/override/isolate controls that can make a terminal line read backwards.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


MAX_PART = 200  # characters of one quoted part (a field, what was found) before it is cut


def shorten(text: str, limit: int = MAX_PART) -> str:
    """A part of a message cut to `limit` characters, saying how long it was (a 1 MB name stays data)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def one_line(text: str) -> str:
    """`text` with every control character written as an escape (\\n, \\x1b, \\u202e)."""
    def esc(m: re.Match) -> str:
        ch = m.group(0)
        return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch) or (
            f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
    return _UNSAFE.sub(esc, text)


class InputError(Exception):
    """Invalid input (a scenario, a card file, an option). The CLI prints it and exits 2."""

    def __init__(self, path: str, line: Optional[int], field: str, expected: str, got: Optional[str] = None):
        self.path = path
        self.line = line
        self.field = field
        self.expected = expected
        self.got = got
        super().__init__(self.render())

    def render(self) -> str:
        place = f"{self.path}:{self.line}" if self.line else self.path
        text = f"{place}: {shorten(self.field)}: expected {shorten(self.expected, 4 * MAX_PART)}"
        if self.got is not None:
            text += f", got {shorten(self.got)}"
        return one_line(text)


class InternalError(Exception):
    """An unexpected exception while handling one file: reported as a bug (exit 4), never a traceback."""

    def __init__(self, path: str, exc: BaseException):
        self.path = path
        self.exc = exc
        super().__init__(self.render())

    def render(self) -> str:
        return one_line(f"{self.path}: internal error (a bug in ptcg-asp, please report it with this file): "
                        f"{type(self.exc).__name__}: {self.exc}")


class UnsupportedError(InputError):
    """The action needs card text the vocabulary does not express: no verdict (exit 5, docs/errors.md).

    Rendered `FILE: unsupported: CARD: '<sentence>'`, the sentence quoted from the card."""

    def __init__(self, path: str, card: str, sentence: str, line: Optional[int] = None):
        self.card = card
        self.sentence = sentence
        super().__init__(path, line, "unsupported", card, sentence)

    def render(self) -> str:
        place = f"{self.path}:{self.line}" if self.line else self.path
        return one_line(f"{place}: unsupported: {shorten(self.card)}: '{shorten(self.sentence, 4 * MAX_PART)}'")
