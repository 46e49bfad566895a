"""The card schema: card definitions (YAML nodes) -> validated `Card`, `Attack` and `Ability` objects.

The schema of docs/vocabulary.md, read field by field with errors naming the file, the line and the field. It reads
the fields as written: a card given by its printed text alone is first given the fields its text says by the library
(`library.parse_cards`, cards/fromtext.py). The card-text grammar checks its own output with this reader, below the
library, so that the library and the grammar do not import each other.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Optional

from ..read import yamlsrc as y
from ..read.errors import InputError
from .vocabulary import KINDS, STAGES, TAGS, TYPES, UNMARKED_TAGS, Effect, Filter, Reader, prims_of

CARD_KEYS = ("name", "print", "zh_hans", "zh_hant", "kind", "tags", "same_as", "older_texts", "text", "source", "notes",
             "stage", "hp", "types", "retreat", "weakness", "resistance", "evolves_from", "abilities",
             "attacks", "provides", "effect", "passive", "play_as", "trigger_filter", "only_attach_to",
             "no_return_from_discard", "attach_trigger", "bench_trigger", "evolve_trigger", "prints", "ids", "regulation",
             "unsupported", "unsupported_scope", "unmarked_tags")
ABILITY_KEYS = ("name", "zh_hans", "zh_hant", "kind", "once_per_turn", "once_per_turn_by_name", "vstar", "while", "effect", "passive", "text",
                "trigger", "trigger_filter", "trigger_any", "trigger_to", "notes", "unsupported")
ATTACK_KEYS = ("name", "zh_hans", "zh_hant", "cost", "damage", "damage_mod", "damage_times", "damage_instead", "gx",
               "vstar", "before_damage", "effect", "ignores", "text", "notes", "unsupported")
# Keys for people and for naming cards (which card a scenario means): by design they reach no fact. Every other
# key of the three lists above reaches one (tests/test_card_keys.py removes or alters each on a card that has it).
# `prints` / `ids` name a card as `print` does; `regulation` is provenance (which prints are legal in which
# format), read by `cards coverage`, not by a ruling. `text` is game text, not one of them: a card, attack or Ability
# that carries it and none of the fields written by hand that it would give is read by the card-text grammar
# (fromtext.py); with them, the hand-written fields say what it does.
DESCRIPTIVE_KEYS = ("name", "print", "prints", "ids", "regulation", "zh_hans", "zh_hant", "source", "notes",
                    "older_texts")
# Keys that reach a refusal rather than a fact: an action needing the quoted sentences gets no verdict
# (ptcg_asp/cards/unsupported.py; tests/test_pool.py refuses on each level).
REFUSAL_KEYS = ("unsupported", "unsupported_scope", "unmarked_tags")
PLAY_RULES = ("no_retreat", "no_special_conditions", "no_prizes", "discard_any_time")  # rules a card played as a Pokémon prints for itself
TIMES_KINDS = ("moved", "heads", "in_play", "prizes_taken", "if", "benched", "counters", "energy", "tools", "has_attack",
               "done", "discard_attack", "per_in_play", "in_pile", "retreat", "counters_on", "conditions")
# `moved: LABEL` with `filter: FILTER`: only the cards the labelled step moved that fit ("for each Energy card you
# discarded in this way"; kind `moved_fit`, argument (LABEL, Filter)). `conditions: self | defender`: the Special
# Conditions affecting this Pokémon / the Defending Pokémon ("for each Special Condition affecting ...").
# `done: LABEL`: 1 when the labelled step did something, else 0 ("You may discard ... If you do, this attack does N more
# damage"). `has_attack: NAME`: the player's Pokémon in play whose top card has an attack of that name ("for each of your Pokémon
# in play that has the Round attack"); `discard_attack: NAME`: the Pokémon cards in the player's discard pile with an attack
# of that name ("for each Pokémon in your discard pile that has the United Wings attack").
# `damage_times: {energy: WHERE}`: the Energy attached to this Pokémon (self), the opponent's Active Pokémon (defender),
# both Active Pokémon (both), or all of a player's Pokémon in play (me, opp).
# `tools: WHERE` likewise counts the Pokémon Tools attached there; `all`: every Pokémon in play (both players').
ENERGY_ON = ("self", "defender", "both", "me", "opp", "all")
# "This attack's damage isn't affected by ...": the DMG1 steps the attack's damage skips (`ignores`).
IGNORES = ("weakness", "resistance", "defender_effects", "target_effects")
ENERGY_TYPES = TYPES + ("any",)
# Steps in one effect (a `player: each` step counts twice). Grounding and clingo's preparation are not
# covered by --timeout and grow steeply with the number of steps: with 110 different cards in hand and
# deck, 12 steps of "discard any, search up to 2" take about 2 s, 24 steps 14 s, 32 steps 30 s, and 100
# steps (on a small state) minutes. The library's longest effect has 6.
MAX_EFFECT_STEPS = 12


@dataclass(frozen=True)
class Ability:
    name: str
    kind: str  # activated | triggered | passive
    once_per_turn: bool = False
    # "You can't use more than 1 NAME Ability each turn": once per turn among all of its player's Pokémon
    once_per_turn_by_name: bool = False
    effect: Optional[Effect] = None
    passive: tuple = ()
    trigger: Optional[str] = None
    vstar: bool = False  # a VSTAR Power: one per game
    while_: str = "in_play"  # "active" / "bench": usable only while this Pokémon is in the Active Spot / on the Bench
    trigger_filter: Optional[Filter] = None  # attach_from_hand: the attached Energy must fit
    # attach_from_hand: "whenever you attach an Energy card from your hand to 1 of your [F] Pokémon" (any of the
    # player's Pokémon, not only this one), with F (`trigger_to`) the filter on the Pokémon attached to
    trigger_any: bool = False
    trigger_to: Optional[Filter] = None
    unsupported: tuple = ()  # sentences of its text the vocabulary does not express: never judged
    zh_hans: tuple = ()  # its Chinese names: an action may name it so (`named`)
    zh_hant: tuple = ()


@dataclass(frozen=True)
class Attack:
    name: str
    cost: tuple = ()
    damage: int = 0
    damage_mod: Optional[str] = None
    damage_times: Optional[tuple] = None  # (kind, argument, amount): what "x"/"+"/"-" counts
    gx: bool = False
    vstar: bool = False
    effect: Optional[Effect] = None
    before_damage: tuple = ()  # effect steps done before the damage (ATK3: "before doing damage", "A. Then, damage")
    # "If COND, this attack's base damage is N instead" (DMG1 step 1): (Condition, N or "damaged_last_turn")
    damage_instead: Optional[tuple] = None
    # "This attack's damage isn't affected by Weakness / Resistance / any effects on ...": steps of DMG1 it skips
    ignores: tuple = ()
    unsupported: tuple = ()  # sentences of its text the vocabulary does not express: never judged
    zh_hans: tuple = ()      # its Chinese names: an action may name it so (`named`)
    zh_hant: tuple = ()


@dataclass(frozen=True)
class Card:
    """One card (for Pokémon: one print). `key` is the name used everywhere after loading."""

    key: str
    name: str
    kind: str
    print: Optional[str] = None
    zh_hans: tuple = ()
    zh_hant: tuple = ()
    tags: tuple = ()
    same_as: Optional[str] = None
    reprinted: bool = False  # older prints with other text exist; the newest text applies (C1)
    stage: Optional[str] = None
    hp: Optional[int] = None
    types: tuple = ()
    retreat: Optional[int] = None
    weakness: tuple = ()     # ((type, times|plus, amount), ...)
    resistance: tuple = ()   # ((type, minus, negative amount), ...)
    evolves_from: Optional[str] = None
    abilities: tuple = ()
    attacks: tuple = ()
    provides: tuple = ()
    effect: Optional[Effect] = None
    passive: tuple = ()
    play_as: Optional[tuple] = None  # (stage, hp, types)
    trigger_filter: Optional[Filter] = None  # a special Energy's effect needs a holder that fits
    only_attach_to: Optional[Filter] = None
    # "This card can't be put into your hand or deck from the discard pile": no effect's step may choose it there
    no_return_from_discard: bool = False
    # a Stadium's "Whenever any player attaches an Energy card from their hand to 1 of their F Pokémon, EFFECT":
    # (holder FILTER or None, EFFECT), the effect's `{ref: self}` being that Pokémon
    attach_trigger: Optional[tuple] = None
    # a Stadium's "Whenever any player puts a F Pokémon [from their hand] onto their Bench [during their turn], EFFECT":
    # (holder FILTER or None, from "hand" or None, during_turn, EFFECT), the effect's `{ref: self}` the new Pokémon
    bench_trigger: Optional[tuple] = None
    # a Stadium's "Whenever either player plays a F from their hand to evolve a G [during their turn], EFFECT":
    # (card Filter, onto Filter, during_turn, EFFECT), the effect's `{ref: self}` the evolved Pokémon
    evolve_trigger: Optional[tuple] = None
    unsupported: tuple = ()  # sentences of its text the vocabulary does not express: never judged
    # "all": any action while it is in play, and playing or attaching it, is refused; "from_hand": only
    # the action that plays or attaches it from the hand needs those sentences (Rainbow Energy's damage counter)
    unsupported_scope: str = "all"
    # the tags of UNMARKED_TAGS its `tags` may lack: its card data's source marks none of them (TCGdex) and its
    # prints' era can have these (docs/importing.md); `true` in a file: every one of UNMARKED_TAGS
    unmarked_tags: tuple = ()
    prints: tuple = ()       # every print of this card ("TEF 144"), when it has several
    ids: tuple = ()          # public ids of its prints (TCGdex `sv05-144`, pokemon-tcg-data `sv5-144`)
    regulation: tuple = ()   # regulation marks of its prints
    path: str = ""
    line: int = 0

    @property
    def is_pokemon(self) -> bool:
        return self.kind == "pokemon" or self.play_as is not None

    def attributes(self) -> list:
        """(attribute, value) pairs the filters of the vocabulary test."""
        out = [("name", self.name), ("kind", self.kind)]
        if self.evolves_from:
            out.append(("evo_from", self.evolves_from))
        if self.kind in ("item", "tool", "supporter", "stadium"):
            out.append(("kind", "trainer"))
        if self.kind in ("basic_energy", "special_energy"):
            out.append(("kind", "energy"))
        stage = self.stage or (self.play_as[0] if self.play_as else None)
        if self.kind == "pokemon" and stage:
            out.append(("stage", stage))
            if stage != "basic":
                out.append(("stage", "evolution"))
        types = self.types or (self.play_as[2] if self.play_as else ())
        provided = [t for unit in self.provides for t in (unit if isinstance(unit, tuple) else (unit,))]
        for t in types if self.kind == "pokemon" else provided:
            if t == "any":
                out.extend(("type", x) for x in TYPES)
            else:
                out.append(("type", t))
        out.extend(("tag", t) for t in self.tags)
        if any(a.kind != "passive" or a.passive for a in self.abilities):
            out.append(("has", "ability"))
        if {"ex", "v", "gx", "vmax", "vstar", "radiant", "tag_team", "prism_star", "mega", "pokemon_ex"} & set(self.tags) and self.kind == "pokemon":
            out.append(("has", "rule_box"))
        if self.reprinted:
            out.append(("reprinted", "yes"))
        if self.same_as:
            out.append(("same_as", self.same_as))
        if self.no_return_from_discard:
            out.append(("card_rule", "no_return_from_discard"))
        if self.play_as:
            out.append(("play_as", self.play_as[0]))
            out.extend(("play_type", t) for t in self.play_as[2])
            out.extend(("play_rule", r) for r in (self.play_as[3] if len(self.play_as) > 3 else ()))
        return sorted(set(out))

    def deck_limit(self) -> Optional[int]:
        """DK1: how many copies a deck may hold (None: no limit)."""
        if self.kind == "basic_energy":
            return None
        if {"ace_spec", "radiant", "prism_star"} & set(self.tags):
            return 1
        return 4


def _norm(text: str) -> str:
    """Names compare after Unicode normalisation, trimming, and with typographic apostrophes."""
    return unicodedata.normalize("NFC", text).strip().replace("\u2019", "'")

def parse_cards(node: y.Node, path: str, where: str, read: Optional[Callable] = None) -> tuple:
    """Validate a list of card definitions. `read(card map, path, where)`: the card's node as it is to be read (the
    library's: its texts read, fromtext.read_texts); None: as written."""
    lst = y.want_list(node, path, where)
    cards = tuple(_card(item, path, f"{where}.{i}", read) for i, item in enumerate(lst.items))
    seen: dict = {}
    for i, c in enumerate(cards):
        if c.key in seen:
            raise InputError(path, c.line, f"{where}.{i}.name", f"each card once (also line {seen[c.key].line})",
                             f"{c.key!r} again")
        seen[c.key] = c
    return cards


