"""Fast repeated solving: the encodings are parsed once per process and reused for every solve.

Two ways to reuse work across many problems:

* `Session.analyse(problem)`: one problem at a time (a corpus). The encodings are parsed once
  (`clingo.ast.parse_files`); each problem gets a fresh `Control` built from the parsed statements
  (no re-parsing), its facts through the backend, and its own grounding.
* `Session.analyse_batch(problems)`: many *similar* problems (the states of a table, the
  candidate actions of `actions: {}`, scenarios that do the same action). The facts every problem
  shares are added once as facts; the program picks one member of the batch
  (`1 { batch_member(0..N-1) } 1.`) and each other fact is derived from the members that have it
  (`F :- batch_member((I1;I2;...)).`, rules built from the symbols). The program is grounded once,
  and one solve enumerates the resolutions of every member (`batch_member/1` is shown, so
  projection never merges two members' models). The members with none are diagnosed on the same
  grounding (`relax` is an external, switched on for the diagnosis), all in one optimisation,
  repeated for those whose own optimum is higher. If a solve for several members reaches a limit
  or collects more than `BATCH_MODELS` models, each of them is solved alone (assuming its
  `batch_member`), with the limits of a single problem, and judged before the next one. Derived facts are exact for every member (tests check each verdict against the
  one-problem path); the ground program holds the superposition of the members, so batches are
  kept to similar states (`ptcg_asp.tell.table` makes blocks of neighbouring values of each field).

`run_ordered` spreads work over worker processes (fork) and returns results in input order, so
the output does not depend on the number of workers. `audit` runs a corpus that way.

The verdicts are assembled exactly as `verdict.analyse` assembles them (the same helpers); only
where the solving happens differs.
"""
from __future__ import annotations

import functools
import os
import re
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Optional, Sequence

import clingo
from clingo import ast

from .compiler import Problem, fact_pattern
from .relevance import RuleIndex
from .solver import ENCODING, Limits, ModelCollector, SolveOutput, encodings_dir
from .verdict import Decoder, Verdict, judge

# The diagnosis objective; the same statement `solver.diagnose` adds (tests compare the two paths).
DIAGNOSE_PROGRAM = "#minimize{ 1,ID,X,W : violation(ID,X,W) }."
ENUMERATE_ARGS = ["--models=0", "--project=show"]
RELAX = clingo.Function("relax", [])
RELAX_PATTERN = ("relax", 0, ())
_LOC = ast.Location(ast.Position("<ptcg-asp>", 1, 1), ast.Position("<ptcg-asp>", 1, 1))


def _atom(sym: clingo.Symbol):
    return ast.SymbolicAtom(ast.SymbolicTerm(_LOC, sym))


def _literal(sym: clingo.Symbol):
    return ast.Literal(_LOC, ast.Sign.NoSign, _atom(sym))


def _external(sym: clingo.Symbol):
    """The statement `#external SYM. [false]`, built from the symbol."""
    return ast.External(_LOC, _atom(sym), [], ast.SymbolicTerm(_LOC, clingo.Function("false")))


# A batch is one program: `1 { batch_member(0); ...; batch_member(N-1) } 1.` picks the problem,
# and each fact that not every problem has is derived from the members that have it.
MEMBER = "batch_member"
BATCH_MODELS = 20_000    # models one solve for several members may collect; past it, each member alone


@functools.lru_cache(maxsize=4096)
def _number_term(i: int):
    """The AST term of the number `i` (built once: a batch refers to each member number often)."""
    return ast.SymbolicTerm(_LOC, clingo.Number(i))


def _member(arg) -> ast.AST:
    """The body literal `batch_member(ARG)` (ARG: a term, an interval or a pool)."""
    return ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(_LOC, MEMBER, [arg], False)))


