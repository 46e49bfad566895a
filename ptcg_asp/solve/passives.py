"""PASSIVE entries of the cards in a problem -> facts (docs/vocabulary.md PASSIVE; encodings/passive.lp).

Every entry of a card's `passive:` list (and of its passive Abilities) that uses the general form gets an id
`pas(Origin, Card, J)` (where it works from, its place among the card's entries) and facts saying where it works from (`pas/3`: a Tool or
Special Energy attached to its holder, a Pokémon's own Ability, the Stadium in play), which Pokémon it reaches
(scope, holder filter, holder state, where the holder must be, a condition), and what it changes. The encodings
apply them; nothing here decides a ruling.
"""
from __future__ import annotations

from clingo import Function, Number, Symbol

from .facts import String, attr_value, const, fact, fact_condition
from ..cards.library import Card, CardLibrary
from ..cards.vocabulary import NUMERIC, Filter, Passive, Reach

#: the passives whose whole content is a REACH, and the fact that names each (passive.lp, retreat.lp, effects.lp).
_REACH_FACTS = (("no_healing", "pas_no_heal"), ("no_attack", "pas_no_attack"), ("no_retreat", "pas_no_retreat"),
                ("early_evolution", "pas_early_evolution"))


def origin(card: Card) -> str:
    """Where a card's own `passive` entries work from: tool, energy, stadium, or ability (a Pokémon's)."""
    if card.kind == "tool":
        return "tool"
    if card.kind in ("special_energy", "basic_energy"):
        return "energy"
    if card.kind == "stadium":
        return "stadium"
    return "ability"


def entries(card: Card) -> list:
    """(J, origin, Passive) for every passive entry of a card: its own `passive`, then its Abilities'."""
    out = [(j, origin(card), p) for j, p in enumerate(card.passive)]
    j = len(out)
    for ability in card.abilities:
        for p in ability.passive:
            out.append((j, "ability", p))
            j += 1
    return out


def filter_facts(add, owner: Symbol, flt: Filter) -> None:
    """pflt_alt(F,A) per alternative; pflt / pflt_not / pflt_num per condition (passive.lp matches them)."""
    for a, conds in enumerate(flt.alternatives):
        add(fact("pflt_alt", owner, a))
        for attr, value in conds:
            if attr in NUMERIC:
                what, bound = attr.split("_")
                add(fact("pflt_num", owner, a, const(what), const(bound), value))
            elif attr.startswith("not_"):
                add(fact("pflt_not", owner, a, const(attr[4:]), attr_value(attr[4:], value)))
            else:
                add(fact("pflt", owner, a, const(attr), attr_value(attr, value)))


def per_facts(add, ident: Symbol, per) -> None:
    """pas_per(P,K) for an entry's `per`; with `{discard: FILTER}`, pas_per(P,discard) and the filter as per(P)."""
    if isinstance(per, tuple) and per[0] == "energy":
        add(fact("pas_per", ident, const("energy")))
        add(fact("pas_per_type", ident, const(per[1])))
    elif isinstance(per, tuple):
        kind, flt = per
        add(fact("pas_per", ident, const(kind)))
        filter_facts(add, Function("per", [ident]), flt)
    else:
        add(fact("pas_per", ident, const(per)))


def reach_facts(add, ident: Symbol, reach: Reach) -> None:
    add(fact("pas_scope", ident, const(reach.scope)))
    add(fact("pas_while", ident, const(reach.while_)))
    filter_facts(add, Function("holder", [ident]), reach.holder)
    if reach.condition is not None:
        add(fact("pas_holder_cond", ident, const(reach.condition)))
    if reach.energy:
        add(fact("pas_holder_energy", ident))
    if reach.no_energy:
        add(fact("pas_holder_no_energy", ident))
    if reach.energy_type is not None:
        for t in reach.energy_type:
            add(fact("pas_holder_energy_type", ident, const(t)))
    if reach.attached is not None:
        add(fact("pas_holder_att", ident))
        filter_facts(add, Function("hatt", [ident]), reach.attached)
    if reach.reached is not None:
        add(fact("pas_reached", ident, const(reach.reached)))
    if reach.once_each:
        add(fact("pas_once_each", ident))
    if reach.hp_left_max is not None:
        add(fact("pas_hp_left_max", ident, reach.hp_left_max))
    if reach.if_ is not None:
        cond = Function("pif", [ident])
        add(fact("pas_if", ident, cond))
        fact_condition(add, cond, reach.if_)


