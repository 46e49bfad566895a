"""Fast repeated solving: the encodings are parsed once per process and reused for every solve.

Two ways to reuse work across many problems:

* `Session.analyse(problem)`: one problem at a time (a corpus). The encodings are parsed once
  (`clingo.ast.parse_files`, program.py); each problem gets a fresh `Control` built from the parsed
  statements (no re-parsing), its facts through the backend, and its own grounding.
* `Session.analyse_batch(problems)`: many *similar* problems on one grounding (batch.py).

Every solve runs under its limits in this thread (watchdog.py). The verdicts are assembled exactly
as `verdict.analyse` assembles them (the same helpers); only where the solving happens differs.
"""
from __future__ import annotations

import time
from typing import Callable, Iterable, Optional, Sequence

import clingo
from clingo import ast

from .batch import BatchSolving
from .compiler import Problem
from .facts import fact_pattern
from .program import RELAX, RELAX_CHOICES, RELAX_CHOICES_PATTERN, RELAX_PATTERN, _external, parsed_program
from .solver import Limits, SolveOutput, add_facts, encodings_dir
from .verdict import Verdict, judge
from .watchdog import solve_limited

ENUMERATE_ARGS = ["--models=0", "--project=show"]


_MENTIONS: dict = {}     # id of a statement -> (the statement, `_mentions` of it): the encodings' are read once


def predicates(statements) -> set:
    """The (name, arity) of every atom the statements mention (in heads, bodies, conditions, aggregates,
    heuristics, objectives), and of every `#show`/`#project` signature."""
    found: set = set()
    for stm in statements:
        hit = _MENTIONS.get(id(stm))
        if hit is None or hit[0] is not stm:
            if len(_MENTIONS) >= 1 << 15:
                _MENTIONS.clear()
            hit = _MENTIONS[id(stm)] = (stm, _mentions(stm))
        found |= hit[1]
    return found


def _mentions(stm) -> frozenset:
    """`predicates` of one statement (a walk of its syntax tree)."""
    found: set = set()

    def visit(node) -> None:
        kind = node.ast_type
        if kind == ast.ASTType.SymbolicAtom:
            term = node.symbol
            if term.ast_type == ast.ASTType.UnaryOperation:     # a classically negated atom, -p(X)
                term = term.argument
            if term.ast_type == ast.ASTType.Function:
                found.add((term.name, len(term.arguments)))
            elif term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
                found.add((term.symbol.name, len(term.symbol.arguments)))
            return
        if kind in (ast.ASTType.ShowSignature, ast.ASTType.ProjectSignature, ast.ASTType.Defined):
            found.add((node.name, node.arity))
            return
        for key in node.child_keys:
            child = getattr(node, key)
            if isinstance(child, ast.AST):
                visit(child)
            elif child is not None and not isinstance(child, (str, int)):
                for item in child:
                    if isinstance(item, ast.AST):
                        visit(item)

    visit(stm)
    return frozenset(found)


class Session(BatchSolving):
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
        self._split: dict = {}    # id of a `live` result -> (it, `_live`'s split of it)

    # ---- building a Control ------------------------------------------------------------------

    def control(self, facts: Iterable = (), extra: Sequence = (), given: Sequence = (), args: Sequence = (),
                given_reps: Sequence = ()) -> clingo.Control:
        """A fresh Control holding the `given` facts (through the backend), the encodings' rules
        that the `facts` can use (`relevance`: an exact pruning), the diagnosis objective (ignored
        until needed), `#external relax.` (false at first) and the `extra` statements (whose heads
        must be among the facts); `args`: more clingo options (a batch's `--heuristic=Domain`); `given_reps`:
        more given facts, as their symbols' `_rep` (a batch's `batch_holds` facts).

        The facts go in first: opening the backend after program statements were added makes
        clingo check the `#show` signatures before anything is grounded, and warn that no atoms
        occur over each of them (clingo 5.8; the answer sets are the same either way).

        The external is a program statement (clingo.ast), never text. Declaring externals through
        the backend instead (`Backend.add_external`) loses rule instances in
        clingo 5.8: with two such atoms r(a), r(b), the rule `q :- r(X).` fires for r(a) only (a
        body the grounder projects); see potassco/clingo#362 and #248 for that family of bugs.
        """
        ctl = clingo.Control(["--opt-mode=ignore"] + ENUMERATE_ARGS + list(args), logger=self.logger)
        self._facts(ctl, given, given_reps)
        with ast.ProgramBuilder(ctl) as builder:
            patterns = frozenset(fact_pattern(sym) for sym in facts) | {RELAX_PATTERN, RELAX_CHOICES_PATTERN}
            statements, declared, occurring = self._live(patterns)
            for stm in statements:
                builder.add(stm)
            for stm in self.diagnose_statements:
                builder.add(stm)
            builder.add(_external(RELAX))
            builder.add(_external(RELAX_CHOICES))
            for stm in extra:
                builder.add(stm)
            if extra:
                occurring = occurring | predicates(extra)
            for key, stm in declared:
                if key in occurring:
                    builder.add(stm)
        return ctl

    def _live(self, patterns: frozenset) -> tuple:
        """The pruned encodings for these fact patterns (`RuleIndex.live`), split as `control` adds them: (the
        statements but the `#defined` ones, [(predicate, its `#defined` statement)], the predicates that occur in the
        statements and in the diagnosis objective). Made once per `live` result (the index caches those).

        `control` declares a left-out head's predicate only where a statement of its Control mentions it: a
        `#defined` statement changes no answer set (it only keeps clingo from warning about a predicate read but
        never defined, which needs a statement that reads it), and each one costs a Control an empty predicate
        domain, which clingo walks, with the grounding's others, for every model it reports (`Model.symbols`: an
        Iono block of docs/benchmarks.md (i) declared 759 predicates, of 864 domains 171 non-empty; lane speed3)."""
        live = self.rules.live(patterns)
        found = self._split.get(id(live))
        if found is None or found[0] is not live:
            if len(self._split) >= 256:
                self._split.clear()
            statements = tuple(stm for stm in live if stm.ast_type != ast.ASTType.Defined)
            declared = tuple(((stm.name, stm.arity), stm) for stm in live if stm.ast_type == ast.ASTType.Defined)
            occurring = frozenset(predicates(statements) | predicates(self.diagnose_statements))
            found = self._split[id(live)] = (live, statements, declared, occurring)
        return found[1:]

    @staticmethod
    def _facts(ctl: clingo.Control, facts, reps=()) -> None:
        with ctl.backend() as backend:
            add_facts(backend, facts, reps)

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

    def enumerate_under(self, ctl: clingo.Control, assumptions: Sequence) -> SolveOutput:
        """The resolutions of a grounded Control under assumptions on its atoms (solve/contrast.py)."""
        return self._enumerate(ctl, None, assumptions)

    def diagnose_under(self, ctl: clingo.Control, assumptions: Sequence, choices: bool = False) -> SolveOutput:
        """The diagnosis (`relax`, optimal models) of a grounded Control under assumptions; `choices`: the
        quantity bounds on choices are violations too (`relax_choices`, contrastive questions)."""
        if not choices:
            return self._diagnose(ctl, None, assumptions)
        ctl.assign_external(RELAX_CHOICES, True)
        try:
            return self._diagnose(ctl, None, assumptions)
        finally:
            ctl.assign_external(RELAX_CHOICES, False)

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