def _member_statements(varying: Sequence, holders: dict, members: int) -> list:
    """The choice of one member, `1 { batch_member(0..N-1) } 1.`; `#show batch_member/1.` (models
    of different members stay apart under projection); and `F :- batch_member((I1;I2;...)).` for
    each varying fact F and the members I that have it (`holders`: the `_rep` of a fact -> those
    members; the pool stands for one rule per member). Program statements, not backend rules:
    clingo 5.8's grounder loses rule instances over atoms that only the backend defines (see
    `Session.control`)."""
    one = ast.Guard(ast.ComparisonOperator.LessEqual, _number_term(1))
    every = _member(ast.Interval(_LOC, _number_term(0), _number_term(members - 1)))
    out = [ast.Rule(_LOC, ast.Aggregate(_LOC, one, [ast.ConditionalLiteral(_LOC, every, [])], one), []),
           ast.ShowSignature(_LOC, MEMBER, 1, True)]
    for sym in varying:
        have = holders[sym._rep]
        arg = _number_term(have[0]) if len(have) == 1 else ast.Pool(_LOC, [_number_term(i) for i in have])
        out.append(ast.Rule(_LOC, _literal(sym), [_member(arg)]))
    return out


_PARSED: dict = {}


def parsed_program(directory: Optional[str] = None) -> tuple:
    """The encodings as parsed statements (once per process and directory), and the diagnosis part."""
    directory = directory or encodings_dir()
    if directory not in _PARSED:
        def parse() -> list:
            main: list = []
            keep = lambda stm: main.append(stm) if stm.ast_type != ast.ASTType.Comment else None  # noqa: E731
            # The `%*` docstrings are parsed as statements too; a Control has no use for them.
            ast.parse_files([os.path.join(directory, ENCODING)], keep)
            return main
        extra: list = []
        ast.parse_string(DIAGNOSE_PROGRAM, extra.append)
        _PARSED[directory] = (RuleIndex.cached(directory, parse), tuple(extra))
    return _PARSED[directory]


class _Watchdog:
    """Interrupts a synchronous solve that runs past its deadline (one thread per process).

    `solver._run` enforces the time limit with an asynchronous solve and `wait(timeout)`; that
    hands every solve to another thread, which costs about a millisecond per solve on a busy
    machine. Here the solve runs in the calling thread and this thread, polling every
    `TICK` seconds, calls `Control.interrupt()` when the deadline passes.
    """

    TICK = 0.02

    def __init__(self):
        self.lock = threading.Lock()
        self.ctl: Optional[clingo.Control] = None
        self.deadline = 0.0
        self.fired = False
        self.pid = os.getpid()
        threading.Thread(target=self._loop, name="ptcg-asp-watchdog", daemon=True).start()

    def _loop(self) -> None:
        while True:
            time.sleep(self.TICK)
            with self.lock:
                if self.ctl is not None and time.monotonic() > self.deadline:
                    self.ctl.interrupt()
                    self.fired = True
                    self.ctl = None

    def arm(self, ctl: clingo.Control, timeout: float) -> None:
        with self.lock:
            self.fired = False
            self.deadline = time.monotonic() + timeout
            self.ctl = ctl

    def disarm(self) -> bool:
        """Stop watching; True if the deadline had passed (the solve was interrupted)."""
        with self.lock:
            self.ctl = None
            return self.fired


_WATCHDOG: Optional[_Watchdog] = None


def _watchdog() -> _Watchdog:
    global _WATCHDOG
    if _WATCHDOG is None or _WATCHDOG.pid != os.getpid():   # threads do not survive a fork
        _WATCHDOG = _Watchdog()
    return _WATCHDOG


def solve_limited(ctl: clingo.Control, limits: Limits, optimize: bool = False,
                  assumptions: Sequence = ()) -> SolveOutput:
    """`solver._run`'s contract (time limit, model cap, `complete`), with the solve in this thread."""
    collect = ModelCollector(limits, optimize)
    watchdog = _watchdog()
    start = time.perf_counter()
    watchdog.arm(ctl, limits.timeout)
    try:
        result = ctl.solve(on_model=collect, assumptions=list(assumptions))
    finally:
        timed_out = watchdog.disarm()
    spent = time.perf_counter() - start
    # The watchdog looks every TICK seconds; a solve that outlived its limit between two looks is
    # reported as cut short too, as `solver._run` (which stops waiting at the limit) reports it.
    return collect.output(timed_out or result.interrupted or spent > limits.timeout, result, {"solve": spent})


