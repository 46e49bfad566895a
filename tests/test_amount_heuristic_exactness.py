"""Issue 17's third round: a batch's solver tries the most cards a fill step can move first (`batch._AMOUNT_HIGH_FIRST`,
`#heuristic amt(S,N) : ceiling(S,N), fill(S). [1,true]`, for a step that must take every fitting card; such a
step tries the whole amount as one card name first,
`#heuristic take(S,C,N) : amt(S,N), fill(S). [1,true]`). A heuristic orders the search; these tests check that it changes
no member's models, that it is a statement built from symbols, and that a batch whose action moves no cards (no
`amt`, `ceiling`, `take` or `fill` atoms) gets no warning from it."""
from __future__ import annotations

import pytest

from ptcg_asp.read.loader import load_scenario
from ptcg_asp.solve import batch as batch_module
from ptcg_asp.solve.batch import MEMBER, _member_facts, _member_statements, _split_facts
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

from .test_interchange import scenario
from .test_throughput_exactness import CASES, LIMITS, _states


def _member_models(library, case: tuple, amount_first: bool) -> dict:
    """{member: the set of its models} of one batch of generated states, solved once for every member, with the
    member-first heuristic and with or without the amount heuristic."""
    states = _states(library, *case, 12, seed=8)
    problems = [compile_scenario(g.scenario) for g in states]
    facts, common, varying, holders = _split_facts(problems)
    statements = _member_statements(varying, holders, len(problems))
    if not amount_first:
        statements = [s for s in statements if not any(s is a for a in batch_module._AMOUNT_HIGH_FIRST)]
    ctl = Session(LIMITS).control(facts, statements, given=common, given_reps=_member_facts(varying, holders),
                                  args=batch_module.MEMBER_ARGS)
    ctl.ground([("base", [])])
    found: dict = {}

    def on_model(model):
        shown = model.symbols(shown=True)
        member = next(s for s in shown if s.name == MEMBER)
        found.setdefault(member.arguments[0].number, set()).add(frozenset(str(s) for s in shown))
    ctl.solve(on_model=on_model)
    return found


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_trying_the_largest_amount_first_changes_no_members_models(library, case):
    plain = _member_models(library, case, amount_first=False)
    first = _member_models(library, case, amount_first=True)
    assert plain == first
    assert len(plain) >= 6


def test_the_amount_heuristic_is_statements_built_from_symbols():
    statements = _member_statements([], {}, 2)
    texts = [str(s) for s in batch_module._AMOUNT_HIGH_FIRST]
    assert texts == ["#defined amt/2.", "#defined ceiling/2.", "#defined take/3.", "#defined fill/1.",
                     "#heuristic amt(S,N) : ceiling(S,N); fill(S). [1@0,true]",
                     "#heuristic take(S,C,N) : amt(S,N); fill(S). [1@0,true]"]
    assert all(any(s is a for s in statements) for a in batch_module._AMOUNT_HIGH_FIRST)


def test_a_batch_that_moves_no_cards_gets_no_warning_from_the_amount_heuristic(library):
    messages = []
    base = load_scenario(scenario("a-confused-attackers-coin-is-not-one-of-twineedles-heads"), library)
    problem = compile_scenario(base)
    session = Session(LIMITS, logger=lambda code, message: messages.append(message))
    verdicts = session.analyse_batch([problem, problem])
    assert verdicts[0].legal == verdicts[1].legal == session.analyse(problem).legal
    assert messages == []