def _strs(node: Optional[y.Node], path: str, where: str) -> tuple:
    if node is None:
        return ()
    return tuple(_norm(y.want_str(n, path, where)) for n in y.want_list(node, path, where).items)


def _sentences(node: Optional[y.Node], path: str, where: str) -> tuple:
    """`unsupported`: the sentences of the text the vocabulary does not express (verbatim)."""
    if node is None:
        return ()
    return y.want_str_list(node, path, where)


def _texts(node: Optional[y.Node], path: str, where: str) -> tuple:
    return () if node is None else y.want_str_list(node, path, where, unique=True)


def _bounded(effect: Effect, line: int, path: str, where: str) -> Effect:
    """Refuse an effect with more steps than MAX_EFFECT_STEPS (bounded work); `line`: the `effect:` key."""
    steps = sum(2 if p.player == "each" else 1 for p in prims_of(effect))
    if steps > MAX_EFFECT_STEPS:
        raise InputError(path, line, where, f"at most {MAX_EFFECT_STEPS} steps in one effect "
                         "(a `player: each` step counts twice)", str(steps))
    return effect


def _unmarked(node: Optional[y.Node], path: str, where: str) -> tuple:
    """`unmarked_tags`: a list of UNMARKED_TAGS (once each, in that order), or `true` for all of them."""
    if node is None:
        return ()
    if isinstance(node, y.YScalar):
        return UNMARKED_TAGS if y.want_bool(node, path, where) else ()
    tags = tuple(_pick(t, path, where, UNMARKED_TAGS) for t in y.want_list(node, path, where).items)
    if not tags or len(set(tags)) != len(tags):
        raise InputError(path, node.line, where, "a non-empty list of distinct tags", str(len(tags)))
    return tuple(sorted(tags, key=UNMARKED_TAGS.index))


