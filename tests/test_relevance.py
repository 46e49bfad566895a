"""Relevance pruning (ptcg_asp/solve/relevance.py) leaves out only rules that can never fire.

The pruning is exact by construction; these tests check the construction on small programs and
then check the claim itself: over the whole corpus, the pruned program has exactly the answer sets
of the full encodings, for the enumeration and for the diagnosis.
"""
from __future__ import annotations

import clingo
import pytest
from clingo import ast

from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.read.loader import find_scenarios, load_scenario
from ptcg_asp.solve.relevance import RuleIndex, symbol_pattern
from ptcg_asp.solve.session import Session
from ptcg_asp.solve.solver import Limits, diagnose, enumerate_resolutions

from .conftest import SCENARIOS


def _index(text: str) -> RuleIndex:
    statements: list = []
    ast.parse_string(text, statements.append)
    return RuleIndex(statements)


def _kept(index: RuleIndex, *facts: str) -> set:
    given = frozenset(symbol_pattern(clingo.parse_term(f)) for f in facts)
    return {str(s) for s in index.live(given) if s.ast_type == ast.ASTType.Rule}


PROGRAM = """
attacker(M) :- action(attack,M).
hit(M) :- attacker(M), power(M).
played(C) :- action(play,C).
idle :- not action(play,x).
count(N) :- N = #count{ X : attacker(X) }.
{ pick(X) : card(X) } 1 :- played(_).
:- pick(X), banned(X).
#show hit/1.
"""


def test_a_rule_that_needs_an_atom_nothing_gives_is_left_out():
    index = _index(PROGRAM)
    kept = _kept(index, "action(play,x)", "card(x)")
    assert "attacker(M) :- action(attack,M)." not in kept          # the first argument decides
    assert "hit(M) :- attacker(M); power(M)." not in kept          # ... and so on down the chain
    assert "played(C) :- action(play,C)." in kept
    assert "#false :- pick(X); banned(X)." not in kept             # nothing gives banned/1
    assert any(k.startswith("1 >= { pick(X): card(X) }") for k in kept)


def test_negated_literals_and_aggregates_are_never_needs():
    kept = _kept(_index(PROGRAM), "card(x)")
    assert "idle :- not action(play,x)." in kept
    assert "count(N) :- N = #count { X: attacker(X) }." in kept


def test_non_rules_are_always_kept():
    index = _index(PROGRAM)
    assert any(s.ast_type == ast.ASTType.ShowSignature for s in index.live(frozenset()))


def test_a_head_variable_takes_the_values_of_its_body_position():
    index = _index("action(K,C) :- wish(K,C). attacker(M) :- action(attack,M).")
    assert "attacker(M) :- action(attack,M)." in _kept(index, "wish(attack,x)")
    assert "attacker(M) :- action(attack,M)." not in _kept(index, "wish(play,x)")


def test_every_argument_position_counts_not_only_the_first():
    index = _index("healing(S) :- kind(S,heal). drawing(S) :- kind(S,draw).")
    kept = _kept(index, "kind(1,draw)")
    assert "drawing(S) :- kind(S,draw)." in kept and "healing(S) :- kind(S,heal)." not in kept


def test_a_variable_bound_twice_takes_the_values_both_positions_allow():
    index = _index("both(X) :- p(X), q(X). r :- both(a).")
    assert "r :- both(a)." not in _kept(index, "p(a)", "q(b)")
    assert "r :- both(a)." in _kept(index, "p(a)", "q(a)", "q(b)")


def test_a_head_argument_that_is_not_a_plain_variable_or_constant_is_anything():
    index = _index("action((K+0),C) :- wish(K,C). attacker(M) :- action(attack,M).")
    assert "attacker(M) :- action(attack,M)." in _kept(index, "wish(play,x)")


def test_problems_that_differ_in_constants_the_rules_never_write_share_one_fixpoint():
    index = _index('hit(M) :- action(attack,M). named(C) :- card(C), attr(C,name,"Pikachu").')
    one = index.live(frozenset(symbol_pattern(clingo.parse_term(f)) for f in ('action(attack,m1)', 'card("Abra")')))
    two = index.live(frozenset(symbol_pattern(clingo.parse_term(f)) for f in ('action(attack,m2)', 'card("Mew")')))
    assert one is two and len(index.cache) == 1
    three = index.live(frozenset(symbol_pattern(clingo.parse_term(f)) for f in ('action(play,m1)',)))
    assert "hit(M) :- action(attack,M)." not in {str(s) for s in three}


