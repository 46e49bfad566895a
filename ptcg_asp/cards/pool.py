"""The card pool: imported cards read one at a time through a compiled index.

A pool directory (the bundled one is `ptcg_asp/data/pool/`, made by `ptcg-asp cards import
--out-dir`) holds the cards as library YAML in a few files (`cards-<letter>.yaml`) and an index:
`index/NN.json` buckets map every name, `Name (SET NNN)` print and public id to card keys, and
every key to its file and its place in that file (the how-manieth entry). A lookup reads one bucket
and one card file, so loading a scenario costs the same whatever the pool's size (docs/importing.md).

The index holds no byte offsets and is written one entry a line: a regenerated pool changes only the
lines of the cards whose text changed, so a git diff of the pool stays as small as the change.
"""
from __future__ import annotations

import json
import os
import unicodedata
import zlib
from typing import Callable, Optional

INDEX_FORMAT = 3   # 2: the buckets carry `evolutions`; 3: a card's place is its entry number (`nth`), not bytes
ENTRY_START = b"\n- name:"   # how every top-level entry of a card file begins (the writer checks it)
BUCKETS = 64


def norm(text: str) -> str:
    """Names compare after Unicode normalisation, trimming, and with typographic apostrophes."""
    return unicodedata.normalize("NFC", text).strip().replace("\u2019", "'")


def bucket_of(name: str) -> int:
    return zlib.crc32(norm(name).encode("utf-8")) % BUCKETS


def _letter(name: str) -> str:
    base = unicodedata.normalize("NFKD", name)[:1].lower()
    return base if "a" <= base <= "z" else "other"


def card_key(card: dict) -> str:
    """The library key: `Name (SET NNN)` for a Pokémon, the name for any other card."""
    return f"{card['name']} ({card['print']})" if card["kind"] == "pokemon" else card["name"]


