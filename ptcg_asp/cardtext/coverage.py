"""`ptcg-asp cards coverage`: how much of a card pool's text the translator expresses in full.

`measure` takes the card texts (the importer reads them from card data files or the bundled pool)
and `render` prints the report as text, Markdown or JSON (sorted, byte-stable).
"""
from typing import Iterable

from . import TextRecord


def measure(records: Iterable[TextRecord]) -> dict:
    """Per category (Item, Supporter, Tool, Stadium, Special Energy): distinct names, names expressed
    in full, their share, and the most frequent untranslated sentence shapes."""
    raise NotImplementedError("the cardtext branch implements coverage")


def render(report: dict, fmt: str = "text") -> str:
    """The report as `text`, `markdown` or `json`."""
    raise NotImplementedError("the cardtext branch implements coverage")
