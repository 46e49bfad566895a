"""A scenario's state left open within bounds, as a factorised space for one program (solve/space.py).

The bounds are `table`'s fields (`--bound FIELD=RANGE`, the same fields and ranges as `--vary`). The
compiled facts of a state are factorised by field: the *reference* state sets every field to its first
value; each other value of a field changes some facts of the reference (the facts its compile adds and
removes). Fields that change a common fact interact and form one *group*, whose value combinations are
compiled together; the groups then decide disjoint sets of facts, and a state's facts are the common
facts plus its groups' own. The factorisation is checked before anything is solved: every pair of groups
at their extreme combinations (first, last) and `SAMPLES` random states are compiled whole and must give
exactly the factorised facts; a space that does not factorise is refused, never solved approximately.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ..read.errors import InputError
from ..read.model import Scenario
from ..solve.compiler import Problem, compile_scenario
from ..solve.space import Factored
from .table import apply

SAMPLES = 24                  # random whole states compiled to check the factorisation
MAX_GROUP = 4096              # value combinations of one group of interacting fields at most
MAX_SPACE = 10 ** 9           # states in one space at most


@dataclass
class Space:
    """A factorised space: the fields, their groups, and the factored facts for the solver."""

    scenario: Scenario
    varies: tuple                 # the fields (`table.Vary`, `generate.Spot`: each has `field`, `arg`, `values`)
    groups: tuple                 # per group: the indices of its fields (into `varies`)
    combos: tuple                 # per group: its value combinations (tuples of values of its fields, in order)
    factored: Factored
    reference: Problem
    state_of: Callable            # the fields' values -> the scenario of that state

    @property
    def size(self) -> int:
        return self.factored.size

    def values(self, index: Sequence[int]) -> tuple:
        """The value of every field (in `varies` order) of the state with these combination indices."""
        out: list = [None] * len(self.varies)
        for k, (g, i) in enumerate(zip(self.groups, index)):
            for f, v in zip(g, self.combos[k][i]):
                out[f] = v
        return tuple(out)

    def state(self, index: Sequence[int]) -> Scenario:
        """The scenario of one state of the space."""
        return self.state_of(self.values(index))

    def every(self):
        """Every state's combination indices, in order (the first group varying slowest)."""
        return itertools.product(*(range(len(c)) for c in self.combos))


def _bad(arg: str, expected: str, got: str) -> InputError:
    return InputError("--bound", None, arg, expected, got)


def _facts(problem: Problem) -> dict:
    return {sym._rep: sym for sym in problem.facts}


def factorise(scenario: Scenario, varies: Sequence, seed: int = 0, state_of: Optional[Callable] = None) -> Space:
    """The space of every combination of the fields' values, factorised and checked (module docstring).
    `state_of(values)`: the scenario of a state (default: `table.apply` of the fields, which are `table.Vary`)."""
    varies = tuple(varies)
    state_of = state_of or (lambda values: apply(scenario, varies, values))

    def _compile(values) -> dict:
        return _facts(compile_scenario(state_of(tuple(values))))

    total = 1
    for v in varies:
        total *= len(v.values)
    if total > MAX_SPACE:
        raise _bad(" ".join(v.arg for v in varies), f"at most {MAX_SPACE} states", f"{total} states")
    ref_values = tuple(v.values[0] for v in varies)
    state_of(tuple(v.values[-1] for v in varies))        # the largest state must be a valid one
    reference = compile_scenario(state_of(ref_values))
    ref = _facts(reference)

    def changed(values: tuple) -> set:
        return set(_compile(values)) ^ set(ref)

    # Which facts each field's values touch; fields touching a common fact are one group.
    touched = []
    for i, v in enumerate(varies):
        t: set = set()
        for value in v.values[1:]:
            t |= changed(ref_values[:i] + (value,) + ref_values[i + 1:])
        touched.append(t)
    groups = [[i] for i in range(len(varies))]
    merged = True
    while merged:
        merged = False
        for a, b in itertools.combinations(range(len(groups)), 2):
            ta = set().union(*(touched[i] for i in groups[a]))
            tb = set().union(*(touched[i] for i in groups[b]))
            if ta & tb:
                groups[a] = sorted(groups[a] + groups[b])
                del groups[b]
                merged = True
                break
    combos, group_facts, group_touch = [], [], []
    for g in groups:
        values = list(itertools.product(*(varies[i].values for i in g)))
        if len(values) > MAX_GROUP:
            names = ", ".join(varies[i].field for i in g)
            raise _bad(names, f"fields that change the same facts ({names}) take at most {MAX_GROUP} "
                       "combinations together", f"{len(values)}")
        facts_of = []
        for combo in values:
            full = list(ref_values)
            for i, x in zip(g, combo):
                full[i] = x
            facts_of.append(_compile(tuple(full)))
        touch = set()
        for facts in facts_of:
            touch |= set(facts) ^ set(ref)
        combos.append(tuple(values))
        group_facts.append(facts_of)
        group_touch.append(touch)
    for a, b in itertools.combinations(range(len(groups)), 2):
        if group_touch[a] & group_touch[b]:
            raise _bad(" ".join(v.arg for v in varies), "fields whose values change separate facts",
                       "two groups of fields that change the same facts")
    every_touched = set().union(*group_touch) if group_touch else set()
    common = [sym for rep, sym in ref.items() if rep not in every_touched]
    factored = Factored(common, [[[facts[r] for r in facts if r in group_touch[k]] for facts in group_facts[k]]
                                 for k in range(len(groups))])
    space = Space(scenario, varies, tuple(tuple(g) for g in groups), tuple(combos), factored, reference, state_of)
    _check(space, seed)
    return space


def _factored_facts(space: Space, index: Sequence[int]) -> set:
    out = {sym._rep for sym in space.factored.common}
    for g, i in enumerate(index):
        out |= {sym._rep for sym in space.factored.groups[g][i]}
    return out


def _check(space: Space, seed: int) -> None:
    """Whole states compiled against their factorised facts: pairs of groups at their extremes, random states."""
    ends = [sorted({0, len(c) - 1}) for c in space.combos]
    picks = set()
    for a, b in itertools.combinations(range(len(space.combos)), 2):
        for x in ends[a]:
            for y in ends[b]:
                index = [0] * len(space.combos)
                index[a], index[b] = x, y
                picks.add(tuple(index))
    picks.add(tuple(len(c) - 1 for c in space.combos))
    rng = random.Random(seed)
    for _ in range(SAMPLES):
        picks.add(tuple(rng.randrange(len(c)) for c in space.combos))
    for index in sorted(picks):
        whole = {sym._rep for sym in compile_scenario(space.state(index)).facts}
        if whole != _factored_facts(space, index):
            shown = ", ".join(f"{v.field}={x}" for v, x in zip(space.varies, space.values(index)))
            raise _bad(" ".join(v.arg for v in space.varies), "bounds whose fields change the state's facts "
                       "independently (a state's facts are not its fields' own: solve these states with `table`)",
                       shown)
