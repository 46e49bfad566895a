"""English card text -> the effect vocabulary (docs/vocabulary.md).

The translator reads the official English text of a Trainer (Item, Supporter, Tool, Stadium) or a
Special Energy and gives the card fields that say the same in the vocabulary, or the sentences it
could not read. It never guesses: a card with any untranslated sentence is `unsupported`, and no
verdict is given on an action that needs its text.

This module is the interface the importer (`ptcg_asp.importer`) and `ptcg-asp cards coverage` use.
"""
from dataclasses import dataclass, field
from typing import Tuple

TEXT_KINDS = ("item", "supporter", "tool", "stadium", "special_energy")


@dataclass(frozen=True)
class Translation:
    """What the grammar made of one card text.

    fields: library-card fields in the schema of docs/vocabulary.md (`effect`, `passive`,
        `provides`, `play_as`, `trigger_filter`, ...) as plain data (dicts, lists, str, int, bool),
        ready to be written as YAML and read back by the library's vocabulary reader. Empty when
        `unsupported` is not.
    unsupported: the sentences, verbatim from the text, that the grammar does not translate.
    skipped: reminder texts left out (only those on the documented list).
    """
    fields: dict = field(default_factory=dict)
    unsupported: Tuple[str, ...] = ()
    skipped: Tuple[str, ...] = ()

    @property
    def supported(self) -> bool:
        return not self.unsupported


@dataclass(frozen=True)
class TextRecord:
    """One card text to translate or measure: a Trainer's or Special Energy's English text, with what
    `cards coverage` groups and filters by (regulation mark, set id)."""
    name: str
    kind: str
    text: str
    regulation_mark: str = ""
    set_id: str = ""


def translate(kind: str, text: str, name: str = "") -> Translation:
    """The vocabulary for a card's English text. `kind` is one of TEXT_KINDS; `name` is the card's
    own name (its text may say "this Caretaker")."""
    sentences = tuple(s for s in (p.strip() for p in text.replace("\n", " ").split(". ")) if s)
    return Translation(unsupported=sentences or (text,))
