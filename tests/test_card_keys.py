"""Every key of the card schema reaches a fact (preamble: "every card field reaches a fact or is refused").

A key of `library.CARD_KEYS`, `ABILITY_KEYS` or `ATTACK_KEYS` is either one of `library.DESCRIPTIVE_KEYS`
(names and notes for people: they never reach a fact by design), or, on some library card that has it, removing
it (or, where the card needs it, altering its value) changes the facts some bundled scenario using that card
compiles to. A key that is read and then ignored -- `once_per_turn` and `only_attach_to` were -- fails here.
"""
import copy
import functools
import os
import re
from typing import Optional

import pytest
import yaml

from ptcg_asp.cards import fromtext
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.read.errors import InputError
from ptcg_asp.read import yamlsrc
from ptcg_asp.cards.library import (ABILITY_KEYS, ATTACK_KEYS, CARD_KEYS, DESCRIPTIVE_KEYS, REFUSAL_KEYS, CardLibrary, cards_dir,
                              load_library, parse_cards)
from ptcg_asp.read.loader import load_scenario

from .conftest import SCENARIOS

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when PyYAML has it: the corpus is read often
TRIES = 6   # cards tried per key, and scenarios per card: enough to find a use, bounded for a dead key


@functools.lru_cache(maxsize=None)
def _card_files() -> dict:
    """The hand-written card files as plain data (read once per test run; never changed by a test)."""
    out = {}
    for name in sorted(os.listdir(cards_dir())):
        if name.endswith(".yaml"):
            with open(os.path.join(cards_dir(), name), encoding="utf-8") as fh:
                out[name] = yaml.load(fh, Loader=SAFE_LOADER)
    return out


@functools.lru_cache(maxsize=None)
def _scenario_texts() -> dict:
    out = {}
    for name in sorted(os.listdir(SCENARIOS)):
        if name.endswith(".yaml"):
            with open(os.path.join(SCENARIOS, name), encoding="utf-8") as fh:
                out[name] = fh.read()
    return out


def _holders(files: dict, level: str, key: str) -> list:
    """(file, index of the card, index of the ability/attack or None) for each card entry that has `key`."""
    found = []
    for fname, cards in files.items():
        for i, card in enumerate(cards):
            if level == "card" and key in card:
                found.append((fname, i, None))
            elif level != "card":
                for j, sub in enumerate(card.get(level) or ()):
                    if key in sub:
                        found.append((fname, i, j))
    return found