def write_index(cards: list, directory: str, card_yaml: Callable, header: str) -> dict:
    """Write the cards and the index into `directory` (stale files of an earlier pool removed)."""
    index_dir = os.path.join(directory, "index")
    os.makedirs(index_dir, exist_ok=True)
    for name in os.listdir(directory):
        if name.startswith("cards-") and name.endswith(".yaml"):
            os.remove(os.path.join(directory, name))
    for name in os.listdir(index_dir):
        os.remove(os.path.join(index_dir, name))
    files: dict = {}
    for card in cards:
        files.setdefault(f"cards-{_letter(card['name'])}.yaml", []).append(card)
    buckets: list = [{"names": {}, "cards": {}, "evolutions": {}} for _ in range(BUCKETS)]
    names: dict = {}      # name -> [(newest first order, key)]
    chinese: dict = {}    # Chinese name -> the English names that carry it
    modifiers: dict = {}
    total = 0
    for fname in sorted(files):
        data = bytearray(header.encode("utf-8"))
        for nth, card in enumerate(files[fname]):
            text = ("\n" + card_yaml(card)).encode("utf-8")
            if not text.startswith(ENTRY_START) or text.count(ENTRY_START) != 1:
                raise ValueError(f"{fname}: the entry of {card['name']!r} does not start a line with '- name:' once")
            key = card_key(card)
            entry = {"file": fname, "nth": nth,
                     "name": card["name"], "kind": card["kind"], "prints": card.get("prints", []),
                     "evolves_from": card.get("evolves_from")}
            buckets[bucket_of(key)]["cards"][key] = entry
            if card.get("evolves_from"):   # the reverse line: what evolves from a name (K3, the open card pool)
                base = norm(card["evolves_from"])
                buckets[bucket_of(base)]["evolutions"].setdefault(base, []).append(key)
            names.setdefault(card["name"], []).append((card.get("_order", ()), key))
            for zh in (*card.get("zh_hans", ()), *card.get("zh_hant", ())):
                chinese.setdefault(zh, set()).add(card["name"])
            for printed in card.get("prints", []):
                _alias(buckets, f"{card['name']} ({printed})", [key])
            for ident in card.get("ids", []):
                _alias(buckets, ident, [key])
            for mod in _modifier_names(card):
                modifiers.setdefault(mod, key)
            data += text
        with open(os.path.join(directory, fname), "wb") as fh:
            fh.write(bytes(data))
        total += len(data)
    for name, keyed in names.items():
        # The default print of a bare name: the newest print (docs/importing.md); the others follow.
        keyed.sort(key=lambda ok: (ok[0], ok[1]), reverse=True)
        _alias(buckets, name, [k for _, k in keyed])
    for zh, english in sorted(chinese.items()):
        # A Chinese name names what its English name names (the same default print first).
        for name in sorted(english):
            if norm(zh) != norm(name):
                _alias(buckets, zh, [k for _, k in names[name]])
    for i, b in enumerate(buckets):
        _dump_lines(os.path.join(index_dir, f"{i:02d}.json"), b)
    _dump(os.path.join(index_dir, "meta.json"), {"format": INDEX_FORMAT, "buckets": BUCKETS, "cards": len(cards),
                                                   "modifiers": modifiers})
    with open(os.path.join(index_dir, "names.txt"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write("".join(f"{n}\n" for n in sorted({norm(n) for n in (*names, *chinese)})))
    return {"cards": len(cards), "files": len(files), "bytes": total}


def _alias(buckets: list, name: str, keys: list) -> None:
    slot = buckets[bucket_of(name)]["names"].setdefault(norm(name), [])
    slot.extend(k for k in keys if k not in slot)


def _modifier_names(card: dict) -> list:
    """Names of the `modifier` primitives in a card's effects (lasting effects a state may name)."""
    found: list = []

    def walk(v):
        if isinstance(v, dict):
            if isinstance(v.get("modifier"), dict) and isinstance(v["modifier"].get("name"), str):
                found.append(v["modifier"]["name"])
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk([card.get("effect"), [a.get("effect") for a in card.get("attacks", [])],
          [a.get("effect") for a in card.get("abilities", [])]])
    return found


def _dump_lines(path: str, sections: dict) -> None:
    """A bucket as JSON with one entry a line (sections and keys sorted): diffs of the index stay local."""
    def one(value) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    parts = [one(name) + ":{" + "".join(("\n" if i == 0 else ",\n") + one(k) + ":" + one(v)
                                        for i, (k, v) in enumerate(sorted(items.items()))) + "\n}"
             for name, items in sorted(sections.items())]
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("{\n" + ",\n".join(parts) + "\n}\n")


def _dump(path: str, data) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"), indent=0) + "\n")


class Pool:
    """A pool directory, read lazily: only the buckets and cards a lookup needs. `reads` lists what
    was read (tests assert on it). `parse_cards` is the library's card reader (`library.parse_cards`,
    given by the library that uses the pool: the pool indexes card text, the library reads cards)."""

    def __init__(self, directory: str, parse_cards: Callable):
        self.directory = directory
        self.parse_cards = parse_cards
        self._buckets: dict = {}
        self._cards: dict = {}
        self._files: dict = {}     # path -> (bytes, entry starts)
        self._meta: Optional[dict] = None
        self._code: Optional[bytes] = None
        self.reads: list = []

    @staticmethod
    def exists(directory: str) -> bool:
        return os.path.isfile(os.path.join(directory, "index", "meta.json"))

    def _read_json(self, name: str):
        self.reads.append(name)
        with open(os.path.join(self.directory, "index", name), encoding="utf-8") as fh:
            return json.load(fh)

    def _bucket(self, name: str) -> dict:
        i = bucket_of(name)
        if i not in self._buckets:
            self._buckets[i] = self._read_json(f"{i:02d}.json")
        return self._buckets[i]

    def meta(self) -> dict:
        if self._meta is None:
            self._meta = self._read_json("meta.json")
        return self._meta

    def lookup(self, name: str) -> tuple:
        """Card keys a name, print or public id names (a bare name's default print first)."""
        return tuple(self._bucket(name)["names"].get(norm(name), ()))

    def entry(self, key: str) -> Optional[dict]:
        return self._bucket(key)["cards"].get(key)

    def card(self, key: str):
        """The Card for a key (parsed from its bytes on first use), or None."""
        if key in self._cards:
            return self._cards[key]
        entry = self.entry(key)
        if entry is None:
            return None
        from ..read import diskcache, yamlsrc as y
        path = os.path.join(self.directory, entry["file"])
        self.reads.append(f"{entry['file']}@{entry['nth']}")
        data, line = self._entry_bytes(path, entry["nth"])
        # Blank lines before the entry keep the file's line numbers in any error message. The parsed
        # card is cached on disk, keyed by its bytes, place and the code that reads it (diskcache.py).
        parts = [path.encode(), str(line).encode(), data, self._code_key()]
        cards = diskcache.cached("card", parts, lambda: self.parse_cards(
            y.parse("\n" * (line - 1) + data.decode("utf-8"), path), path, "cards"))
        card = next((c for c in cards if c.key == key), None)
        self._cards[key] = card
        return card

    def _entry_bytes(self, path: str, nth: int) -> tuple:
        """The bytes of a card file's `nth` entry and the line it starts on (the file read and its entry
        starts found once per pool)."""
        if path not in self._files:
            with open(path, "rb") as fh:
                data = fh.read()
            starts, at = [], data.find(ENTRY_START)
            while at >= 0:
                starts.append(at + 1)
                at = data.find(ENTRY_START, at + 1)
            self._files[path] = (data, starts)
        data, starts = self._files[path]
        if not 0 <= nth < len(starts):
            from ..read.errors import InputError
            raise InputError(path, None, "index", f"entry {nth} of this card file (the index names it)",
                             f"a file of {len(starts)} entries: regenerate the pool with `cards import --out-dir`")
        end = starts[nth + 1] - 1 if nth + 1 < len(starts) else len(data)
        return data[starts[nth]:end], data.count(b"\n", 0, starts[nth]) + 1

    def _code_key(self) -> bytes:
        """The source of the code that reads a card (the card reader's module, the vocabulary, the
        YAML reader): a disk-cache key part, read once per pool."""
        if self._code is None:
            import sys
            from ..read import diskcache, yamlsrc
            from . import schema, vocabulary
            reader = sys.modules.get(getattr(self.parse_cards, "__module__", ""), None)
            files = [getattr(reader, "__file__", None) or repr(self.parse_cards), schema.__file__, vocabulary.__file__,
                     yamlsrc.__file__]
            # hashed once here: the key part of every card read from the pool (hundreds for one problem)
            # (and the card-text grammar's: a text given alone is read by it, fromtext.py)
            from .fromtext import reader_key
            self._code = diskcache.sha256(b"\0".join([diskcache.source_of(f) for f in files] + [reader_key()])).digest()
        return self._code

    def names(self) -> list:
        """Every bare name of the pool (read only to suggest the closest names after a miss)."""
        self.reads.append("names.txt")
        with open(os.path.join(self.directory, "index", "names.txt"), encoding="utf-8") as fh:
            return [line.rstrip("\n") for line in fh if line.strip()]

    def modifier_keys(self) -> list:
        return sorted(set(self.meta().get("modifiers", {}).values()))

    def evolutions(self, name: str) -> list:
        """The keys of every card of the pool that evolves from the Pokémon named `name` (an index of format 2;
        `--cards` refuses a pool directory of another format)."""
        return sorted(self._bucket(name).get("evolutions", {}).get(norm(name), ()))

    def evolution_pairs(self, name: str) -> list:
        """(name, evolves_from) of every card of the pool named `name`."""
        out = []
        for key in self.lookup(name):
            e = self.entry(key)
            if e and e.get("evolves_from") and e["name"] == norm(name):
                out.append((e["name"], e["evolves_from"]))
        return out


class FilePool:
    """A library file brought with `--cards FILE`, read in full but resolved like a pool: its cards
    come after the hand-written ones, a bare name takes the first card of that name in the file
    (`cards import` writes the default print first)."""

    def __init__(self, cards: tuple):
        self._by_key = {c.key: c for c in cards}
        self._names: dict = {}
        for c in cards:
            for alias in (c.name, *c.zh_hans, *c.zh_hant, *c.ids,
                          *(f"{c.name} ({p})" for p in ((c.print,) + c.prints) if p)):
                slot = self._names.setdefault(norm(alias), [])
                if c.key not in slot:
                    slot.append(c.key)
        self.reads: list = []

    def lookup(self, name: str) -> tuple:
        return tuple(self._names.get(norm(name), ()))

    def entry(self, key: str) -> Optional[dict]:
        c = self._by_key.get(key)
        if c is None:
            return None
        return {"name": c.name, "kind": c.kind, "prints": [p for p in ((c.print,) + c.prints) if p],
                "evolves_from": c.evolves_from}

    def card(self, key: str):
        return self._by_key.get(key)

    def names(self) -> list:
        return sorted({norm(c.name) for c in self._by_key.values()})

    def modifier_keys(self) -> list:
        from .vocabulary import prims_of
        return sorted(c.key for c in self._by_key.values()
                      if any(p.op == "modifier" for eff in [c.effect] + [a.effect for a in c.attacks]
                             + [a.effect for a in c.abilities] for p in prims_of(eff)))

    def evolutions(self, name: str) -> list:
        return sorted(c.key for c in self._by_key.values() if c.evolves_from and norm(c.evolves_from) == norm(name))

    def evolution_pairs(self, name: str) -> list:
        return sorted({(c.name, c.evolves_from) for c in self._by_key.values()
                       if c.name == norm(name) and c.evolves_from})


class ChainPool:
    """Several pools, the first that knows a name wins (`--cards` files before the bundled pool)."""

    def __init__(self, pools: list):
        self.pools = pools

    @property
    def reads(self) -> list:
        return [r for p in self.pools for r in p.reads]

    def _owner(self, key: str):
        return next((p for p in self.pools if p.entry(key) is not None), None)

    def lookup(self, name: str) -> tuple:
        return next((found for found in (p.lookup(name) for p in self.pools) if found), ())

    def entry(self, key: str) -> Optional[dict]:
        owner = self._owner(key)
        return owner.entry(key) if owner else None

    def card(self, key: str):
        owner = self._owner(key)
        return owner.card(key) if owner else None

    def names(self) -> list:
        return sorted({n for p in self.pools for n in p.names()})

    def modifier_keys(self) -> list:
        return sorted({k for p in self.pools for k in p.modifier_keys()})

    def evolutions(self, name: str) -> list:
        return sorted({k for p in self.pools for k in p.evolutions(name)})

    def evolution_pairs(self, name: str) -> list:
        return sorted({pair for p in self.pools for pair in p.evolution_pairs(name)})
