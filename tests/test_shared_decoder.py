"""Batches share their decoders across the process (`batch.shared_decoder`): a shown atom is decoded once per way
the problem's steps read, not once per batch. These tests check that a verdict decoded with a warm shared decoder is
the verdict decoded from scratch, that steps which read differently never share one, and that the cache is bounded."""
from __future__ import annotations

from ptcg_asp.solve import batch as batch_module
from ptcg_asp.solve.compiler import Problem, StepInfo, compile_scenario
from ptcg_asp.solve.session import Session
from ptcg_asp.solve.verdict import Decoder

from .test_throughput_exactness import CASES, LIMITS, _outcomes, _states


def _summary(verdicts) -> list:
    return [(v.legal, v.complete, v.reasons, v.moved, [r.choices for r in v.resolutions],
             [r.choice_data for r in v.resolutions], _outcomes(v)) for v in verdicts]


def test_a_warm_shared_decoder_gives_the_verdicts_of_a_fresh_one(library):
    session = Session(LIMITS)
    for case in CASES:
        first = [compile_scenario(g.scenario) for g in _states(library, *case, 10, seed=3)]
        second = [compile_scenario(g.scenario) for g in _states(library, *case, 10, seed=4)]
        batch_module._DECODERS.clear()
        fresh = session.analyse_batch(second)
        batch_module._DECODERS.clear()
        session.analyse_batch(first)                        # the decoders now hold the first batch's atoms
        assert batch_module._DECODERS
        warm = session.analyse_batch(second)
        assert _summary(warm) == _summary(fresh)
        assert _summary(warm) == _summary([session.analyse(p) for p in second])


def _problem(fixed_target: bool) -> Problem:
    return Problem([], [StepInfo(1, "search", "me", "effect", 3, route="deck -> hand", fixed_target=fixed_target)])


def test_steps_that_read_differently_never_share_a_decoder():
    assert Decoder.key(_problem(True)) != Decoder.key(_problem(False))
    assert batch_module.shared_decoder(_problem(True)) is not batch_module.shared_decoder(_problem(False))
    assert batch_module.shared_decoder(_problem(True)) is batch_module.shared_decoder(_problem(True))


def test_the_shared_decoders_are_bounded(monkeypatch):
    monkeypatch.setattr(batch_module, "_DECODERS", {})
    monkeypatch.setattr(batch_module, "_DECODER_KEYS", 3)
    for n in range(10):
        batch_module.shared_decoder(Problem([], [StepInfo(n + 1, "draw", "me", "effect", 1)]))
        assert len(batch_module._DECODERS) <= 3
    monkeypatch.setattr(batch_module, "_DECODER_ATOMS", 2)
    one = _problem(False)
    found = batch_module.shared_decoder(one)
    found.memo.update({1: None, 2: None, 3: None})           # past the bound: the next batch starts a fresh one
    assert batch_module.shared_decoder(one) is not found
