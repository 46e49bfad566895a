"""From answer sets to a verdict: legal or not, the reasons, every distinct resolution.

A resolution is the player's choices (cards by name and count, targets, optional parts,
options); coin flips and cards drawn or looked at are outcomes, listed under each resolution
with their probability.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Optional

from clingo import Symbol

from .compiler import Problem
from .explain import coin_label, describe, text, _mon
from .solver import Limits, diagnose, enumerate_resolutions

CHOICE_PREDICATES = {"take", "aim", "put", "chosen", "evolve_with", "retreat_pay", "drawn_amount"}
DAMAGE_STEPS = ("base", "attacker", "weakness", "resistance", "final")
OUTCOME_PREDICATES = {"coin"}


@dataclass(frozen=True)
class Reason:
    principle: str
    detail: str

    def line(self) -> str:
        return f"{self.principle}: {self.detail}"


@dataclass
class Outcome:
    """One way chance can go for a resolution: coins and random cards, with its probability."""

    events: tuple
    probability: Fraction
    moved: dict
    damage: dict = field(default_factory=dict)       # position -> damage placed
    trace: tuple = ()                                 # ((step, value), ...) of the damage calculation
    knocked_out: tuple = ()                           # ((position, prize cards), ...)
    conditions: tuple = ()                            # ((position, (condition, ...)), ...) after a checkup
    healed: tuple = ()                                # ((position, HP healed), ...)


@dataclass
class Resolution:
    choices: tuple          # sorted human-readable choice lines
    outcomes: list = field(default_factory=list)


@dataclass
class Verdict:
    legal: bool
    reasons: list
    resolutions: list
    moved: dict             # "from>to" -> sorted list of totals (over every model)
    complete: bool = True
    limit: Optional[str] = None
    timings: dict = field(default_factory=dict)
    damage: dict = field(default_factory=dict)  # position -> sorted damage values (over every model)
    damage_unknown: bool = False
    game_result: Optional[str] = None  # with `game_over`: me, opp, none, sudden_death

    def principles(self) -> list:
        return sorted({r.principle for r in self.reasons})


def _zone(sym: Symbol) -> str:
    player, zone = sym.arguments
    z = text(zone)
    z = {"prizes_up": "prizes"}.get(z, z)
    return z if text(player) == "me" else f"opp.{z}"


def _choice_line(sym: Symbol, problem: Problem, random_steps: set) -> Optional[str]:
    a = sym.arguments
    if sym.name == "take":
        step = a[0].number
        if step in random_steps:
            return None
        info = problem.steps[step - 1]
        if info.forced:
            return None  # "all": every fitting card moves; nothing is chosen
        what = info.op if info.role != "cost" else f"cost, {info.op}"
        route = f", {info.route.replace('attached', 'Pokémon')}" if info.route else ""
        who = "" if info.player == "me" else ", opponent's cards"
        return f"step {step} ({what}{route}{who}): {text(a[2])} x {text(a[1])}"
    if sym.name == "aim":
        return f"step {a[0].number}: choose {_mon(a[1])}"
    if sym.name == "put":
        return f"step {a[0].number}: attach {text(a[3])} x {text(a[1])} to {_mon(a[2])}"
    if sym.name == "chosen":
        return f"do optional part {a[0].number}"
    if sym.name == "drawn_amount":
        return f"step {a[0].number}: draw {a[1].number}"
    if sym.name == "retreat_pay":
        return f"retreat: discard {text(a[1])} x {text(a[0])}"
    if sym.name == "evolve_with":
        return f"step {a[0].number}: evolve into {text(a[1])}"
    return None


def analyse(problem: Problem, limits: Limits) -> Verdict:
    out = enumerate_resolutions(problem.facts, limits)
    if out.models:
        return _legal(problem, out)
    if not out.complete:
        return Verdict(False, [], [], {}, False, out.limit, out.timings)
    diag = diagnose(problem.facts, limits)
    reasons = _violations(diag.models)
    return Verdict(False, reasons, [], {}, diag.complete, diag.limit, {**out.timings, "diagnose": diag.timings.get("solve", 0)})


def _violations(models: list) -> list:
    sets = []
    for model in models:
        found = set()
        for sym in model:
            if sym.name == "violation":
                found.add((text(sym.arguments[0]), sym.arguments[2]))
        sets.append(found)
    if not sets:
        return []
    common = set.intersection(*sets) or set.union(*sets)
    return sorted({Reason(pid, describe(why)) for pid, why in common}, key=lambda r: (r.principle, r.detail))


def _legal(problem: Problem, out) -> Verdict:
    random_steps = {s.arguments[0].number for m in out.models for s in m if s.name == "random"}
    groups: dict = {}
    notes: set = set()
    moved_keys: set = set()
    per_model_moved = []
    per_model_damage = []
    damage_unknown = False
    result = None
    for model in out.models:
        choices = sorted(filter(None, (_choice_line(s, problem, random_steps) for s in model
                                       if s.name in CHOICE_PREDICATES)))
        moved: dict = {}
        placed: dict = {}
        trace: dict = {}
        kos: dict = {}
        conditions: dict = {}
        healed: dict = {}
        events = []
        pools: dict = {}
        for s in model:
            if s.name == "xfer":
                frm, to = _zone(s.arguments[1]), _zone(s.arguments[2])
                if to == "looked" or to == "opp.looked":
                    continue
                frm = frm.replace("looked", "deck")
                key = f"{frm}>{to}"
                moved[key] = moved.get(key, 0) + s.arguments[3].number
            elif s.name in ("damage_placed", "self_damage", "retaliation"):
                pos = _mon(s.arguments[0])
                placed[pos] = placed.get(pos, 0) + s.arguments[1].number
            elif s.name == "heal_by":
                pos = _mon(s.arguments[1])
                healed[pos] = healed.get(pos, 0) + s.arguments[2].number
            elif s.name == "game_result":
                result = text(s.arguments[0])
            elif s.name == "checkup_hit":
                pos = _mon(s.arguments[0])
                placed[pos] = placed.get(pos, 0) + s.arguments[2].number
            elif s.name == "condition_after":
                conditions.setdefault(_mon(s.arguments[0]), []).append(text(s.arguments[1]))
            elif s.name == "step_damage":
                pos = _mon(s.arguments[1])
                placed[pos] = placed.get(pos, 0) + s.arguments[2].number
            elif s.name == "dmg_step":
                trace[text(s.arguments[0])] = s.arguments[1].number
            elif s.name == "prize_value":
                kos[_mon(s.arguments[0])] = s.arguments[1].number
            elif s.name == "damage_rule_missing":
                damage_unknown = True
            elif s.name == "note":
                notes.add((text(s.arguments[0]), s.arguments[1]))
            elif s.name == "coin":
                events.append(("coin", coin_label(s.arguments[0]), text(s.arguments[1])))
            elif s.name == "rand_pool":
                pools.setdefault(s.arguments[0].number, {})[text(s.arguments[1])] = s.arguments[2].number
        draws: dict = {}
        for s in model:
            if s.name == "take" and s.arguments[0].number in random_steps:
                draws.setdefault(s.arguments[0].number, {})[text(s.arguments[1])] = s.arguments[2].number
        prob = Fraction(1, 2) ** sum(1 for e in events if e[0] == "coin")
        for step, pool in pools.items():
            got = draws.get(step, {})
            total = sum(pool.values())
            k = sum(got.values())
            ways = 1
            for card, n in pool.items():
                ways *= comb(n, got.get(card, 0))
            prob *= Fraction(ways, comb(total, k)) if total else 1
            events.append(("cards", str(step), tuple(sorted(got.items()))))
        moved_keys.update(moved)
        per_model_moved.append(moved)
        per_model_damage.append(placed)
        key = tuple(choices)
        res = groups.setdefault(key, Resolution(key))
        steps = tuple((name, trace[name]) for name in DAMAGE_STEPS if name in trace)
        res.outcomes.append(Outcome(tuple(sorted(events)), prob, moved, placed, steps, tuple(sorted(kos.items())),
                                    tuple(sorted((p, tuple(sorted(c))) for p, c in conditions.items())),
                                    tuple(sorted(healed.items()))))
    moved_sets = {k: sorted({m.get(k, 0) for m in per_model_moved}) for k in sorted(moved_keys)}
    positions = sorted({p for d in per_model_damage for p in d})
    damage = {p: sorted({d.get(p, 0) for d in per_model_damage}) for p in positions}
    reasons = sorted({Reason(pid, describe(why)) for pid, why in notes}, key=lambda r: (r.principle, r.detail))
    resolutions = [groups[k] for k in sorted(groups)]
    for r in resolutions:
        r.outcomes.sort(key=lambda o: o.events)
    return Verdict(True, reasons, resolutions, moved_sets, out.complete, out.limit, out.timings,
                   damage=damage, damage_unknown=damage_unknown, game_result=result)


def moved_values(verdict: Verdict, key: str) -> list:
    """The set of totals for one FROM>TO key; a transfer that never happens is [0]."""
    if not verdict.resolutions:
        return []
    return verdict.moved.get(key, [0])