def _split_facts(problems: Sequence[Problem]) -> tuple:
    """(every fact, the facts all problems share, the others, `_rep` -> the problems that have it).

    Facts are told apart by `_rep` (symbols are interned) and kept in the order the problems list
    them: deterministic, and no symbol comparisons, which are calls into clingo. The counting is
    done on sets of `_rep`s (in C); only the facts that vary are visited one by one."""
    reps = [[sym._rep for sym in p.facts] for p in problems]
    first: dict = {}      # `_rep` -> the fact, in order of first appearance
    for p, r in zip(problems, reps):
        first.update(zip(r, p.facts))
    sets = [set(r) for r in reps]
    shared = set.intersection(*sets) if sets else set()
    holders: dict = {}
    for i, have in enumerate(sets):
        for r in have - shared:
            holders.setdefault(r, []).append(i)
    common = [sym for r, sym in first.items() if r in shared]
    varying = [sym for r, sym in first.items() if r not in shared]
    return list(first.values()), common, varying, holders


def _not_started() -> SolveOutput:
    """The output of a solve that a spent shared budget did not start: incomplete, a timeout."""
    return SolveOutput([], False, "timeout")


@dataclass
class BatchStats:
    """What a batch cost: how many programs were grounded, and the time per phase."""

    problems: int = 0
    groundings: int = 0
    varying: int = 0          # facts that not every problem of a batch has
    timings: dict = field(default_factory=dict)

    def add(self, key: str, seconds: float) -> None:
        self.timings[key] = self.timings.get(key, 0.0) + seconds