def passive_facts(library: CardLibrary, universe: set) -> tuple:
    """The facts of every general passive entry of the cards in `universe` (sorted by card)."""
    out: list = []
    for key in sorted(universe):
        out.extend(library.memo(("passive facts", key), lambda k=key: _card(library.get(k), k)))
    return tuple(out)


def _card(card: Card, key: str) -> tuple:
    out: list = []
    add = out.append
    for j, where, p in entries(card):
        ident = Function("pas", [const(where), String(key), Number(j)])
        reach = _entry(add, ident, p)
        if reach is None:
            continue
        add(fact("pas", ident, String(key), const(where)))
        reach_facts(add, ident, reach)
    return tuple(out)


def _attacker_filter(add, ident: Symbol, other) -> None:
    """A reaction's or Prize change's filter on the Attacking Pokémon ("an attack from your opponent's Pokémon ex"):
    react_other(P) and its filter other(P) (encodings/attack.lp react_attacker_miss)."""
    if other is not None:
        add(fact("react_other", ident))
        filter_facts(add, Function("other", [ident]), other)


def _entry(add, ident: Symbol, p: Passive):
    """The facts of what one entry changes; its Reach (None: not a general entry)."""
    if p.damage_change is not None:
        d = p.damage_change
        if d.amount == "prevent" and d.coin:
            add(fact("dchange_prevent_coin", ident))
        elif d.amount == "prevent":
            add(fact("dchange_prevent", ident))
        else:
            add(fact("dchange", ident, const(d.step), d.amount))
        filter_facts(add, Function("other", [ident]), d.other)
        if d.from_ == "any":
            add(fact("dchange_from_any", ident))
        if d.discard:
            add(fact("pas_discard", ident))
        if d.per is not None:
            per_facts(add, ident, d.per)
        if d.to != "active":
            add(fact("dchange_to", ident, const(d.to)))
        return d.reach
    if p.hp_change is not None:
        add(fact("hp_change", ident, p.hp_change[0]))
        if p.hp_change[2] is not None:
            per_facts(add, ident, p.hp_change[2])
        return p.hp_change[1]
    if p.retreat_change is not None:
        amount, reach = p.retreat_change
        add(fact("retreat_none", ident) if amount == "none" else fact("retreat_change", ident, amount))
        return reach
    if p.cost_change is not None:
        amount, kind, reach, per = p.cost_change
        add(fact("cost_change", ident, amount, const(kind)))
        if per is not None:
            per_facts(add, ident, per)
        return reach
    if p.prize_change is not None:
        amount, reach, once, other = p.prize_change
        add(fact("prize_none", ident) if amount == "none" else fact("prize_change", ident, amount))
        _attacker_filter(add, ident, other if other != Filter() else None)
        if once:
            add(fact("prize_once", ident))
        return reach
    if p.provides_if is not None:
        flt, provides, cond = p.provides_if
        for j, unit in enumerate(provides, 1):
            for t in (unit if isinstance(unit, tuple) else (unit,)):
                add(fact("provides_if", ident, j, const(t)))
        return Reach(holder=flt, if_=cond)
    if p.no_tool_effects:
        add(fact("no_tool_effects", ident))
        return Reach(scope="in_play")
    if p.bench_size is not None:
        # SU1: a player's Bench limit (encodings/state.lp bench_max); the condition on the player's Pokémon in play
        n, cond = p.bench_size
        add(fact("bench_size", ident, n))
        if cond is not None:
            add(fact("bench_size_if", ident))
            filter_facts(add, Function("bszif", [ident]), cond)
        return Reach(scope="in_play")
    if p.tool_jam is not None:
        # "Pokémon Tools attached to your opponent's Active Pokémon have no effect, except for Tool Jammer" (passive.lp)
        reach, exc = p.tool_jam
        add(fact("no_tool_effects_on", ident))
        if exc is not None:
            filter_facts(add, Function("ntx", [ident]), exc)
        return reach
    if p.checkup_change is not None:
        condition, counters, reach = p.checkup_change
        add(fact("checkup_extra", ident, const(condition), 10 * counters))
        return reach
    if p.prevent_counters is not None:
        sources, reach = p.prevent_counters
        for src in sources:
            add(fact("counters_guard", ident, const(src)))
        return reach
    if p.attack_despite is not None:
        # "can attack even if it's Asleep or Paralyzed": those Special Conditions do not stop its attack (ATK1)
        conds, reach = p.attack_despite
        for x in conds:
            add(fact("pas_attack_despite", ident, const(x)))
        return reach
    if p.no_special_conditions is not None:
        if p.only_conditions:
            for x in p.only_conditions:
                add(fact("pas_no_condition", ident, const(x)))
        else:
            add(fact("pas_no_conditions", ident))
        return p.no_special_conditions
    if p.end_of_turn_discard:
        add(fact("pas_end_discard", ident))
        return Reach()
    if p.returns_after_attack:
        # discarded by its holder's attack, attached back to that Pokémon after the attack (attack.lp)
        add(fact("returns_after_attack", ident))
        return Reach()
    if p.end_of_turn is not None:
        # the end-of-turn phase before the Pokémon Checkup (checkup.lp)
        turn, heal, recover, discard, dmin, hpmax, reach, attach = p.end_of_turn
        add(fact("eot", ident, const(turn)))
        if attach is not None:
            add(fact("eot_attach", ident, const(attach)))
        if heal is not None:
            add(fact("eot_heal_amt", ident, heal))
        if recover:
            add(fact("eot_recover", ident))
        if discard is not None:
            add(fact("eot_discard", ident, const(discard)))
        if dmin is not None:
            add(fact("eot_damage_min", ident, dmin))
        if hpmax is not None:
            add(fact("eot_hp_left_max", ident, hpmax))
        return reach
    if p.use_attacks is not None:
        # the holder can use the Tool's attacks (attack.lp: attack_from_tool, ATK1)
        add(fact("use_attacks", ident))
        return p.use_attacks
    if p.use_abilities is not None:
        # the holder can use the Tool's Abilities (elsewhere.lp: ability_from_tool, X1)
        add(fact("use_abilities", ident))
        return p.use_abilities
    if p.evolve_when_played is not None:
        # EV1's "put into play this turn" limit lifted for the Pokémon reached, into a card that fits (effects.lp)
        reach, into = p.evolve_when_played
        add(fact("pas_evolve_when_played", ident))
        filter_facts(add, Function("into", [ident]), into)
        return reach
    for key, pred in _REACH_FACTS:   # a passive that is a REACH only: one fact names its kind
        if getattr(p, key) is not None:
            add(fact(pred, ident))
            return getattr(p, key)
    if p.ko_reaction is not None:
        kind, n, reach, full, other = p.ko_reaction
        add(fact("ko_react", ident, const(kind), 10 * n if kind == "counters" else n))
        if full:
            add(fact("ko_full_hp", ident))
        _attacker_filter(add, ident, other)
        if p.ko_move is not None:
            # "move up to N F cards from that Pokémon to your Benched Pokémon" (attack.lp ko_move)
            energy, to, up, may = p.ko_move
            filter_facts(add, Function("kmove", [ident]), energy)
            add(fact("ko_move_to", ident, const(to)))
            if up:
                add(fact("ko_move_up_to", ident))
            if may:
                add(fact("ko_move_may", ident))
        if p.ko_retreat is not None:
            add(fact("ko_retreat", ident, p.ko_retreat))
        return reach
    if p.no_weakness_reach is not None:
        add(fact("pas_no_weakness", ident))
        return p.no_weakness_reach
    if p.endure is not None:
        low, left, full, whose, discard, reach, coin = p.endure
        add(fact("endure", ident, low, left))
        if coin:
            add(fact("endure_coin", ident))
        if full:
            add(fact("endure_full_hp", ident))
        if whose == "any":
            add(fact("dchange_from_any", ident))
        if discard:
            add(fact("pas_discard", ident))
        return reach
    if p.reaction is not None:
        r = p.reaction
        if r.counters is not None:
            add(fact("react", ident, const("counters"), 10 * r.counters))
        elif r.draw is not None:
            add(fact("react", ident, const("draw"), r.draw))
        elif r.opp_discards is not None:
            add(fact("react", ident, const("opp_discard"), r.opp_discards))
        elif r.bounce_energy is not None:
            add(fact("react", ident, const("bounce_energy"), r.bounce_energy))
        elif r.shift_energy is not None:
            add(fact("react", ident, const("shift_energy"), r.shift_energy))
        else:
            add(fact("react", ident, const("condition"), const(r.condition)))
        if r.discard:
            add(fact("pas_discard", ident))
        _attacker_filter(add, ident, r.other)
        # Damaged while Active is the trigger (attack.lp, damaged_active); it works even if the holder has left the
        # Active Spot since (seed 001), so the entry itself needs no place. `scope: mine` (an Ability's "your Active
        # [F] Pokémon"): it reaches its player's Pokémon, and damaged_active already says the damaged one was Active.
        return Reach(holder=r.reach.holder, scope=r.reach.scope)
    return None
