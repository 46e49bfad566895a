"""The card library: card files -> validated `Card` objects, and name resolution.

The bundled library is `ptcg_asp/data/cards/*.yaml`; a scenario's `cards:` section extends it with
the same schema (docs/vocabulary.md; the reader is cards/schema.py). Printed text is game text: a card,
attack or Ability given by its text alone is read with the card-text grammar, as `cards import` reads it
(cards/fromtext.py). Names resolve from English, Simplified or Traditional Chinese, or `Name (SET NNN)`
for one print of a Pokémon; an unknown or ambiguous name is an error listing the closest names or the prints.
"""
from __future__ import annotations

import os
from functools import lru_cache
from typing import Optional

from ..read import yamlsrc as y
from ..read.errors import InputError
from . import fromtext, schema
# The schema's names, as the rest of the program knows them (library.Card, library.CARD_KEYS, ...).
from .schema import (ABILITY_KEYS, ATTACK_KEYS, CARD_KEYS, DESCRIPTIVE_KEYS, ENERGY_ON, ENERGY_TYPES,  # noqa: F401
                     IGNORES, MAX_EFFECT_STEPS, PLAY_RULES, REFUSAL_KEYS, TIMES_KINDS, Ability, Attack, Card, _norm)


class CardLibrary:
    """An immutable set of cards with name resolution.

    `cards` are the cards read in full (the hand-written library, a scenario's `cards:`, `--cards`
    files); `pool` (optional) is the imported card pool, read one card at a time as names resolve
    to it. A name the cards have never goes to the pool: the hand-written card takes precedence."""

    def __init__(self, cards: tuple, pool=None):
        self.cards = cards
        self.pool = pool
        self.by_key = {c.key: c for c in cards}
        self._printed = {(c.name, p): c.key for c in cards for p in ((c.print,) + c.prints) if p}
        self._pool_keys: dict = {}   # pool key -> the key it resolves to (a hand-written one, or itself)
        self.defaulted: dict = {}    # bare name -> (the default print's key, how many cards have that name)
        names: dict = {}
        for c in cards:
            for n in (c.name, *c.zh_hans, *c.zh_hant):
                names.setdefault(_norm(n), set()).add(c.key)
            if c.print:
                names.setdefault(_norm(f"{c.name} ({c.print})"), set()).add(c.key)
        self.names = {k: tuple(sorted(v)) for k, v in names.items()}
        self._memo: dict = {}

    def memo(self, key: tuple, build):
        """A value derived from the library alone (it never changes), built once: `build()`."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]

    # ---- the interface the loader and the compiler use ----------------------------------------

    def resolve(self, name: str, path: str, line: int, field: str) -> str:
        keys = self.names.get(_norm(name))
        if keys is None and self.pool is not None:
            found = self.pool.lookup(name)
            keys = (self._from_pool(found[0]),) if found else None
            if found and len(found) > 1:   # a bare name (English or Chinese): one print only by its print
                self.defaulted[_norm(name)] = (keys[0], len(found))   # a bare name: the default print
        if keys is None:
            import difflib   # only after a miss (start-up time)
            # The library's own names first (the same suggestions as without a pool), then the pool's.
            close = difflib.get_close_matches(_norm(name), list(self.names), n=5, cutoff=0.5)
            if len(close) < 5 and self.pool is not None:
                others = [n for n in self.pool.names() if n not in self.names]
                close += difflib.get_close_matches(_norm(name), others, n=5 - len(close), cutoff=0.5)
            hint = f" (closest: {', '.join(close)})" if close else ""
            raise InputError(path, line, field, "a card name in the library" + hint, repr(name))
        if len(keys) > 1:
            raise InputError(path, line, field, "one card: this name has several prints: " + ", ".join(keys),
                             repr(name))
        return keys[0]

    def _from_pool(self, key: str) -> str:
        """The key a pool card resolves to: the hand-written card of the same name (any card but a
        Pokémon) or of the same name and one of its prints (a Pokémon), else the pool card itself."""
        if key not in self._pool_keys:
            entry = self.pool.entry(key)
            mine = self.names.get(_norm(entry["name"]))
            if mine and entry["kind"] != "pokemon":
                self._pool_keys[key] = mine[0]
            else:
                own = next((self._printed[(entry["name"], p)] for p in entry["prints"]
                            if (entry["name"], p) in self._printed), None)
                self._pool_keys[key] = own or key
        return self._pool_keys[key]

    def kind(self, key: str) -> str:
        return self.get(key).kind

    def playable_as_pokemon(self, key: str) -> bool:
        return self.get(key).play_as is not None

    def bench_limit(self, stadium, in_play) -> int:
        """SU1: the most Pokémon a player with these Pokémon in play (card names) can have on the Bench while the
        Stadium `stadium` (a name, or None) is in play (cards/benchsize.py)."""
        from .benchsize import bench_limit
        return bench_limit(self, stadium, in_play)

    def get(self, key: str) -> Card:
        card = self.by_key.get(key)
        if card is None and self.pool is not None:
            card = self.pool.card(key)
        if card is None:
            raise KeyError(key)
        return card

    def in_pool(self, key: str) -> bool:
        return key not in self.by_key and self.pool is not None and self.pool.entry(key) is not None

    def evolution_pairs(self, keys) -> list:
        """(name, evolves_from) of every card read in full, and along the lines of the pool cards
        `keys` (their evolves-from names, and theirs, from the pool's index): what evo_name needs."""
        pairs = {(c.name, c.evolves_from) for c in self.cards if c.evolves_from}
        todo = [self.get(k).evolves_from for k in keys]
        seen: set = set()
        while todo:
            name = todo.pop()
            if not name or name in seen:
                continue
            seen.add(name)
            for pair in (self.pool.evolution_pairs(name) if self.pool is not None else []):
                pairs.add(pair)
                todo.append(pair[1])
            for c in self.cards:
                if c.name == name and c.evolves_from:
                    todo.append(c.evolves_from)
        for k in keys:
            card = self.get(k)
            if card.evolves_from:
                pairs.add((card.name, card.evolves_from))
        return sorted(pairs)

    def evolutions(self, name: str) -> tuple:
        """The keys of every card of the library (hand-written, brought, pooled) that evolves from the Pokémon
        named `name`: the open card pool's answer to "what could evolve from it" (K3). A pool card of a name
        the hand-written cards have resolves to that card, as a scenario naming it would."""
        found = {c.key for c in self.cards if c.evolves_from and _norm(c.evolves_from) == _norm(name)}
        if self.pool is not None:
            found.update(self._from_pool(k) for k in self.pool.evolutions(name))
        return tuple(sorted(found))

    def modifier_cards(self) -> list:
        """The cards whose effects may define a named lasting effect (`modifier`)."""
        extra = [self.pool.card(k) for k in self.pool.modifier_keys()] if self.pool is not None else []
        return list(self.cards) + [c for c in extra if c is not None and c.key not in self.by_key]

    def extended(self, cards_node: y.YList, path: str) -> "CardLibrary":
        new = parse_cards(cards_node, path, "cards")
        for i, c in enumerate(new):
            if c.key in self.by_key:
                raise InputError(path, c.line, f"cards.{i}.name", "a name the library does not have yet "
                                 "(a scenario adds cards, it does not replace them)", repr(c.key))
        return CardLibrary(self.cards + new, self.pool)


def parse_cards(node: y.Node, path: str, where: str) -> tuple:
    """Validate a list of card definitions (schema.py), each card, attack and Ability given by its text alone first
    given the fields its text says (fromtext.py: as `cards import` reads it; fields written by hand never replaced)."""
    return schema.parse_cards(node, path, where, read=fromtext.read_texts)



def attacks_of(library, mon) -> list:
    """(attack, card key) for every attack a Pokémon in play (`read.model.InPlay`) can use: its own, then those of an
    attached Tool that says its holder can use them (`use_attacks`, Technical Machines)."""
    card = library.get(mon.card)
    out = [(a, card.key) for a in card.attacks]
    if mon.tool:
        tool = library.get(mon.tool)
        if any(p.use_attacks is not None for p in tool.passive):
            out.extend((a, tool.key) for a in tool.attacks)
    return out


def abilities_of(library, mon) -> list:
    """(Ability, card key) for every Ability a Pokémon in play (`read.model.InPlay`) can use: its own, then those of an
    attached Tool that says its holder can use them (`use_abilities`, Seal Stones)."""
    card = library.get(mon.card)
    out = [(a, card.key) for a in card.abilities]
    if mon.tool:
        tool = library.get(mon.tool)
        if any(p.use_abilities is not None for p in tool.passive):
            out.extend((a, tool.key) for a in tool.abilities)
    return out


def named(moves, name: str):
    """The attack or Ability of `moves` an action names: by its name or one of its Chinese names."""
    wanted = _norm(name)
    return next((m for m in moves if m.name == wanted), None) or \
        next((m for m in moves if wanted in m.zh_hans or wanted in m.zh_hant), None)


def data_dir() -> str:
    """The package's card data (ptcg_asp/data/), apart from the code that reads it."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")


def cards_dir() -> str:
    return os.path.join(data_dir(), "cards")


def pool_dir() -> str:
    """The bundled card pool (every card of the reference data, docs/importing.md)."""
    return os.path.join(data_dir(), "pool")


@lru_cache(maxsize=4)
def load_library(directory: Optional[str] = None, pool: Optional[str] = "") -> CardLibrary:
    """Load every card file of a directory (default: the bundled library) and, lazily, a card pool
    (default: the bundled pool, when installed; None: no pool)."""
    from .pool import Pool
    from ..read import diskcache
    from . import vocabulary
    directory = directory or cards_dir()
    paths = [os.path.join(directory, n) for n in sorted(os.listdir(directory)) if n.endswith((".yaml", ".yml"))]
    texts = [y.read_text(p) for p in paths]
    # Parsing and validating the hand-written files is the same work every run: cached on disk,
    # keyed by the files and the code that reads them (diskcache.py).
    parts = [p.encode() + b"\0" + t.encode() for p, t in zip(paths, texts)] + \
        [diskcache.source_of(m.__file__) for m in (y, vocabulary, schema)] + [diskcache.source_of(__file__)] + \
        [fromtext.reader_key()]
    cards: list = list(diskcache.cached("library", parts, lambda: tuple(
        c for p, t in zip(paths, texts) for c in parse_cards(y.parse(t, p), p, "cards"))))
    seen: dict = {}
    for c in cards:
        if c.key in seen:
            raise InputError(c.path, c.line, "name", f"each card once in the library (also {seen[c.key]})", repr(c.key))
        seen[c.key] = f"{c.path}:{c.line}"
    pool = pool_dir() if pool == "" else pool
    return CardLibrary(tuple(cards), Pool(pool, parse_cards) if pool and Pool.exists(pool) else None)


def with_card_files(library: CardLibrary, paths: list) -> CardLibrary:
    """`--cards FILE|DIR`: cards a user brings (docs/importing.md). A library file (e.g. written by
    `cards import -o`) or a pool directory (`cards import --out-dir`) is searched after the
    hand-written cards and before the bundled pool, each in the order given."""
    from .pool import INDEX_FORMAT, ChainPool, FilePool, Pool
    pools = []
    for path in paths:
        if os.path.isdir(path):
            if not Pool.exists(path):
                raise InputError(path, None, "--cards", "a card file or a pool directory (with index/meta.json)",
                                 "a directory without an index")
            pool = Pool(path, parse_cards)
            if pool.meta().get("format") != INDEX_FORMAT:
                raise InputError(path, None, "--cards", f"a pool directory whose index has format {INDEX_FORMAT} "
                                 "(import it again with `ptcg-asp cards import --out-dir`)",
                                 f"format {pool.meta().get('format')}")
            pools.append(pool)
        else:
            pools.append(FilePool(parse_cards(y.parse(y.read_text(path), path), path, "cards")))
    if library.pool is not None:
        pools.append(library.pool)
    return CardLibrary(library.cards, ChainPool(pools))
