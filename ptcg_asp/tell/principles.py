"""The principle catalogue as data: each ID's statement and source, for the interchange format.

docs/principles.md defines every principle ID; the package carries the same entries as
`principles.json` (docs are not installed), and a test keeps the two equal. Regenerate it with
`python -m ptcg_asp.tell.principles docs/principles.md > ptcg_asp/data/principles.json`.
"""
from __future__ import annotations

import json
import os
import re
import sys
from functools import lru_cache

_ENTRY = re.compile(r"^\*\*([A-Z]+[0-9]+)\*\* ", re.M)


def parse_catalogue(markdown: str) -> dict:
    """ID -> {"statement", "source"} from the catalogue's text (an entry starts `**ID** ` on a line
    and ends at the first blank line; its `*Source:*` sentence is the source)."""
    parts = _ENTRY.split(markdown)
    out = {}
    for i in range(1, len(parts), 2):
        entry = parts[i + 1].split("\n\n")[0]
        statement, _, source = entry.partition("*Source:*")
        out[parts[i]] = {"statement": " ".join(statement.split()), "source": " ".join(source.split())}
    return out


@lru_cache(maxsize=1)
def catalogue() -> dict:
    """The catalogue the package carries (ID -> statement and source)."""
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "principles.json"), encoding="utf-8") as fh:
        return json.load(fh)


def wording(pid: str) -> str:
    """What the principle says, in the catalogue's words ("" for an ID it does not define)."""
    return catalogue().get(pid, {}).get("statement", "")


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as fh:
        print(json.dumps(parse_catalogue(fh.read()), ensure_ascii=False, indent=2, sort_keys=True))