def _alter(value):
    """Another value of the same shape, for a key the card cannot do without."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 10 if value % 10 == 0 else value + 1
    if isinstance(value, list) and value:
        return value[:-1] if len(value) > 1 else [_alter(value[0])]
    swaps = {"basic": "stage1", "stage1": "stage2", "stage2": "stage1", "fire": "water", "item": "supporter",
             "supporter": "item", "activated": "triggered", "triggered": "activated",
             "basic_energy": "special_energy", "special_energy": "basic_energy", "active": "in_play",
             "grass": "fire", "water": "fire", "lightning": "fire", "psychic": "fire", "fighting": "water",
             "darkness": "fire", "metal": "fire", "fairy": "fire", "dragon": "fire", "colorless": "fire"}
    if isinstance(value, str):
        return swaps.get(value, value + " (altered)")
    return value


# The keys a printed text would give, per level: removed, the text goes with them (else the text, read by the card-text
# grammar in their place, may say just what they said: fromtext.py).
TEXT_FIELDS = {"card": fromtext.CARD_TEXT_FIELDS, "abilities": fromtext.ABILITY_TEXT_FIELDS,
               "attacks": fromtext.ATTACK_TEXT_FIELDS}


def _mutations(entry: dict, key: str, level: str) -> list:
    """The entry without `key` (and without its text, for a key its text would give), then with its value altered (a
    mapping: one of its fields at a time)."""
    removed = copy.deepcopy(entry)
    del removed[key]
    if key in TEXT_FIELDS[level]:
        removed.pop("text", None)
    out = [removed]
    if key == "text" and isinstance(entry[key], str) and re.search(r"\d+", entry[key]):
        # game text read by the grammar: the same sentences with another number (an altered sentence would be one the
        # grammar cannot read: unsupported, no facts to compare)
        out.append(dict(copy.deepcopy(entry), text=re.sub(r"\d+", lambda m: str(int(m.group()) + 10), entry[key],
                                                          count=1)))
    value = entry[key]
    for sub in (list(value) if isinstance(value, dict) else [None]):
        altered = copy.deepcopy(entry)
        if sub is None:
            altered[key] = _alter(value)
        else:
            altered[key][sub] = _alter(value[sub])
        out.append(altered)
    return out


def _facts(library, scenario: str):
    try:
        return sorted(map(str, compile_scenario(load_scenario(os.path.join(SCENARIOS, scenario), library)).facts))
    except InputError as exc:
        return ("error", exc.field, exc.expected)


def _library_with(library, card: dict, j, level: str, entry: Optional[dict]):
    """The library with one card (or one of its Abilities/attacks, `entry`) as written back from plain data;
    None if that makes the card invalid. `entry` None: the card as it is (the baseline, read the same way)."""
    card = copy.deepcopy(card)
    if entry is not None and level == "card":
        card = entry
    elif entry is not None:
        card[level][j] = entry
    text = yaml.safe_dump([card], allow_unicode=True, sort_keys=False)
    try:
        (new,) = parse_cards(yamlsrc.parse(text, "<mutated>"), "<mutated>", "cards")
    except InputError:
        return None
    return CardLibrary(tuple(new if c.key == new.key else c for c in library.cards))


def _mentions(card: dict, sub=None) -> re.Pattern:
    """Scenario text that names the card (or, for an Ability or attack, names it)."""
    if sub is not None:
        return re.compile(re.escape(sub["name"]))
    names = [card["name"]] + list(card.get("zh_hans") or ()) + list(card.get("zh_hant") or ())
    return re.compile("|".join(re.escape(n) for n in names))


KEYS = [("card", k) for k in CARD_KEYS] + [("abilities", k) for k in ABILITY_KEYS] + \
    [("attacks", k) for k in ATTACK_KEYS]


REACHING = [k for k in KEYS if k[1] not in DESCRIPTIVE_KEYS + REFUSAL_KEYS]   # refusals: tests/test_pool.py


@pytest.mark.parametrize("level, key", REACHING, ids=[f"{lv}.{k}" for lv, k in REACHING])
def test_every_schema_key_reaches_a_fact(level, key, tmp_path):
    files = _card_files()
    texts = _scenario_texts()
    holders = _holders(files, level, key)
    bundled = load_library()
    tried = []
    def pattern(h):
        card = files[h[0]][h[1]]
        return _mentions(card, None if h[2] is None else card[level][h[2]])

    holders = [h for h in holders if any(pattern(h).search(t) for t in texts.values())]
    for fname, i, j in holders[:TRIES]:
        card = files[fname][i]
        uses = [s for s, text in texts.items() if pattern((fname, i, j)).search(text)][:TRIES]
        if not uses:
            continue
        entry = card if level == "card" else card[level][j]
        base = _library_with(bundled, card, j, level, None)
        base_facts = {scenario: _facts(base, scenario) for scenario in uses}
        for mutated in _mutations(entry, key, level):
            library = _library_with(bundled, card, j, level, mutated)
            if library is None:
                continue
            if any(_facts(library, scenario) != base_facts[scenario] for scenario in uses):
                return
        tried.append(f"{card['name']} in {len(uses)} scenario(s)")
    if _reaches_in_scenario_cards(bundled, level, key, tmp_path, tried):
        return
    pytest.fail(f"`{key}` ({level}) changes no compiled fact when removed or altered: {tried}")


def _reaches_in_scenario_cards(library, level: str, key: str, tmp_path, tried: list) -> bool:
    """The same test on the cards a scenario defines (`cards:`), each scenario compiled with its own cards."""
    for name, doc in _scenario_docs():
        for i, card in enumerate(doc.get("cards") or ()):
            entries = [(None, card)] if level == "card" else list(enumerate(card.get(level) or ()))
            for j, entry in entries:
                if key not in entry:
                    continue
                before = _scenario_facts(library, doc, tmp_path, name)
                for mutated in _mutations(entry, key, level):
                    changed = copy.deepcopy(doc)
                    if j is None:
                        changed["cards"][i] = mutated
                    else:
                        changed["cards"][i][level][j] = mutated
                    after = _scenario_facts(library, changed, tmp_path, name)
                    if after is not None and after != before:
                        return True
                tried.append(f"{card['name']} ({name})")
    return False


@functools.lru_cache(maxsize=None)
def _scenario_docs() -> tuple:
    """(file name, plain data) of every corpus scenario that defines cards (read once; never changed:
    mutations are made on deep copies)."""
    out = []
    for name in sorted(os.listdir(SCENARIOS)):
        if name.endswith(".yaml"):
            with open(os.path.join(SCENARIOS, name), encoding="utf-8") as fh:
                doc = yaml.load(fh, Loader=SAFE_LOADER)
            if doc.get("cards"):
                out.append((name, doc))
    return tuple(out)


def _scenario_facts(library, doc: dict, tmp_path, name: str):
    path = tmp_path / f"s{len(list(tmp_path.iterdir()))}-{name}"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        return sorted(map(str, compile_scenario(load_scenario(str(path), library)).facts))
    except InputError:
        return None


def test_descriptive_keys_are_schema_keys():
    assert set(DESCRIPTIVE_KEYS) <= set(CARD_KEYS) | set(ABILITY_KEYS) | set(ATTACK_KEYS)
