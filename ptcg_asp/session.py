"""Fast repeated solving: the encodings are parsed once per process and reused for every solve.

Two ways to reuse work across many problems:

* `Session.analyse(problem)`: one problem at a time (a corpus). The encodings are parsed once
  (`clingo.ast.parse_files`); each problem gets a fresh `Control` built from the parsed statements
  (no re-parsing), its facts through the backend, and its own grounding.
* `Session.analyse_batch(problems)`: many *similar* problems (the states of a table). The facts
  every problem shares are added once as facts, the facts that differ become `#external` atoms;
  the program is grounded once, and each problem is solved by switching its externals on and the
  others off (`Control.assign_external`). Grounding with externals is exact for every assignment,
  so each solve answers exactly the problem whose facts are switched on (tests check this against
  the one-problem path). Because the grounder cannot know the externals exclude each other, the
  ground program holds the superposition of all the problems in the batch; keep batches to
  neighbouring states (`ptcg_asp.table` makes blocks of at most a few values per varied field).

`run_ordered` spreads work over worker processes (fork) and returns results in input order, so
the output does not depend on the number of workers. `audit` runs a corpus that way.

The verdicts are assembled exactly as `verdict.analyse` assembles them (the same helpers); only
where the solving happens differs.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import clingo
from clingo import ast

from .compiler import Problem
from .solver import ENCODING, Limits, SolveOutput, _run, encodings_dir
from .verdict import Verdict, _legal, _violations

# The diagnosis objective; the same statement `solver.diagnose` adds (tests compare the two paths).
DIAGNOSE_PROGRAM = "#minimize{ 1,ID,X,W : violation(ID,X,W) }."
ENUMERATE_ARGS = ["--models=0", "--project=show"]
DIAGNOSE_ARGS = ["--models=0", "--opt-mode=optN", "--project=show"]
RELAX = clingo.Function("relax", [])

_PARSED: dict = {}


def parsed_program(directory: Optional[str] = None) -> tuple:
    """The encodings as parsed statements (once per process and directory), and the diagnosis part."""
    directory = directory or encodings_dir()
    if directory not in _PARSED:
        main: list = []
        ast.parse_files([os.path.join(directory, ENCODING)], main.append,
                        logger=lambda code, msg: None)
        extra: list = []
        ast.parse_string(DIAGNOSE_PROGRAM, extra.append, logger=lambda code, msg: None)
        _PARSED[directory] = (tuple(main), tuple(extra))
    return _PARSED[directory]


@dataclass
class BatchStats:
    """What a batch cost: how many programs were grounded, and the time per phase."""

    problems: int = 0
    groundings: int = 0
    externals: int = 0
    timings: dict = field(default_factory=dict)

    def add(self, key: str, seconds: float) -> None:
        self.timings[key] = self.timings.get(key, 0.0) + seconds


class Session:
    """Reusable solving state for one process: the parsed encodings and the limits."""

    def __init__(self, limits: Optional[Limits] = None, directory: Optional[str] = None):
        self.limits = limits or Limits()
        self.directory = directory or encodings_dir()
        self.statements, self.diagnose_statements = parsed_program(self.directory)

    # ---- building a Control ------------------------------------------------------------------

    def control(self, diagnose: bool = False) -> clingo.Control:
        """A fresh Control holding the encodings (and, for a diagnosis, the objective)."""
        ctl = clingo.Control(["--warn=none"] + (DIAGNOSE_ARGS if diagnose else ENUMERATE_ARGS),
                             logger=lambda code, msg: None)
        with ast.ProgramBuilder(ctl) as builder:
            for stm in self.statements:
                builder.add(stm)
            if diagnose:
                for stm in self.diagnose_statements:
                    builder.add(stm)
        return ctl

    @staticmethod
    def _facts(ctl: clingo.Control, facts, externals=()) -> None:
        with ctl.backend() as backend:
            for sym in facts:
                backend.add_rule([backend.add_atom(sym)])
            for sym in externals:
                backend.add_external(backend.add_atom(sym), clingo.TruthValue.False_)

    # ---- one problem at a time ---------------------------------------------------------------

    def solve(self, facts: list, diagnose: bool = False) -> SolveOutput:
        t0 = time.perf_counter()
        ctl = self.control(diagnose)
        self._facts(ctl, list(facts) + ([RELAX] if diagnose else []))
        t1 = time.perf_counter()
        ctl.ground([("base", [])])
        t2 = time.perf_counter()
        out = _run(ctl, self.limits, optimize=diagnose)
        out.timings.update({"load": t1 - t0, "ground": t2 - t1})
        return out

    def analyse(self, problem: Problem) -> Verdict:
        """The verdict of one problem, as `verdict.analyse` gives it, on the parsed encodings."""
        out = self.solve(problem.facts)
        timings = {"build": out.timings["load"], "ground": out.timings["ground"], "solve": out.timings["solve"]}
        if out.models:
            t = time.perf_counter()
            v = _legal(problem, out)
            timings["verdict"] = time.perf_counter() - t
            v.timings = timings
            return v
        if not out.complete:
            return Verdict(False, [], [], {}, False, out.limit, timings)
        diag = self.solve(problem.facts, diagnose=True)
        timings["build"] += diag.timings["load"]
        timings["ground"] += diag.timings["ground"]
        timings["solve"] += diag.timings["solve"]
        t = time.perf_counter()
        reasons = _violations(diag.models)
        timings["verdict"] = time.perf_counter() - t
        return Verdict(False, reasons, [], {}, diag.complete, diag.limit, timings)

    # ---- many similar problems -----------------------------------------------------------------

    def analyse_batch(self, problems: Sequence[Problem], stats: Optional[BatchStats] = None) -> list:
        """Verdicts of many problems, grounding once for all of them (and once more for the illegal ones)."""
        stats = stats if stats is not None else BatchStats()
        stats.problems += len(problems)
        verdicts: list = [None] * len(problems)
        fact_sets = [frozenset(p.facts) for p in problems]
        pending = []
        for i, out in self._batch_solve(fact_sets, list(range(len(problems))), False, stats):
            if out.models:
                t = time.perf_counter()
                verdicts[i] = _legal(problems[i], out)
                stats.add("verdict", time.perf_counter() - t)
            elif not out.complete:
                verdicts[i] = Verdict(False, [], [], {}, False, out.limit, {})
            else:
                pending.append(i)
        for i, out in self._batch_solve(fact_sets, pending, True, stats):
            t = time.perf_counter()
            verdicts[i] = Verdict(False, _violations(out.models), [], {}, out.complete, out.limit, {})
            stats.add("verdict", time.perf_counter() - t)
        return verdicts

    def _batch_solve(self, fact_sets: list, indices: list, diagnose: bool, stats: BatchStats):
        if not indices:
            return
        t0 = time.perf_counter()
        chosen = [fact_sets[i] for i in indices]
        common = frozenset.intersection(*chosen)
        varying = sorted(frozenset.union(*chosen) - common)
        ctl = self.control(diagnose)
        self._facts(ctl, sorted(common) + ([RELAX] if diagnose else []), varying)
        t1 = time.perf_counter()
        ctl.ground([("base", [])])
        t2 = time.perf_counter()
        stats.groundings += 1
        stats.externals += len(varying)
        stats.add("build", t1 - t0)
        stats.add("ground", t2 - t1)
        state = dict.fromkeys(varying, False)
        for i in indices:
            facts = fact_sets[i]
            t = time.perf_counter()
            for sym in varying:
                value = sym in facts
                if state[sym] != value:
                    ctl.assign_external(sym, value)
                    state[sym] = value
            out = _run(ctl, self.limits, optimize=diagnose)
            stats.add("solve", time.perf_counter() - t)
            yield i, out


# ---- worker processes ---------------------------------------------------------------------------

_WORK: dict = {}


def _call(index: int):
    return _WORK["fn"](_WORK["items"][index])


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def run_ordered(fn: Callable, items: Sequence, jobs: int = 1) -> list:
    """[fn(item) for item in items], on `jobs` worker processes, results in input order.

    Workers are forked, so `fn` and `items` need not be picklable (the results must be). Where
    fork is unavailable, or with one job or one item, everything runs in this process.
    """
    jobs = max(1, min(jobs, len(items)))
    if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [fn(item) for item in items]
    _WORK.update(fn=fn, items=items)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return list(pool.imap(_call, range(len(items)), chunksize=1))
    finally:
        _WORK.clear()


# ---- a whole corpus -----------------------------------------------------------------------------

@dataclass
class AuditRow:
    """One scenario of an audit: what `ptcg-asp audit` prints for it."""

    path: str
    id: str = "-"
    legal: Optional[bool] = None
    principles: tuple = ()
    resolutions: int = 0
    status: str = "ERROR"      # PASS, FAIL, LIMIT, ERROR
    failed: tuple = ()
    error: str = ""
    seconds: float = 0.0
    timings: dict = field(default_factory=dict)


def check_one(path: str, library, session: Session) -> AuditRow:
    """Load, compile and analyse one scenario on the session; compare its expectations."""
    from .check import Report, compare, run
    from .compiler import compile_scenario
    from .errors import InputError
    from .loader import load_scenario

    start = time.perf_counter()
    try:
        t0 = time.perf_counter()
        scenario = load_scenario(path, library)
        t1 = time.perf_counter()
        if scenario.action.kind == "actions":
            # Listing every action judges many actions: the reference path does that.
            report = run(path, library, session.limits)
            timings = {"load": t1 - t0}
        else:
            problem = compile_scenario(scenario)
            t2 = time.perf_counter()
            verdict = session.analyse(problem)
            report = Report(scenario, problem, verdict, compare(scenario, verdict))
            timings = {"load": t1 - t0, "compile": t2 - t1, **verdict.timings}
    except InputError as exc:
        return AuditRow(path, error=exc.render(), seconds=time.perf_counter() - start)
    v = report.verdict
    status = "PASS" if report.passed else ("LIMIT" if not v.complete else "FAIL")
    return AuditRow(path, report.scenario.id, v.legal, tuple(v.principles()), len(v.resolutions), status,
                    tuple(f.key for f in report.findings if not f.ok), "", time.perf_counter() - start, timings)


def audit(files: Sequence[str], library, limits: Optional[Limits] = None, jobs: int = 1) -> list:
    """Every scenario file checked on `jobs` worker processes; rows in the order of `files`."""
    session = Session(limits)
    rows = run_ordered(lambda f: check_one(f, library, session), list(files), jobs)
    seen: dict = {}
    for row in rows:
        if row.status != "ERROR":
            if row.id in seen:
                row.status = "ERROR"
                row.error = f"{row.path}:1: id: expected an id unique in the corpus (also in {seen[row.id]}), " \
                            f"got {row.id!r}"
            else:
                seen[row.id] = row.path
    return rows
