"""A Control declares (`#defined p/n.`) only the left-out heads' predicates that one of its statements mentions
(`Session._live`, `session.predicates`): a declaration changes no answer set, and clingo only warns about a predicate
a statement reads. These tests check the reading of what statements mention, that the declarations kept are exactly
the mentioned ones, and that clingo stays silent on a batch and on single problems (the whole corpus, both paths:
tests/test_encodings.py and the slow group of tests/test_relevance.py)."""
from __future__ import annotations

from clingo import ast

from ptcg_asp.read.loader import load_scenario
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.facts import fact_pattern
from ptcg_asp.solve.program import RELAX_CHOICES_PATTERN, RELAX_PATTERN
from ptcg_asp.solve.session import Session, predicates
from ptcg_asp.solve.solver import Limits

from .test_interchange import scenario

LIMITS = Limits(timeout=60.0, max_models=100000)


def _parsed(text: str) -> list:
    out: list = []
    ast.parse_string(text, out.append)
    return [s for s in out if s.ast_type != ast.ASTType.Program]


def test_predicates_reads_every_place_an_atom_can_stand():
    text = ("h(X) :- b(X), not n(X), #count{ Y : c(X,Y), d(Y) } > 1, -e(X). "
            "{ ch(X) : co(X) } :- g. :- k(1). #show s/2. #project pr/1. "
            "#minimize{ 1,X : m(X) }. #heuristic he(X) : hb(X). [1,true] #external ex(1) : eb. "
            "q(f(a)) :- t(g(X), X).")
    found = predicates(_parsed(text))
    for key in [("h", 1), ("b", 1), ("n", 1), ("c", 2), ("d", 1), ("e", 1), ("ch", 1), ("co", 1), ("g", 0),
                ("k", 1), ("s", 2), ("pr", 1), ("m", 1), ("he", 1), ("hb", 1), ("ex", 1), ("eb", 0), ("q", 1), ("t", 2)]:
        assert key in found, key
    assert ("f", 1) not in found and ("a", 0) not in found and ("X", 0) not in found   # terms are not atoms


def test_a_control_declares_exactly_the_mentioned_left_out_heads(library):
    messages = []
    session = Session(LIMITS, logger=lambda code, message: messages.append(message))
    problem = compile_scenario(load_scenario(scenario("iono-each-player-draws-per-prize-left"), library))
    patterns = frozenset(fact_pattern(s) for s in problem.facts) | {RELAX_PATTERN, RELAX_CHOICES_PATTERN}
    live = session.rules.live(patterns)
    statements, declared, occurring = session._live(patterns)
    every = [(s.name, s.arity) for s in live if s.ast_type == ast.ASTType.Defined]
    assert [key for key, _ in declared] == every
    assert list(statements) == [s for s in live if s.ast_type != ast.ASTType.Defined]
    kept = [key for key in every if key in occurring]
    assert 0 < len(kept) < len(every) // 2          # most left-out heads are read by no kept statement
    assert occurring >= predicates(session.diagnose_statements)
    verdict = session.analyse(problem)
    assert verdict.legal and len(verdict.resolutions) == 1
    assert messages == []