class Session:
    """Reusable solving state for one process: the parsed encodings and the limits.

    One Control serves both solves `verdict.analyse` makes: `relax` (diagnosis mode) is an
    external, false while the resolutions are enumerated (the objective is ignored then), and
    switched on, with optimisation, only when nothing is legal. So an illegal action costs one
    grounding, not two.
    """

    def __init__(self, limits: Optional[Limits] = None, directory: Optional[str] = None,
                 logger: Optional[Callable] = None):
        self.limits = limits or Limits()
        self.directory = directory or encodings_dir()
        self.logger = logger    # clingo's messages (warnings are on); None: clingo prints them to stderr
        self.rules, self.diagnose_statements = parsed_program(self.directory)

    # ---- building a Control ------------------------------------------------------------------

    def control(self, facts: Iterable = (), extra: Sequence = (), given: Sequence = ()) -> clingo.Control:
        """A fresh Control holding the `given` facts (through the backend), the encodings' rules
        that the `facts` can use (`relevance`: an exact pruning), the diagnosis objective (ignored
        until needed), `#external relax.` (false at first) and the `extra` statements (whose heads
        must be among the facts).

        The facts go in first: opening the backend after program statements were added makes
        clingo check the `#show` signatures before anything is grounded, and warn that no atoms
        occur over each of them (clingo 5.8; the answer sets are the same either way).

        The external is a program statement (clingo.ast), never text. Declaring externals through
        the backend instead (`Backend.add_external`) loses rule instances in
        clingo 5.8: with two such atoms r(a), r(b), the rule `q :- r(X).` fires for r(a) only (a
        body the grounder projects); see potassco/clingo#362 and #248 for that family of bugs.
        """
        ctl = clingo.Control(["--opt-mode=ignore"] + ENUMERATE_ARGS, logger=self.logger)
        self._facts(ctl, given)
        with ast.ProgramBuilder(ctl) as builder:
            patterns = frozenset(fact_pattern(sym) for sym in facts) | {RELAX_PATTERN}
            for stm in self.rules.live(patterns):
                builder.add(stm)
            for stm in self.diagnose_statements:
                builder.add(stm)
            builder.add(_external(RELAX))
            for stm in extra:
                builder.add(stm)
        return ctl

    @staticmethod
    def _facts(ctl: clingo.Control, facts) -> None:
        with ctl.backend() as backend:
            for sym in facts:
                backend.add_rule([backend.add_atom(sym)])

    def _enumerate(self, ctl: clingo.Control, limits: Optional[Limits] = None, assumptions: Sequence = ()) -> SolveOutput:
        return solve_limited(ctl, limits or self.limits, assumptions=assumptions)

    def _diagnose(self, ctl: clingo.Control, limits: Optional[Limits] = None, assumptions: Sequence = ()) -> SolveOutput:
        ctl.assign_external(RELAX, True)
        ctl.configuration.solve.opt_mode = "optN"
        try:
            return solve_limited(ctl, limits or self.limits, optimize=True, assumptions=assumptions)
        finally:
            ctl.configuration.solve.opt_mode = "ignore"
            ctl.assign_external(RELAX, False)

    # ---- one problem at a time ---------------------------------------------------------------

    def grounded(self, facts) -> tuple:
        """A Control grounded on the facts (`relax` external), and the seconds to build and to ground."""
        t0 = time.perf_counter()
        ctl = self.control(facts, given=facts)
        t1 = time.perf_counter()
        ctl.ground([("base", [])])
        return ctl, t1 - t0, time.perf_counter() - t1

    def analyse(self, problem: Problem, limits: Optional[Limits] = None) -> Verdict:
        """The verdict of one problem, as `verdict.analyse` gives it, on the parsed encodings and
        one grounding (`limits`: this problem's, instead of the session's)."""
        ctl, build, ground = self.grounded(problem.facts)
        out = self._enumerate(ctl, limits)
        timings = {"build": build, "ground": ground, "solve": out.timings.get("solve", 0.0)}

        def diagnosis() -> SolveOutput:
            diag = self._diagnose(ctl, limits)
            timings["solve"] += diag.timings.get("solve", 0.0)
            return diag

        t = time.perf_counter()
        verdict = judge(problem, out, diagnosis)
        timings["verdict"] = time.perf_counter() - t - (timings["solve"] - out.timings.get("solve", 0.0))
        verdict.timings = timings
        return verdict

    # ---- many similar problems -----------------------------------------------------------------

    def _solve_together(self, ctl: clingo.Control, members: list, chosen: Sequence, solve: Callable,
                        limits: Limits, budget: Callable) -> Optional[dict]:
        """`solve` (enumerate or diagnose) for the chosen members at once (the other members
        assumed out), split by `batch_member`: {member index: SolveOutput}. None if that one solve
        did not finish (a limit, or more than BATCH_MODELS models: the caller then solves each
        member alone, with the limits of a single problem)."""
        opening = budget()
        if opening is None:
            return None
        cap = limits.max_models
        inside = set(chosen)
        others = [(m, False) for i, m in enumerate(members) if i not in inside]
        together = solve(ctl, replace(opening, max_models=min(cap * len(chosen), BATCH_MODELS)), others)
        if not together.complete:
            return None
        index = {members[i]._rep: i for i in chosen}
        split: dict = {i: [] for i in chosen}
        for model in together.models:
            split[next(index[s._rep] for s in model if s._rep in index)].append(model)
        return {i: SolveOutput(models[:cap], len(models) < cap, "max-resolutions" if len(models) >= cap else None, {})
                for i, models in split.items()}

    @staticmethod
    def _alone(ctl: clingo.Control, member: clingo.Symbol, solve: Callable, budget: Callable) -> SolveOutput:
        """`solve` for one member (assuming its `batch_member`); not started if the budget is spent."""
        now = budget()
        return solve(ctl, now, [(member, True)]) if now else _not_started()

    def _diagnose_members(self, ctl: clingo.Control, members: list, chosen: Sequence, limits: Limits,
                          budget: Callable) -> dict:
        """The diagnosis of each chosen member, by rounds of one optimisation for all that are left.

        The optimum over several members is the lowest of their own optima, and the optimal models
        it enumerates (`optN`) are exactly the optimal models of the members that reach it: those
        are settled; the others (a higher optimum of their own) go to the next round. A round
        without any model leaves nothing to find: no member has a relaxed model at all. Past a
        limit, each member left is diagnosed alone."""
        found: dict = {}
        left = list(chosen)
        while left:
            outputs = self._solve_together(ctl, members, left, self._diagnose, limits, budget) if len(left) > 1 else None
            if outputs is None:
                found.update((i, self._alone(ctl, members[i], self._diagnose, budget)) for i in left)
                break
            settled = [i for i in left if outputs[i].models]
            if not settled:
                found.update(outputs)
                break
            found.update((i, outputs[i]) for i in settled)
            left = [i for i in left if i not in found]
        return found

    def analyse_batch(self, problems: Sequence[Problem], stats: Optional[BatchStats] = None,
                      limits: Optional[Limits] = None, shared_budget: bool = False, summary: bool = False) -> list:
        """Verdicts of many problems, grounding once and enumerating once for all of them.

        The facts all problems share are facts; each other fact is derived from the members of the
        batch that have it, and the program picks one member (`batch_member/1`, shown, so models of
        different members never merge). One solve enumerates every member's resolutions; the
        members without any are diagnosed together (`_diagnose_members`). If that one solve
        reaches a limit or collects more than `BATCH_MODELS` models, each member is solved and
        judged alone instead, with the limits of a single problem.
        `limits`: instead of the session's; `shared_budget`: its timeout bounds the whole batch
        (members not reached in time get an incomplete verdict), not each solve; `summary`: verdicts
        as `verdict.judge` makes them with `summary` (what a table shows).
        """
        limits = limits or self.limits
        stats = stats if stats is not None else BatchStats()
        stats.problems += len(problems)
        if not problems:
            return []
        deadline = time.monotonic() + limits.timeout

        def budget() -> Optional[Limits]:
            """The limits of the next solve; None when a shared budget is spent."""
            if not shared_budget:
                return limits
            left = deadline - time.monotonic()
            return replace(limits, timeout=left) if left > 0 else None

        t0 = time.perf_counter()
        facts, common, varying, holders = _split_facts(problems)
        ctl = self.control(facts, _member_statements(varying, holders, len(problems)), given=common)
        t1 = time.perf_counter()
        ctl.ground([("base", [])])
        t2 = time.perf_counter()
        stats.groundings += 1
        stats.varying += len(varying)
        stats.add("build", t1 - t0)
        stats.add("ground", t2 - t1)
        members = [clingo.Function(MEMBER, [clingo.Number(i)]) for i in range(len(problems))]
        everyone = range(len(problems))
        outputs = self._solve_together(ctl, members, everyone, self._enumerate, limits, budget) if len(problems) > 1 else None
        decoders: dict = {}

        def decoder(problem: Problem) -> Decoder:
            key = Decoder.key(problem)
            return decoders.get(key) or decoders.setdefault(key, Decoder(problem))

        if outputs is None:
            # Each member alone, judged as soon as it is solved: its models are not kept.
            verdicts, solving = [], [0.0]

            def timed(fn: Callable) -> SolveOutput:
                start = time.perf_counter()
                try:
                    return fn()
                finally:
                    solving[0] += time.perf_counter() - start

            for member, problem in zip(members, problems):
                out = timed(lambda: self._alone(ctl, member, self._enumerate, budget))
                diagnosis = lambda: timed(lambda: self._alone(ctl, member, self._diagnose, budget))  # noqa: E731
                verdicts.append(judge(problem, out, diagnosis, decoder(problem), summary))
            stats.add("solve", solving[0])
            stats.add("verdict", time.perf_counter() - t2 - solving[0])
            return verdicts
        # Only a member whose enumeration finished without a resolution is diagnosed (as `judge` would).
        illegal = [i for i in everyone if not outputs[i].models and outputs[i].complete]
        diagnoses = self._diagnose_members(ctl, members, illegal, limits, budget) if illegal else {}
        stats.add("solve", time.perf_counter() - t2)
        t = time.perf_counter()
        verdicts = [judge(problem, outputs[i], lambda i=i: diagnoses[i], decoder(problem), summary)
                    for i, problem in enumerate(problems)]
        stats.add("verdict", time.perf_counter() - t)
        return verdicts


