"""Many similar problems on one grounding (`Session.analyse_batch`): the states of a table, the
candidate actions of `actions: {}`, scenarios that do the same action.

The facts every problem shares are added once as facts; the program picks one member of the batch
(`1 { batch_member(0..N-1) } 1.`) and each other fact is derived from the members that have it
(`p(X..) :- batch_member(I), batch_holds(I,p(X..)).` per signature, the `batch_holds` facts through the backend). The program is grounded once,
and the resolutions of every member are enumerated by one solve per group of `BATCH_GROUP` members, the
other members assumed out (`batch_member/1` is shown, so projection never merges two members' models; a
domain heuristic decides the member first). The members with none are diagnosed on the same
grounding (`relax` is an external, switched on for the diagnosis), all in one optimisation,
repeated for those whose own optimum is higher. If a solve for several members reaches a limit
or collects more than `BATCH_MODELS` models, each member of the batch is solved alone (assuming its
`batch_member`), with the limits of a single problem, and judged before the next one. Derived facts are exact for every member (tests check each verdict against the
one-problem path); the ground program holds the superposition of the members, so batches are
kept to similar states (`ptcg_asp.tell.table` makes blocks of neighbouring values of each field).
"""
from __future__ import annotations

import contextlib
import functools
import gc
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Optional, Sequence

import clingo
from clingo import ast

from .compiler import Problem
from .program import _LOC, _literal
from .solver import Limits, SolveOutput, pair_reps
from .verdict import Decoder, judge

# A batch is one program: `1 { batch_member(0); ...; batch_member(N-1) } 1.` picks the problem,
# and each fact that not every problem has is derived from the members that have it.
MEMBER = "batch_member"
BATCH_MODELS = 20_000    # models one solve for several members may collect; past it, each member alone
# Members enumerated by one solve (the others assumed out: what they make false stays assigned at the
# assumptions' level while the group's models are searched). A solve call has its own cost in proportion to the
# whole grounding, so groups are neither one member nor all: on blocks of 256 generated states, groups of 16 to 64
# took 10-25% less clasp time than one solve for all, groups of 1 to 8 more (docs/benchmarks.md (i), 2026-12-07).
# Since the smaller batch groundings (lane speed2), 64 rather than 32: Iono's clasp time 15-20% less, Nest Ball's
# and Ultra Ball's within 5-8% (more, of a smaller share).
BATCH_GROUP = 64


@functools.lru_cache(maxsize=4096)
def _number_term(i: int):
    """The AST term of the number `i` (built once: a batch refers to each member number often)."""
    return ast.SymbolicTerm(_LOC, clingo.Number(i))


def _member(arg) -> ast.AST:
    """The body literal `batch_member(ARG)` (ARG: a term, an interval or a pool)."""
    return ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(_LOC, MEMBER, [arg], False)))


def _member_statements(varying: Sequence, holders: dict, members: int) -> list:
    """The choice of one member, `1 { batch_member(0..N-1) } 1.`; `#show batch_member/1.` (models
    of different members stay apart under projection); and, for each signature p/n of the varying
    facts, `p(X1,...,Xn) :- batch_member(I), batch_holds(I,p(X1,...,Xn)).`: each varying fact F is
    derived from the members I that have it, read from the facts `batch_holds(I,F)` (`_member_facts`,
    given through the backend). The ground rules are `F :- batch_member(I).` per member I that has F,
    as one rule per fact and member would give, but grounded from one statement per signature: a
    statement per fact and member cost clingo about 0.2 ms a state in a block of 256 (docs/benchmarks.md
    (i), 2026-12-07, lane speed2). Program statements, not backend rules: clingo 5.8's grounder loses
    rule instances over atoms that only the backend defines (see `Session.control`); the backend gives
    facts only."""
    one = ast.Guard(ast.ComparisonOperator.LessEqual, _number_term(1))
    every = _member(ast.Interval(_LOC, _number_term(0), _number_term(members - 1)))
    out = [ast.Rule(_LOC, ast.Aggregate(_LOC, one, [ast.ConditionalLiteral(_LOC, every, [])], one), []),
           ast.ShowSignature(_LOC, MEMBER, 1, True)]
    for name, arity in _signatures(varying):
        args = [ast.Variable(_LOC, f"X{k}") for k in range(arity)]
        atom = ast.SymbolicAtom(ast.Function(_LOC, name, args, False))
        holds = ast.Function(_LOC, HOLDS, [_I, ast.Function(_LOC, name, args, False)], False)
        out.append(ast.Rule(_LOC, ast.Literal(_LOC, ast.Sign.NoSign, atom),
                            [_member(_I), ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(holds))]))
    out.append(_MEMBER_FIRST)
    out.extend(_AMOUNT_HIGH_FIRST)
    return out


