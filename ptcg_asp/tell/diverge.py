"""`ptcg-asp diverge` and `ptcg-asp prove`: a whole bounded space of states judged in one solve.

`diverge SCENARIO --readings A,B --bound FIELD=RANGE ...`: the states within the bounds where the two
readings give different verdicts, the smallest first (least total of the bound fields' values, then in
the order of the bounds), each as a ready-to-run scenario file; or the proof that none exists there.
`prove SCENARIO --claim legal|illegal --bound ...`: the claim holds for every state within the bounds, or
the smallest counterexample. Both factorise the space (tell/space.py), ground it once, and enumerate its
legal states once per reading (solve/space.py); tests/test_diverge.py checks them against `table`, which
solves the same states one by one.
"""
from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field, replace
from typing import Optional, Sequence

from ..read.model import Scenario
from ..solve.session import Session
from ..solve.solver import Limits
from ..solve.space import legal_states, reading_symbol
from .space import Space, factorise
from .generate import state_of

SHOWN = 3    # states printed as scenarios at most by default (the rest are counted): `--show N`


@dataclass
class Found:
    """One state of the space that the question singles out: its field values and its verdicts."""

    values: tuple
    verdicts: dict            # reading -> "legal" / "illegal"
    scenario: Scenario


@dataclass
class SpaceAnswer:
    """What `diverge` / `prove` found over a space."""

    command: str              # diverge / prove
    scenario: Scenario
    varies: tuple
    readings: tuple
    claim: str                # prove: legal / illegal; diverge: ""
    size: int
    groups: int
    legal_counts: dict        # reading -> number of legal states
    found: list               # the divergent states / counterexamples, smallest first (at most `shown`)
    found_count: int
    complete: bool
    timings: dict = field(default_factory=dict)
    counts: bool = False      # diverge: resolution counts compared too

    @property
    def holds(self) -> bool:
        """diverge: no divergence within the bounds; prove: the claim holds for every state."""
        return self.complete and self.found_count == 0


def _orderer(space: Space):
    """The key "smallest first" sorts states by: the total of the fields' values, then the values in the bounds'
    order (per-group sums precomputed: the key of a state costs a few additions)."""
    sums = [[sum(c) for c in combos] for combos in space.combos]

    def key(index: tuple) -> tuple:
        return (sum(s[i] for s, i in zip(sums, index)), space.values(index))
    return key


def _space(scenario: Scenario, varies: Sequence) -> tuple:
    """The factorised space and the seconds it took, its compiled `reading/1` fact out (the program chooses the
    reading; no bound field changes it, so it is a common fact)."""
    t = time.perf_counter()
    space = factorise(scenario, varies, state_of=lambda values: state_of(scenario, varies, values))
    space.factored.common = [s for s in space.factored.common if s.name != "reading"]
    return space, time.perf_counter() - t


def _found(space: Space, indices, verdict_of, shown: int) -> list:
    out = []
    for index in heapq.nsmallest(shown, indices, key=_orderer(space)):
        out.append(Found(space.values(index), verdict_of(index), space.state(index)))
    return out


def diverge(scenario: Scenario, varies: Sequence, readings: Sequence[str], limits: Optional[Limits] = None,
            shown: int = SHOWN, counts: bool = False) -> SpaceAnswer:
    """The states within the bounds where the readings' verdicts differ (module docstring); with `counts`, also
    those where both are legal with different numbers of distinct resolutions."""
    session = Session(limits)
    space, t_factor = _space(scenario, varies)
    syms = [reading_symbol(r) for r in readings]
    result = legal_states(session, space.factored, syms, session.limits, counts)
    sets = [result.legal[s] for s in syms]
    differ = set().union(*sets) - set.intersection(*sets)
    if counts:
        differ |= {i for i in set.intersection(*sets) if len({result.counts[s][i] for s in syms}) > 1}

    def verdicts(index):
        if counts:
            return {r: f"legal, {result.counts[s][index]} resolution(s)" if index in result.legal[s] else "illegal"
                    for r, s in zip(readings, syms)}
        return {r: "legal" if index in result.legal[s] else "illegal" for r, s in zip(readings, syms)}
    found = _found(space, differ, verdicts, shown)
    for f in found:
        f.scenario = replace(f.scenario, reading_override="")
    return SpaceAnswer("diverge", scenario, tuple(varies), tuple(readings), "", space.size, len(space.groups),
                       {r: len(result.legal[s]) for r, s in zip(readings, syms)}, found, len(differ), result.complete,
                       dict(result.timings, factorise=t_factor), counts)