# ---- worker processes ---------------------------------------------------------------------------

_WORK: dict = {}


def _call(index: int):
    return _WORK["fn"](_WORK["items"][index])


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def run_ordered(fn: Callable, items: Sequence, jobs: int = 1,
                done: Optional[Callable[[int], None]] = None) -> list:
    """[fn(item) for item in items], on `jobs` worker processes, results in input order.

    Workers are forked, so `fn` and `items` need not be picklable (the results must be). Where
    fork is unavailable, or with one job or one item, everything runs in this process.
    `done(i)` is called as the result of item i arrives (in input order), e.g. to show progress.
    """
    jobs = max(1, min(jobs, len(items)))
    import multiprocessing    # here, not at the top: a one-file command never needs it (start-up time)
    if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [_noted(fn(item), i, done) for i, item in enumerate(items)]
    _WORK.update(fn=fn, items=items)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return [_noted(r, i, done) for i, r in enumerate(pool.imap(_call, range(len(items)), chunksize=1))]
    finally:
        _WORK.clear()


def _noted(result, index: int, done: Optional[Callable[[int], None]]):
    if done is not None:
        done(index)
    return result


# ---- a whole corpus -----------------------------------------------------------------------------

@dataclass
class AuditRow:
    """One scenario of an audit: what `ptcg-asp audit` prints for it (plain data: it crosses
    from the worker processes)."""

    path: str
    id: str = "-"
    verdict: str = "-"         # legal, illegal, unknown (`Verdict.word`)
    principles: tuple = ()
    resolutions: int = 0
    status: str = "ERROR"      # PASS, FAIL, INCOMPLETE, UNCHECKED, UNSUPPORTED (`Report.status`); INVALID; ERROR
    failed: tuple = ()
    error: str = ""            # INVALID, ERROR: the message (file, line, field, what was expected)
    internal: bool = False     # ERROR: a bug in ptcg-asp rather than invalid input (INVALID)
    seconds: float = 0.0
    timings: dict = field(default_factory=dict)
    summary: Optional[dict] = None   # `report_dict` without the resolutions (for --json)
    note: str = ""             # INCOMPLETE: what the partial result means (`report.incomplete_note`)


