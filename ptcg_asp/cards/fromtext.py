"""Printed text is game text: the card fields the card-text grammar (`ptcg_asp.cards.text`) reads from a card's,
an attack's or an Ability's English `text`.

One mapping, used twice:
- `ptcg-asp cards import` (importer.py) writes these fields into the card pool;
- the library reader (library.py) reads a card, attack or Ability that carries `text` but none of the fields written
  by hand that the text would give (TEXT_FIELDS): a hand-written library file, a `--cards` file or a scenario's
  `cards:` alike. Its text is read exactly as an imported card's: a sentence the grammar cannot read makes it
  `unsupported` (its action gets no verdict, exit 5), never a guess. Fields written by hand are never replaced.

The grammar checks its own output with the library's reader (`check_fields`, `check_attack`, `check_ability`): it is
imported here only when a text is read, so that the library and the grammar never import each other at start-up.
"""
from __future__ import annotations

import functools
import os
import re
from typing import Optional

from ..read import yamlsrc as y
from .text import TEXT_KINDS

# The fields a text may give, per level (the grammar's output and `unsupported`): one of them written by hand means
# the author said what the text does, and the text is left as it is.
CARD_TEXT_FIELDS = ("effect", "passive", "provides", "play_as", "trigger_filter", "only_attach_to", "attach_trigger",
                    "bench_trigger", "evolve_trigger",
                    "no_return_from_discard", "unsupported", "unsupported_scope")
ATTACK_TEXT_FIELDS = ("effect", "damage_times", "damage_instead", "before_damage", "ignores", "gx", "vstar",
                      "unsupported")
ABILITY_TEXT_FIELDS = ("kind", "once_per_turn", "once_per_turn_by_name", "vstar", "while", "effect", "passive",
                       "trigger", "trigger_filter", "trigger_any", "trigger_to", "unsupported")
# TEXT_KINDS: the card kinds whose own text the grammar reads (a Pokémon's or a Basic Energy's card text is its rule
# box or nothing: their game text is in their attacks and Abilities).


def sentences(text: str) -> list:
    """A card text's sentences, verbatim (paragraphs, then '. ' boundaries outside parentheses): what an `unsupported`
    list quotes when the grammar gives no sentences of its own."""
    out = []
    for para in re.split(r"\n\s*\n|\n", text or ""):
        depth, start = 0, 0
        for i, ch in enumerate(para):
            depth += ch == "("
            depth -= ch == ")"
            if ch in ".!" and depth <= 0 and (i + 1 == len(para) or para[i + 1] == " "):
                piece = para[start:i + 1].strip()
                if piece:
                    out.append(piece)
                start = i + 1
        rest = para[start:].strip()
        if rest:
            out.append(rest)
    return out


def card_fields(kind: str, text: str, name: str, has_attacks: bool = False) -> dict:
    """A Trainer's or Special Energy's fields from its text: the grammar's fields, or `unsupported` with the sentences
    it cannot read. `has_attacks`: the card prints attacks (a Technical Machine's, for `use_attacks`)."""
    from .text.granted import translate_card
    result = translate_card(kind, text, name, has_attacks=has_attacks)
    return dict(result.fields) if result.supported else {"unsupported": list(result.unsupported)}


def attack_fields(text: str, name: str, damage: int, damage_mod: Optional[str], cost: int) -> dict:
    """An attack's fields from its effect text (its printed damage and the number of Energy in its cost given), or
    `unsupported` with the sentences the grammar cannot read."""
    from .text.attacks import translate_attack
    result = translate_attack(text, name, damage, damage_mod, cost=cost)
    return dict(result.fields) if result.supported else {"unsupported": list(result.unsupported)}


def ability_fields(text: str, name: str, power: str = "Ability") -> dict:
    """An Ability's fields from its text, or its `unsupported` sentences with the kind its opening says for certain
    (cards/unsupported.py: an activated Ability stops no verdict on actions that do not use it). `power`: the kind of
    power printed ("Ability"; an older one, Poké-Power or Poké-Body, is not read: unsupported)."""
    from .text.abilities import opening, translate_ability
    result = translate_ability(text, name) if text and power == "Ability" else None
    if result is not None and result.supported:
        return dict(result.fields)
    out = dict(opening(text)) if result is not None else {}
    out["unsupported"] = (list(result.unsupported) if result is not None else sentences(text)) or [f"{power} {name}"]
    return out