def _signatures(varying: Sequence) -> list:
    """The (name, arity) of the varying facts, in order of first appearance (deterministic)."""
    seen: dict = {}
    for sym in varying:
        seen.setdefault((sym.name, len(sym.arguments)), None)
    return list(seen)


def _member_facts(varying: Sequence, holders: dict) -> list:
    """`batch_holds(I,F)` for each varying fact F and each member I that has it (`holders`: the `_rep` of a
    fact -> those members), the facts `_member_statements`' rules read, as symbols' `_rep` (`Session.control`'s
    `given_reps`)."""
    members = [_number(i) for sym in varying for i in holders[sym._rep]]
    facts = [sym for sym in varying for _ in holders[sym._rep]]
    return pair_reps(HOLDS, members, facts)


@functools.lru_cache(maxsize=4096)
def _number(i: int) -> clingo.Symbol:
    return clingo.Number(i)


HOLDS = "batch_holds"
_I = ast.Variable(_LOC, "I")


# `#heuristic batch_member(X) : batch_member(X). [1,level]` (with `--heuristic=Domain`, `MEMBER_ARGS`): the solver
# decides which member before anything else. A model is then found for a member whose facts are all in place, not
# by guessing a member's consequences first and backtracking (an Iono block: 24 conflicts instead of 931; 16-28%
# less clasp time on the generated blocks of docs/benchmarks.md (i), 2026-12-07). A heuristic changes the order of
# the search, never the answer sets: each member's models are the same (tests/test_throughput_exactness.py).
_X = ast.Variable(_LOC, "X")
_MEMBER_FIRST = ast.Heuristic(_LOC, ast.SymbolicAtom(ast.Function(_LOC, MEMBER, [_X], False)), [_member(_X)],
                              ast.SymbolicTerm(_LOC, clingo.Number(1)), ast.SymbolicTerm(_LOC, clingo.Number(0)),
                              ast.SymbolicTerm(_LOC, clingo.Function("level")))
MEMBER_ARGS = ("--heuristic=Domain",)

# `#heuristic amt(S,N) : ceiling(S,N), fill(S). [1,true]`: when the solver decides how many cards a step that must
# take every fitting card up to its bound moves (a draw of a known count, "all" of a hand: `fill` in quantity.lp), it
# tries the most it can move first, and finds the one amount such a step allows at once instead of after refuted
# smaller guesses. `#heuristic take(S,C,K) : amt(S,K), fill(S). [1,true]`: such a step then tries the whole amount
# as cards of one name first. The 2,000 Iono states of docs/benchmarks.md (i): 56% fewer decisions, 31% fewer
# conflicts, 78% fewer learnt literals; the other batches' search unchanged (the amount first for every step also
# changed "up to" steps': Nest Ball's better, the Welder table's twice the conflicts and 5-15% slower; lane speed3).
# As the member-first heuristic, they order the search and never change the answer sets
# (tests/test_amount_heuristic_exactness.py). `#defined` for their predicates: a batch whose action moves no cards
# (no `amt`, `ceiling`, `take` or `fill` rule is kept) gets no warning from the heuristics' atoms.
_S, _N, _C = ast.Variable(_LOC, "S"), ast.Variable(_LOC, "N"), ast.Variable(_LOC, "C")


