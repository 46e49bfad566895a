"""Run clingo on compiled facts: enumerate legal resolutions, or diagnose why there are none.

Every solve has a time limit and a cap on models; hitting either is reported as such in the
result (`complete = False`), never turned into a verdict.
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import clingo

ENCODING = "ptcg.lp"


def encodings_dir() -> str:
    """The .lp files: shipped inside the package, or the checkout's top-level encodings/."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # the package, above this stage's folder
    for candidate in (os.path.join(here, "encodings"), os.path.join(os.path.dirname(here), "encodings")):
        if os.path.exists(os.path.join(candidate, ENCODING)):
            return candidate
    raise FileNotFoundError("the encodings (ptcg.lp) are missing from this installation")


@dataclass
class Limits:
    timeout: float = 20.0        # seconds per solve call
    max_models: int = 10000       # answer sets per solve call


@dataclass
class SolveOutput:
    models: list                  # each: the shown symbols of one answer set (in no particular order)
    complete: bool                # False: a limit cut enumeration short
    limit: Optional[str] = None   # "timeout" / "max-resolutions"
    timings: dict = field(default_factory=dict)


def _control(extra_args: list, facts: list, logger: Optional[Callable] = None) -> clingo.Control:
    """A Control holding the facts (through the backend) and then the whole encodings; clingo's
    warnings are on (`logger`: where its messages go, by default clingo's own printing to
    stderr; the encodings and the compiled facts give none). The facts go in first: opening the
    backend after the program is loaded makes clingo check the `#show` signatures before
    grounding, and warn about each (clingo 5.8; the answer sets are the same either way)."""
    ctl = clingo.Control(extra_args, logger=logger)
    with ctl.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
    ctl.load(os.path.join(encodings_dir(), ENCODING))
    return ctl


try:   # the C functions clingo's Python API calls (to read a model's shown atoms in one pass, below)
    from clingo._internal import _ffi, _handle_error, _lib
    from clingo.symbol import Symbol as _Symbol
except ImportError:    # another clingo build: `Model.symbols` then
    _ffi = _lib = None

_UNREAD = clingo.Function("ptcg_asp_unread")   # never an atom of the encodings: marks the unwritten end of a buffer


class ShownReader:
    """`Model.symbols(shown=True)`, the same symbols in the same order, asked of clingo once instead of twice.

    `Model.symbols` asks clingo for the number of shown symbols, then for the symbols; clingo collects
    them anew for each question, walking every atom of the grounding (about half the time of a model
    of a block of states, whose grounding superposes all of them). Here a buffer of `bound` symbols
    (the grounding's atoms, which the shown atoms are among) is filled with a marker and handed to
    clingo once; the shown symbols are those before the first marker. A buffer clingo finds too small
    (shown terms beyond the atoms) falls back to `Model.symbols`."""

    def __init__(self, bound: int):
        self.bound = bound
        self.buffer = None
        if _lib is not None and bound > 0:
            self.buffer = _ffi.new("clingo_symbol_t[]", bound)
            self.blank = _ffi.new("clingo_symbol_t[]", [_UNREAD._rep] * bound)
            self.size = _ffi.sizeof(self.buffer)

    def __call__(self, model: clingo.Model) -> list:
        buf = self.buffer
        if buf is None:
            return list(model.symbols(shown=True))
        _ffi.memmove(buf, self.blank, self.size)
        if not _lib.clingo_model_symbols(model._rep, _lib.clingo_show_type_shown, buf, self.bound):
            return list(model.symbols(shown=True))
        unread = _UNREAD._rep
        lo, hi = 0, self.bound        # the first marker: every entry before it is written, every one after is not
        while lo < hi:
            mid = (lo + hi) // 2
            if buf[mid] == unread:
                hi = mid
            else:
                lo = mid + 1
        return [_Symbol(rep) for rep in _ffi.unpack(buf, lo)]


def add_facts(backend: clingo.Backend, facts=(), reps=()) -> None:
    """Each symbol of `facts`, and each symbol given by its `_rep` in `reps`, a fact of the backend's program:
    `Backend.add_atom` and `add_rule`, the same calls into clingo, made without building their Python arguments
    anew for each fact (a block of 256 states gives clingo some 6,000 facts)."""
    if _lib is None:
        for sym in list(facts) + [_Symbol(r) for r in reps]:
            backend.add_rule([backend.add_atom(sym)])
        return
    rep = backend._rep
    p_sym = _ffi.new("clingo_symbol_t*")
    p_atom = _ffi.new("clingo_atom_t*")
    add_atom, add_rule, null = _lib.clingo_backend_add_atom, _lib.clingo_backend_rule, _ffi.NULL
    for r in [sym._rep for sym in facts] + list(reps):
        p_sym[0] = r
        _handle_error(add_atom(rep, p_sym, p_atom))
        _handle_error(add_rule(rep, False, p_atom, 1, null, 0))