def _pick(node: y.Node, path: str, where: str, allowed: tuple) -> str:
    value = y.want_str(node, path, where)
    if value not in allowed:
        raise InputError(path, node.line, where, "one of " + ", ".join(allowed), repr(value))
    return value


def _times_count(reader: Reader, kind: str, node: y.Node, where: str) -> tuple:
    """`per_in_play: {side, where, filter}` -> (side, where, Filter): the Pokémon in play that fit; `in_pile: {side,
    zone, filter}` -> (side, zone, Filter): the cards in that pile that fit (DMG1 step 1, counted when the damage is
    done)."""
    m = y.want_map(node, reader.path, where)
    if kind in ("per_in_play", "counters_on"):   # counters_on: the damage counters on those Pokémon
        y.check_keys(m, reader.path, where, ("side", "where", "filter"), ("side",))
        return (reader.choice(m.get("side"), f"{where}.side", ("me", "opp", "any")),
                reader.choice(m.get("where"), f"{where}.where", ("any", "active", "bench"))
                if m.get("where") is not None else "any",
                reader.filter(m.get("filter"), f"{where}.filter"))
    y.check_keys(m, reader.path, where, ("side", "zone", "filter"), ("side", "zone"))
    return (reader.choice(m.get("side"), f"{where}.side", ("me", "opp")),
            reader.choice(m.get("zone"), f"{where}.zone", ("discard", "hand")),
            reader.filter(m.get("filter"), f"{where}.filter"))


