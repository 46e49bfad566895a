"""A whole space of states in one program: clingo chooses the state, one solve finds every legal one.

The space is given factorised (`Factored`, built by tell/space.py from a base scenario and the fields it
varies): the facts every state shares, and *groups* of fields whose values decide disjoint sets of facts.
The program chooses one value combination per group, `1 { state_value(G,0..N-1) } 1.`, and each fact a
group decides is derived from the combinations that have it (`F :- state_value(G,(I1;I2;...)).`, program
statements built from the symbols, as in batch.py). One grounding holds the superposition of the whole
space (its size is the sum of the groups' sizes, not their product), and one enumeration projected onto
`state_value/2` gives every state that has a legal resolution exactly once: the others are illegal.

A reading is a fact of the problem (`reading(R)`, encodings/readings.lp): the program leaves it open
among the readings asked for, and the enumeration under each is one solve of the same grounding.

Each model's state is read from its cost, not its atoms: one `#minimize` level per group whose weight is the
combination's index plus one (`opt-mode=enum` with a bound every model meets: nothing is optimised, every model is
enumerated), so that `Model.cost` gives the whole state in one call. Reading the shown atoms of each model instead
(`Model.symbols`) took most of the enumeration's time (docs/benchmarks.md).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

import clingo
from clingo import ast

from .batch import _number_term
from .program import _LOC, _external, _literal, RELAX, RELAX_CHOICES, RELAX_CHOICES_PATTERN, RELAX_PATTERN
from .facts import fact_pattern
from .solver import Limits
from .watchdog import _watchdog

VALUE = "state_value"


@dataclass
class Factored:
    """A space of states: `common` facts, and per group the facts of each of its value combinations."""

    common: list                       # facts every state has
    groups: list                       # per group: a list (one entry per combination) of fact lists
    readings: tuple = ()               # reading names the program leaves open (reading(R) facts per name)

    @property
    def size(self) -> int:
        n = 1
        for g in self.groups:
            n *= len(g)
        return n


@dataclass
class SpaceResult:
    """The legal states under each reading: combination index tuples (one index per group)."""

    legal: dict                        # reading -> set of index tuples
    complete: bool
    timings: dict = field(default_factory=dict)
    counts: dict = field(default_factory=dict)   # with `counts`: reading -> {index tuple: distinct resolutions}


def _value(g: int, arg) -> ast.AST:
    return ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(_LOC, VALUE, [_number_term(g), arg], False)))


def _statements(space: Factored, reading_syms: Sequence[clingo.Symbol], show: bool = True) -> list:
    """The choice of one combination per group, the facts each decides, the open reading, `#show state_value/2.`
    (`show`: only for the projection onto the state)."""
    one = ast.Guard(ast.ComparisonOperator.LessEqual, _number_term(1))
    out = []
    for g, combos in enumerate(space.groups):
        every = _value(g, ast.Interval(_LOC, _number_term(0), _number_term(len(combos) - 1)))
        out.append(ast.Rule(_LOC, ast.Aggregate(_LOC, one, [ast.ConditionalLiteral(_LOC, every, [])], one), []))
        holders: dict = {}
        first: dict = {}
        for i, facts in enumerate(combos):
            for sym in facts:
                holders.setdefault(sym._rep, []).append(i)
                first.setdefault(sym._rep, sym)
        for rep, sym in first.items():
            have = holders[rep]
            if len(have) == len(combos):
                out.append(ast.Rule(_LOC, _literal(sym), []))
                continue
            arg = _number_term(have[0]) if len(have) == 1 else ast.Pool(_LOC, [_number_term(i) for i in have])
            out.append(ast.Rule(_LOC, _literal(sym), [_value(g, arg)]))
    if reading_syms:
        lits = [ast.ConditionalLiteral(_LOC, _literal(sym), []) for sym in reading_syms]
        out.append(ast.Rule(_LOC, ast.Aggregate(_LOC, one, lits, one), []))
    if show:
        out.append(ast.ShowSignature(_LOC, VALUE, 2, True))
    for g, combos in enumerate(space.groups):
        # the state in the cost (module docstring): level g+1 weighs combination i of group g as i+1
        for i in range(len(combos)):
            out.append(ast.Minimize(_LOC, _number_term(i + 1), _number_term(g + 1), [_number_term(g)],
                                    [_value(g, _number_term(i))]))
    return out


def _cost_bound(space: Factored) -> str:
    """`opt-mode` for the enumeration: every model, with its cost (the bound, highest level first, is each group's
    largest weight, which every model meets)."""
    return ",".join(["enum"] + [str(len(space.groups[g])) for g in reversed(range(len(space.groups)))])


# A resolution is its choices (verdict.py: the choice lines), never a random card a draw takes: with `counts`, models
# are projected onto the state and these atoms, so each state's models are its distinct resolutions.
_CHOICES = """
resolution_choice(take(S,C,K)) :- take(S,C,K), not random(S).
resolution_choice(aim(S,M)) :- aim(S,M).
resolution_choice(put(S,C,M,K)) :- put(S,C,M,K).
resolution_choice(chosen(U)) :- chosen(U).
resolution_choice(evolve_with(S,C)) :- evolve_with(S,C).
resolution_choice(retreat_pay(C,K)) :- retreat_pay(C,K).
resolution_choice(drawn_amount(S,N)) :- drawn_amount(S,N).
resolution_choice(cnt_on(S,M,K)) :- cnt_on(S,M,K).
resolution_choice(take_off(S,M,C,K)) :- take_off(S,M,C,K).
resolution_choice(ko_found(Q,X)) :- ko_found(Q,X).
resolution_choice(react_lose(Q,C,K)) :- react_lose(Q,C,K).
resolution_choice(react_bounce(C,K)) :- react_bounce(C,K).
resolution_choice(react_shift_on(C,K,M)) :- react_shift_on(C,K,M).
resolution_choice(eot_attached(P,M,C)) :- eot_attached(P,M,C).
resolution_choice(bench_cut(X,P,M)) :- bench_cut(X,P,M).
resolution_choice(down_cut(S,M)) :- down_cut(S,M).
resolution_choice(swap_with(S,C)) :- swap_with(S,C).
resolution_choice(down_pick(S,M,C)) :- down_pick(S,M,C), devolve_any(S).
resolution_choice(ko_move_on(C,K,M)) :- ko_move_on(C,K,M).
#show resolution_choice/1.
"""


def _choice_statements() -> list:
    out: list = []
    ast.parse_string(_CHOICES, out.append)
    return [stm for stm in out if stm.ast_type != ast.ASTType.Program]


def control(session, space: Factored, reading_syms: Sequence[clingo.Symbol], counts: bool = False) -> clingo.Control:
    """A Control for the whole space: the encodings' rules that any state's facts can use (relevance), no
    `#show` but `state_value/2` (the projection), `relax` and `relax_choices` false."""
    ctl = clingo.Control(["--models=0", "--project=show", f"--opt-mode={_cost_bound(space)}"], logger=session.logger)
    every = list(space.common) + [s for g in space.groups for facts in g for s in facts] + list(reading_syms)
    session._facts(ctl, space.common)
    with ast.ProgramBuilder(ctl) as builder:
        patterns = frozenset(fact_pattern(sym) for sym in every) | {RELAX_PATTERN, RELAX_CHOICES_PATTERN}
        for stm in session.rules.live(patterns):
            if stm.ast_type not in (ast.ASTType.ShowSignature, ast.ASTType.ShowTerm):
                builder.add(stm)
        builder.add(_external(RELAX))
        builder.add(_external(RELAX_CHOICES))
        for stm in _statements(space, reading_syms):
            builder.add(stm)
        if counts:
            for stm in _choice_statements():
                builder.add(stm)
    return ctl


class _States:
    """The on_model callback of the space's enumeration: keeps each model's state (its groups' combination
    indices, read from the model's cost: level g+1 is group g's index plus one, highest level first), stops at
    the cap."""

    def __init__(self, cap: int, groups: int):
        self.cap, self.groups = cap, groups
        self.states: list = []
        self.hit_cap = False

    def __call__(self, model: clingo.Model) -> bool:
        cost = model.cost
        self.states.append(tuple(cost[self.groups - 1 - g] - 1 for g in range(self.groups)))
        if len(self.states) >= self.cap:
            self.hit_cap = True
            return False
        return True


def _enumerate(ctl: clingo.Control, limits: Limits, assumptions: list, groups: int) -> tuple:
    """(states, complete, seconds): one projected enumeration under the time limit (the watchdog)."""
    collect = _States(limits.max_models, groups)
    watchdog = _watchdog()
    start = time.perf_counter()
    watchdog.arm(ctl, limits.timeout)
    try:
        result = ctl.solve(on_model=collect, assumptions=assumptions)
    finally:
        timed_out = watchdog.disarm()
    complete = not timed_out and not collect.hit_cap and (bool(result.exhausted) or result.unsatisfiable is True)
    return collect.states, complete, time.perf_counter() - start


def legal_states(session, space: Factored, reading_syms: Sequence[clingo.Symbol], limits: Limits,
                 counts: bool = False) -> SpaceResult:
    """Every legal state of the space under each reading: one grounding, one projected enumeration per reading.
    A state is the tuple of its groups' combination indices. With `counts`, the enumeration is projected onto the
    state and its resolution's choices too, and `SpaceResult.counts` gives each legal state's number of distinct
    resolutions (the cap on models is then the session's cap on resolutions times the size of the space)."""
    t0 = time.perf_counter()
    ctl = control(session, space, reading_syms, counts)
    t1 = time.perf_counter()
    ctl.ground([("base", [])])
    t2 = time.perf_counter()
    cap = Limits(limits.timeout, (space.size + 1) * (limits.max_models if counts else 1))
    legal, tallies, complete, solve_time = {}, {}, True, 0.0
    for r in reading_syms or (None,):
        assumptions = [] if r is None else [(x, x == r) for x in reading_syms]
        states, done, seconds = _enumerate(ctl, cap, assumptions, len(space.groups))
        solve_time += seconds
        complete &= done
        legal[r] = set(states)
        if counts:
            tally: dict = {}
            for st in states:
                tally[st] = tally.get(st, 0) + 1
            tallies[r] = tally
    return SpaceResult(legal, complete, {"build": t1 - t0, "ground": t2 - t1, "solve": solve_time}, tallies)


def reading_symbol(name: str) -> clingo.Symbol:
    """The fact `reading(R)` of a reading's name, as the compiler writes it (seed-000 -> seed_000)."""
    return clingo.Function("reading", [clingo.Function(name.replace("-", "_"))])

