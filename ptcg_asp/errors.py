"""Errors that reach the user: each names the file, the line, the field and what was expected."""
from __future__ import annotations

from typing import Optional


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
        text = f"{place}: {self.field}: expected {self.expected}"
        if self.got is not None:
            text += f", got {self.got}"
        return text


class LimitReached(Exception):
    """A solve hit its time limit or its cap on resolutions (reported, never a verdict)."""