_WEAK = re.compile(r"^(?:[x×*](\d+)|\+(\d+))$")
_RESIST = re.compile(r"^-(\d+)$")


def _wr(node: Optional[y.Node], path: str, where: str, resistance: bool = False) -> tuple:
    """Weakness or Resistance: a mapping {type, value} or a list of them (a Pokémon may have two).

    Returns ((type, kind, amount), ...): kind `times` (x2) or `plus` (+20) for Weakness; for
    Resistance kind `minus` with a negative amount (-30 when no value is printed)."""
    if node is None or y.is_null(node):
        return ()
    entries = node.items if isinstance(node, y.YList) else [node]
    out = []
    for i, entry in enumerate(entries):
        w = f"{where}.{i}" if isinstance(node, y.YList) else where
        m = y.want_map(entry, path, w)
        y.check_keys(m, path, w, ("type", "value"), ("type",))
        t = _pick(m.get("type"), path, f"{w}.type", TYPES)
        value = y.want_str(m.get("value"), path, f"{w}.value").strip() if m.get("value") is not None else None
        if resistance:
            found = _RESIST.match(value or "-30")
            if not found:
                raise InputError(path, m.line, f"{w}.value", "a Resistance such as -30", repr(value))
            out.append((t, "minus", -int(found.group(1))))
        else:
            found = _WEAK.match(value or "x2")
            if not found:
                raise InputError(path, m.line, f"{w}.value", "a Weakness such as x2 or +20", repr(value))
            out.append((t, "times", int(found.group(1))) if found.group(1) else (t, "plus", int(found.group(2))))
    return tuple(out)