def test_a_value_at_a_position_no_rule_depends_on_is_read_as_anything():
    """`n(K)`'s argument flows nowhere a constant is checked, `m(K)`'s flows into `big(1)`: only
    the second makes problems differ (one fixpoint for `n(4)` and `n(5)`, two for `m(1)`, `m(2)`)."""
    index = _index("seen(X) :- n(X). big(X) :- m(X). r :- big(1).")
    pattern = lambda f: frozenset([symbol_pattern(clingo.parse_term(f))])  # noqa: E731
    assert index.live(pattern("n(4)")) is index.live(pattern("n(5)"))
    assert "r :- big(1)." in {str(s) for s in index.live(pattern("m(1)"))}
    assert "r :- big(1)." not in {str(s) for s in index.live(pattern("m(2)"))}


CORPUS_PARTS = 8   # the corpus-wide check in parts, so that `pytest -n` spreads it over the cores


@pytest.mark.slow
@pytest.mark.parametrize("part", range(CORPUS_PARTS))
def test_the_pruned_encodings_have_the_answer_sets_of_the_full_ones(library, part):
    """Every corpus scenario (in CORPUS_PARTS parts, every part-th): the same models (shown atoms) for the
    enumeration and the same optimal models for the diagnosis, pruned (the session) and full (`solver`, which
    loads encodings/ptcg.lp as it is). Neither path gets a single message from clingo (its warnings are on:
    undefined atoms, global variables in aggregates, undefined operations, ...)."""
    limits = Limits(timeout=60, max_models=100000)
    messages = []
    log = lambda code, msg: messages.append((path, str(code), msg))  # noqa: E731
    session = Session(limits, logger=log)
    checked = 0
    for path in find_scenarios(SCENARIOS)[part::CORPUS_PARTS]:
        scenario = load_scenario(path, library)
        if scenario.action.kind == "actions":
            continue
        problem = compile_scenario(scenario)
        ctl, _, _ = session.grounded(problem.facts)
        fast = session._enumerate(ctl)
        full = enumerate_resolutions(problem.facts, limits, logger=log)
        assert fast.complete and full.complete, path
        assert {frozenset(m) for m in fast.models} == {frozenset(m) for m in full.models}, path
        if not full.models:
            fast_diag, full_diag = session._diagnose(ctl), diagnose(problem.facts, limits, logger=log)
            assert {frozenset(m) for m in fast_diag.models} == {frozenset(m) for m in full_diag.models}, path
        checked += 1
    assert checked > 300 // CORPUS_PARTS
    assert messages == []


def test_atoms_are_read_from_their_text_strings_pools_and_anonymous_variables_included():
    index = _index('p("a,b(",X) :- q. r(_,1) :- s. t(1;2) :- u. w(f(a,b),c) :- v.')
    rules = {str(stm).split(" :-")[0]: i for i, stm in enumerate(index.statements)}
    assert index.rules[rules['p("a,b(",X)']].gives == [(("p", 2), (("c", clingo.String("a,b(")._rep), ("v", "X")))]
    assert index.rules[rules["r(_,1)"]].gives == [(("r", 2), (None, ("c", clingo.Number(1)._rep)))]  # `_`: anything
    assert rules["t(1;2)"] in index.always                         # a pool in a head: always kept
    assert index.rules[rules["w(f(a,b),c)"]].gives == [(("w", 2), (None, ("c", clingo.Function("c")._rep)))]


def test_a_rules_body_is_read_from_its_text_strings_and_aggregates_included():
    """Body elements are the rule text's top-level `;` parts: separators inside strings or an
    aggregate's braces do not split, and only plain positive atoms are needs."""
    index = _index('p(X) :- q(X,"a;b:-c"); #count { Y: r(Y); Y: s(Y) } > 0; not u(X); t(X).')
    rule = index.rules[next(iter(index.rules))]
    assert [key for key, _ in rule.needs] == [("q", 2), ("t", 1)]
    assert rule.needs[0][1] == ((1, clingo.String("a;b:-c")._rep),)
