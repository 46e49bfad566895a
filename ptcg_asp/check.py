"""Run one scenario end to end and compare its expectations with the verdict."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .actions import judge_all
from .compiler import Problem, compile_scenario
from .library import CardLibrary
from .loader import load_scenario
from .model import Scenario
from .session import Session
from .solver import Limits
from .verdict import Verdict, moved_values


def _norm(line: str) -> str:
    """Action lines compare with single spaces and the plain card names."""
    return " ".join(line.split())


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
    actions: list = field(default_factory=list)  # for `actions: {}`: every candidate action, judged

    @property
    def passed(self) -> bool:
        return self.verdict.complete and all(f.ok for f in self.findings)

    @property
    def status(self) -> str:
        """PASS; LIMIT (a limit cut the solving short: no verdict to compare); FAIL."""
        return "PASS" if self.passed else ("LIMIT" if not self.verdict.complete else "FAIL")


def run(path: str, library: CardLibrary, limits: Limits, session: Optional[Session] = None) -> Report:
    """Load one scenario file, solve its action and compare its expectations (one session per
    command: the encodings are parsed once)."""
    return run_scenario(load_scenario(path, library), session or Session(limits))


def run_scenario(scenario: Scenario, session: Session, problem: Optional[Problem] = None) -> Report:
    """Solve a loaded scenario's action on the session (`problem`: its facts, if already compiled)."""
    if scenario.action.kind == "actions":
        judged = judge_all(scenario, session)
        verdict = Verdict(any(j.legal for j in judged), [], [], {}, all(j.complete for j in judged))
        report = Report(scenario, Problem([]), verdict, [], judged)
        report.findings = compare(scenario, verdict, judged)
        return report
    problem = problem or compile_scenario(scenario)
    verdict = session.analyse(problem)
    return Report(scenario, problem, verdict, compare(scenario, verdict))


def compare(scenario: Scenario, verdict: Verdict, judged: Optional[list] = None) -> list:
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
    for position, values in exp.prizes_taken:
        actual = verdict.prizes.get(position, [0]) if verdict.legal else []
        out.append(Finding(f"prizes_taken {position}", sorted(values), actual, sorted(values) == actual,
                           line.get("prizes_taken")))
    if exp.winner is not None:
        out.append(Finding("winner", exp.winner, verdict.game_result, exp.winner == verdict.game_result,
                           line.get("winner")))
    if exp.valid is not None:
        out.append(Finding("valid", exp.valid, verdict.legal, exp.valid == verdict.legal, line.get("valid")))
    legal_lines = {_norm(j.line) for j in judged or [] if j.legal}
    for wanted in exp.allowed:
        ok = _norm(wanted) in legal_lines
        out.append(Finding(f"allowed {wanted}", "listed", "listed" if ok else "not listed", ok, line.get("allowed")))
    for unwanted in exp.forbidden:
        ok = _norm(unwanted) not in legal_lines
        out.append(Finding(f"forbidden {unwanted}", "not listed", "not listed" if ok else "listed", ok,
                           line.get("forbidden")))
    return out
