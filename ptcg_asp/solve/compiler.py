"""Compile a scenario (state + cards + action) into answer-set facts.

Every fact is a `clingo.Symbol` built with Function/String/Number: card names and any other
text from the input stay strings and are never formatted into ASP source. The compiler only
translates; the encodings decide.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Optional

from clingo import Function, Number, Symbol

from ..read.errors import InputError
from .inputs import check_declared
from .passives import filter_facts, passive_facts
from ..cards.library import CardLibrary, abilities_of, attacks_of, named
from ..cards.unsupported import refusal
from ..read.model import CardCount, InPlay, PlayerState, Scenario
from .facts import (ANON, CACHE_SIZE, String, _filter_facts, _filter_full, _number, attr_value, card_sym, const, fact,
                    fact_condition, fact_pattern, mon_sym, pos_sym)
from ..cards.vocabulary import NUMERIC, Effect, Filter, Flip, Choose, May, Prim, Target, name_key, name_parts, prims_of

# Conditions judged by lasting.lp (seed 001 刚出场, 事实) and activation.lp (counts on the state at a time).
# "Flip a coin until you get tails": at most this many coins are looked at. The count stops earlier as soon as more
# heads cannot change the attack's result (structure.lp `until_settled`); a chain of this many heads that has not
# settled is cut there, with its probability 2^-UNTIL_COINS, and says so (note DMG1 until_capped).
UNTIL_COINS = 50
# "Flip a coin until you get tails. For each heads, STEP": at most this many coins, each with its copy of STEP (a step of
# its own); the chain stops exactly once a further copy could change nothing (structure.lp `chain_live`), and past this
# many heads it is cut and says so (note A2 chain_capped)
CHAIN_COINS = 12
FACT_CONDITIONS = ("self", "knocked_out_last_turn", "prizes", "hand", "lost_zone", "going", "stadium", "played",
                   "defender", "energy_in_play", "hands", "hand_cards")
PLAYERS = ("me", "opp")
PILES = ("hand", "deck", "discard", "lost_zone", "prizes", "prizes_up", "looked", "stadium")
HIDDEN = ("deck", "prizes")


_DECLARED_REPS: set = set()   # `_rep`s of facts already found declared in input.lp


def _check_declared(facts: list) -> None:
    """Every fact's predicate is declared in encodings/input.lp (`inputs.check_declared`); a fact
    checked once is remembered, so a table's states pay for their new facts only."""
    new = {sym._rep for sym in facts} - _DECLARED_REPS
    if new:
        check_declared(fact_pattern(sym)[:2] for sym in facts if sym._rep in new)
        if len(_DECLARED_REPS) >= 4 * CACHE_SIZE:
            _DECLARED_REPS.clear()
        _DECLARED_REPS.update(new)


@dataclass
class StepInfo:
    """What the explainer needs to know about a compiled step."""

    number: int
    op: str
    player: str
    role: str
    line: int
    label: Optional[str] = None
    route: str = ""  # e.g. "hand -> discard"
    forced: bool = False  # "all": the cards moved are not chosen
    fixed_target: bool = False  # its Pokémon is named by the text ("this Pokémon", an earlier step's): not a choice
    chooser: str = "me"  # who picks the cards it moves: `opp`, the opponent (a move's `chooser`, Riley)


@dataclass
class Problem:
    """The compiled facts of one scenario, plus what the report needs to describe them."""

    facts: list
    steps: list = field(default_factory=list)
    source_kind: str = ""
    effect_card: str = ""


def _flip_gate(item: Flip) -> bool:
    """True when every item on a coin's heads and tails is a primitive with the same `if_done`, on a step outside the
    coin (Lucian: "If either player put any cards ... in this way, each player flips a coin. If heads, ... If tails,
    ..."): the condition is on the flip, so the coin is not flipped when it fails (T2)."""
    items = item.heads + item.tails
    if not items or not all(isinstance(i, Prim) and i.if_done is not None for i in items):
        return False
    gates = {(i.if_done, i.if_done_either, i.if_done_filter, i.if_done_onto) for i in items}
    inside = {i.label for i in items if i.label is not None}
    return len(gates) == 1 and items[0].if_done not in inside


