"""A Tool that prints an Ability after its own text (Seal Stones: "The Pokémon V this card is attached to can use the VSTAR
Power on this card.\nStar Alchemy\nDuring your turn, ..."): the Tool's text read by the card grammar (`translate`) and the
Ability's by the Ability grammar (`abilities.translate_ability`), together as the card's fields (`use_abilities` with
`abilities`). `translate_card` is what the importer (`fromtext.card_fields`) and `cards coverage` call; it is `translate`
for every other text. Kept apart from the package's `translate` so that the card grammar does not import the Ability
grammar (which imports the attack grammar, which imports the package).
"""
from __future__ import annotations

import re
from typing import Optional

from .. import text as _grammar   # the package: its `translate` looked up when called
from . import Translation, check_fields
from .abilities import translate_ability


def _ability_block(text: str) -> Optional[tuple]:
    """A Tool's text that prints an Ability after its own lines, the Ability's name alone on a line and its text on the
    next ones (Seal Stones: "The Pokémon V this card is attached to can use the VSTAR Power on this card.\nStar
    Alchemy\nDuring your turn, ..."): (the Tool's own text, the Ability's name, the Ability's text), or None."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    for i in range(1, len(lines) - 1):
        words = lines[i].split()
        if len(words) <= 5 and not re.search(r"[.,:;!?)]$", lines[i]) and \
                all(w[:1].isupper() or w in ("of", "the", "'s") for w in words):
            return "\n".join(lines[:i]), lines[i], " ".join(lines[i + 1:])
    return None


def _translate_with_ability(kind: str, block: tuple, name: str, has_attacks: bool) -> Translation:
    """A Tool's own text and the Ability printed on it (`_ability_block`): the Tool's fields with `abilities: [the
    Ability's fields]`, when its text says its holder can use that Ability (`use_abilities`) and the Ability translates
    in full (the Ability translator, cards/text/abilities.py); "the VSTAR Power on this card" needs a VSTAR Power (the
    Ability's "You can't use more than 1 VSTAR Power in a game")."""
    own, ability_name, ability_text = block
    head = _grammar.translate(kind, own, name, has_attacks=has_attacks, has_abilities=True)
    ability = translate_ability(ability_text, ability_name)
    if not head.supported or not ability.supported:
        return Translation(unsupported=head.unsupported + tuple(f"{ability_name}: {s}" for s in ability.unsupported),
                           skipped=head.skipped + ability.skipped)
    grants = any("use_abilities" in p for p in head.fields.get("passive", ()))
    vstar = "vstar power on this card" in " ".join(own.lower().split())
    if not grants or ability.fields.get("kind") != "activated" or vstar != bool(ability.fields.get("vstar")):
        return Translation(unsupported=(f"{ability_name} {ability_text}",), skipped=head.skipped)
    fields = {**head.fields, "abilities": [{"name": ability_name, "text": ability_text, **ability.fields}]}
    if check_fields(kind, name or "Card", fields) is not None:
        return Translation(unsupported=(own, f"{ability_name} {ability_text}"), skipped=head.skipped)
    return Translation(fields=fields, skipped=head.skipped + ability.skipped)


def translate_card(kind: str, text: str, name: str = "", has_attacks: bool = False) -> Translation:
    """`translate`, or, for a Tool whose text prints an Ability after its own lines, the Tool with that Ability."""
    if kind == "tool":
        block = _ability_block(text)
        if block is not None:
            return _translate_with_ability(kind, block, name, has_attacks)
    return _grammar.translate(kind, text, name, has_attacks=has_attacks)