def pair_reps(name: str, first: list, second: list) -> list:
    """The `_rep` of `clingo.Function(name, [a, b])` for each a, b of `first`, `second` (symbols, zipped), built
    in one loop of calls into clingo, without a Python symbol for each."""
    if _lib is None:
        return [clingo.Function(name, [a, b])._rep for a, b in zip(first, second)]
    args = _ffi.new("clingo_symbol_t[2]")
    out = _ffi.new("clingo_symbol_t*")
    create, c_name = _lib.clingo_symbol_create_function, name.encode()
    found = []
    for a, b in zip(first, second):
        args[0] = a._rep
        args[1] = b._rep
        _handle_error(create(c_name, args, 2, True, out))
        found.append(out[0])
    return found


_READERS: dict = {}    # (thread, bound) -> ShownReader: its buffers made once per grounding size, not per solve


def shown_reader(bound: int) -> "ShownReader":
    """A `ShownReader` of `bound` symbols, shared by this thread's solves of groundings of that many atoms (it
    keeps nothing of a model: each call copies the symbols out). A few sizes are kept."""
    key = (threading.get_ident(), bound)
    reader = _READERS.get(key)
    if reader is None:
        if len(_READERS) >= 8:
            _READERS.clear()
        reader = _READERS[key] = ShownReader(bound)
    return reader


class ModelCollector:
    """The on_model callback every solve uses: keeps the shown atoms, stops at the model cap, and
    turns how the solve ended into a SolveOutput (a limit is reported, never a verdict).
    `reader`: how a model's shown atoms are read (`ShownReader`; by default `Model.symbols`)."""

    def __init__(self, limits: Limits, optimize: bool = False, reader: Optional[Callable] = None):
        self.limits = limits
        self.optimize = optimize
        self.models: list = []
        self.hit_cap = False
        self.read = reader or (lambda model: model.symbols(shown=True))

    def __call__(self, model: clingo.Model) -> bool:
        if self.optimize and not model.optimality_proven:
            return True
        self.models.append(self.read(model))
        if len(self.models) >= self.limits.max_models:
            self.hit_cap = True
            return False
        return True

    def output(self, timed_out: bool, result: clingo.SolveResult, timings: dict) -> SolveOutput:
        if timed_out:
            return SolveOutput(self.models, False, "timeout", timings)
        if self.hit_cap:
            return SolveOutput(self.models, False, "max-resolutions", timings)
        return SolveOutput(self.models, bool(result.exhausted) or result.unsatisfiable is True, None, timings)


def _wait(handle, deadline: float) -> bool:
    """Wait for the solve call until `deadline` (a perf_counter time); whether it finished. `SolveHandle.wait` may
    return before its timeout without a result (a wake-up under load): it is asked again for the time left, so a
    solve is cut only when its time limit has really passed."""
    while True:
        left = deadline - time.perf_counter()
        if handle.wait(max(left, 0.0)):
            return True
        if left <= 0:
            return False


def _run(ctl: clingo.Control, limits: Limits, optimize: bool = False) -> SolveOutput:
    collect = ModelCollector(limits, optimize)
    start = time.perf_counter()
    with ctl.solve(on_model=collect, async_=True) as handle:
        finished = _wait(handle, start + limits.timeout)
        if not finished:
            handle.cancel()
        result = handle.get()
    return collect.output(not finished, result, {"solve": time.perf_counter() - start})


def enumerate_resolutions(facts: list, limits: Limits, logger: Optional[Callable] = None) -> SolveOutput:
    """Every legal resolution (answer sets projected onto the shown atoms)."""
    t0 = time.perf_counter()
    ctl = _control(["--models=0", "--project=show"], facts, logger)
    t1 = time.perf_counter()
    ctl.ground([("base", [])])
    t2 = time.perf_counter()
    out = _run(ctl, limits)
    out.timings.update({"load": t1 - t0, "ground": t2 - t1})
    return out


def diagnose(facts: list, limits: Limits, logger: Optional[Callable] = None) -> SolveOutput:
    """When nothing is legal: the ways of trying that break the fewest principles."""
    ctl = _control(["--models=0", "--opt-mode=optN", "--project=show"], facts + [clingo.Function("relax", [])], logger)
    ctl.add("diagnose", [], "#minimize{ 1,ID,X,W : violation(ID,X,W) }.")
    ctl.ground([("base", []), ("diagnose", [])])
    return _run(ctl, limits, optimize=True)