def _atom_literal(name: str, args: list) -> ast.AST:
    return ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(_LOC, name, args, False)))


def _prefer_true(name: str, args: list, body: list) -> ast.AST:
    """`#heuristic name(args) : body. [1,true]`."""
    return ast.Heuristic(_LOC, ast.SymbolicAtom(ast.Function(_LOC, name, args, False)), body,
                         ast.SymbolicTerm(_LOC, clingo.Number(1)), ast.SymbolicTerm(_LOC, clingo.Number(0)),
                         ast.SymbolicTerm(_LOC, clingo.Function("true")))


_AMOUNT_HIGH_FIRST = (
    ast.Defined(_LOC, "amt", 2, True),
    ast.Defined(_LOC, "ceiling", 2, True),
    ast.Defined(_LOC, "take", 3, True),
    ast.Defined(_LOC, "fill", 1, True),
    _prefer_true("amt", [_S, _N], [_atom_literal("ceiling", [_S, _N]), _atom_literal("fill", [_S])]),
    _prefer_true("take", [_S, _C, _N], [_atom_literal("amt", [_S, _N]), _atom_literal("fill", [_S])]),
)


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


@contextlib.contextmanager
def collector_paused():
    """Python's cyclic garbage collector off for a loop over many states (on again after, if it was on).

    Such a loop frees what it makes by reference counting (a Control, its models, a state's facts); what
    it keeps (the reports, the verdicts) only grows, and the collector's full passes, triggered by that
    growth, walk all of it again and again: a third of the time of 2,000 generated states (docs/benchmarks.md
    (i)). The few cycles it leaves are collected once the collector is on again. Nested uses leave it to
    the outermost."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            _promote_to_oldest()
            gc.enable()


def _promote_to_oldest() -> None:
    """Every object the collector tracks moved to its oldest generation, unwalked (`gc.freeze()` moves them all to
    the permanent generation, `gc.unfreeze()` back to the oldest; two list splices). Without it, what a paused
    stretch made and kept (a run's reports, verdicts, results) sits in the youngest generation, and the collections
    that follow the stretch walk all of it once per generation: 10-14% of the CPU time of 2,000 generated states,
    a single pass after a stretch 20-90 ms (docs/benchmarks.md (i), lane speed4). Nothing stays frozen: a cycle the
    stretch left (a run of 2,000 generated states leaves some 6,000 small ones) waits for a full collection: Python
    starts one when its oldest generation has grown by a quarter through its own promotions, which these are not
    counted among, so one is made here once the objects promoted this way (the youngest generation's count when the
    stretch ends) pass `_PROMOTED_MAX` since the last."""
    global _promoted
    _promoted += max(0, gc.get_count()[0])
    gc.freeze()
    gc.unfreeze()
    if _promoted > _PROMOTED_MAX:
        _promoted = 0
        gc.collect()


_PROMOTED_MAX = 1_000_000   # objects promoted by `_promote_to_oldest` between two full collections it makes
_promoted = 0


# Decoders shared by the batches of a process (`shared_decoder`): {`Decoder.key`: Decoder}. A record depends on the
# atom and on how the problem's steps read (the key), never on the batch: clingo's symbols are interned for the
# process's life, so an atom's `_rep` names the same atom in every grounding. The generated states of a run repeat
# most atoms of the earlier blocks (an Iono run decoded each block's 400 distinct atoms anew: about a third of its
# verdict time, docs/benchmarks.md (i), lane speed3). Bounded: a few keys, a few atoms each.
_DECODERS: dict = {}
_DECODER_KEYS = 64
_DECODER_ATOMS = 50_000


def shared_decoder(problem: Problem) -> Decoder:
    """The process's decoder for problems whose steps read as `problem`'s do (a fresh one past the bounds)."""
    key = Decoder.key(problem)
    found = _DECODERS.get(key)
    if found is None or len(found.memo) + len(found.violations) > _DECODER_ATOMS:
        if found is None and len(_DECODERS) >= _DECODER_KEYS:
            _DECODERS.clear()
        found = _DECODERS[key] = Decoder(problem)
    return found


def _not_started() -> SolveOutput:
    """The output of a solve that a spent shared budget did not start: incomplete, a timeout."""
    return SolveOutput([], False, "timeout")


class _Members(list):
    """The `batch_member` atoms of a grounded batch, with their solver literals (`literals`: an assumption
    `-lit` is the atom false, as `(atom, False)` is), looked up once per grounding, not once per solve."""

    def __init__(self, ctl: clingo.Control, count: int):
        super().__init__(clingo.Function(MEMBER, [clingo.Number(i)]) for i in range(count))
        found = {atom.symbol._rep: atom.literal for atom in ctl.symbolic_atoms.by_signature(MEMBER, 1)}  # one pass
        self.literals = [found[m._rep] for m in self]


def _enumerate_in_groups(solve_together: Callable, everyone: Sequence) -> Optional[dict]:
    """`_solve_together` with `_enumerate` for every member, in groups of `BATCH_GROUP` (the others assumed
    out): {member index: SolveOutput}, or None as soon as one group's solve does not finish (the caller then
    solves each member alone, as for one solve of all). A member's models are the same in any group: the
    members' facts are derived from their own `batch_member` atom only."""
    everyone = list(everyone)
    outputs: dict = {}
    for at in range(0, len(everyone), BATCH_GROUP):
        group = everyone[at:at + BATCH_GROUP]
        found = solve_together(group)
        if found is None:
            return None
        outputs.update(found)
    return outputs