class _Effects:
    """Flattens an Effect tree into numbered steps with units, roles and conditions."""

    def __init__(self, facts: list, acting_mon: Optional[Symbol], attached: int = 0):
        self.facts = facts
        self.attached = attached  # cards attached to the acting Pokémon: at most that many coins per attached card
        self.steps: list = []
        self.units = 0
        self.unit_kinds: dict = {}
        self.choices = 0
        self.flips = 0
        self.labels: dict = {}
        self.label_steps: dict = {}   # label -> every step of it (one per player with `player: each`)
        self.acting_mon = acting_mon
        self.evolve_steps: list = []  # (step, player, source pile) of every evolve step
        self.self_step: Optional[int] = None  # in a triggered effect: `ref: self` is the Pokémon this step evolved

    def unit(self, kind: str, parent: Optional[int]) -> int:
        self.units += 1
        u = self.units
        self.facts.append(fact("unit_kind", u, const(kind)))
        self.unit_kinds[u] = kind
        if parent is not None:
            self.facts.append(fact("unit_parent", u, parent))
        return u

    def effect(self, eff: Effect, before_damage: tuple = ()) -> None:
        """An effect; for an attack, `before_damage` steps come first and the damage is done after them (ATK3)."""
        top = self.unit("top", None)
        if eff.first_turn_allowed:
            self.facts.append(fact("first_turn_allowed"))
        for i, cond in enumerate(eff.conditions, 1):
            if cond.kind == "in_play":
                self.facts.append(fact("requirement", i, const(cond.side), cond.low, cond.high))
                self.filter("req_flt", "req_alt", i, cond.filter)
                if cond.where != "any":
                    self.facts.append(fact("requirement_where", i, const(cond.where)))
                if cond.damaged:   # only the Pokémon with damage counters on them count
                    self.facts.append(fact("requirement_damaged", i))
                if cond.condition:   # only the Pokémon with that Special Condition (or any) count
                    self.facts.append(fact("requirement_condition", i, const(cond.condition)))
            elif cond.kind in FACT_CONDITIONS:
                ident = Function("req", [Number(i)])
                self.facts.append(fact("requirement_fact", i, ident))
                fact_condition(self.facts.append, ident, cond)
            else:
                self.facts.append(fact("requirement_" + cond.kind, i, const(cond.value)))
        for p in eff.cost:
            self.prim(p, "cost", top, ())
        extra_unit = None
        if eff.extra is not None:
            extra_unit = self.unit("extra", top)
            if eff.extra.linked:
                self.facts.append(fact("linked", extra_unit))
            for p in eff.extra.cost:
                self.prim(p, "cost", extra_unit, ())
        self.items(before_damage, "main", top, ())
        self.damage_time = len(self.steps) + 1
        self.items(eff.items, "main", top, ())
        self.items(eff.then, "then", top, ())
        if eff.extra is not None:
            self.items(eff.extra.items, "main", extra_unit, ())
        if eff.end_of_turn:
            # steps at the end of the turn: told, not carried out (no action of this version ends the turn)
            self.facts.append(fact("end_of_turn_steps", len(eff.end_of_turn)))

    def evolution(self, mon: Symbol, card: str) -> None:
        """The evolve action: evolving from the hand is the action's own step."""
        top = self.unit("action", None)
        self.steps.append(StepInfo(1, "evolve", "me", "main", 0))
        for f in (fact("step", 1), fact("who", 1, const("me")), fact("role", 1, const("main")), fact("unit", 1, top),
                  fact("kind", 1, const("evolve")), fact("tgt_self", 1, mon), fact("evolve_card", 1, String(card))):
            self.facts.append(f)
        self.evolve_steps.append((1, "me", "hand"))

    def evolve_triggers(self, candidates: dict) -> None:
        """After the effect, for each evolve step and each card it could evolve with that has an Ability
        "when you play this Pokémon from your hand to evolve": that Ability as a trigger unit, which the
        encodings carry out only if the step evolves with that card from the hand (X4, structure.lp).
        A Stadium's evolve trigger (Wyndon Stadium) is a trigger unit the same way (`stadium_trigger_on`).
        `candidates`: (player, pile) -> ((card, Effect, Stadium or None), ...)."""
        for step, player, pile in list(self.evolve_steps):
            for card, effect, stadium in candidates.get((player, pile), ()):
                unit = self.unit("trigger", None)
                if stadium is None:
                    self.facts.append(fact("trigger_on", unit, step, String(card)))
                else:
                    # the Stadium's effect triggered by evolving (structure.lp: stadium_trigger_on)
                    self.facts.append(fact("stadium_trigger_on", unit, step, String(card), String(stadium)))
                outer, self.self_step = self.self_step, step
                for p in effect.cost:
                    self.prim(p, "cost", unit, ())
                self.items(effect.items, "main", unit, ())
                self.items(effect.then, "then", unit, ())
                self.self_step = outer

    def items(self, items: tuple, role: str, unit: int, conds: tuple) -> None:
        for item in items:
            if isinstance(item, Prim):
                self.prim(item, role, unit, conds)
            elif isinstance(item, May):
                sub = self.unit("may", unit)
                self.items(item.items, "main", sub, conds)
                self.items(item.if_you_do, "ifdone", unit, conds + (("ifdone", sub),))
            elif isinstance(item, Choose):
                self.choices += 1
                x = self.choices
                self.facts.append(fact("choose", x, item.low, item.high))
                for option in item.options:
                    sub = self.unit("option", unit)
                    self.facts.append(fact("option_of", sub, x))
                    if item.by == "opp":
                        # the opponent's answer, not the player's choice (verdict.py: every answer must be legal, A6)
                        self.facts.append(fact("opp_option", sub))
                    self.items(option, "main", sub, conds)
            elif isinstance(item, Flip) and item.per_attached is not None:
                # One candidate coin per attached card; flip_per/3 says which are flipped (structure.lp).
                if self.acting_mon is None:
                    raise InputError("<card>", None, "flip.coins.per_attached", "an Ability or attack (a Pokémon "
                                     "to count the attached cards of)", "a Trainer card")
                ident = Function("fper", [Number(self.flips + 1)])
                _filter_facts(self.facts.append, "per_flt", ident, item.per_attached, always=True)
                for k in range(1, self.attached + 1):
                    self.flips += 1
                    self.facts.append(fact("flip_per", self.flips, k, ident))
            elif isinstance(item, Flip) and item.until_tails and item.each_heads:
                # "Flip a coin until you get tails. For each heads, STEP.": a chain of candidate coins, each with its
                # copy of STEP on its heads; structure.lp flips the next coin after a heads only while its copy could
                # still change something (`chain_live`). Every copy works on the Pokémon the first one chose.
                self.facts.append(fact("chain_max", CHAIN_COINS))
                prev, first = None, None
                for i in range(1, CHAIN_COINS + 1):
                    self.flips += 1
                    f = self.flips
                    self.facts.append(fact("chain_coin", f, i))
                    self.facts.append(fact("chain_first", f) if prev is None else fact("chain_next", prev, f))
                    step = item.each_heads[0]
                    tgt = step.get("target")
                    if isinstance(tgt, Target) and tgt.ref is None and not tgt.each and tgt.where != "active":
                        if first is None:
                            first = f"$chain{f}"
                            step = replace(step, label=first)
                        else:
                            step = replace(step, args=tuple((k, Target(ref=first) if k == "target" else v)
                                                            for k, v in step.args))
                    before = len(self.steps)
                    self.items((step,), role, unit, conds + (("coin", f, "heads"),))
                    for info in self.steps[before:]:
                        self.facts.append(fact("chain_step", f, info.number))
                        if i > 1 and first is not None:
                            info.fixed_target = True   # the first heads' Pokémon: not chosen again
                    prev = f
            elif isinstance(item, Flip) and item.until_tails:
                # "Flip a coin until you get tails": a chain of candidate coins; structure.lp says which are
                # flipped (each after a heads, until the count settles the attack's damage) and how far it goes.
                if self.acting_mon is None:
                    raise InputError("<card>", None, "flip.until", "an attack (whose damage counts the heads)",
                                     "a Trainer card")
                self.facts.append(fact("until_flip"))
                self.facts.append(fact("until_max", UNTIL_COINS))
                prev = None
                for i in range(1, UNTIL_COINS + 1):
                    self.flips += 1
                    self.facts.append(fact("until_coin", self.flips, i))
                    self.facts.append(fact("until_first", self.flips) if prev is None
                                      else fact("until_next", prev, self.flips))
                    prev = self.flips
            elif isinstance(item, Flip) and item.all_heads:
                first = self.flips + 1
                for _ in range(item.coins):
                    self.flips += 1
                    self.flip_fact(self.flips, unit, conds)
                # every coin must come up heads: one on_coin condition per coin (all must hold)
                self.items(item.all_heads, role, unit,
                           conds + tuple(("coin", f, "heads") for f in range(first, self.flips + 1)))
            elif isinstance(item, Flip):
                first = self.flips + 1
                for _ in range(item.coins):  # several coins are several independent flips
                    self.flips += 1
                f = self.flips
                before = len(self.steps)
                self.items(item.heads, role, unit, conds + (("coin", f, "heads"),))
                self.items(item.tails, role, unit, conds + (("coin", f, "tails"),))
                gate = _flip_gate(item)
                for coin in range(first, f + 1):
                    if gate and len(self.steps) > before:
                        # T2: "If either player put any cards ..., each player flips a coin": every step on the coin
                        # carries the same `if_done`, so the coin is flipped only when it holds (structure.lp
                        # flip_gated); the first step on the coin stands for the condition
                        self.facts.append(fact("flip_gated", coin, before + 1))
                    else:
                        self.flip_fact(coin, unit, conds)

    def flip_fact(self, coin: int, unit: int, conds: tuple) -> None:
        """T2: a coin of an optional part ("You may flip a coin. If heads, ...") or of what follows "If you do" is
        flipped only in a resolution where that part is done (structure.lp flip_in, flip_ifdone); any other is flipped
        whenever the effect happens."""
        ifdone = [c[1] for c in conds if c[0] == "ifdone"]
        if self.unit_kinds.get(unit) in ("top", "action") and not ifdone:
            self.facts.append(fact("flip", coin))
            return
        self.facts.append(fact("flip_in", coin, unit))
        for u in ifdone:
            self.facts.append(fact("flip_ifdone", coin, u))

    def prim(self, p: Prim, role: str, unit: int, conds: tuple) -> None:
        players = ("me", "opp") if p.player == "each" else (p.player,)
        if len(players) == 2:
            # "Each player ...": the two players' steps are one part (patterns.lp twin_open)
            first = len(self.steps) + 1
            self.facts.append(fact("each_twin", first, first + 1))
            self.facts.append(fact("each_twin", first + 1, first))
        for player in players:
            s = len(self.steps) + 1
            self.steps.append(StepInfo(s, p.op, player, role, p.line, p.label))
            if p.label is not None:
                self.labels.setdefault((p.label, player), s)
                self.labels.setdefault((p.label, None), s)
                self.label_steps.setdefault(p.label, []).append(s)
            add = self.facts.append
            add(fact("step", s))
            add(fact("who", s, const(player)))
            add(fact("role", s, const(role)))
            add(fact("unit", s, unit))
            if p.if_done is not None and p.if_done_either:
                # T2 on either player's side of an "each player" step (Marnie: "If either player put any cards ...")
                for side in ("me", "opp"):
                    add(fact("ifdone_step", s, self.ref(p.if_done, side)))
                add(fact("ifdone_any", s))
            elif p.if_done is not None:
                add(fact("ifdone_step", s, self.ref(p.if_done, player)))
                if p.if_done_filter is not None:
                    add(fact("ifdone_fit", s))
                    _filter_facts(add, "ifdone_flt", _number(s), p.if_done_filter, always=True)
                if p.if_done_onto is not None:
                    add(fact("ifdone_onto", s, const(p.if_done_onto)))
            for pred, guards in (("when", p.when), ("unless", p.unless)):
                for k, (what, value) in enumerate(guards):
                    if what == "condition":
                        # A step guarded by a condition on "this Pokémon" or the last turn (lasting.lp); each
                        # condition of a list guard is its own (all of them must hold).
                        ident = Function("step_cond", [Number(s), Function(pred)] + ([Number(k)] if k else []))
                        add(fact("step_" + pred + "_fact", s, ident))
                        fact_condition(add, ident, value)
                    else:
                        add(fact("step_" + pred, s, const(what), value))
            if p.if_possible:
                add(fact("if_possible", s))
            for cond in conds:
                if cond[0] == "ifdone":
                    add(fact("ifdone", s, cond[1]))
                else:
                    add(fact("on_coin", s, cond[1], const(cond[2])))
            before = len(self.facts)
            _PRIM_FACTS[p.op](self, s, p, player)
            self.steps[-1].route = _route(self.facts[before:])
            self.steps[-1].forced = p.get("count") == "all"
            if p.op == "move" and p.get("chooser") == "opp":
                self.steps[-1].chooser = "opp"

    # ---- helpers for primitives -----------------------------------------------------------

    def take(self, s: int, src: str, dst: str, count, up_to: bool = False, flt: Filter = Filter(),
             player: str = "me") -> None:
        add = self.facts.append
        add(fact("kind", s, const("take")))
        add(fact("src", s, const(src)))
        add(fact("dst", s, const(dst)))
        if isinstance(count, tuple) and count[0] == "times":  # N for each of what the count counts (quantity.lp)
            add(fact("qty_times", s, count[1]))
            count = count[2]
        if isinstance(count, tuple) and count[0] == "plus":  # K more than the labelled step moved (quantity.lp)
            add(fact("qty_plus", s, count[1]))
            count = count[2]
        if isinstance(count, tuple) and count[0] == "down_to":  # until the pile holds N cards
            add(fact("qty", s, const("computed")))
            add(fact("qty_down_to", s, count[1]))
        elif isinstance(count, tuple) and count[0] == "moved":  # "that many": as many as a labelled step moved
            add(fact("qty", s, const("computed")))
            add(fact("qty_moved", s, self.ref(count[1], player)))
        elif isinstance(count, tuple) and count[0] == "until_hand_over_opp":  # N more cards than the opponent holds
            add(fact("qty", s, const("computed")))
            add(fact("qty_until_hand_over", s, count[1]))
        elif isinstance(count, tuple) and count[0] == "until_hand":  # until the hand holds N cards
            add(fact("qty", s, const("computed")))
            add(fact("qty_until_hand", s, count[1]))
        elif isinstance(count, tuple) and count[0] in ("per_in_play", "until_hand_per_in_play"):
            # one for each Pokémon in play that fits; or until the hand holds as many cards as those Pokémon
            _, side, where, counted = count
            add(fact("qty", s, const("computed")))
            add(fact("qty_in_play" if count[0] == "per_in_play" else "qty_until_in_play", s))
            for one in (("me", "opp") if side == "any" else (side,)):
                add(fact("pip_side", s, const(one)))
            add(fact("pip_where", s, const(where)))
            _filter_full(add, "pip_flt", _number(s), counted)
        elif isinstance(count, tuple):  # ("per", what): a count computed from the state
            add(fact("qty", s, const("computed")))
            add(fact("qty_per", s, const(count[1])))
        else:
            add(fact("qty", s, const(count) if isinstance(count, str) else _number(count)))
        if up_to:
            add(fact("upto", s))
        self.filter("flt", "flt_alt", s, flt)

    def filter(self, cond_pred: str, alt_pred: str, s: int, flt: Filter) -> None:
        for a, conds in enumerate(flt.alternatives):
            self.facts.append(fact(alt_pred, s, a))
            for attr, value in conds:
                if attr in NUMERIC:
                    what, bound = attr.split("_")
                    self.facts.append(fact(cond_pred + "_num", s, a, const(what), const(bound), value))
                elif attr.startswith("not_"):
                    base = attr[4:]
                    self.facts.append(fact(cond_pred + "_not", s, a, const(base), attr_value(base, value)))
                else:
                    self.facts.append(fact(cond_pred, s, a, const(attr), attr_value(attr, value)))

    def target(self, s: int, t: Target, player: str) -> None:
        add = self.facts.append
        if t.ref is not None and s <= len(self.steps):
            self.steps[s - 1].fixed_target = True
        if t.ref is not None:
            if t.ref == "self" and self.self_step is not None:
                add(fact("tgt_ref", s, self.self_step))  # the Pokémon the triggering evolve step evolved
                return
            if t.ref == "self":
                if self.acting_mon is None:
                    raise InputError("<card>", None, "target.ref", "`self` only in an Ability or attack", "self")
                add(fact("tgt_self", s, self.acting_mon))
                return
            add(fact("tgt_ref", s, self.ref(t.ref, player)))
            return
        if t.ref_benched is not None:
            add(fact("tgt_ref_benched", s, self.ref(t.ref_benched, player)))
            return
        flip = {"me": "opp", "opp": "me", "any": "any"}
        side = t.side if player == "me" else flip[t.side]
        for one in (("me", "opp") if side == "any" else (side,)):
            add(fact("tgt_side", s, const(one)))
        add(fact("tgt_where", s, const(t.where)))
        self.filter("tgt_flt", "tgt_alt", s, t.filter)
        if t.damaged:
            add(fact("tgt_damaged", s))
        if t.hp_left_above is not None:
            add(fact("tgt_hp_left_above", s, t.hp_left_above))
        if t.hp_left_max is not None:
            add(fact("tgt_hp_left_max", s, t.hp_left_max))
        if t.attached is not None:
            add(fact("tgt_att_min", s, t.attached[1]))
            _filter_full(add, "tgt_att_flt", _number(s), t.attached[0])
        if t.after is not None:
            add(fact("tgt_after", s, self.ref(t.after, player)))
        if t.each:
            add(fact("tgt_each", s))

    def ref(self, label: str, player: str) -> int:
        s = self.labels.get((label, player)) or self.labels.get((label, None))
        if s is None:
            raise InputError("<card>", None, "target.ref", "the label of an earlier step", repr(label))
        return s


def _route(facts: list) -> str:
    """`src -> dst` of a step, from its own facts (for reading resolutions)."""
    ends = {}
    for f in facts:
        name = fact_pattern(f)[0]
        if name in ("src", "dst"):
            ends[name] = str(f.arguments[1])
    return f"{ends['src']} -> {ends['dst']}" if len(ends) == 2 else ""


def _f_move_attached(e: _Effects, s: int, p: Prim, player: str) -> None:
    # From the chosen Pokémon onto another Pokémon of the same player (`other`, effects.lp).
    e.take(s, "attached", "other", p.get("count"), p.get("up_to"), p.get("filter"))
    e.target(s, p.get("target"), player)
    if p.get("to") is not None:
        where, flt = p.get("to")
        if where == "self":
            # onto the Pokémon whose Ability or attack it is (effects.lp `dest_self`)
            if e.acting_mon is None or e.self_step is not None:
                raise InputError("<card>", None, "move_attached.to.where", "`self` only in an Ability or attack", "self")
            e.facts.append(fact("dest_self", s, e.acting_mon))
        elif where != "any":
            e.facts.append(fact("dest_where", s, const(where)))
        if flt.alternatives != ((),):
            _filter_full(e.facts.append, "dest_flt", _number(s), flt)
    if p.get("spread"):
        # "... to your Benched Pokémon in any way you like": the cards split over the destinations (effects.lp)
        e.facts.append(fact("spread_to", s))


def _f_devolve(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("devolve")))
    e.facts.append(fact("devolve_to", s, const(p.get("to"))))
    if p.get("cards") == "any":   # "any number of Evolution cards": the player picks how many levels
        e.facts.append(fact("devolve_any", s))
    e.target(s, p.get("target"), player)


def _f_swap_in(e: _Effects, s: int, p: Prim, player: str) -> None:
    # the chosen card from the pile takes the place of the Pokémon's top card (effects.lp `swap_top`)
    e.facts.append(fact("kind", s, const("swapin")))
    e.facts.append(fact("swap_src", s, const(p.get("from"))))
    e.filter("flt", "flt_alt", s, p.get("filter"))
    e.target(s, p.get("target"), player)


def _f_cure(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("cure")))
    e.target(s, p.get("target"), player)


def _f_set_type(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("settype")))
    if p.get("like") is not None:
        e.facts.append(fact("settype_like", s, e.ref(p.get("like"), player)))
    else:
        e.facts.append(fact("settype_to", s, const(p.get("type"))))
    e.target(s, p.get("target"), player)


