"""`verdict._fact_name`: a fact's name read once per symbol gives what `Symbol.name` gives, for every fact, in any
order and after the bounded memo is cleared; `opp_options` reads the same answers with it."""
from clingo import Function, Number

from ptcg_asp.solve import verdict
from ptcg_asp.solve.compiler import Problem


def test_the_memo_gives_each_symbols_own_name():
    syms = [Function("opp_option", [Number(3)]), Function("option_of", [Number(3), Number(1)]),
            Function("option_of", [Number(4), Number(1)]), Function("opp_option", [Number(4)]),
            Function("init_pile", [Function("me"), Function("hand"), Number(2)])]
    for _ in range(2):      # cold, then warm
        assert [verdict._fact_name(s) for s in syms] == [s.name for s in syms]


def test_the_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(verdict, "_NAMES", {})
    monkeypatch.setattr(verdict, "_NAMES_MAX", 3)
    syms = [Function(f"p{k}", [Number(k)]) for k in range(10)]
    assert [verdict._fact_name(s) for s in syms] == [s.name for s in syms]
    assert len(verdict._NAMES) <= 3


def test_opp_options_read_through_the_memo():
    facts = [Function("option_of", [Number(5), Number(2)]), Function("opp_option", [Number(5)]),
             Function("option_of", [Number(6), Number(2)]), Function("opp_option", [Number(6)]),
             Function("option_of", [Number(7), Number(9)])]
    assert verdict.opp_options(Problem(facts)) == {5: 1, 6: 2}
    assert verdict.opp_options(Problem(facts[-1:])) == {}


def test_the_names_of_a_list_cold_and_warm(monkeypatch):
    monkeypatch.setattr(verdict, "_NAMES", {})
    syms = [Function("a", [Number(1)]), Function("b", []), Function("a", [Number(1)]), Function("c", [Number(2)])]
    assert verdict._fact_names(syms[:2]) == ["a", "b"]
    assert verdict._fact_names(syms) == ["a", "b", "a", "c"]
    assert verdict._fact_names(syms) == [s.name for s in syms]
    assert verdict._fact_names([]) == []