def _row(path: str, report, seconds: float, timings: dict) -> AuditRow:
    from ..tell.report import incomplete_note, report_dict

    v = report.verdict
    return AuditRow(path, report.scenario.id, v.word, tuple(v.principles()), len(v.resolutions), report.status,
                    tuple(f.key for f in report.findings if not f.ok), "", False, seconds, timings,
                    report_dict(report, with_resolutions=False), incomplete_note(report) or "")


def _error_row(path: str, exc: BaseException, seconds: float) -> AuditRow:
    """An INVALID row (invalid input: InputError), an UNSUPPORTED row (the action needs card text the
    vocabulary does not express) or, for any other exception, an ERROR row (internal)."""
    from ..read.errors import InputError, InternalError, UnsupportedError

    if isinstance(exc, UnsupportedError):     # no verdict: the action needs unexpressed card text
        return AuditRow(path, status="UNSUPPORTED", error=exc.render(), seconds=seconds)
    if isinstance(exc, InputError):
        return AuditRow(path, status="INVALID", error=exc.render(), seconds=seconds)
    return AuditRow(path, error=InternalError(path, exc).render(), internal=True, seconds=seconds)


def check_one(path: str, library, session: Session) -> AuditRow:
    """Load, compile and analyse one scenario on the session; compare its expectations."""
    return check_batch([path], library, session)[0]