def _f_move(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.take(s, p.get("from"), p.get("to"), p.get("count"), p.get("up_to"), p.get("filter"), player)
    if p.get("distinct"):
        e.facts.append(fact("distinct", s, const(p.get("distinct"))))
    if p.get("exclude"):
        e.facts.append(fact("exclude", s, e.ref(p.get("exclude"), player)))
    if p.get("among"):
        # "... you discarded in this way": only the cards the labelled step put into the source pile (quantity.lp)
        e.facts.append(fact("among", s, e.ref(p.get("among"), player)))
    if p.get("random"):
        e.facts.append(fact("random", s))
    if p.get("bottom"):
        e.facts.append(fact("bottom", s))
    if p.get("chooser") == "opp":
        e.facts.append(fact("chooser", s, const("opp")))


def _f_draw(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.take(s, "deck", "hand", p.get("count"), p.get("up_to"), Filter(), player)
    e.facts.append(fact("random", s))


def _f_look(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.take(s, "deck", "looked", p.get("count"))
    e.facts.append(fact("random", s))
    if p.get("bottom"):
        e.facts.append(fact("look_bottom", s))
    if p.get("revealed"):
        e.facts.append(fact("look_revealed", s))


def _f_inflict(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("inflict")))
    e.facts.append(fact("inflicts", s, const(p.get("condition"))))
    e.target(s, p.get("target"), player)


def _f_reveal_until(e: _Effects, s: int, p: Prim, player: str) -> None:
    # The first fitting card from the top: which one is chance (an outcome), not a choice.
    e.take(s, "deck", p.get("to"), 1, False, p.get("filter"))
    e.facts.append(fact("random", s))


def _f_search(e: _Effects, s: int, p: Prim, player: str) -> None:
    to = p.get("to")
    # deck_top: back into the deck, on top (the order of a pile is not tracked; the card is shown as moved deck>deck).
    dst = "deck" if to == "deck_top" else to
    e.take(s, p.get("zone"), dst, p.get("count"), p.get("up_to"), p.get("filter"), player)
    if p.get("distinct"):
        e.facts.append(fact("distinct", s, const(p.get("distinct"))))
    if to == "attach":
        e.target(s, p.get("target"), player)
        if p.get("spread"):
            e.facts.append(fact("spread", s))
        if p.get("per_target"):
            e.facts.append(fact("per_target", s, p.get("per_target")))
    if p.get("shuffle"):
        e.facts.append(fact("shuffle_after", s))


def _f_shuffle(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("shuffle")))
    e.facts.append(fact("zone", s, const(p.get("zone"))))


def _f_heal(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("heal")))
    amount = p.get("amount")
    e.facts.append(fact("amount", s, const(amount) if isinstance(amount, str) else _number(amount)))
    e.target(s, p.get("target"), player)


def _f_discard_attached(e: _Effects, s: int, p: Prim, player: str) -> None:
    if p.get("from_each"):
        # N fitting cards off each fitting Pokémon (as many as it has, up to N), the player choosing which: a spread
        # take over all of them with at most (exactly, without "up to") N off each (effects.lp `per_target`)
        e.take(s, "attached", p.get("to"), "all", p.get("up_to"), p.get("filter"))
        e.target(s, p.get("target"), player)
        e.facts.append(fact("spread_take", s))
        e.facts.append(fact("per_target", s, p.get("count")))
        if p.get("up_to"):
            e.facts.append(fact("per_target_up_to", s))
        return
    e.take(s, "attached", p.get("to"), p.get("count"), p.get("up_to"), p.get("filter"))
    e.target(s, p.get("target"), player)
    if p.get("spread"):   # up to N of the fitting cards off all the fitting Pokémon together (effects.lp)
        e.facts.append(fact("spread_take", s))


def _f_pick_up(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("pickup")))
    if p.get("bench_down_to") is not None:
        # SU1: the player's own choice of Benched Pokémon until N are left (effects.lp `down_cut`)
        e.facts.append(fact("pickup_down_to", s, p.get("bench_down_to")))
        e.facts.append(fact("pickup_to", s, const(p.get("to"))))
        return
    if p.get("attached") == "discard":
        e.facts.append(fact("pickup_discards_attached", s))
    if p.get("to", "hand") != "hand":
        e.facts.append(fact("pickup_to", s, const(p.get("to"))))
    e.target(s, p.get("target"), player)


def _f_knock_out(e: _Effects, s: int, p: Prim, player: str) -> None:
    """The Pokémon is Knocked Out by the effect: out of play into its owner's discard pile with every card under and
    attached to it (a `pickup` to the discard pile), and its Prize cards taken (effects.lp `ko_step`, ATK3)."""
    e.facts.append(fact("kind", s, const("pickup")))
    e.facts.append(fact("pickup_to", s, const("discard")))
    e.facts.append(fact("ko_step", s))
    e.target(s, p.get("target"), player)


def _f_reveal(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("reveal")))
    e.facts.append(fact("zone", s, const(p.get("zone"))))


def _f_look_at(e: _Effects, s: int, p: Prim, player: str) -> None:
    """"Look at your face-down Prize cards": nothing moves, nothing is known afterwards (K1); whiff.lp tells it."""
    e.facts.append(fact("kind", s, const("look")))
    e.facts.append(fact("zone", s, const(p.get("zone"))))


def _f_attach(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.take(s, p.get("from"), "attach", p.get("count"), p.get("up_to"), p.get("filter"), player)
    e.target(s, p.get("target"), player)
    if p.get("among"):
        # "attach any Energy cards you discarded in this way": only the cards the labelled step discarded (quantity.lp)
        e.facts.append(fact("among", s, e.ref(p.get("among"), player)))
    if p.get("spread"):
        e.facts.append(fact("spread", s))
    if p.get("per_target"):
        e.facts.append(fact("per_target", s, p.get("per_target")))


def _f_switch(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("switch")))
    if p.get("benched") == "self":
        # "switch it with your Active Pokémon": the Benched Pokémon is the Ability's own (an Ability used only from
        # the Bench, `while: bench`)
        e.target(s, Target(ref="self"), player)
        return
    if p.get("active_filter") is not None:
        # "Switch your Active Basic Pokémon with 1 of your Benched Pokémon": the Active Pokémon must fit its own filter
        e.facts.append(fact("switch_active_filter", s))
        e.filter("sw_act_flt", "sw_act_alt", s, p.get("active_filter"))
    if p.get("bench_filter") is not None:
        # "Switch this Pokémon with 1 of your Benched {L} Pokémon": the Benched Pokémon must fit, the Active need not
        e.target(s, Target(side="me", where="bench", filter=p.get("bench_filter")), player)
        return
    if p.get("active_filter") is not None:
        e.target(s, Target(side="me", where="bench"), player)
        return
    if p.get("filter").alternatives != ((),):
        e.facts.append(fact("switch_both", s))  # the Active Pokémon must fit the filter too
    e.target(s, Target(side="me", where="bench", filter=p.get("filter")), player)


def _f_gust(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("gust")))
    # "that has 50 HP or less remaining" / "that has any damage counters on it": bounds of the Benched Pokémon chosen
    e.target(s, Target(side="opp", where="bench", filter=p.get("filter"), hp_left_max=p.get("hp_left_max"),
                       damaged=bool(p.get("damaged"))), player)


def _f_evolve(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("evolve")))
    if p.get("skip_stage1"):
        e.facts.append(fact("skip_stage1", s))
    if p.get("hand_limits"):
        e.facts.append(fact("evolve_hand_limits", s))
    if p.get("from") == "deck":
        e.facts.append(fact("evolve_from_deck", s))
    e.evolve_steps.append((s, player, p.get("from") or "hand"))
    if p.get("filter").alternatives != ((),):
        e.facts.append(fact("evolve_filtered", s))
        e.filter("flt", "flt_alt", s, p.get("filter"))
    e.target(s, p.get("target"), player)


def _f_modifier(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("modifier")))
    e.facts.append(fact("modifier", s, String(p.get("name"))))
    if p.get("target") is not None:
        e.facts.append(fact("modifier_on", s))
        e.facts.append(fact("modifier_lasts", s, const(p.get("lasts"))))
        if p.get("knocks_out"):
            e.facts.append(fact("modifier_knocks_out", s))
        e.target(s, p.get("target"), player)


def _f_self_to(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("selfto")))
    e.facts.append(fact("zone", s, const(p.get("zone"))))


def _f_damage(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("damage")))
    # per: the amount for each of what the attack's damage_times counts (damage.lp: damage_per)
    e.facts.append(fact("damage_per" if p.get("per") else "amount", s, p.get("amount")))
    e.target(s, p.get("target"), player)


def _f_counters(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("counters")))
    count = p.get("count")
    if isinstance(count, tuple):
        # "until its remaining HP is N" (damage.lp: counters_until_hp)
        e.facts.append(fact("counters_until_hp", s, count[1]))
    else:
        e.facts.append(fact("damage_per" if p.get("per") else "amount", s, 10 * count))
    e.target(s, p.get("target"), player)
    if p.get("spread"):   # "in any way you like": the player splits the counters over the Pokémon that fit
        e.facts.append(fact("spread_counters", s))


def _f_end_turn(e: _Effects, s: int, p: Prim, player: str) -> None:
    e.facts.append(fact("kind", s, const("end_turn")))


def _f_nothing(e: _Effects, s: int, p: Prim, player: str) -> None:
    """"This attack does nothing" (attack.lp: carried out, no damage and no other step of the attack)."""
    e.facts.append(fact("kind", s, const("nothing")))


_PRIM_FACTS = {
    "move": _f_move, "draw": _f_draw, "look_top": _f_look, "search": _f_search, "shuffle": _f_shuffle,
    "heal": _f_heal, "discard_attached": _f_discard_attached, "attach": _f_attach, "switch": _f_switch,
    "gust": _f_gust, "evolve": _f_evolve, "modifier": _f_modifier, "self_to": _f_self_to,
    "damage": _f_damage, "damage_counters": _f_counters, "pick_up": _f_pick_up, "reveal": _f_reveal, "look": _f_look_at,
    "knock_out": _f_knock_out,
    "reveal_until": _f_reveal_until, "inflict": _f_inflict, "devolve": _f_devolve, "swap_in": _f_swap_in,
    "set_type": _f_set_type,
    "move_attached": _f_move_attached, "cure": _f_cure, "end_turn": _f_end_turn, "nothing": _f_nothing,
}


# ---- the state --------------------------------------------------------------------------------

# Facts that a state's plain values decide, made once per process for those values (the states of a table or of a
# generated run repeat most of them): the same symbols, built with fewer calls. Bounded: a full memo starts again.
# The memos keyed on a library's id keep a weak reference to it (a scenario's own library is not kept alive; a
# dead one's id, reused, finds its entry stale).
_MON_MEMO: dict = {}      # (library id, a Pokémon's values) -> (weak ref to the library, its facts, its twin signature)
_MON_MEMO_MAX = 1 << 14


@lru_cache(maxsize=CACHE_SIZE)
def _pile_fact(kind: str, player: str, pile: str, key: Optional[str], n: int) -> Symbol:
    """init_pile(Player,Pile,Card,N) (`kind` "pile") or init_size(Player,Pile,N) (`kind` "size", no card), built once
    for those values."""
    if kind == "pile":
        return fact("init_pile", const(player), const(pile), card_sym(key), n)
    return fact("init_size", const(player), const(pile), n)


@lru_cache(maxsize=CACHE_SIZE)
def _twin_fact(m: Symbol, rep: Symbol) -> Symbol:
    """twin(M,Rep), built once for those two Pokémon."""
    return fact("twin", m, rep)