def prove(scenario: Scenario, varies: Sequence, claim: str, limits: Optional[Limits] = None,
          shown: int = SHOWN) -> SpaceAnswer:
    """Whether `claim` (legal / illegal) holds for every state within the bounds, under the scenario's reading."""
    session = Session(limits)
    reading = scenario.active_reading
    space, t_factor = _space(scenario, varies)
    sym = reading_symbol(reading)
    result = legal_states(session, space.factored, [sym], session.limits)
    legal = result.legal[sym]
    if claim == "illegal":
        against, count = legal, len(legal)
    else:
        count = space.size - len(legal)
        against = (i for i in space.every() if i not in legal) if count else ()

    def verdicts(index):
        return {reading: "legal" if index in legal else "illegal"}
    found = _found(space, against, verdicts, shown)
    return SpaceAnswer("prove", scenario, tuple(varies), (reading,), claim, space.size, len(space.groups),
                       {reading: len(legal)}, found, count, result.complete, dict(result.timings, factorise=t_factor))


def text_lines(a: SpaceAnswer, scenario_text) -> list:
    """The answer as text; each state found as a scenario file (`scenario_text(scenario, header) -> str`)."""
    bounds = " ".join(f"--bound {v.arg}" for v in a.varies)
    lines = [f"{a.scenario.path}  {a.scenario.id}", f"  {a.scenario.title}", f"  bounds: {bounds}",
             f"  states: {a.size} (factorised into {a.groups} group(s) of fields; one grounding, one solve per reading)"]
    for r in a.readings:
        lines.append(f"  legal under {r}: {a.legal_counts[r]} of {a.size}")
    if not a.complete:
        lines.append("  INCOMPLETE: a limit was reached; nothing is proved")
        return lines
    if a.command == "diverge":
        if not a.found_count:
            same = "verdict and number of resolutions" if a.counts else "verdict"
            lines.append(f"  proved: {' and '.join(a.readings)} give the same {same} in every state within the bounds")
        else:
            lines.append(f"  divergent states: {a.found_count} (the smallest {len(a.found)} below)")
    else:
        if not a.found_count:
            lines.append(f"  proved: the action is {a.claim} in every state within the bounds (reading {a.readings[0]})")
        else:
            lines.append(f"  refuted: {a.found_count} state(s) where the action is not {a.claim} (the smallest "
                         f"{len(a.found)} below)")
    for k, f in enumerate(a.found, 1):
        shown = ", ".join(f"{v.field}={x}" for v, x in zip(a.varies, f.values))
        says = ", ".join(f"{r}: {w}" for r, w in f.verdicts.items())
        lines.append("")
        lines.append(f"  state {k}: {shown} -- {says}")
        header = [f"state {k} of `ptcg-asp {a.command}` over {bounds}", f"verdicts: {says}"]
        lines.extend("    " + x if x else "" for x in scenario_text(f.scenario, header).rstrip("\n").split("\n"))
    return lines


def answer_dict(a: SpaceAnswer) -> dict:
    """The answer as data (`--json`): the bounds, the counts, each state found with its field values, verdicts and case."""
    from .interchange import FORMAT_VERSION, case_dict
    return {"format_version": FORMAT_VERSION, "command": a.command, "file": a.scenario.path, "id": a.scenario.id,
            "bounds": [v.arg for v in a.varies], "readings": list(a.readings), "claim": a.claim or None,
            "states": a.size, "groups": a.groups, "legal": dict(a.legal_counts), "complete": a.complete,
            "holds": a.holds, "found_count": a.found_count, "counts": a.counts,
            "found": [{"values": {v.field: x for v, x in zip(a.varies, f.values)}, "verdicts": f.verdicts,
                       "case": case_dict(f.scenario)} for f in a.found]}
