"""Run one scenario end to end and compare its expectations with the verdict."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..solve.actions import judge_all
from ..solve.compiler import Problem, compile_scenario
from ..cards.library import CardLibrary
from ..read.loader import load_scenario
from ..read.model import Scenario
from ..solve.session import Session
from ..solve.solver import Limits
from ..solve.verdict import Verdict, moved_values


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
    def unsupported(self) -> list:
        """`actions: {}`: the candidate actions not judged because they need unexpressed card text, as
        far as the result depends on them: those an `allowed`/`forbidden` expectation names, or all of
        them when an expectation is about the listing as a whole (or there is none). The listing shows
        every action it did not judge either way."""
        refused = [j for j in self.actions if j.unsupported]
        exp = self.scenario.expect
        if not refused or exp is None:
            return refused
        if not self.findings or any(not f.key.startswith(("allowed ", "forbidden ")) for f in self.findings):
            return refused
        named = {_norm(x) for x in tuple(exp.allowed) + tuple(exp.forbidden)}
        return [j for j in refused if _norm(j.line) in named]

    @property
    def passed(self) -> bool:
        """Every expectation holds on a complete result (and there is at least one)."""
        return self.status == "PASS"

    @property
    def status(self) -> str:
        """UNSUPPORTED: some listed actions need card text the vocabulary does not express (not
        judged); INCOMPLETE: a limit cut the solving short, so nothing is compared (never FAIL or
        PASS); UNCHECKED: the scenario states no expectation, so nothing was checked; PASS: every
        expectation holds; FAIL: one does not; DIVERGENT: one does not, and the scenario says so
        (`known_divergence`: the rules expect what it states, ptcg-asp is known to answer otherwise).
        A marked scenario whose expectations all hold is PASS: the mark is stale."""
        if self.unsupported:
            return "UNSUPPORTED"
        if not self.verdict.complete:
            return "INCOMPLETE"
        if not self.findings:
            return "UNCHECKED"
        if all(f.ok for f in self.findings):
            return "PASS"
        return "DIVERGENT" if self.scenario.known_divergence else "FAIL"


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
    """The findings: the plain `expect` when the scenario is solved under its own reading, and
    `expect.readings.NAME` under the reading NAME (docs/readings.md)."""
    exp = scenario.expect
    if exp is None:
        return []
    out = _findings(exp, verdict, judged) if scenario.active_reading == scenario.reading else []
    for name, one in exp.readings:
        if name == scenario.active_reading:
            out += [Finding(f"{f.key} [{name}]", f.expected, f.actual, f.ok, f.line)
                    for f in _findings(one, verdict, judged)]
    return out


def _findings(exp, verdict: Verdict, judged: Optional[list]) -> list:
    line = {k: (w.line if w else None) for k, w in exp.where.items()}
    out = []
    if exp.legal is not None:
        want = "legal" if exp.legal else "illegal"
        out.append(Finding("verdict", want, verdict.word, want == verdict.word, line.get("legal")))
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
        want = "legal" if exp.valid else "illegal"
        out.append(Finding("verdict", want, verdict.word, want == verdict.word, line.get("valid")))
    legal_lines = {_norm(j.line) for j in judged or [] if j.legal}
    for wanted in exp.allowed:
        ok = _norm(wanted) in legal_lines
        out.append(Finding(f"allowed {wanted}", "listed", "listed" if ok else "not listed", ok, line.get("allowed")))
    for unwanted in exp.forbidden:
        ok = _norm(unwanted) not in legal_lines
        out.append(Finding(f"forbidden {unwanted}", "not listed", "not listed" if ok else "listed", ok,
                           line.get("forbidden")))
    return out