@dataclass
class BatchStats:
    """What a batch cost: how many programs were grounded, and the time per phase."""

    problems: int = 0
    groundings: int = 0
    varying: int = 0          # facts that not every problem of a batch has
    timings: dict = field(default_factory=dict)

    def add(self, key: str, seconds: float) -> None:
        self.timings[key] = self.timings.get(key, 0.0) + seconds


class BatchSolving:
    """`Session.analyse_batch` and its parts (a base class of `Session`: they use its Control,
    `control`, `_enumerate` and `_diagnose`)."""

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
        others = [-lit for i, lit in enumerate(members.literals) if i not in inside]
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
        different members never merge). One solve per group of `BATCH_GROUP` members enumerates their
        resolutions; the members without any are diagnosed together (`_diagnose_members`). If a group's
        solve reaches a limit or collects more than `BATCH_MODELS` models, each member is solved and
        judged alone instead, with the limits of a single problem.
        `limits`: instead of the session's; `shared_budget`: its timeout bounds the whole batch
        (members not reached in time get an incomplete verdict), not each solve; `summary`: verdicts
        as `verdict.judge` makes them with `summary` (what a table shows).
        """
        with collector_paused():
            return self._analyse_batch(problems, stats, limits, shared_budget, summary)

    def _analyse_batch(self, problems: Sequence[Problem], stats: Optional[BatchStats], limits: Optional[Limits],
                       shared_budget: bool, summary: bool) -> list:
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
        ctl = self.control(facts, _member_statements(varying, holders, len(problems)),
                           given=common, given_reps=_member_facts(varying, holders), args=MEMBER_ARGS)
        t1 = time.perf_counter()
        ctl.ground([("base", [])])
        t2 = time.perf_counter()
        stats.groundings += 1
        stats.varying += len(varying)
        stats.add("build", t1 - t0)
        stats.add("ground", t2 - t1)
        members = _Members(ctl, len(problems))
        everyone = range(len(problems))
        outputs = _enumerate_in_groups(
            lambda group: self._solve_together(ctl, members, group, self._enumerate, limits, budget),
            everyone) if len(problems) > 1 else None
        decoder = shared_decoder

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