def _card(node: y.Node, path: str, where: str, read: Optional[Callable] = None) -> Card:
    m = y.want_map(node, path, where)
    if read is not None:
        m = read(m, path, where)
    y.check_keys(m, path, where, CARD_KEYS, ("name", "kind"))
    reader = Reader(path)
    name = _norm(y.want_str(m.get("name"), path, f"{where}.name"))
    kind = _pick(m.get("kind"), path, f"{where}.kind", KINDS)
    printed = y.want_str(m.get("print"), path, f"{where}.print") if m.get("print") is not None else None
    tags = tuple(_pick(t, path, f"{where}.tags", TAGS) for t in y.want_list(m.get("tags"), path, f"{where}.tags").items) \
        if m.get("tags") is not None else ()
    fields: dict = dict(
        key=name, name=name, kind=kind, print=printed, tags=tags,
        zh_hans=_strs(m.get("zh_hans"), path, f"{where}.zh_hans"),
        zh_hant=_strs(m.get("zh_hant"), path, f"{where}.zh_hant"),
        same_as=_norm(y.want_str(m.get("same_as"), path, f"{where}.same_as")) if m.get("same_as") is not None else None,
        path=path, line=m.line,
        unsupported=_sentences(m.get("unsupported"), path, f"{where}.unsupported"),
        unsupported_scope=_pick(m.get("unsupported_scope"), path, f"{where}.unsupported_scope", ("all", "from_hand"))
        if m.get("unsupported_scope") is not None else "all",
        unmarked_tags=_unmarked(m.get("unmarked_tags"), path, f"{where}.unmarked_tags"),
        prints=_texts(m.get("prints"), path, f"{where}.prints"),
        ids=_texts(m.get("ids"), path, f"{where}.ids"),
        regulation=_texts(m.get("regulation"), path, f"{where}.regulation"),
    )
    if m.get("older_texts") is not None:
        for i, old in enumerate(y.want_list(m.get("older_texts"), path, f"{where}.older_texts").items):
            om = y.want_map(old, path, f"{where}.older_texts.{i}")
            y.check_keys(om, path, f"{where}.older_texts.{i}", ("print", "text"), ("print", "text"))
            y.want_str(om.get("print"), path, f"{where}.older_texts.{i}.print")
            y.want_str(om.get("text"), path, f"{where}.older_texts.{i}.text")
        fields["reprinted"] = True
    if kind == "pokemon":
        fields.update(_pokemon(m, reader, path, where))
    elif kind == "tool" and m.get("attacks") is not None and m.get("stage") is None and m.get("hp") is None:
        fields["attacks"] = _tool_attacks(m, reader, path, where)
    elif m.get("stage") is not None or m.get("attacks") is not None or m.get("hp") is not None:
        raise InputError(path, m.line, where, "Pokémon fields only on kind pokemon", f"kind {kind}")
    if m.get("provides") is not None:
        # Each unit: a type, `any` (every type), or a list of types (any one of them: Team Rocket's Energy).
        fields["provides"] = reader.provides(m.get("provides"), f"{where}.provides")
    elif kind in ("basic_energy", "special_energy") and not fields["unsupported"]:
        raise InputError(path, m.line, f"{where}.provides", "the Energy types the card provides", "nothing")
    if m.get("effect") is not None:
        fields["effect"] = _bounded(reader.effect(m.get("effect"), f"{where}.effect"), m.key_line("effect"), path,
                                    f"{where}.effect")
    if m.get("passive") is not None:
        fields["passive"] = tuple(reader.passive(p, f"{where}.passive.{i}")
                                  for i, p in enumerate(y.want_list(m.get("passive"), path, f"{where}.passive").items))
    if any(p.use_attacks is not None for p in fields.get("passive", ())) and kind != "tool":
        raise InputError(path, m.key_line("passive"), f"{where}.passive", "use_attacks only on a Pokémon Tool", kind)
    if m.get("play_as") is not None:
        pa = y.want_map(m.get("play_as"), path, f"{where}.play_as")
        y.check_keys(pa, path, f"{where}.play_as", ("stage", "hp", "types") + PLAY_RULES, ("stage", "hp", "types"))
        fields["play_as"] = (_pick(pa.get("stage"), path, f"{where}.play_as.stage", ("basic",)),
                             y.want_int(pa.get("hp"), path, f"{where}.play_as.hp", 10, 990),
                             tuple(_pick(t, path, f"{where}.play_as.types", TYPES)
                                   for t in y.want_list(pa.get("types"), path, f"{where}.play_as.types").items),
                             # the card's own rules while in play: "can't retreat", "can't be affected by any
                             # Special Conditions"
                             tuple(r for r in PLAY_RULES if pa.get(r) is not None
                                   and y.want_bool(pa.get(r), path, f"{where}.play_as.{r}")))
    if any(p.use_abilities is not None for p in fields.get("passive", ())) and kind != "tool":
        raise InputError(path, m.key_line("passive"), f"{where}.passive", "use_abilities only on a Pokémon Tool", kind)
    if kind == "tool" and m.get("abilities") is not None and m.get("play_as") is None:
        # A Tool whose holder can use the Abilities printed on it (Seal Stones: "can use the VSTAR Power on this card").
        if not any(p.use_abilities is not None for p in fields.get("passive", ())):
            raise InputError(path, m.key_line("abilities"), f"{where}.abilities",
                             "abilities on a Pokémon Tool only with a `use_abilities` passive", "none")
        fields["abilities"] = _abilities(m, reader, path, where)
    elif kind != "pokemon" and m.get("abilities") is not None:
        # A Trainer card played as a Pokémon (a fossil) may have a Poké-Body while it is in play.
        if m.get("play_as") is None:
            raise InputError(path, m.key_line("abilities"), f"{where}.abilities",
                             "abilities only on Pokémon or on cards with `play_as`", f"kind {kind}")
        fields["abilities"] = _abilities(m, reader, path, where)
    for key in ("trigger_filter", "only_attach_to"):
        if m.get(key) is not None:
            if kind != "special_energy":
                raise InputError(path, m.key_line(key), f"{where}.{key}", "this field only on special_energy", kind)
            fields[key] = reader.filter(m.get(key), f"{where}.{key}")
    if m.get("attach_trigger") is not None:
        if kind != "stadium":
            raise InputError(path, m.key_line("attach_trigger"), f"{where}.attach_trigger", "this field only on a Stadium",
                             kind)
        at = y.want_map(m.get("attach_trigger"), path, f"{where}.attach_trigger")
        y.check_keys(at, path, f"{where}.attach_trigger", ("holder", "effect"), ("effect",))
        eff = _bounded(reader.effect(at.get("effect"), f"{where}.attach_trigger.effect"), at.key_line("effect"), path,
                       f"{where}.attach_trigger.effect")
        _check_labels(eff, path, f"{where}.attach_trigger.effect")
        fields["attach_trigger"] = (reader.filter(at.get("holder"), f"{where}.attach_trigger.holder")
                                    if at.get("holder") is not None else None, eff)
    if m.get("bench_trigger") is not None:
        if kind != "stadium":
            raise InputError(path, m.key_line("bench_trigger"), f"{where}.bench_trigger", "this field only on a Stadium",
                             kind)
        bt = y.want_map(m.get("bench_trigger"), path, f"{where}.bench_trigger")
        y.check_keys(bt, path, f"{where}.bench_trigger", ("holder", "from", "during_turn", "effect"), ("effect",))
        eff = _bounded(reader.effect(bt.get("effect"), f"{where}.bench_trigger.effect"), bt.key_line("effect"), path,
                       f"{where}.bench_trigger.effect")
        _check_labels(eff, path, f"{where}.bench_trigger.effect")
        src = None
        if bt.get("from") is not None:
            src = y.want_str(bt.get("from"), path, f"{where}.bench_trigger.from")
            if src != "hand":
                raise InputError(path, bt.key_line("from"), f"{where}.bench_trigger.from", "hand", repr(src))
        during = bt.get("during_turn") is not None and y.want_bool(bt.get("during_turn"), path,
                                                                     f"{where}.bench_trigger.during_turn")
        fields["bench_trigger"] = (reader.filter(bt.get("holder"), f"{where}.bench_trigger.holder")
                                   if bt.get("holder") is not None else None, src, during, eff)
    if m.get("evolve_trigger") is not None:
        if kind != "stadium":
            raise InputError(path, m.key_line("evolve_trigger"), f"{where}.evolve_trigger", "this field only on a Stadium",
                             kind)
        et = y.want_map(m.get("evolve_trigger"), path, f"{where}.evolve_trigger")
        y.check_keys(et, path, f"{where}.evolve_trigger", ("card", "onto", "during_turn", "effect"),
                     ("card", "onto", "effect"))
        eff = _bounded(reader.effect(et.get("effect"), f"{where}.evolve_trigger.effect"), et.key_line("effect"), path,
                       f"{where}.evolve_trigger.effect")
        _check_labels(eff, path, f"{where}.evolve_trigger.effect")
        during = et.get("during_turn") is not None and y.want_bool(et.get("during_turn"), path,
                                                                     f"{where}.evolve_trigger.during_turn")
        fields["evolve_trigger"] = (reader.filter(et.get("card"), f"{where}.evolve_trigger.card"),
                                    reader.filter(et.get("onto"), f"{where}.evolve_trigger.onto"), during, eff)
    if m.get("no_return_from_discard") is not None:
        if kind in ("pokemon", "basic_energy"):
            raise InputError(path, m.key_line("no_return_from_discard"), f"{where}.no_return_from_discard",
                             "this field only on a Trainer or a Special Energy", kind)
        fields["no_return_from_discard"] = y.want_bool(m.get("no_return_from_discard"), path,
                                                       f"{where}.no_return_from_discard")
    for key in ("effect",):
        if fields.get(key) is not None:
            _check_labels(fields[key], path, f"{where}.{key}")
    for ability in fields.get("abilities", ()):
        if ability.effect is not None:
            _check_labels(ability.effect, path, f"{where}.abilities ({ability.name})")
    for attack in fields.get("attacks", ()):
        if attack.effect is not None:
            _check_labels(attack.effect, path, f"{where}.attacks ({attack.name})")
    if kind in ("item", "supporter") and fields.get("effect") is None and fields.get("play_as") is None \
            and not fields["unsupported"]:
        raise InputError(path, m.line, f"{where}.effect", "the card's effect (an Item or Supporter does something)",
                         "nothing")
    if kind == "pokemon" and printed:
        fields["key"] = f"{name} ({printed})"
    return Card(**fields)


