"""Run one scenario end to end and compare its expectations with the verdict."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .compiler import Problem, compile_scenario
from .library import CardLibrary
from .loader import load_scenario
from .model import Scenario
from .solver import Limits
from .verdict import Verdict, analyse, moved_values


@dataclass
class Finding:
    """One expectation: what the scenario says, what ptcg-asp found, and whether they agree."""

    key: str
    expected: object
    actual: object
    ok: bool
    line: Optional[int] = None


@dataclass
class Report:
    scenario: Scenario
    problem: Problem
    verdict: Verdict
    findings: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.verdict.complete and all(f.ok for f in self.findings)


def run(path: str, library: CardLibrary, limits: Limits) -> Report:
    scenario = load_scenario(path, library)
    problem = compile_scenario(scenario)
    verdict = analyse(problem, limits)
    return Report(scenario, problem, verdict, compare(scenario, verdict))


def compare(scenario: Scenario, verdict: Verdict) -> list:
    exp = scenario.expect
    if exp is None:
        return []
    line = {k: (w.line if w else None) for k, w in exp.where.items()}
    out = []
    if exp.legal is not None:
        out.append(Finding("legal", exp.legal, verdict.legal, exp.legal == verdict.legal, line.get("legal")))
    if exp.because:
        cited = verdict.principles()
        missing = [p for p in exp.because if p not in cited]
        out.append(Finding("because", list(exp.because), cited, not missing, line.get("because")))
    for key, values in exp.moved:
        actual = moved_values(verdict, key)
        out.append(Finding(f"moved {key}", sorted(values), actual, sorted(values) == actual, line.get("moved")))
    if exp.resolutions is not None:
        n = len(verdict.resolutions)
        out.append(Finding("resolutions", exp.resolutions, n, n == exp.resolutions, line.get("resolutions")))
    for position, values in exp.damage:
        if verdict.damage_unknown:
            actual = "not computable: the attack's card data does not say what its x/+/- counts"
        else:
            actual = verdict.damage.get(position, [0] if verdict.legal else [])
        out.append(Finding(f"damage {position}", sorted(values), actual, sorted(values) == actual, line.get("damage")))
    for key in ("allowed", "forbidden", "valid"):
        value = getattr(exp, key)
        if value not in (None, (), []):
            out.append(Finding(key, value, "not checked: this action kind does not produce it yet", False, line.get(key)))
    return out