class _State:
    """Emits the state facts and keeps the card universe."""

    def __init__(self, facts: list, library: CardLibrary):
        self.facts = facts
        self.library = library
        self.universe: set = set()
        self.piles: dict = {}  # (player, pile, key) -> count
        self.mons: dict = {}   # mon symbol -> dict
        self.apart: set = set()  # Pokémon never the twin of another (the action changes them before its effect)

    def pile(self, player: str, pile: str, entries) -> None:
        for entry in entries:
            if entry.count <= 0:
                continue
            k = (player, pile, entry.name)
            self.piles[k] = self.piles.get(k, 0) + entry.count
            if entry.name is not None:
                self.universe.add(entry.name)

    def side(self, player: str, ps: PlayerState) -> None:
        for pile in ("hand", "deck", "discard", "lost_zone"):
            self.pile(player, pile, getattr(ps, pile))
        prizes: dict = {}    # (pile, card) -> count, in order of first appearance: one entry per kind of Prize card
        for prize in ps.prizes:
            k = ("prizes_up" if prize.face_up else "prizes", prize.name)
            prizes[k] = prizes.get(k, 0) + 1
        for (pile, name), n in prizes.items():
            self.pile(player, pile, [CardCount(name, n)])
        for entry in ps.knocked_out_last_turn:
            self.facts.append(fact("ko_last_turn", const(player), String(entry.name), entry.count))
            self.universe.add(entry.name)
        for entry in ps.knocked_out_other_last_turn:
            self.facts.append(fact("ko_other_last_turn", const(player), String(entry.name), entry.count))
            self.universe.add(entry.name)
        for entry in ps.played_this_turn:
            # the Trainer cards the player played from their hand this turn (a fact of this turn, lasting.lp)
            self.facts.append(fact("played_card", const(player), String(entry.name)))
            self.universe.add(entry.name)
        slots = ([("active", ps.active)] if ps.active is not None else []) + \
            [(f"bench.{i}", b) for i, b in enumerate(ps.bench)]
        for slot, mon in slots:
            self.mon(player, slot, mon)

    def mon(self, player: str, slot: str, mon: InPlay) -> None:
        m = mon_sym(player, slot)
        attached: dict = {}
        for e in mon.energy:
            attached[e.name] = attached.get(e.name, 0) + e.count
        if mon.tool:
            attached[mon.tool] = attached.get(mon.tool, 0) + 1
        self.mons[m] = {"player": player, "slot": slot, "card": mon.card, "under": mon.evolved_from,
                        "damage": mon.damage, "attached": attached, "conditions": mon.conditions,
                        "new": mon.new_this_turn, "types": mon.type_change, "hit_last": mon.damaged_last_turn,
                        "evolved": mon.evolved_this_turn, "devolved": mon.devolved_this_turn, "used": mon.abilities_used,
                        "to_active": mon.moved_to_active_this_turn}
        names = {a.name for a in self.library.get(mon.card).abilities}
        for name in mon.abilities_used:
            if name not in names:
                where = mon.where
                raise InputError(where.path if where else "<state>", where.line if where else None,
                                 f"state.{player}.{slot}.abilities_used",
                                 f"an Ability of {mon.card} ({', '.join(sorted(names)) or 'none'})", repr(name))
        self.universe.update([mon.card, *mon.evolved_from, *attached])

    def emit(self) -> None:
        add = self.facts.append
        sizes: dict = {}
        for (player, pile, key), n in sorted(self.piles.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] or "")):
            add(_pile_fact("pile", player, pile, key, n))
            sizes[(player, pile)] = sizes.get((player, pile), 0) + n
        # Each pile's size, stated (not summed in ASP): the states of a batch then give one size
        # each, where a sum over their superposed piles would give every sum of their counts.
        for (player, pile), n in sizes.items():
            if n:
                add(_pile_fact("size", player, pile, None, n))
        groups: dict = {}
        library = self.library
        # In the order of the symbols' text (m(me,active), m(me,bench(0)), ..., m(opp,active), ...).
        for m, d in sorted(self.mons.items(), key=lambda kv: (kv[1]["player"], kv[1]["slot"])):
            # A Pokémon's facts depend on it and the library alone: made once per Pokémon (`_MON_MEMO`), so the
            # states of a table or a generated run that share a Pokémon share its facts.
            key = (id(library), m._rep, d["player"], d["slot"], d["card"], d["under"], d["damage"],
                   tuple(sorted(d["attached"].items())), d["conditions"], d["new"], d["types"], d["hit_last"],
                   d["evolved"], d["devolved"], d["used"], d["to_active"], m in self.apart)
            hit = _MON_MEMO.get(key)
            if hit is None or hit[0]() is not library:
                if len(_MON_MEMO) >= _MON_MEMO_MAX:
                    _MON_MEMO.clear()
                made: list = []
                sig = self._mon_facts(made.append, m, d)
                hit = _MON_MEMO[key] = (weakref.ref(library), tuple(made), sig)
            self.facts.extend(hit[1])
            groups.setdefault(hit[2], []).append(m)
        for members in groups.values():
            rep = members[0]
            for m in members:
                add(_twin_fact(m, rep))

    def _mon_facts(self, add, m: Symbol, d: dict) -> tuple:
        """The facts of one Pokémon in play (`add`), and its signature: Pokémon with the same one are twins."""
        add(fact("init_mon", m, const(d["player"]), pos_sym(d["slot"])))
        add(fact("init_top", m, String(d["card"])))
        for u in d["under"]:
            add(fact("init_under", m, String(u)))
        if d["damage"]:
            add(fact("init_dmg", m, d["damage"]))
        for key, n in sorted(d["attached"].items()):
            add(fact("init_att", m, String(key), n))
        for c in d["conditions"]:
            add(fact("init_cond", m, const(c)))
        if d["new"]:
            add(fact("init_new", m))
        for t in d["types"]:
            add(fact("init_type_change", m, const(t)))
        if d["hit_last"]:
            add(fact("init_damaged_last_turn", m, d["hit_last"]))
        if d["evolved"]:
            # The card right under the top card: the one it evolved from this turn (seed 001 刚出场).
            add(fact("init_evolved_from", m, String(d["under"][-1])))
        if d["devolved"]:
            # Devolved during this turn (seed 001 刚出场): new this turn, not played this turn.
            add(fact("init_devolved", m))
        for name in d["used"]:
            add(fact("init_ability_used", m, String(name)))
        if d["to_active"]:
            add(fact("init_moved_to_active", m))
        sig = (d["player"], d["slot"] != "active", d["card"], d["under"], d["damage"],
               tuple(sorted(d["attached"].items())), tuple(sorted(d["conditions"])), d["new"],
               tuple(sorted(d["types"])), d["hit_last"], d["evolved"], d["devolved"], d["used"],
               m if m in self.apart else None)
        # Its own passives, and the protections of the cards attached to it (Mist Energy, Fusion Strike Energy:
        # "... done to the Pokémon this card is attached to").
        held = [p for key in sorted(d["attached"]) for p in self.library.get(key).passive if p.protect is not None]
        tools = {id(p): key for key in sorted(d["attached"]) if self.library.get(key).kind == "tool"
                 for p in self.library.get(key).passive}
        own = list(self.passives(d["card"]))
        for j, passive in enumerate(own + held):
            if passive.protect is not None and (passive.protect.holder is not None or id(passive) in tools):
                # A protection of a Tool (off while Tools have no effect) or one on a kind of holder only:
                # guard_when, matched in passive.lp.
                pr = passive.protect
                gid = Function("gwhen", [m, Number(j)])
                for cover in pr.covers:   # `trainer` is expanded into its kinds by passive.lp (A5)
                    add(fact("guard_when", gid, m, const(pr.source), const(cover), const(pr.while_)))
                _filter_facts(add, "guard_flt", gid, pr.holder if pr.holder is not None else Filter(), always=True)
                if id(passive) in tools:
                    add(fact("guard_by_tool", gid))
                    add(fact("guard_tool", gid, String(tools[id(passive)])))
                continue
            if passive.no_knock_out_abilities:
                add(fact("ko_abilities_lost", m))
            if passive.hand_face_up is not None:
                add(fact("hand_up", m))
                for x in passive.hand_face_up[0]:
                    add(fact("hand_up_stops", m, const(x)))
            if passive.lock is not None:
                plays, players, while_, stops = passive.lock
                add(fact("lock", m, const(plays), const(players), const(while_)))
                for x in stops:
                    add(fact("lock_stops", m, const(x)))
            if passive.protect is not None:
                pr = passive.protect
                # a Pokémon's own protection (an Ability, a Poké-Body) is off while its Abilities are taken
                # away (guard_ab, passive.lp); an attached card's is not
                name = "guard_ab" if j < len(own) else "guard"
                for cover in pr.covers:   # `trainer` is expanded into its kinds by passive.lp (A5)
                    add(fact(name, m, const(pr.source), const(cover), const(pr.while_)))
        return sig

    def passives(self, key: str) -> tuple:
        card = self.library.get(key)
        out = list(card.passive)
        for ability in card.abilities:
            out.extend(ability.passive)
        return tuple(out)

    def cards(self, extra_names: set) -> None:
        """card/attr/limit for every card in the problem, and the library's evolution lines."""
        add = self.facts.append
        add(fact("card", ANON))
        names = set(self.universe)
        for key in sorted(names):
            self.facts.extend(self.library.memo(("card facts", key), lambda: self.card_facts(key)))
        for name in sorted(extra_names - {c for c in names}):
            add(fact("card", String(name)))
            add(fact("attr", String(name), const("name"), String(name)))
            add(fact("limit", String(name), 4))
        pooled = tuple(k for k in sorted(names) if self.library.in_pool(k))
        self.facts.extend(self.library.memo(("evolution lines", pooled), lambda: self.evolution_lines(pooled)))

    def card_facts(self, key: str) -> tuple:
        card = self.library.get(key)
        out = [fact("card", String(key))]
        for attr, value in card.attributes():
            out.append(fact("attr", String(key), const(attr), attr_value(attr, value)))
        hp = card.hp or (card.play_as[1] if card.play_as else None)
        if hp:
            out.append(fact("num", String(key), const("hp"), hp))
            out.append(fact("hp", String(key), hp))
        if card.kind == "pokemon":
            out.append(fact("num", String(key), const("retreat"), card.retreat or 0))
        limit = card.deck_limit()
        if limit is not None:
            out.append(fact("limit", String(key), limit))
        return tuple(out)

    def evolution_lines(self, pooled: tuple = ()) -> tuple:
        lines = self.library.evolution_pairs(pooled)
        return tuple(fact("evo_name", String(name), String(base)) for name, base in lines)


_FILTER_NAMES: dict = {}   # id(effect) -> (effect, `_filter_names`): effects are the library's objects, kept here


def _filter_names(effect: Optional[Effect]) -> set:
    """`_filter_names_of`, walked once per effect object (the states of a table or a run play the same card)."""
    hit = _FILTER_NAMES.get(id(effect))
    if hit is None or hit[0] is not effect:
        if len(_FILTER_NAMES) >= CACHE_SIZE:
            _FILTER_NAMES.clear()
        hit = _FILTER_NAMES[id(effect)] = (effect, frozenset(_filter_names_of(effect)))
    return set(hit[1])


def _filter_names_of(effect: Optional[Effect]) -> set:
    """Card names that filters mention (they join the universe so K3 can count them)."""
    names: set = set()
    for prim in prims_of(effect):
        flt = prim.get("filter")
        if isinstance(flt, Filter):
            for alt in flt.alternatives:
                names.update(v for a, v in alt if a in ("name", "not_name"))
    return names


def _name_part_facts(add, library: CardLibrary, scn: Scenario, effect: Optional[Effect], keys: set) -> None:
    """attr(C,name_has,Part) for each card C of the problem whose name contains a `name_contains` part that a
    filter of the problem uses (the effect's, a card's in the problem, a lasting effect's): names are strings,
    so the part is found here, never in ASP source."""
    parts = set(library.memo(("name parts of", effect), lambda: frozenset(name_parts(effect))))
    for key in keys:
        # a hand-written card or one of the bundled pool (an imported Pokémon's Ability: "your Hop's Pokémon")
        if key in library.by_key or library.in_pool(key):
            parts |= library.memo(("name parts", key), lambda: frozenset(name_parts(library.get(key))))
    if any(mon.effects for ps in (scn.state.me, scn.state.opp) for mon in ([ps.active] if ps.active else []) + list(ps.bench)):
        parts |= library.memo(("name parts", "modifier defs"), lambda: frozenset(name_parts(
            [d for d in library.memo(("modifier defs",), lambda: _modifier_defs(library)).values() if d is not None])))
    sides = library.memo(("name sides of", effect), lambda: frozenset(name_parts(effect, ("name_in_play",))))
    if sides:
        # "the same name as 1 of your opponent's Pokémon in play": names of the top cards in play when the card is
        # played (a search moves nothing into play before it).
        in_play = {side: {name_key(library.get(mon.card).name) for mon in
                          ([scn.state.side(side).active] if scn.state.side(side).active else [])
                          + list(scn.state.side(side).bench)} for side in sides}
        for key in sorted(keys):
            name = name_key(library.get(key).name) if key in library.by_key else name_key(key)
            for side in sorted(sides):
                if name in in_play[side]:
                    add(fact("attr", String(key), const("name_in_play"), const(side)))
    if not parts:
        return
    for key in sorted(keys):
        name = name_key(library.get(key).name) if key in library.by_key else name_key(key)
        for part in sorted(parts):
            if part in name:
                add(fact("attr", String(key), const("name_has"), String(part)))