def _check_labels(effect: Effect, path: str, where: str) -> None:
    """Every `ref`, `ref_benched`, `after` and `if_done` names a label of an earlier step."""
    seen: set = set()
    for prim in prims_of(effect):
        wanted = [("if_done", prim.if_done)]
        if prim.op == "set_type":
            wanted.append(("like", prim.get("like")))
        target = prim.get("target")
        if target is not None:
            wanted += [("target.ref", target.ref if target.ref != "self" else None),
                       ("target.ref_benched", target.ref_benched), ("target.after", target.after)]
        for field, label in wanted:
            if label is not None and label not in seen:
                raise InputError(path, prim.line, f"{where}.{prim.op}.{field}",
                                 "the label of an earlier step" + (f" ({', '.join(sorted(seen))})" if seen else ""),
                                 repr(label))
        if prim.label is not None:
            seen.add(prim.label)


def _pokemon(m: y.YMap, reader: Reader, path: str, where: str) -> dict:
    y.check_keys(m, path, where, CARD_KEYS, ("stage", "hp", "types"))
    stage = _pick(m.get("stage"), path, f"{where}.stage", STAGES[:-1])
    hp = y.want_int(m.get("hp"), path, f"{where}.hp", 10, 990)
    if hp % 10:
        raise InputError(path, m.get("hp").line, f"{where}.hp", "a multiple of 10", str(hp))
    evolves = m.get("evolves_from")
    if stage != "basic" and (evolves is None or y.is_null(evolves)):
        raise InputError(path, m.line, f"{where}.evolves_from", "the Pokémon it evolves from", "nothing")
    out = dict(
        stage=stage, hp=hp,
        types=tuple(_pick(t, path, f"{where}.types", TYPES) for t in y.want_list(m.get("types"), path, f"{where}.types").items),
        retreat=y.want_int(m.get("retreat"), path, f"{where}.retreat", 0, 5) if m.get("retreat") is not None else 0,
        weakness=_wr(m.get("weakness"), path, f"{where}.weakness"),
        resistance=_wr(m.get("resistance"), path, f"{where}.resistance", resistance=True),
        evolves_from=_norm(y.want_str(evolves, path, f"{where}.evolves_from")) if evolves is not None and not y.is_null(evolves) else None,
    )
    abilities = _abilities(m, reader, path, where)
    attacks = []
    if m.get("attacks") is not None:
        for i, a in enumerate(y.want_list(m.get("attacks"), path, f"{where}.attacks").items):
            w = f"{where}.attacks.{i}"
            am = y.want_map(a, path, w)
            y.check_keys(am, path, w, ATTACK_KEYS, ("name",))
            dmg = y.want_int(am.get("damage"), path, f"{w}.damage", 0, 990) if am.get("damage") is not None and not y.is_null(am.get("damage")) else 0
            mod = am.get("damage_mod")
            times = None
            if am.get("damage_times") is not None:
                tm = y.want_map(am.get("damage_times"), path, f"{w}.damage_times")
                y.check_keys(tm, path, f"{w}.damage_times", TIMES_KINDS + ("amount", "type", "filter"))
                kinds = [k for k in tm.keys() if k not in ("amount", "type", "filter")]
                if len(kinds) != 1:
                    raise InputError(path, tm.line, f"{w}.damage_times", "exactly one of " + ", ".join(TIMES_KINDS),
                                     ", ".join(kinds) or "none")
                arg_node = tm.get(kinds[0])
                # `if: CONDITION` counts 1 when the condition holds, else 0 ("plus N more damage if ...").
                arg = (_times_count(reader, kinds[0], arg_node, f"{w}.damage_times.{kinds[0]}")
                       if kinds[0] in ("per_in_play", "in_pile", "counters_on") else
                       _pick(arg_node, path, f"{w}.damage_times.{kinds[0]}", ("me", "opp"))
                       if kinds[0] in ("in_play", "prizes_taken") else
                       _pick(arg_node, path, f"{w}.damage_times.benched", ("me", "opp", "any"))
                       if kinds[0] == "benched" else
                       _pick(arg_node, path, f"{w}.damage_times.counters", ("self", "defender"))
                       if kinds[0] == "counters" else
                       _pick(arg_node, path, f"{w}.damage_times.retreat", ("defender",))
                       if kinds[0] == "retreat" else
                       _pick(arg_node, path, f"{w}.damage_times.conditions", ("self", "defender"))
                       if kinds[0] == "conditions" else
                       (_pick(arg_node, path, f"{w}.damage_times.energy", ENERGY_ON),
                        _pick(tm.get("type"), path, f"{w}.damage_times.type", TYPES) if tm.get("type") is not None
                        else None)
                       if kinds[0] == "energy" else
                       _pick(arg_node, path, f"{w}.damage_times.tools", ENERGY_ON)
                       if kinds[0] == "tools" else
                       y.want_str(arg_node, path, f"{w}.damage_times.{kinds[0]}") if kinds[0] in ("moved", "has_attack", "done",
                                                                                       "discard_attack")
                       else
                       reader.condition(arg_node, f"{w}.damage_times.if") if kinds[0] == "if" else
                       str(y.want_bool(arg_node, path, f"{w}.damage_times.heads")))
                amount = y.want_int(tm.get("amount"), path, f"{w}.damage_times.amount", 10, 990) \
                    if tm.get("amount") is not None else dmg
                if tm.get("type") is not None and kinds[0] != "energy":
                    raise InputError(path, tm.line, f"{w}.damage_times.type", "only with `energy`", kinds[0])
                times = (kinds[0], arg, amount)
                if tm.get("filter") is not None:
                    # "for each Energy card you discarded in this way": the labelled step's cards that fit
                    if kinds[0] != "moved":
                        raise InputError(path, tm.line, f"{w}.damage_times.filter", "only with `moved`", kinds[0])
                    counted = reader.filter(tm.get("filter"), f"{w}.damage_times.filter")
                    if counted.alternatives == ((),):
                        raise InputError(path, tm.line, f"{w}.damage_times.filter", "a filter with a condition",
                                         "an empty filter")
                    times = ("moved_fit", (arg, counted), amount)
                if kinds[0] == "conditions" and am.get("before_damage") is not None:
                    # the Special Conditions counted are those the Pokémon has when the attack is used
                    raise InputError(path, tm.line, f"{w}.damage_times.conditions", "an attack without before_damage",
                                     "before_damage")
            instead = None
            if am.get("damage_instead") is not None:
                im = y.want_map(am.get("damage_instead"), path, f"{w}.damage_instead")
                y.check_keys(im, path, f"{w}.damage_instead", ("if", "damage"), ("if", "damage"))
                dn = im.get("damage")
                if isinstance(dn, y.YScalar) and not dn.quoted and dn.value == "damaged_last_turn":
                    amount_instead = "damaged_last_turn"
                else:
                    amount_instead = y.want_int(dn, path, f"{w}.damage_instead.damage", 0, 990)
                    if amount_instead % 10:
                        raise InputError(path, dn.line, f"{w}.damage_instead.damage", "a multiple of 10 or "
                                         "damaged_last_turn", str(amount_instead))
                instead = (reader.condition(im.get("if"), f"{w}.damage_instead.if"), amount_instead)
            ignores = tuple(_pick(x, path, f"{w}.ignores", IGNORES)
                            for x in y.want_list(am.get("ignores"), path, f"{w}.ignores").items) \
                if am.get("ignores") is not None else ()
            if len(set(ignores)) != len(ignores):
                raise InputError(path, am.key_line("ignores"), f"{w}.ignores", "each step once", ", ".join(ignores))
            reader.per_ok = times is not None   # a step's `per` counts what damage_times counts
            try:
                effect = _bounded(reader.effect(am.get("effect"), f"{w}.effect"), am.key_line("effect"), path,
                                  f"{w}.effect") if am.get("effect") is not None else None
                before = reader.items(am.get("before_damage"), f"{w}.before_damage") \
                    if am.get("before_damage") is not None else ()
                if before and effect is not None and any(
                        what == "condition" and c.kind == "energy_in_play"
                        for it in effect.items for what, c in getattr(it, "when", ()) + getattr(it, "unless", ())):
                    # the Energy in play is counted when the attack is used: a `before_damage` step may change it
                    raise InputError(path, am.key_line("effect"), f"{w}.effect", "no energy_in_play step guard after "
                                     "before_damage steps", "both")
            finally:
                reader.per_ok = False
            attacks.append(Attack(
                damage_times=times,
                ignores=ignores,
                damage_instead=instead,
                name=_norm(y.want_str(am.get("name"), path, f"{w}.name")),
                cost=tuple(_pick(t, path, f"{w}.cost", TYPES) for t in y.want_list(am.get("cost"), path, f"{w}.cost").items)
                if am.get("cost") is not None else (),
                damage=dmg,
                damage_mod=_pick(mod, path, f"{w}.damage_mod", ("+", "x", "-")) if mod is not None and not y.is_null(mod) else None,
                gx=y.want_bool(am.get("gx"), path, f"{w}.gx") if am.get("gx") is not None else False,
                vstar=y.want_bool(am.get("vstar"), path, f"{w}.vstar") if am.get("vstar") is not None else False,
                effect=effect,
                before_damage=before,
                unsupported=_sentences(am.get("unsupported"), path, f"{w}.unsupported"),
                zh_hans=_strs(am.get("zh_hans"), path, f"{w}.zh_hans"),
                zh_hant=_strs(am.get("zh_hant"), path, f"{w}.zh_hant"),
            ))
    out["abilities"] = abilities
    out["attacks"] = tuple(attacks)
    return out