@functools.lru_cache(maxsize=1)
def reader_key() -> bytes:
    """The source of the code that reads a text (this module and the grammar's files): a disk-cache key part of any
    card read through it, read and hashed once per process."""
    from ..read import diskcache
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "text")
    files = [__file__] + [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".py")]
    return diskcache.sha256(b"\0".join(diskcache.source_of(f) for f in files)).digest()


# ---- the library's side: a card's YAML node with what its text says ------------------------------------------------

def _node(value, line: int) -> y.Node:
    """Plain data -> the YAML reader's nodes, on `line` (the `text` key: any message about them names it), scalars
    quoted as `text.yamlout.flow` writes them (a plain word such as `deck` stays a word)."""
    if isinstance(value, dict):
        return y.YMap([(str(k), line, _node(v, line)) for k, v in value.items()], line)
    if isinstance(value, (list, tuple)):
        return y.YList([_node(v, line) for v in value], line)
    if isinstance(value, bool):
        return y.YScalar("true" if value else "false", line, False)
    if isinstance(value, int):
        return y.YScalar(str(value), line, False)
    if isinstance(value, str):
        from .text.yamlout import _PLAIN, _RESERVED   # a word `flow` writes plain is read as a word
        return y.YScalar(value, line, not (_PLAIN.match(value) and value.lower() not in _RESERVED))
    raise TypeError(f"not plain data: {value!r}")


def _text(m: y.YMap, path: str, where: str) -> str:
    """The `text` of a card, attack or Ability ('' when there is none); text it is, or an input error."""
    node = m.get("text")
    if node is None or y.is_null(node):
        return ""
    return y.want_str(node, path, f"{where}.text", allow_empty=True).strip()


def _with(m: y.YMap, fields: dict) -> y.YMap:
    """`m` with the fields its text gives, after its own keys (none of which they replace)."""
    line = m.key_line("text")
    have = set(m.keys())
    return y.YMap(list(m.pairs) + [(k, line, _node(v, line)) for k, v in fields.items() if k not in have], m.line)


def _wants_text(m: y.YMap, fields: tuple) -> bool:
    return not any(m.get(k) is not None for k in fields)


def _name(m: y.YMap, path: str, where: str) -> str:
    """The name as the library keys it (a lasting effect is named after its card or attack)."""
    from .schema import _norm
    return _norm(y.want_str(m.get("name"), path, f"{where}.name")) if m.get("name") is not None else ""


def _int(node: Optional[y.Node], path: str, where: str) -> int:
    return y.want_int(node, path, where, 0, 990) if node is not None and not y.is_null(node) else 0


def read_texts(m: y.YMap, path: str, where: str) -> y.YMap:
    """A card's node with its texts read: the card's own (a Trainer's or Special Energy's), each attack's and each
    Ability's, where it carries a text and no field of TEXT_FIELDS written by hand. Anything that is not a mapping
    or a list where one is wanted is left as it is (the library's reader names it)."""
    kind = m.get("kind")
    kind = kind.value if isinstance(kind, y.YScalar) else None
    pairs = list(m.pairs)
    changed = False
    for i, (key, kline, value) in enumerate(pairs):
        if key not in ("attacks", "abilities") or not isinstance(value, y.YList):
            continue
        items = []
        for j, item in enumerate(value.items):
            w = f"{where}.{key}.{j}"
            if isinstance(item, y.YMap):
                text = _text(item, path, w)
                if key == "attacks" and text and _wants_text(item, ATTACK_TEXT_FIELDS):
                    cost = item.get("cost")
                    mod = item.get("damage_mod")
                    item = _with(item, attack_fields(
                        text, _name(item, path, w), _int(item.get("damage"), path, f"{w}.damage"),
                        mod.value if isinstance(mod, y.YScalar) and not y.is_null(mod) else None,
                        len(cost.items) if isinstance(cost, y.YList) else 0))
                    changed = True
                elif key == "abilities" and text and _wants_text(item, ABILITY_TEXT_FIELDS):
                    item = _with(item, ability_fields(text, _name(item, path, w)))
                    changed = True
            items.append(item)
        pairs[i] = (key, kline, y.YList(items, value.line))
    out = y.YMap(pairs, m.line) if changed else m
    if kind in TEXT_KINDS and _wants_text(m, CARD_TEXT_FIELDS):
        text = _text(m, path, where)
        if text:
            out = _with(out, card_fields(kind, text, _name(m, path, where),
                                         has_attacks=isinstance(m.get("attacks"), y.YList) and bool(m.get("attacks").items)))
    return out

