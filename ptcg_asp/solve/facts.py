"""Facts as clingo symbols: the constructors every fact is built with (cached), and the facts of the
shapes that several compilers share (filters, fact conditions).

Every fact is a `clingo.Symbol` built with Function/String/Number: text from the input stays a
string and is never formatted into ASP source. Used by the compiler (compiler.py) and by the
passives (passives.py).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from clingo import Function, Number, Symbol
from clingo import String as _String

from .relevance import symbol_pattern
from ..cards.vocabulary import NUMERIC, Filter

ANON = Function("anon")


# Building a clingo symbol crosses into C (a few microseconds); the states of a table or a corpus
# repeat most of their facts, so symbols are built once per process and reused. These caches only
# remember what a constructor returned: the facts are the same with or without them.
CACHE_SIZE = 1 << 16


@lru_cache(maxsize=CACHE_SIZE)
def const(name: str) -> Symbol:
    return Function(name)


@lru_cache(maxsize=CACHE_SIZE)
def String(text: str) -> Symbol:  # noqa: N802 - clingo.String, cached
    return _String(text)


@lru_cache(maxsize=CACHE_SIZE)
def _number(n: int) -> Symbol:
    return Number(n)


_FACTS: dict = {}
_PATTERNS: dict = {}   # `_rep` of a fact built here -> (name, arity, the arguments' `_rep`s): reading them back is a C call


def fact(name: str, *args) -> Symbol:
    # Symbols are interned by clingo: `_rep` (the C symbol) is equal exactly when the symbols are.
    key = (name, *[a._rep if a.__class__ is Symbol else _sym(a)._rep for a in args])
    sym = _FACTS.get(key)
    if sym is None:
        if len(_FACTS) >= 4 * CACHE_SIZE:
            _FACTS.clear()
            _PATTERNS.clear()
        sym = _FACTS[key] = Function(name, [_sym(a) for a in args])
        _PATTERNS[sym._rep] = (name, len(args), key[1:])
    return sym


def fact_pattern(sym: Symbol) -> tuple:
    """(name, arity, the arguments' `_rep`s) of a fact, as `relevance` matches rules against it."""
    return _PATTERNS.get(sym._rep) or symbol_pattern(sym)


def _sym(value) -> Symbol:
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans are not facts")
    if isinstance(value, int):
        return _number(value)
    raise TypeError(f"cannot turn {value!r} into a symbol: wrap text with String() or const()")


def card_sym(key: Optional[str]) -> Symbol:
    return ANON if key is None else String(key)


_MONS: dict = {}    # (player, slot) -> m(P, ...)


def mon_sym(player: str, slot: str) -> Symbol:
    """m(P, active) or m(P, bench(I)) from a slot name `active` / `bench.I` (built once for those values)."""
    sym = _MONS.get((player, slot))
    if sym is None:
        if len(_MONS) >= CACHE_SIZE:
            _MONS.clear()
        sym = _MONS[(player, slot)] = fact("m", const(player), pos_sym(slot))
    return sym


def pos_sym(slot: str) -> Symbol:
    if slot == "active":
        return const("active")
    return fact("bench", int(slot.split(".")[1]))


def attr_value(attr: str, value: str) -> Symbol:
    return String(value) if attr in ("name", "evo_from", "same_as", "name_has") else const(value)


def fact_condition(add, ident: Symbol, cond) -> None:
    """fcond(Id,Kind) and its filter facts for a `self` or `knocked_out_last_turn` condition (lasting.lp)."""
    if cond.kind == "prizes_remaining":  # the holder's player (the attacker's: "you") has more / fewer Prize cards left
        add(fact("fcond", ident, const("prizes_" + cond.value)))
    elif cond.kind == "hands":  # the player's hand against the opponent's: the same number of cards, more, fewer
        add(fact("fcond", ident, const("hands_" + cond.value)))
    elif cond.kind == "self":
        add(fact("fcond", ident, const("self_" + cond.value)))
        if cond.value == "evolved_from":
            _filter_facts(add, "fcond_flt", ident, cond.filter, always=True)
        elif cond.value == "damage_min":
            add(fact("fcond_num", ident, cond.low))
        elif cond.value == "energy_min":
            add(fact("fcond_num", ident, cond.low))
            add(fact("fcond_etype", ident, const(cond.side)))
        elif cond.value == "attached_kind":
            add(fact("fcond_kind", ident, const(cond.side)))
        elif cond.value == "condition":
            add(fact("fcond_cond", ident, const(cond.side)))
    elif cond.kind == "energy_in_play":
        # the Energy attached to a player's Pokémon in play: at least N (of a type, or any)
        add(fact("fcond", ident, const("energy_in_play")))
        add(fact("fcond_side", ident, const(cond.side)))
        add(fact("fcond_num", ident, cond.low))
        add(fact("fcond_etype", ident, const(cond.value)))
        if cond.high < 999:   # at most N ("none of your Pokémon have any Energy attached": 0)
            add(fact("fcond_emax", ident, cond.high))
    elif cond.kind == "defender":
        # the Defending Pokémon: at least N damage on it, or a Special Condition (or any)
        add(fact("fcond", ident, const("defender_" + cond.value)))
        if cond.value == "damage_min":
            add(fact("fcond_num", ident, cond.low))
        else:
            add(fact("fcond_cond", ident, const(cond.side)))
    elif cond.kind == "hand_cards":
        # the cards of the player's hand that fit the filter, counted at a time ("a Pokémon in your hand", Tyme)
        add(fact("fcond", ident, const("hand_cards")))
        add(fact("fcond_side", ident, const(cond.side)))
        add(fact("fcond_range", ident, cond.low, cond.high))
        _filter_full(add, "fcond_flt", ident, cond.filter)
    elif cond.kind in ("prizes", "hand", "lost_zone", "in_play"):
        # A count on the state at a time: the card's start (a condition) or the step it guards (when/unless).
        add(fact("fcond", ident, const(cond.kind)))
        add(fact("fcond_side", ident, const(cond.side)))
        add(fact("fcond_range", ident, cond.low, cond.high))
        if cond.kind == "in_play":
            _filter_full(add, "fcond_flt", ident, cond.filter)
            if cond.where != "any":
                add(fact("fcond_where", ident, const(cond.where)))
            if cond.damaged:
                add(fact("fcond_damaged", ident))
    elif cond.kind == "stadium":
        add(fact("fcond", ident, const("stadium")))
        _filter_full(add, "fcond_flt", ident, cond.filter)
        if cond.side in ("me", "opp"):    # "if you have a Stadium in play": only that player's Stadium
            add(fact("fcond_side", ident, const(cond.side)))
    elif cond.kind == "going":
        add(fact("fcond", ident, const("going_" + cond.value)))
    elif cond.kind == "played":
        add(fact("fcond", ident, const("played_" + cond.value)))
        if cond.value == "card":
            _filter_full(add, "fcond_flt", ident, cond.filter)
    elif cond.kind == "turn":
        # a step guard "if it's your first turn" (as an EFFECT condition it is requirement_turn)
        add(fact("fcond", ident, const("turn_" + cond.value)))
    else:
        # knocked_out_last_turn: by damage from an attack, or (value "any") for any reason
        add(fact("fcond", ident, const("knocked_out_any" if cond.value == "any" else cond.kind)))
        _filter_facts(add, "fcond_flt", ident, cond.filter, always=True)


def _filter_full(add, pred: str, owner: Symbol, flt: Filter) -> None:
    """pred_alt(Owner,A) per alternative, pred(Owner,A,Att,V) per condition, pred_not(...) per negated one and
    pred_num(Owner,A,Att,Bound,N) per numeric bound: every kind of FILTER condition."""
    for a, conds in enumerate(flt.alternatives):
        add(fact(pred + "_alt", owner, a))
        for attr, value in conds:
            if attr in NUMERIC:
                what, bound = attr.split("_")
                add(fact(pred + "_num", owner, a, const(what), const(bound), value))
            elif attr.startswith("not_"):
                add(fact(pred + "_not", owner, a, const(attr[4:]), attr_value(attr[4:], value)))
            else:
                add(fact(pred, owner, a, const(attr), attr_value(attr, value)))


def _filter_facts(add, pred: str, owner: Symbol, flt, always: bool = False) -> None:
    """pred(Owner,Alt,Att,V) per condition; with `always`, also pred_alt(Owner,Alt) per alternative."""
    if flt.alternatives == ((),) and not always:
        return
    for a, conds in enumerate(flt.alternatives):
        if always:
            add(fact(pred + "_alt", owner, a))
        for attr, value in conds:
            add(fact(pred, owner, a, const(attr), attr_value(attr, value)))