def _tool_attacks(m: y.YMap, reader: Reader, path: str, where: str) -> tuple:
    """The attacks printed on a Pokémon Tool (a Technical Machine's), read as a Pokémon's `attacks` are (the Pokémon
    fields around them are only there for that reader; nothing else of them is kept)."""
    line = m.key_line("attacks")
    shell = y.YMap([("stage", line, y.YScalar("basic", line, False)), ("hp", line, y.YScalar("10", line, False)),
                    ("types", line, y.YList([y.YScalar("colorless", line, False)], line)),
                    ("attacks", line, m.get("attacks"))], m.line)
    return _pokemon(shell, reader, path, where)["attacks"]


def _abilities(m: y.YMap, reader: Reader, path: str, where: str) -> tuple:
    """The `abilities` of a Pokémon, or of a Trainer card played as a Pokémon (a fossil's Poké-Body)."""
    abilities = []
    if m.get("abilities") is not None:
        for i, a in enumerate(y.want_list(m.get("abilities"), path, f"{where}.abilities").items):
            w = f"{where}.abilities.{i}"
            am = y.want_map(a, path, w)
            unsupported = _sentences(am.get("unsupported"), path, f"{w}.unsupported")
            # An Ability whose text is not expressed may leave its kind out: it is never judged.
            y.check_keys(am, path, w, ABILITY_KEYS, ("name",) if unsupported else ("name", "kind"))
            akind = _pick(am.get("kind"), path, f"{w}.kind", ("activated", "triggered", "passive")) \
                if am.get("kind") is not None else "unknown"
            abilities.append(Ability(
                name=_norm(y.want_str(am.get("name"), path, f"{w}.name")), kind=akind,
                once_per_turn=y.want_bool(am.get("once_per_turn"), path, f"{w}.once_per_turn")
                if am.get("once_per_turn") is not None else False,
                once_per_turn_by_name=y.want_bool(am.get("once_per_turn_by_name"), path, f"{w}.once_per_turn_by_name")
                if am.get("once_per_turn_by_name") is not None else False,
                effect=_bounded(reader.effect(am.get("effect"), f"{w}.effect"), am.key_line("effect"), path, f"{w}.effect")
                if am.get("effect") is not None else None,
                passive=tuple(reader.passive(p, f"{w}.passive.{j}")
                              for j, p in enumerate(y.want_list(am.get("passive"), path, f"{w}.passive").items))
                if am.get("passive") is not None else (),
                trigger=_pick(am.get("trigger"), path, f"{w}.trigger", ("evolve_from_hand", "attach_from_hand",
                                                                   "bench_from_hand"))
                if am.get("trigger") is not None else None,
                vstar=y.want_bool(am.get("vstar"), path, f"{w}.vstar") if am.get("vstar") is not None else False,
                while_=_pick(am.get("while"), path, f"{w}.while", ("active", "bench", "in_play"))
                if am.get("while") is not None else "in_play",
                # attach_from_hand: only when the attached Energy fits ("When you attach a Fighting Energy card").
                trigger_filter=reader.filter(am.get("trigger_filter"), f"{w}.trigger_filter")
                if am.get("trigger_filter") is not None else None,
                trigger_any=y.want_bool(am.get("trigger_any"), path, f"{w}.trigger_any")
                if am.get("trigger_any") is not None else False,
                trigger_to=reader.filter(am.get("trigger_to"), f"{w}.trigger_to")
                if am.get("trigger_to") is not None else None,
                unsupported=unsupported,
                zh_hans=_strs(am.get("zh_hans"), path, f"{w}.zh_hans"),
                zh_hant=_strs(am.get("zh_hant"), path, f"{w}.zh_hant"),
            ))
            ab = abilities[-1]
            if (ab.trigger_any or ab.trigger_to is not None) and ab.trigger != "attach_from_hand":
                key = "trigger_any" if ab.trigger_any else "trigger_to"
                raise InputError(path, am.key_line(key), f"{w}.{key}", "only with trigger: attach_from_hand",
                                 repr(ab.trigger))
            if ab.trigger_to is not None and not ab.trigger_any:
                raise InputError(path, am.key_line("trigger_to"), f"{w}.trigger_to",
                                 "only with trigger_any: true (a filter on which of your Pokémon)", "no trigger_any")
    return tuple(abilities)