def check_batch(paths: Sequence[str], library, session: Session) -> list:
    """Load and compile each scenario, analyse them all on one grounding, compare expectations.

    A scenario that lists every action (`actions: {}`) is judged action by action. An invalid
    file becomes an ERROR row, and so does any failure inside ptcg-asp (never a crash).
    """
    from ..tell.check import Report, compare, run_scenario
    from .compiler import compile_scenario
    from ..read.loader import load_scenario

    rows: list = [None] * len(paths)
    todo = []   # (index, scenario, problem, load seconds, compile seconds)
    for i, path in enumerate(paths):
        start = time.perf_counter()
        try:
            scenario = load_scenario(path, library)
            t1 = time.perf_counter()
            if scenario.action.kind == "actions":
                report = run_scenario(scenario, session)
                rows[i] = _row(path, report, time.perf_counter() - start, {"load": t1 - start})
                continue
            problem = compile_scenario(scenario)
            todo.append((i, scenario, problem, t1 - start, time.perf_counter() - t1))
        except Exception as exc:  # noqa: BLE001 - reported as a row, never a traceback
            rows[i] = _error_row(path, exc, time.perf_counter() - start)
    try:
        if len(todo) == 1:
            i, scenario, problem, load, comp = todo[0]
            report = run_scenario(scenario, session, problem)
            timings = {"load": load, "compile": comp, **report.verdict.timings}
            rows[i] = _row(paths[i], report, load + comp + sum(report.verdict.timings.values()), timings)
        elif todo:
            stats = BatchStats()
            t = time.perf_counter()
            verdicts = session.analyse_batch([x[2] for x in todo], stats)
            share = (time.perf_counter() - t) / len(todo)    # the grounding is shared: split evenly
            for (i, scenario, problem, load, comp), verdict in zip(todo, verdicts):
                timings = {"load": load, "compile": comp, "batch": share}
                rows[i] = _row(paths[i], Report(scenario, problem, verdict, compare(scenario, verdict)),
                               load + comp + share, timings)
    except Exception as exc:  # noqa: BLE001 - a failure while solving: every row of the batch says so
        for i, *_ in todo:
            if rows[i] is None:
                rows[i] = _error_row(paths[i], exc, 0.0)
    return rows


_ACTION_RE = re.compile(r"^action:[ \t]*(?:#.*)?\n[ \t]+(.*?)[ \t]*$|^action:[ \t]*(\S.*?)[ \t]*$", re.M)


def similarity_key(path: str) -> str:
    """A cheap guess of what a scenario does (its action line), to batch similar scenarios.

    Only speed depends on it: a batch of unrelated scenarios is still solved exactly.
    """
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            m = _ACTION_RE.search(f.read())
    except OSError:
        m = None
    return (m.group(1) or m.group(2)) if m else ""


def batches(files: Sequence[str], size: int) -> list:
    """Indices of `files` in groups of at most `size` with the same similarity key (deterministic)."""
    groups: dict = {}
    for i, f in enumerate(files):
        groups.setdefault(similarity_key(f) if size > 1 else str(i), []).append(i)
    out = []
    for key in sorted(groups, key=lambda k: groups[k][0]):
        idx = groups[key]
        out.extend(idx[j:j + size] for j in range(0, len(idx), size))
    return out


DEFAULT_BATCH = 8


def audit(files: Sequence[str], library, limits: Optional[Limits] = None, jobs: int = 1,
          batch: int = DEFAULT_BATCH, progress: Optional[Callable[[int, int], None]] = None) -> list:
    """Every scenario file checked on `jobs` worker processes; rows in the order of `files`.

    Scenarios that do the same action are solved `batch` at a time on one grounding (batch=1:
    one grounding each); the verdicts are the same either way. `progress(done, total)` is called
    as files are checked (the rows do not depend on it).
    """
    session = Session(limits)
    files = list(files)
    groups = batches(files, max(1, batch))
    count = [0]

    def done(i: int) -> None:
        count[0] += len(groups[i])
        if progress is not None:
            progress(count[0], len(files))

    results = run_ordered(lambda idx: check_batch([files[i] for i in idx], library, session), groups, jobs, done)
    rows: list = [None] * len(files)
    for idx, group_rows in zip(groups, results):
        for i, row in zip(idx, group_rows):
            rows[i] = row
    seen: dict = {}
    for row in rows:
        if row.status not in ("INVALID", "ERROR"):
            if row.id in seen:
                row.status = "INVALID"
                row.error = f"{row.path}:1: id: expected an id unique in the corpus (also in {seen[row.id]}), " \
                            f"got {row.id!r}"
            else:
                seen[row.id] = row.path
    return rows