@dataclass
class _ActionPart:
    """What an action kind's compiler gives the rest of `compile_scenario`: the effect to resolve and where
    it comes from. (The action's own move -- a card leaving the hand, an Energy attached -- is state.lp's.)"""

    effect: Optional[Effect] = None
    evolution: Optional[tuple] = None
    attack_times_label: Optional[str] = None
    attack_times_kind: str = "moved"      # moved: the cards the labelled step moved (moved_fit: those that fit); done: 1 if it acted
    extra_universe: set = field(default_factory=set)
    before_damage: tuple = ()
    times_amount: int = 0
    source_kind: str = ""
    acting_mon: Optional[Symbol] = None
    effect_card: str = ""
    entering: Optional[str] = None        # the card the `bench` action puts into play before its trigger resolves


def _action_play(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`play CARD`: an Item or Supporter (its effect), a Tool onto a Pokémon, a Stadium, or a card played
    as a Basic Pokémon (a bench action)."""
    action = scn.action
    card = library.get(action.card)
    # A card played as a Basic Pokémon (fossils, Lillie's Poké Doll) goes onto the Bench: turn.lp's `benched/1` (SU1).
    add(fact("action", const("play"), String(action.card)))
    part.effect_card = action.card
    if card.play_as is not None:
        pass  # no effect to resolve: putting it onto the Bench is judged by turn.lp (room on the Bench)
    elif card.kind in ("item", "supporter"):
        part.effect, part.source_kind = card.effect, card.kind
    elif card.kind == "tool":
        if action.to is None:
            raise InputError(scn.path, action.where.line if action.where else None, "action.play.to",
                             "the position of the Pokémon that gets the Tool", "nothing")
        add(fact("action_target", _position_sym(action.to)))
        part.source_kind = "tool"
    elif card.kind == "stadium":
        part.source_kind = "stadium"
    else:
        raise InputError(scn.path, action.where.line if action.where else None, "action.play",
                         "a Trainer card", card.kind)


def _action_attach(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`attach ENERGY -> POSITION`: the attachment, and the Special Energy's or the holder's triggered effect."""
    action = scn.action
    card = library.get(action.card)
    target = _position_sym(action.to)
    add(fact("action", const("attach_energy"), String(action.card)))
    add(fact("action_target", target))
    part.effect_card = action.card
    if card.only_attach_to is not None:
        # "This card can only be attached to X": the encodings decide whether the holder fits (X2, elsewhere.lp).
        _filter_facts(add, "only_attach", String(action.card), card.only_attach_to, always=True)
    if card.kind == "special_energy" and card.effect is not None:
        part.effect, part.source_kind = card.effect, "special_energy"
        if card.trigger_filter is not None:
            # "When you attach this card from your hand to X": the encodings decide whether the holder fits (X2).
            _filter_facts(add, "trigger_holder", String(action.card), card.trigger_filter, always=True)
    # X4: the holder's Ability triggered by attaching an Energy card from the hand (Rock Reaction), and "whenever you
    # attach an Energy card from your hand to 1 of your [F] Pokémon" (`trigger_any`): the Ability of any of the
    # player's Pokémon in play, not only of the one attached to
    triggers = [] if action.to.startswith("opp.") else [
        (pos, holder, a) for pos, holder, a in _attach_trigger_abilities(scn, library) if a.trigger_any or pos == action.to]
    if part.effect is not None and triggers:
        raise _unsupported(scn, f"{action.card}'s own effect on attaching together with an Ability triggered by "
                                "attaching (their order is chosen)")
    if triggers:
        if len(triggers) > 1:
            raise _unsupported(scn, "two Abilities triggered by attaching an Energy card ("
                                    + ", ".join(f"{h.key}'s {a.name}" for _, h, a in triggers) + "): their order is chosen")
        if triggers:
            pos, holder, ability = triggers[0]
            part.effect, part.source_kind, part.effect_card = ability.effect, "trigger", holder.key
            add(fact("attach_trigger_mon", _position_sym(pos)))
            if ability.while_ == "active":
                add(fact("attach_trigger_active"))
            if ability.trigger_to is not None:
                # "... to 1 of your F Pokémon": the encodings decide whether the Pokémon attached to fits (X4)
                filter_facts(add, Function("abtrig", []), ability.trigger_to)
            if ability.trigger_filter is not None:
                # "... attach a Fighting Energy card from your hand to this Pokémon": the encodings decide (X4).
                _filter_facts(add, "trigger_card", String(holder.key), ability.trigger_filter, always=True)
    st = scn.state.stadium
    trigger = library.get(st.card).attach_trigger if st is not None else None
    if trigger is not None and not action.to.startswith("opp."):   # "to 1 of their Pokémon": the attaching player's
        # X4: the Stadium's effect triggered by attaching an Energy card from the hand ("Whenever any player attaches
        # an Energy card from their hand to 1 of their F Pokémon, ..."); the encodings decide whether the holder fits.
        if part.effect is not None:
            raise _unsupported(scn, f"{st.card}'s triggered effect together with another one (their order is chosen)")
        holder_filter, part.effect = trigger
        part.source_kind, part.effect_card = "stadium_trigger", st.card
        add(fact("stadium_trigger", String(st.card)))
        if holder_filter is not None:
            filter_facts(add, Function("sttrig", [String(st.card)]), holder_filter)
    part.acting_mon = target


def _action_ability(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`ability NAME (POSITION)`: an activated Ability's effect; any other kind is refused by the encodings."""
    action = scn.action
    holder = _holder_card(scn, action.pokemon)
    usable = abilities_of(library, _holder_mon(scn, action.pokemon))
    ability = named([a for a, _ in usable], action.name)
    if ability is None:
        names = ", ".join(a.name for a, _ in usable) or "none"
        raise InputError(scn.path, action.where.line if action.where else None, "action.ability.name",
                         f"an Ability of {holder} ({names})", repr(action.name))
    source = next(key for a, key in usable if a is ability)
    if source != library.get(holder).key:
        # The Ability printed on the attached Tool ("can use the VSTAR Power on this card", Seal Stones): the holder's
        # while the Tool's entry reaches it (elsewhere.lp: X1 tool_ability_off).
        add(fact("ability_from_tool", String(source)))
    add(fact("action", const("ability"), String(holder)))
    add(fact("action_mon", _position_sym(action.pokemon)))
    add(fact("action_ability", String(ability.name)))
    if ability.once_per_turn:
        add(fact("ability_once_per_turn", String(holder), String(ability.name)))
    if ability.once_per_turn_by_name:
        add(fact("ability_once_by_name", String(holder), String(ability.name)))
    if ability.kind != "activated" or ability.effect is None:
        add(fact("refused_ability", String(ability.name), const(ability.kind)))
    else:
        part.effect, part.source_kind = ability.effect, "ability"
    if ability.vstar:
        add(fact("uses_marker", const("vstar")))
    if ability.while_ == "active":
        add(fact("ability_while_active"))
    if ability.while_ == "bench":
        add(fact("ability_while_bench"))
    part.acting_mon = _position_sym(action.pokemon)
    part.effect_card = holder


def _action_evolve(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`evolve POSITION -> CARD`: the evolution step (and the Abilities it may trigger)."""
    action = scn.action
    library.get(action.card)   # a card the library knows
    target = _position_sym(action.onto)
    add(fact("action", const("evolve"), String(action.card)))
    add(fact("action_target", target))
    part.effect_card = action.card
    part.acting_mon = target
    part.evolution = (action.card,)
    part.source_kind = "evolve"


def _action_attack(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`attack NAME`: the Active Pokémon's attack: its cost, damage and effect."""
    action = scn.action
    if scn.state.me.active is None:
        raise InputError(scn.path, action.where.line if action.where else None, "action.attack",
                         "an Active Pokémon to attack with", "none")
    card = library.get(scn.state.me.active.card)
    usable = attacks_of(library, scn.state.me.active)
    attack = named([a for a, _ in usable], action.name)
    if attack is None:
        names = ", ".join(a.name for a, _ in usable) or "none"
        raise InputError(scn.path, action.where.line if action.where else None, "action.attack.name",
                         f"an attack of {scn.state.me.active.card} ({names})", repr(action.name))
    source = next(key for a, key in usable if a is attack)
    if source != card.key:
        # The attack of the attached Tool (Technical Machines, "can use the attack on this card"): it is the holder's
        # while the Tool's entry reaches it (attack.lp: ATK1 tool_attack_off).
        add(fact("attack_from_tool", String(source)))
    add(fact("action", const("attack"), String(attack.name)))
    add(fact("attacker", mon_sym("me", "active")))
    if scn.state.opp.active is not None:
        add(fact("defender", mon_sym("opp", "active")))
    if attack.damage or attack.damage_mod:
        add(fact("attack_damage", attack.damage))
    if attack.damage_mod:
        add(fact("attack_mod", const({"x": "times", "+": "plus", "-": "minus"}[attack.damage_mod])))
    if attack.damage_times:
        kind, arg, amount = attack.damage_times
        if kind in ("moved", "done"):
            part.attack_times_label = arg
            part.attack_times_kind = kind
            part.times_amount = amount
        elif kind == "moved_fit":
            # "for each Energy card you discarded in this way": the labelled step's cards that fit (damage.lp dtm_fits)
            label, counted = arg
            part.attack_times_label = label
            part.attack_times_kind = kind
            part.times_amount = amount
            _filter_full(add, "dtm_flt", const("times"), counted)
        elif kind == "conditions":
            # "for each Special Condition affecting this Pokémon / your opponent's Active Pokémon"
            add(fact("damage_times", const("conditions"), const(arg), amount))
        elif kind == "if":
            ident = Function("dtimes")
            fact_condition(add, ident, arg)
            add(fact("damage_times", const("cond"), ident, amount))
        elif kind == "energy":
            # "for each [{T}] Energy attached to ...": where (self, defender, both, me, opp) and the type (or any)
            where, etype = arg
            add(fact("damage_times", const("energy"), const(where), amount))
            add(fact("times_energy_type", const(etype or "any")))
        elif kind in ("per_in_play", "counters_on"):
            # "for each of your Darkness Pokémon in play" / "... of your opponent's Benched Pokémon V": the Pokémon in
            # play that fit, when the damage is done (damage.lp dtp_fits); counters_on: "for each damage counter on all
            # of your Benched {F} Pokémon", the damage counters on them
            side, where, counted = arg
            add(fact("damage_times", const(kind), const(side), amount))
            for one in (("me", "opp") if side == "any" else (side,)):
                add(fact("dtp_side", const(one)))
            add(fact("dtp_where", const(where)))
            _filter_full(add, "dtp_flt", const("times"), counted)
        elif kind == "in_pile":
            # "for each Basic Energy card in your opponent's discard pile" / "... card in your hand": the cards in that
            # pile that fit, when the damage is done (damage.lp dtz_fits)
            side, zone, counted = arg
            add(fact("damage_times", const("in_pile"), const(side), amount))
            add(fact("dtz_pile", const(side), const(zone)))
            _filter_full(add, "dtz_flt", const("times"), counted)
        elif kind == "tools":
            # "for each Pokémon Tool attached to all of your Pokémon": where
            add(fact("damage_times", const("tools"), const(arg), amount))
        elif kind == "has_attack":
            # "for each of your Pokémon in play that has the Round attack": the player's Pokémon in play whose card
            # has an attack of that name (their top cards when the damage is done: those in play now)
            add(fact("damage_times", const("has_attack"), String(arg), amount))
            mine = ([scn.state.me.active] if scn.state.me.active is not None else []) + list(scn.state.me.bench)
            for key in sorted({mon.card for mon in mine}):
                if any(a.name == arg for a in library.get(key).attacks):
                    add(fact("times_attack_card", String(key)))
        elif kind == "discard_attack":
            # "for each Pokémon in your discard pile that has the United Wings attack": the cards named in the
            # player's discard pile whose card has an attack of that name (a card the state does not name has none)
            add(fact("damage_times", const("discard_attack"), String(arg), amount))
            for key in sorted({e.name for e in scn.state.me.discard if e.name is not None}):
                if any(a.name == arg for a in library.get(key).attacks):
                    add(fact("times_attack_card", String(key)))
        else:
            add(fact("damage_times", const(kind), const(arg) if kind != "heads" else _number(0), amount))
    for skipped in attack.ignores:
        add(fact("ignores", const(skipped)))
    if attack.damage_instead is not None:
        cond, amount = attack.damage_instead
        ident = Function("atk")
        fact_condition(add, ident, cond)
        if amount == "damaged_last_turn":
            add(fact("damage_instead_taken", ident))
        else:
            add(fact("damage_instead", ident, amount))
    for i, t in enumerate(attack.cost, 1):
        add(fact("cost_need", i, const(t)))
    for marker in ("gx", "vstar"):
        if getattr(attack, marker):
            add(fact("uses_marker", const(marker)))
    part.effect, part.source_kind, part.effect_card = attack.effect, "attack", scn.state.me.active.card
    part.acting_mon = mon_sym("me", "active")
    if part.effect is None:
        part.effect = Effect()
    part.before_damage = attack.before_damage


def _action_bench(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`bench CARD`: a Basic Pokémon from the hand onto the Bench."""
    action = scn.action
    add(fact("action", const("bench"), String(action.card)))
    part.effect_card = action.card
    # X4: the card's Ability triggered by playing it from the hand onto the Bench ("When you play this Pokémon from
    # your hand onto your Bench during your turn, you may ..."); its effect resolves with the new Pokémon on the Bench
    # (`{ref: self}`).
    trigger = next((a for a in library.get(action.card).abilities if a.kind == "triggered"
                    and a.trigger == "bench_from_hand" and a.effect is not None), None)
    if trigger is not None and len(scn.state.me.bench) < _bench_limit(scn, "me"):
        # (a full Bench: the Pokémon is not put onto it, SU1, and nothing triggers)
        part.effect, part.source_kind = trigger.effect, "trigger"
        if trigger.once_per_turn_by_name:
            # TU1: "You can't use more than 1 NAME Ability each turn" (elsewhere.lp `trigger_once_by_name`)
            add(fact("trigger_once_by_name", String(trigger.name)))
        # X4: the Ability triggers once the Pokémon is on the Bench, so its effect resolves with the new Pokémon in
        # play (in the next Bench slot, new this turn): "this Pokémon" (`{ref: self}`) is it
        part.entering = action.card
        part.acting_mon = mon_sym("me", f"bench.{len(scn.state.me.bench)}")
    st = scn.state.stadium
    bench_trigger = library.get(st.card).bench_trigger if st is not None else None
    if bench_trigger is not None and len(scn.state.me.bench) < _bench_limit(scn, "me"):
        # X4 (card text, Risky Ruins: "Whenever any player puts a Basic non-{D} Pokémon onto their Bench during their
        # turn, place 2 damage counters on that Pokémon"; Gapejaw Bog: "... from their hand onto their Bench ..."): the
        # `bench` action puts the Pokémon from the hand onto the acting player's Bench during their turn, so the
        # Stadium's effect is carried out on it once it is there (`{ref: self}`, the next Bench slot); the encodings
        # decide whether it fits the Stadium's filter (elsewhere.lp `stadium_trigger_fits`). A full Bench: the
        # Pokémon is not put there (SU1) and nothing triggers.
        if part.effect is not None:
            raise _unsupported(scn, f"{st.card}'s triggered effect together with {action.card}'s own Ability triggered "
                                    "by playing it onto the Bench (their order is chosen)")
        holder, _src, _during, effect = bench_trigger
        part.effect, part.source_kind, part.effect_card = effect, "stadium_trigger", st.card
        part.entering = action.card
        part.acting_mon = mon_sym("me", f"bench.{len(scn.state.me.bench)}")
        add(fact("bench_trigger", String(st.card)))
        if holder is not None:
            filter_facts(add, Function("sttrig", [String(st.card)]), holder)


def _bench_down_protected(scn: Scenario, library: CardLibrary, part: "_ActionPart") -> None:
    """SU1 (card text, Avery: "your opponent discards Pokémon from their Bench until they have 3"): whether a protection
    from the effects of the acting player's cards (Princess's Curtain, Mist Energy, ...) stops a discard the protected
    player makes themselves is not settled here: with such a protection in play on that player's side, no verdict."""
    steps = [p for p in prims_of(part.effect) if p.op == "pick_up" and p.get("bench_down_to") is not None]
    for prim in steps:
        side = scn.state.side(prim.player if prim.player in ("me", "opp") else "me")
        for mon in ([side.active] if side.active is not None else []) + list(side.bench):
            keys = [mon.card] + ([mon.tool] if mon.tool else []) + [e.name for e in mon.energy if e.name]
            for key in keys:
                card = library.get(key)
                passives = list(card.passive) + [q for a in card.abilities for q in a.passive]
                if any(q.protect is not None for q in passives):
                    raise _unsupported(scn, f"a discard down to a Bench size while {key}'s protection is in play on "
                                            "that player's side (whether it stops that player's own discard is not "
                                            "settled here)")


def _swap_onto_evolved(scn: Scenario, part: "_ActionPart") -> None:
    """A2 (card text, Thorton, Ogre's Mask: "switch it with 1 of your Pokémon ex in play"): what becomes of the Evolution
    cards under a Pokémon whose card is switched is not printed, so the encodings never switch one (effects.lp
    `swap_pair`); when the target's filter does not name Basic Pokémon and the player has an evolved Pokémon in play,
    that might be a choice wrongly left out, so the action gets no verdict."""
    for prim in prims_of(part.effect):
        if prim.op != "swap_in":
            continue
        alts = prim.get("target").filter.alternatives
        if all(("stage", "basic") in alt for alt in alts):
            continue
        side = scn.state.side("me")
        if any(mon.evolved_from for mon in ([side.active] if side.active is not None else []) + list(side.bench)):
            raise _unsupported(scn, "a card switched with a Pokémon in play while an evolved Pokémon of that player is "
                                    "in play (what becomes of the cards under it is not printed)")


#: the primitives whose step can leave a Pokémon with no HP (damage, counters, a Knock Out, a lower HP).
_KO_OPS = ("damage", "damage_counters", "knock_out", "devolve", "swap_in", "discard_attached", "move_attached", "self_to",
           "pick_up", "switch", "gust")


def _bench_limit_after_knock_out(scn: Scenario, library: CardLibrary, part: "_ActionPart", facts: list) -> None:
    """SU1 (card text, Area Zero Underdepths: "If a player no longer has any Tera Pokémon in play, that player discards
    Pokémon from their Bench until they have 5"): a player with more than 5 Benched Pokémon under a limit that holds
    only while they have a Pokémon of a kind in play, and an action that could Knock that Pokémon Out: whether the
    player discards before or after choosing the new Active Pokémon is not settled here, so the action gets no verdict.
    The discard after the action itself (a Stadium replaced, the last such Pokémon gone by an effect) is the
    encodings' (state.lp `bench_cut`)."""
    st = scn.state.stadium
    if st is None or not any(p.bench_size is not None and p.bench_size[1] is not None
                             for p in library.get(st.card).passive):
        return
    bench = Function("bench", [])
    crowded = any(len(scn.state.side(pl).bench) > 5 for pl in ("me", "opp")) or any(
        f.name == "dst" and len(f.arguments) == 2 and f.arguments[1] == bench for f in facts)
    if not crowded:
        return
    action = scn.action
    ops = {p.op for p in prims_of(part.effect)} | {p.op for p in prims_of(Effect(items=tuple(part.before_damage or ())))}
    # (a Stadium played puts this one out of play first: the limit is 5 again before any Knock Out is judged)
    could_knock_out = action.kind in ("attack", "checkup", "retreat") or bool(ops & set(_KO_OPS)) or (
        action.kind == "play" and library.get(action.card).kind == "tool")
    if could_knock_out:
        raise _unsupported(scn, f"an action that could Knock Out a player's last Pokémon that {st.card}'s Bench limit "
                                "needs, with more than 5 Benched Pokémon (when that player discards down to 5, before "
                                "or after the new Active Pokémon, is not settled here)")


def _bench_trigger_steps(scn: Scenario, library: CardLibrary, facts: list) -> None:
    """X4: a Stadium in play whose effect triggers when a player puts a Pokémon onto their Bench (`bench_trigger`),
    and an action other than `bench` whose steps put Pokémon onto a Bench (Nest Ball, Buddy-Buddy Poffin, an attack):
    the trigger's facts for the encodings (effects.lp `bench_hit`), which place its damage counters on each new Pokémon
    that fits as it enters. Only a trigger whose effect is "place N damage counters on that Pokémon" is carried out
    this way; another, a card played as a Pokémon (its play is the `play` action), or a step that puts a Pokémon from the
    opponent's hand onto their Bench under a trigger that asks who puts it ("Whenever either player puts a Basic Pokémon
    from their hand onto their Bench"): no verdict (which player puts it would be a guess)."""
    st = scn.state.stadium
    trigger = library.get(st.card).bench_trigger if st is not None else None
    if trigger is None or scn.action.kind == "bench":
        return
    if scn.action.kind == "play" and library.get(scn.action.card).play_as is not None:
        raise _unsupported(scn, f"a card played as a Pokémon while {st.card} (its Bench trigger) is in play")
    bench = Function("bench", [])
    steps = {f.arguments[0] for f in facts if f.name == "dst" and len(f.arguments) == 2 and f.arguments[1] == bench}
    if not steps:
        return
    holder, src, during, effect = trigger
    prims = list(prims_of(effect))
    prim = prims[0] if len(prims) == 1 else None
    args = dict(prim.args) if prim is not None else {}
    if prim is None or prim.op != "damage_counters" or effect != Effect(items=(prim,)) \
            or args.get("target") != Target(ref="self") or not isinstance(args.get("count"), int):
        raise _unsupported(scn, f"an effect putting Pokémon onto the Bench while {st.card} (a Bench trigger whose "
                                "effect is not damage counters on that Pokémon) is in play")
    who = {f.arguments[0]: f.arguments[1] for f in facts if f.name == "who" and len(f.arguments) == 2}
    zone = {f.arguments[0]: f.arguments[1] for f in facts if f.name == "src" and len(f.arguments) == 2}
    if src == "hand" and not during and any(
            who.get(s) == const("opp") and zone.get(s) == const("hand") for s in steps):
        raise _unsupported(scn, f"an effect putting a Pokémon from the opponent's hand onto their Bench while "
                                f"{st.card} (triggered by a player putting one from their hand) is in play")
    add = facts.append
    add(fact("bench_trig", String(st.card), 10 * args["count"]))
    if during:
        add(fact("bench_trig_during", String(st.card)))
    if src == "hand":
        add(fact("bench_trig_from_hand", String(st.card)))
    if holder is not None:
        filter_facts(add, Function("sttrig", [String(st.card)]), holder)


def _action_use_stadium(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`use_stadium: NAME`: the effect of the Stadium in play, used by the acting player (its activation test is the
    effect's, seed 000 Q2: the Stadium is played at once, its effect is carried out only if it can be)."""
    action = scn.action
    card = library.get(action.card)
    if card.effect is None:
        raise InputError(scn.path, action.where.line if action.where else None, "action.use_stadium",
                         "a Stadium whose text gives its players an effect to use", repr(action.card))
    add(fact("action", const("use_stadium"), String(action.card)))
    part.effect, part.source_kind, part.effect_card = card.effect, "stadium", action.card


def _action_retreat(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`retreat -> bench.I`: the Active Pokémon retreats."""
    action = scn.action
    if scn.state.me.active is None:
        raise InputError(scn.path, action.where.line if action.where else None, "action.retreat",
                         "an Active Pokémon to retreat", "none")
    add(fact("action", const("retreat"), String(scn.state.me.active.card)))
    add(fact("retreat_to", _position_sym(action.to)))
    add(fact("printed_retreat", library.get(scn.state.me.active.card).retreat or 0))


def _action_game_over(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`game_over`: who wins in the state."""
    add(fact("action", const("game_over"), const("state")))


def _action_setup(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`setup`: the game's setup, with the mulligans."""
    action = scn.action
    add(fact("action", const("setup"), const("state")))
    for player, n in zip(PLAYERS, action.mulligans):
        add(fact("mulligans", const(player), n))


def _action_checkup(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`checkup`: Pokémon Checkup between turns."""
    add(fact("action", const("checkup"), const("checkup")))


def _action_validate_deck(scn: Scenario, library: CardLibrary, add, part: _ActionPart) -> None:
    """`validate_deck`: the deck list against the deck-building rules."""
    action = scn.action
    add(fact("action", const("validate_deck"), const("deck")))
    counts: dict = {}
    for entry in action.deck:
        if entry.name is None:
            raise InputError(scn.path, entry.where.line if entry.where else None, "action.validate_deck",
                             "named cards (a deck list has no unspecified cards)", str(entry.count))
        counts[entry.name] = counts.get(entry.name, 0) + entry.count
    for key, n in sorted(counts.items()):
        add(fact("deck_card", String(key), n))
    part.extra_universe = set(counts)


# One compiler per action kind (model.Action.kind); each adds the action's own facts.
_ACTIONS = {
    "play": _action_play,
    "attach": _action_attach,
    "ability": _action_ability,
    "evolve": _action_evolve,
    "attack": _action_attack,
    "bench": _action_bench,
    "retreat": _action_retreat,
    "game_over": _action_game_over,
    "setup": _action_setup,
    "checkup": _action_checkup,
    "validate_deck": _action_validate_deck,
    "use_stadium": _action_use_stadium,
}


def compile_scenario(scn: Scenario) -> Problem:
    """State + cards + action -> facts; an action that needs unexpressed card text is refused (exit 5).
    One small function per part: the action (`_ACTIONS`), the state, the turn, the rules in force, the passive
    and lasting effects, the effect's steps."""
    refused = refusal(scn)
    if refused is not None:
        raise refused
    library: CardLibrary = scn.library
    facts: list = []
    add = facts.append
    compile_action = _ACTIONS.get(scn.action.kind)
    if compile_action is None:
        raise _unsupported(scn, f"the action `{scn.action.kind}`")
    part = _ActionPart()
    compile_action(scn, library, add, part)
    universe = _state_facts(scn, library, facts, part)
    _turn_facts(scn, add)
    _rules_facts(scn, library, add, universe)
    facts.extend(passive_facts(library, universe))
    _check_ko_reaction_order(scn, library)
    # Lasting effects on Pokémon in play: damage uses them, and any action may end them (lasting.lp).
    _effect_facts(add, library, scn)
    problem = Problem(facts, [], part.source_kind, part.effect_card)
    if part.effect is not None or part.evolution is not None:
        problem.steps = _effect_steps(scn, library, facts, part)
    _bench_trigger_steps(scn, library, facts)
    _bench_limit_after_knock_out(scn, library, part, facts)
    _bench_down_protected(scn, library, part)
    _swap_onto_evolved(scn, part)
    _check_declared(facts)
    return problem


def _state_facts(scn: Scenario, library: CardLibrary, facts: list, part: _ActionPart) -> set:
    """Both players' zones and Pokémon as the state gives them (the action's own move, a card leaving the hand or
    an Energy attached, is state.lp's), the Stadium, the cards'
    attributes; the names of the cards the problem can meet (its universe), returned."""
    add = facts.append
    state = _State(facts, library)
    if scn.action.kind == "attach":
        state.apart.add(_position_sym(scn.action.to))   # its receiver is no longer the twin of an identical Pokémon
    state.side("me", scn.state.me)
    state.side("opp", scn.state.opp)
    if part.entering is not None:
        # the Pokémon the `bench` action put onto the Bench, in play when its trigger resolves (turn.lp `entering`)
        state.mon("me", f"bench.{len(scn.state.me.bench)}", InPlay(card=part.entering, new_this_turn=True))
        add(fact("entering", part.acting_mon))
    if scn.action.kind != "attach" and _attach_trigger_abilities(scn, library):
        steps = list(prims_of(part.effect)) + list(prims_of(Effect(items=tuple(part.before_damage or ()))))
        if any(p.op == "attach" and dict(p.args).get("from") == "hand" for p in steps):
            # X4: an effect that attaches Energy from the hand may trigger an Ability "whenever you attach an Energy card
            # from your hand to ..."; only the attach action carries that trigger out: no verdict
            raise _unsupported(scn, "an effect attaching cards from the hand while an Ability triggered by attaching "
                                    "is in play")
    if scn.state.stadium is not None:
        st = scn.state.stadium
        steps = list(prims_of(part.effect)) + list(prims_of(Effect(items=tuple(part.before_damage or ()))))
        if library.get(st.card).attach_trigger is not None and scn.action.kind != "attach" and any(
                p.op == "attach" and dict(p.args).get("from") == "hand" for p in steps):
            # X4: an effect that attaches Energy from the hand triggers the Stadium too ("Whenever any player attaches an
            # Energy card from their hand ..."); only the attach action carries that trigger out: no verdict
            raise _unsupported(scn, f"an effect attaching cards from the hand while {st.card} (its attach trigger) is "
                                    "in play")
        add(fact("stadium", String(st.card), const(st.owner)))
        if library.get(st.card).evolve_trigger is not None:
            # the filters of the Stadium's evolve trigger: the card evolved with, the Pokémon evolved (structure.lp)
            card_filter, onto_filter, _during, _effect = library.get(st.card).evolve_trigger
            filter_facts(add, Function("stevo_card", [String(st.card)]), card_filter)
            filter_facts(add, Function("stevo_onto", [String(st.card)]), onto_filter)
        state.piles[(st.owner, "stadium", st.card)] = 1
        state.universe.add(st.card)
        _no_abilities_facts(add, library, st.card)
    if scn.action.kind == "play" and scn.action.card and library.kind(scn.action.card) == "stadium":
        # the Stadium played takes Abilities away once it is in play: read for the state after the action (fin)
        _no_abilities_facts(add, library, scn.action.card)
    if scn.action.card:
        state.universe.add(scn.action.card)
    state.universe.update(part.extra_universe)
    state.emit()
    mentioned = _filter_names(part.effect)
    state.cards(mentioned)
    _pool_evolution_facts(library, part.effect, state)
    _name_part_facts(add, library, scn, part.effect, state.universe | mentioned)
    return state.universe


def _no_abilities_facts(add, library: CardLibrary, stadium: str) -> None:
    """A Stadium's "Pokémon that fit have no Abilities" (Path to the Peak): its filter as no_abilities facts."""
    for passive in library.get(stadium).passive:
        if passive.no_abilities is not None:
            # Negated and numeric conditions too ("Pokémon that don't have a Rule Box"): passives.filter_facts.
            flt = passive.no_abilities
            _filter_facts(add, "no_abilities", String(stadium),
                          Filter(tuple(tuple((a, v) for a, v in alt if not a.startswith("not_") and a not in NUMERIC)
                                       for alt in flt.alternatives)), always=True)
            filter_facts(add, Function("noab", [String(stadium)]), flt)


def _pool_evolution_facts(library: CardLibrary, effect: Optional[Effect], state: "_State") -> None:
    """K3 (the open card pool): for an effect that searches the deck for an evolution card, the cards of the whole
    library that evolve from a Pokémon of the problem (and from those), with their attributes: the opponent knows
    what is printed, so a Pokémon nothing printed evolves from (or nothing that fits the search's filter) is no
    target (effects.lp `evo_in_pool`). They are in no pile: nothing can move them."""
    if not any(p.op == "evolve" and p.get("from") == "deck" for p in prims_of(effect)):
        return
    known = set(state.universe)
    todo = sorted({library.get(k).name for k in known if library.get(k).kind == "pokemon"})
    for _ in range(2):   # a Stage 1 and the Stage 2 that evolves from it (Grand Tree's two searches)
        found = sorted({k for name in todo for k in library.memo(("evolutions", name), lambda: library.evolutions(name))}
                       - known)
        for key in found:
            state.facts.extend(library.memo(("card facts", key), lambda: state.card_facts(key)))
        known.update(found)
        todo = sorted({library.get(k).name for k in found})


def _turn_facts(scn: Scenario, add) -> None:
    """Who is on a first turn (when the state says so), what each player used already this turn or game."""
    for player in PLAYERS:
        stated = scn.state.side(player).first_turn
        if stated is not None:   # the state says it outright; otherwise turn.lp derives it from the turn number
            add(fact("first_turn_stated", const(player), const("yes" if stated else "no")))
        for used in scn.state.side(player).used_this_turn:
            add(fact("used", const(player), const(used)))
        for spent in scn.state.side(player).used_once_per_game:
            add(fact("used", const(player), String(spent.name)))  # a once-per-game passive already applied


_RULES_MEMO: dict = {}    # (library id, universe, turn, ruleset, reading, action kind) -> (weak ref, the facts)
_RULES_MEMO_MAX = 1 << 12


def _rules_facts(scn: Scenario, library: CardLibrary, add, universe: set) -> None:
    """`_rules_facts_made`, made once per library and values it reads (`_RULES_MEMO`)."""
    key = (id(library), frozenset(universe), scn.state.turn, scn.ruleset, scn.active_reading, scn.action.kind)
    hit = _RULES_MEMO.get(key)
    if hit is None or hit[0]() is not library:
        if len(_RULES_MEMO) >= _RULES_MEMO_MAX:
            _RULES_MEMO.clear()
        made: list = []
        _rules_facts_made(scn, library, made.append, universe)
        hit = _RULES_MEMO[key] = (weakref.ref(library), tuple(made))
    for sym in hit[1]:
        add(sym)


def _rules_facts_made(scn: Scenario, library: CardLibrary, add, universe: set) -> None:
    """The players and zones, the turn number, what each Energy card provides, the ruleset and the reading in
    force, and the damage rules' facts for an action that does damage."""
    for p in PLAYERS:
        add(fact("player", const(p)))
    for z in PILES:
        add(fact("pile", const(z)))
    for z in HIDDEN:
        add(fact("hidden", const(z)))
    add(fact("turn_number", scn.state.turn))
    for key in sorted(universe):
        for j, unit in enumerate(library.get(key).provides, 1):
            # A unit that is one of several types ("2 in any combination of {P} and {D}") pays any of them.
            for t in (unit if isinstance(unit, tuple) else (unit,)):
                add(fact("provides", String(key), j, const(t)))
    add(fact("ruleset", const(scn.ruleset.replace("-", "_"))))
    # The reading of the contested rules in force (encodings/readings.lp; docs/readings.md).
    add(fact("reading", const(scn.active_reading.replace("-", "_"))))
    if scn.action.kind in ("attack", "checkup", "game_over"):
        _damage_facts(add, library, universe)


def _effect_steps(scn: Scenario, library: CardLibrary, facts: list, part: _ActionPart) -> list:
    """The effect (or evolution) the action carries out, flattened into numbered steps: their facts, and the
    steps as the explainer reads them."""
    add = facts.append
    add(fact("source_kind", const(part.source_kind)))
    # The flattened effect depends on the card's data, the acting Pokémon and how many cards are attached to
    # it (coins per attached card), never on the rest of the state: built once per library and those (the
    # states of a table share it).
    acting_mon, effect, before_damage, evolution = part.acting_mon, part.effect, part.before_damage, part.evolution
    attached = _attached_count(scn, acting_mon, library)
    triggers = _evolve_trigger_candidates(library, scn, scn.action, scn.state.me)
    key = ("effect", effect, before_damage, evolution, acting_mon._rep if acting_mon else None, attached, triggers)
    try:
        flat = library.memo(key, lambda: _flatten(acting_mon, attached, effect, before_damage, evolution, triggers))
    except InputError as exc:
        card = library.get(part.effect_card)
        raise InputError(card.path or scn.path, card.line, exc.field, exc.expected, exc.got) from None
    facts.extend(flat.facts)
    if before_damage and evolution is None:
        add(fact("damage_time", flat.damage_time))
    add(fact("nsteps", len(flat.steps)))
    if part.attack_times_label is not None:
        step = flat.labels.get((part.attack_times_label, None))
        if step is None:
            card = library.get(part.effect_card)
            raise InputError(card.path, card.line, f"attacks.damage_times.{part.attack_times_kind.replace('_fit', '')}",
                             "the label of a step of the attack's effect", repr(part.attack_times_label))
        add(fact("damage_times", const(part.attack_times_kind), step, part.times_amount))
        # the same labelled step done for the other player too (`player: each`: "discard a Stadium in play")
        for other in flat.label_steps.get(part.attack_times_label, []):
            if other != step:
                add(fact("label_also", step, other))
    return list(flat.steps)


def _flatten(acting_mon: Optional[Symbol], attached: int, effect: Optional[Effect], before_damage: tuple,
             evolution: Optional[tuple], triggers: tuple = ()) -> _Effects:
    flat = _Effects([], acting_mon, attached)
    if evolution is not None:
        flat.evolution(acting_mon, evolution[0])
    else:
        flat.effect(effect, before_damage)
    flat.evolve_triggers({place: cards for place, cards in triggers})
    return flat


def _evolve_trigger_candidates(library: CardLibrary, scn: Scenario, action, me: PlayerState) -> tuple:
    """((player, pile), ((card, Effect), ...)) for each pile an evolve step may take its card from: the
    cards there whose Ability triggers "when you play this Pokémon from your hand to evolve". Which of
    them happens (none from the deck, X4) is the encodings' decision. The evolve action uses its card."""
    found = []
    st = scn.state.stadium
    # X4: a Stadium's "Whenever either player plays a F from their hand to evolve a G, ..." (Wyndon Stadium): a trigger
    # unit for every Pokémon card an evolve step from the hand may use; the encodings decide whether it fits
    st_trigger = library.get(st.card).evolve_trigger if st is not None else None
    st_during, st_effect = (st_trigger[2], st_trigger[3]) if st_trigger is not None else (False, None)
    for player in PLAYERS:
        side = me if player == "me" else scn.state.opp
        for pile in ("hand", "deck"):
            names = {action.card} if action.kind == "evolve" and player == "me" and pile == "hand" else \
                {e.name for e in getattr(side, pile) if e.name is not None}
            cards = []
            for name in sorted(names):
                ability = library.memo(("evolve trigger", name), lambda: next(
                    (a for a in library.get(name).abilities if a.kind == "triggered"
                     and a.trigger == "evolve_from_hand" and a.effect is not None), None))
                if ability is not None:
                    cards.append((name, ability.effect, None))
                # "during their turn": only the acting player's evolutions (the turn is theirs), as bench_trigger
                if st_effect is not None and pile == "hand" and (player == "me" or not st_during) \
                        and library.get(name).kind == "pokemon":
                    if ability is not None:
                        # two effects triggered by the same evolution: their order is the player's choice
                        raise _unsupported(scn, f"{name}'s Ability and {st.card}'s effect, both triggered by evolving "
                                                "(their order is chosen)")
                    cards.append((name, st_effect, st.card))
            if cards:
                found.append(((player, pile), tuple(cards)))
    return tuple(found)


def _damage_facts(add, library: CardLibrary, universe: set) -> None:
    """Weakness, Resistance, Tool and lasting-effect damage changes of the cards in play (DMG1-2)."""
    for key in sorted(universe):
        card = library.get(key)
        for j, passive in enumerate(p for a in card.abilities for p in a.passive):
            # Poké-Bodies / passive Abilities of a Pokémon in play (DMG2, ATK3); damage changes: passives.py.
            for t in passive.is_types:
                add(fact("body_types", String(key), const(t)))
            if passive.no_weakness:
                add(fact("body_no_weakness", String(key)))
            if passive.halve_damage is not None:
                add(fact("body_halves", String(key)))
                for x in passive.halve_damage[0]:
                    add(fact("body_halves_stops", String(key), const(x)))
        if card.kind == "tool":
            for passive in card.passive:
                for t in passive.is_types:
                    add(fact("tool_types", String(key), const(t)))
        for t, kind, n in card.weakness:
            add(fact("weakness", String(key), const(t), const(kind), n))
        for t, _, n in card.resistance:
            add(fact("resistance", String(key), const(t), n))


def _effect_facts(add, library: CardLibrary, scn: Scenario) -> None:
    """Named lasting effects on Pokémon in play, and their definitions (the library's modifiers: read only when the
    state names an effect, since finding them reads every card of the pool that defines one)."""
    sides = {player: scn.state.side(player) for player in PLAYERS}
    slots_of = {player: ([("active", ps.active)] if ps.active is not None else []) +
                [(f"bench.{i}", b) for i, b in enumerate(ps.bench)] for player, ps in sides.items()}
    named = any(sides[p].effects or any(mon.effects for _, mon in slots_of[p]) for p in PLAYERS)
    defs = library.memo(("modifier defs",), lambda: _modifier_defs(library)) if named else {}
    for player in PLAYERS:
        ps = sides[player]
        for name in ps.effects:
            # a lasting effect on the player (seed 001 状态 on a player): an opponent's attack's lock
            add(fact("player_effect", const(player), String(name)))
            p = defs.get(name)
            if name in defs and p is None:
                raise InputError(scn.path, None, f"state.{player}.effects", "the name of a lasting effect that the card "
                                 "data defines one way", f"{name!r}, defined differently by several cards")
            if p is not None and p.get("lock") is not None:
                add(fact("effect_lock", String(name), const(p.get("lock"))))
        for slot, mon in slots_of[player]:
            for name in mon.effects:
                add(fact("effect_on", mon_sym(player, slot), String(name)))
                if name in defs:
                    p = defs[name]
                    if p is None:
                        raise InputError(scn.path, None, f"state.{player}.effects", "the name of a lasting effect "
                                         "that the card data defines one way", f"{name!r}, defined differently by "
                                         "several cards")
                    if p.get("attack_fails_on_tails"):
                        add(fact("effect_fails_on_tails", String(name)))
                    if p.get("prevents_damage") and p.get("prevents_max") is not None:
                        add(fact("effect_prevents_max", String(name), p.get("prevents_max")))
                    elif p.get("prevents_damage"):
                        add(fact("effect_prevents", String(name)))
                    if p.get("prevents_effects"):
                        add(fact("effect_guards", String(name)))
                    if p.get("forbids_attack") == "all":
                        add(fact("effect_forbids_attack", String(name), const("all")))
                    elif p.get("forbids_attack") is not None:
                        add(fact("effect_forbids_attack", String(name), String(p.get("forbids_attack"))))
                    if p.get("forbids_retreat"):
                        add(fact("effect_forbids_retreat", String(name)))
                    if p.get("no_weakness"):
                        add(fact("effect_no_weakness", String(name)))
                    if p.get("poison_counters"):
                        add(fact("effect_poison", String(name), 10 * p.get("poison_counters")))
                    if p.get("counters_on_attacker"):
                        add(fact("effect_react", String(name), const("counters"), 10 * p.get("counters_on_attacker")))
                    if p.get("reach") == "player":
                        add(fact("effect_player", String(name)))
                    if p.get("prize_change"):
                        add(fact("effect_prize_def", String(name), p.get("prize_change")))
                    if p.get("damage_change"):
                        step = "attacker" if p.get("step") == "attacker" else "defender"
                        add(fact("effect_def", String(name), const(step), p.get("damage_change")))
                        if p.get("attack") is not None:
                            add(fact("effect_attack", String(name), String(p.get("attack"))))
                    # the Pokémon it applies to: an attacker that fits ("by attacks from Basic Pokémon", "by your
                    # opponent's Pokémon ex": for the damage prevented and the effects of attacks alike), a defender
                    if p.get("damage_change") or p.get("prevents_damage") or p.get("prize_change") \
                            or p.get("prevents_effects"):
                        for role, flt in (("attacker", p.get("attacker")), ("defender", p.get("against"))):
                            if flt.alternatives != ((),):
                                for a, conds in enumerate(flt.alternatives):
                                    for attr, value in conds:
                                        if attr.startswith("not_"):   # "non-{C}": the Pokémon must not have it
                                            add(fact("effect_fit_not", String(name), const(role), a,
                                                     const(attr[4:]), attr_value(attr[4:], value)))
                                        else:
                                            add(fact("effect_fit", String(name), const(role), a, const(attr),
                                                     attr_value(attr, value)))


def _modifier_defs(library: CardLibrary) -> dict:
    """Every `modifier` primitive in the library, by name."""
    found: dict = {}
    for card in library.modifier_cards():
        for eff in [card.effect] + [a.effect for a in card.attacks] + [a.effect for a in card.abilities]:
            for prim in prims_of(eff):
                if prim.op == "modifier":
                    name = prim.get("name")
                    if name in found and found[name] is not None and found[name].args != prim.args:
                        found[name] = None   # two cards name different lasting effects alike: never a guess
                    else:
                        found.setdefault(name, prim)
    return found


def _check_ko_reaction_order(scn: Scenario, library: CardLibrary) -> None:
    """ATK3: a player's Knock Out reactions of two kinds that take cards from their deck -- a search (Amulet of Hope),
    "draw N cards", "draw until you have N cards" (Lucky Egg) -- depend on their order, which that player would
    choose; the encodings order them after the reactions to damage only, so an attack with two such kinds on one side
    in play gets no verdict."""
    from .passives import entries
    if scn.action.kind != "attack":
        return
    for ps in (scn.state.me, scn.state.opp):
        kinds: set = set()
        for mon in ([ps.active] if ps.active else []) + list(ps.bench):
            names = [mon.card] + ([mon.tool] if mon.tool else []) + [e.name for e in mon.energy if e.name]
            for name in names:
                try:
                    card = library.get(name)
                except KeyError:
                    continue
                for _, _, p in entries(card):
                    if p.ko_reaction is not None:
                        kinds.add(p.ko_reaction[0])
                    if p.ko_move is not None:
                        kinds.add("move_to_holder" if p.ko_move[1] == "holder" else "move_to_bench")
                    if p.reaction is not None and p.reaction.opp_discards is not None:
                        kinds.add("opp_discards")
                    if p.reaction is not None and p.reaction.bounce_energy is not None:
                        kinds.add("bounce_energy")
                    if p.reaction is not None and p.reaction.shift_energy is not None:
                        kinds.add("shift_energy")
        if len({"search" if k.startswith("search") else k for k in kinds} & {"search", "draw", "draw_until"}) > 1:
            raise _unsupported(scn, "Knock Out reactions of two kinds that take cards from the deck on one side "
                                    "(their order is the player's choice)")
        if {"move_to_holder", "move_to_bench"} <= kinds:
            raise _unsupported(scn, "two Knock Out reactions that each move Energy from the Knocked Out Pokémon (to the "
                                    "Bench, to a holder; their order is the player's choice)")
        if {"bounce_energy", "shift_energy"} <= kinds:
            raise _unsupported(scn, "two reactions that each take Energy from the Attacking Pokémon (to the hand, to "
                                    "the Bench)")
        if {"opp_discards", "opp_hand_random"} <= kinds:
            raise _unsupported(scn, "a reaction that makes the attacker's player discard cards of their choice and a "
                                    "Knock Out reaction that discards at random from the same hand")


def _bench_limit(scn: Scenario, player: str) -> int:
    """SU1: the most Pokémon `player` can have on the Bench in the starting state (cards/benchsize.py)."""
    ps = scn.state.side(player)
    in_play = [m.card for m in ([ps.active] if ps.active is not None else []) + list(ps.bench)]
    return scn.library.bench_limit(scn.state.stadium.card if scn.state.stadium else None, in_play)


def _unsupported(scn: Scenario, what: str) -> InputError:
    line = scn.action.where.line if scn.action.where else None
    return InputError(scn.path, line, "action", "an action this version resolves (play a Trainer, attach an "
                      "Energy, declare an Ability)", what)


def _attached_count(scn: Scenario, mon: Optional[Symbol], library: CardLibrary) -> int:
    """How many cards are attached to the acting Pokémon (Energy and Tool), an Energy card counted for each Energy it
    may provide (structure.lp per_units: "a coin for each Energy attached" counts Energy): the most coins "per attached
    card" can be."""
    for player in PLAYERS:
        ps = scn.state.side(player)
        slots = ([("active", ps.active)] if ps.active is not None else []) + \
            [(f"bench.{i}", b) for i, b in enumerate(ps.bench)]
        for slot, inplay in slots:
            if mon is not None and mon_sym(player, slot) == mon:
                # (an upper bound: the Energy an attach action puts on it counts too)
                return sum(e.count * _most_provided(library, e.name) for e in inplay.energy) + \
                    (1 if inplay.tool else 0) + \
                    (_most_provided(library, scn.action.card) if scn.action.kind == "attach" else 0)
    return 0


def _most_provided(library: CardLibrary, name: Optional[str]) -> int:
    """The most Energy the card named may provide at once (as printed, or as a `provides_if` entry says); 1 at least
    (an unspecified card, or a card that provides none)."""
    if not name:
        return 1
    card = library.get(name)
    most = len(card.provides)
    for p in card.passive:
        if p.provides_if is not None:
            most = max(most, len(p.provides_if[1]))
    return max(1, most)


def _position_sym(position: str) -> Symbol:
    if position.startswith("opp."):
        return mon_sym("opp", position[4:])
    return mon_sym("me", position)


def _attach_trigger_abilities(scn: Scenario, library: CardLibrary) -> list:
    """(position, card, Ability) of the acting player's Pokémon in play with an Ability triggered by attaching an
    Energy card from the hand (`trigger: attach_from_hand`, translated), in position order."""
    ps = scn.state.me
    mons = ([("active", ps.active)] if ps.active is not None else []) + [(f"bench.{i}", m) for i, m in enumerate(ps.bench)]
    found = []
    for pos, mon in mons:
        card = library.get(mon.card)
        found += [(pos, card, a) for a in card.abilities
                  if a.kind == "triggered" and a.trigger == "attach_from_hand" and a.effect is not None]
    return found


def _holder_mon(scn: Scenario, position: str):
    player, slot = ("opp", position[4:]) if position.startswith("opp.") else ("me", position)
    ps = scn.state.side(player)
    return ps.active if slot == "active" else ps.bench[int(slot.split(".")[1])]


def _holder_card(scn: Scenario, position: str) -> str:
    return _holder_mon(scn, position).card
