"""The throughput paths of issue 17 change how results are reached, never the results: a model's shown
atoms read in one clingo pass (`solver.ShownReader`) are `Model.symbols(shown=True)` exactly, in order;
the refusal's memo of tested unmarked tags gives what the walk gives; the collector pause restores the
collector's state; generated states solved in blocks have the verdicts each state has alone."""
from __future__ import annotations

import gc

import clingo
import pytest

from ptcg_asp.cards import unsupported
from ptcg_asp.cards.library import load_library
from ptcg_asp.cards.vocabulary import Effect, Filter, Prim
from ptcg_asp.read.loader import load_scenario
from ptcg_asp.solve.batch import collector_paused
from ptcg_asp.solve.session import Session
from ptcg_asp.solve.solver import Limits, ShownReader
from ptcg_asp.tell import generate as gen

from .test_interchange import scenario

PROGRAM = """
{ a(1..6) }. :- a(X), a(Y), X < Y, Y - X < 2.
b(X, f(X)) :- a(X), X > 2.
c("text") :- a(1).
fact(7). hidden(X) :- a(X).
#show a/1. #show b/2. #show c/1. #show fact/1.
"""


def _models(reader_of) -> list:
    ctl = clingo.Control(["--models=0"])
    ctl.add("base", [], PROGRAM)
    ctl.ground([("base", [])])
    reader = reader_of(ctl)
    got = []

    def on_model(model):
        got.append(([s._rep for s in model.symbols(shown=True)], [s._rep for s in reader(model)]))
    ctl.solve(on_model=on_model)
    return got


def test_shown_reader_is_model_symbols_in_order():
    pairs = _models(lambda ctl: ShownReader(len(ctl.symbolic_atoms)))
    assert len(pairs) == 21      # the subsets of 1..6 without two neighbours (Fibonacci: 21), the empty one among them
    for clingo_order, read in pairs:
        assert read == clingo_order
    assert any(len(read) >= 4 for _, read in pairs)


@pytest.mark.parametrize("bound", [0, 1, 2])
def test_shown_reader_too_small_a_buffer_falls_back(bound):
    for clingo_order, read in _models(lambda ctl: ShownReader(bound)):
        assert read == clingo_order


def test_collector_paused_restores_the_collector():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()     # the outer pause still holds
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()     # off before, off after
    finally:
        gc.enable()
    with pytest.raises(ValueError):
        with collector_paused():
            raise ValueError
    assert gc.isenabled()


def test_tested_unmarked_tags_memo_is_the_walk():
    tera = Filter(((("tag", "tera"),),))
    ancient = Filter(((("not_tag", ("ancient", "ex")),),))
    effect = Effect(items=(Prim("search", args=(("filter", tera),)),))
    values = [effect, (ancient,), None, [ancient]]
    first = unsupported._tested_unmarked_tags(values)
    assert first == {"tera", "ancient"}
    assert unsupported._tested_unmarked_tags(values) == first          # from the memo
    assert id(values[-1]) not in unsupported._TESTED_MEMO              # a list is walked, never kept
    assert unsupported._TESTED_MEMO[id(effect)] == (effect, frozenset({"tera"}))
    assert unsupported._tested_unmarked_tags([None]) == set()


def test_generated_block_verdicts_are_each_state_alone():
    library = load_library()
    base = load_scenario(scenario("nest-ball-open-bench"), library)
    fields = gen.parse_fields(["me.bench=0..5", "me.deck.Pikachu=0..4", "me.deck=0..30"], base)
    states = gen.generate(base, fields, gen.numbers_random(fields, 40, 3), "--n 40 --seed 3")
    session = Session(Limits(timeout=60.0, max_models=100000))
    together = gen.solve(states, session, block=16)
    for g, report in zip(states, together):
        from ptcg_asp.solve.compiler import compile_scenario
        alone = session.analyse(compile_scenario(g.scenario))
        assert (report.verdict.legal, report.verdict.reasons, report.verdict.moved) == (alone.legal, alone.reasons, alone.moved)
        assert [r.choices for r in report.verdict.resolutions] == [r.choices for r in alone.resolutions]
        assert [[o.events for o in r.outcomes] for r in report.verdict.resolutions] == \
            [[o.events for o in r.outcomes] for r in alone.resolutions]
    assert sum(r.verdict.legal for r in together) not in (0, len(together))   # both verdicts occur


def test_a_solve_is_cut_only_when_its_time_limit_has_passed():
    """`SolveHandle.wait` may return early without a result (seen under load: a 'timeout' 15 ms into a 60 s limit);
    the wait is asked again for the time left, and a solve that finishes in time is never reported as cut."""
    import time as _time
    from ptcg_asp.solve import solver

    class EarlyHandle:   # wakes up twice with no result, then the solve finishes
        def __init__(self):
            self.calls = []

        def wait(self, timeout):
            self.calls.append(timeout)
            return len(self.calls) > 2

    handle = EarlyHandle()
    assert solver._wait(handle, _time.perf_counter() + 60) is True
    assert len(handle.calls) == 3 and all(t > 50 for t in handle.calls)

    class NeverHandle:
        def wait(self, timeout):
            return False

    assert solver._wait(NeverHandle(), _time.perf_counter() - 1) is False
