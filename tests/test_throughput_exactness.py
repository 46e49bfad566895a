"""Issue 17's second round of throughput work changes how results are reached, never the results:

* a batch is enumerated in groups of `BATCH_GROUP` members (the others assumed out), with the member decided first
  (a domain heuristic): every member's verdict is what it has alone, and every member's models are those of the
  batch solved with no groups and no heuristic;
* the compiler makes the facts that plain values decide once (a Pokémon in play, a pile, twins, the rules' facts,
  the filters' card names), and the refusal is remembered per action, Pokémon in play and card names: a compile
  that finds them remembered gives the facts, in order, that a compile from scratch gives, and a refused action is
  refused every time, each time with an error of its own.
"""
from __future__ import annotations

import clingo
import pytest

from ptcg_asp.cards import unsupported
from ptcg_asp.read.errors import UnsupportedError
from ptcg_asp.read.loader import load_scenario, load_scenario_text
from ptcg_asp.solve import batch as batch_module
from ptcg_asp.solve import compiler
from ptcg_asp.solve.batch import MEMBER, _member_facts, _member_statements, _split_facts
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session
from ptcg_asp.solve.solver import Limits
from ptcg_asp.tell import generate as gen

from .test_interchange import scenario

LIMITS = Limits(timeout=60.0, max_models=100000)

# (base scenario, fields): legal and illegal states, several resolutions, random draws, Pokémon in play varied
CASES = [
    ("nest-ball-open-bench", ["me.bench=0..5", "me.deck.Pikachu=0..4", "me.deck=0..30"]),
    ("ultra-ball-two-other-cards", ["me.hand=0..6", "me.hand.Basic Fire Energy=0..3", "me.deck.Charizard ex=0..3",
                                    "me.deck=0..30"]),
    ("iono-each-player-draws-per-prize-left", ["me.hand=0..10", "opp.hand=0..10", "me.prizes=1..6", "me.deck=0..20"]),
]


def _states(library, name: str, fields: list, n: int, seed: int = 5) -> list:
    base = load_scenario(scenario(name), library)
    parsed = gen.parse_fields(fields, base)
    return gen.generate(base, parsed, gen.numbers_random(parsed, n, seed), f"--n {n} --seed {seed}")


def _outcomes(verdict) -> list:
    return [[(o.events, o.probability, tuple(sorted(o.moved.items()))) for o in r.outcomes]
            for r in verdict.resolutions]


@pytest.mark.parametrize("name,fields", CASES)
def test_a_batch_in_groups_gives_each_member_its_verdict_alone(library, monkeypatch, name, fields):
    monkeypatch.setattr(batch_module, "BATCH_GROUP", 3)     # several groups, and a last one smaller
    states = _states(library, name, fields, 14)
    problems = [compile_scenario(g.scenario) for g in states]
    session = Session(LIMITS)
    together = session.analyse_batch(problems)
    for problem, fast in zip(problems, together):
        alone = session.analyse(problem)
        assert (fast.legal, fast.complete, fast.reasons, fast.moved) == \
            (alone.legal, alone.complete, alone.reasons, alone.moved)
        assert [r.choices for r in fast.resolutions] == [r.choices for r in alone.resolutions]
        assert _outcomes(fast) == _outcomes(alone)
    if name != "iono-each-player-draws-per-prize-left":
        assert any(v.legal for v in together) and not all(v.legal for v in together)


def _member_models(library, args: tuple, heuristic: bool) -> dict:
    """{member: the set of its models} of one batch of Ultra Ball states, solved once for every member."""
    states = _states(library, *CASES[1], 12, seed=8)
    problems = [compile_scenario(g.scenario) for g in states]
    facts, common, varying, holders = _split_facts(problems)
    statements = _member_statements(varying, holders, len(problems))
    if not heuristic:
        statements = [s for s in statements if s is not batch_module._MEMBER_FIRST]
    ctl = Session(LIMITS).control(facts, statements, given=common, given_reps=_member_facts(varying, holders), args=args)
    ctl.ground([("base", [])])
    found: dict = {}

    def on_model(model):
        shown = frozenset(str(s) for s in model.symbols(shown=True))
        member = next(s for s in model.symbols(shown=True) if s.name == MEMBER)
        found.setdefault(member.arguments[0].number, set()).add(shown)
    ctl.solve(on_model=on_model)
    return found


def test_the_member_first_heuristic_changes_no_members_models(library):
    plain = _member_models(library, (), heuristic=False)
    first = _member_models(library, batch_module.MEMBER_ARGS, heuristic=True)
    assert plain == first
    assert len(plain) >= 6 and sum(len(m) for m in plain.values()) > len(plain)   # several resolutions somewhere


def _clear_compile_memos() -> None:
    for memo in (compiler._MON_MEMO, compiler._RULES_MEMO, compiler._FILTER_NAMES, unsupported._REFUSAL_MEMO):
        memo.clear()
    compiler._pile_fact.cache_clear()
    compiler._twin_fact.cache_clear()


@pytest.mark.parametrize("name,fields", CASES)
def test_a_compile_from_the_memos_is_a_compile_from_scratch(library, name, fields):
    states = _states(library, name, fields, 30, seed=11)
    fresh = []
    for g in states:
        _clear_compile_memos()
        fresh.append(compile_scenario(g.scenario))
    _clear_compile_memos()
    warm = [compile_scenario(g.scenario) for g in states]        # later states find most of their facts made
    again = [compile_scenario(g.scenario) for g in reversed(states)][::-1]
    for a, b, c in zip(fresh, warm, again):
        assert [s._rep for s in a.facts] == [s._rep for s in b.facts] == [s._rep for s in c.facts]
        assert a.steps == b.steps == c.steps
    assert len(compiler._MON_MEMO) < sum(1 for g in states for _ in [g.scenario.state.me.active, *g.scenario.state.me.bench])


_REFUSED = """
id: humming-stadium
title: an unread Stadium in play
source: test
cards:
  - name: Humming Stadium
    kind: stadium
    unsupported: ["Each player hums a tune whenever a Pokémon is played."]
state:
  me:
    active: Pikachu
    hand: [Nest Ball, {n}]
    deck: {deck}
    prizes: 6
  opp:
    active: Charmander
    deck: 10
    prizes: 6
  stadium: {card: Humming Stadium, owner: opp}
action:
  play: Nest Ball
"""


def test_a_refused_action_is_refused_every_time_with_an_error_of_its_own(library):
    errors = []
    for n, deck in ((1, 10), (2, 10), (1, 12), (1, 10)):
        scn = load_scenario_text(_REFUSED.replace("{n}", str(n)).replace("{deck}", str(deck)), "<test>", library)
        with pytest.raises(UnsupportedError) as caught:
            compile_scenario(scn)
        errors.append(caught.value)
    assert len({str(e) for e in errors}) == 1 and "hums a tune" in str(errors[0])
    assert len({id(e) for e in errors}) == len(errors)
    # without the Stadium the same states are compiled (the memo keeps the answer per Stadium)
    plain = _REFUSED.replace("  stadium: {card: Humming Stadium, owner: opp}\n", "")
    for n in (1, 2):
        compile_scenario(load_scenario_text(plain.replace("{n}", str(n)).replace("{deck}", "10"), "<test>", library))


def test_the_member_first_heuristic_is_a_statement_built_from_symbols():
    statements = _member_statements([clingo.Function("f", [clingo.Number(1)])], {clingo.Function("f", [clingo.Number(1)])._rep: [0]}, 2)
    assert str(batch_module._MEMBER_FIRST) == "#heuristic batch_member(X) : batch_member(X). [1@0,level]"
    assert batch_module._MEMBER_FIRST in statements
    assert batch_module.MEMBER_ARGS == ("--heuristic=Domain",)


def test_the_compile_memos_do_not_keep_a_scenarios_own_library_alive(library):
    import gc
    import weakref

    text = _REFUSED.replace("{n}", "1").replace("{deck}", "10").replace(
        "  stadium: {card: Humming Stadium, owner: opp}\n", "")
    scn = load_scenario_text(text, "<test>", library)
    own = weakref.ref(scn.library)
    assert own() is not library           # `cards:` made a library of its own
    compile_scenario(scn)
    assert any(hit[0]() is own() for hit in compiler._MON_MEMO.values())
    del scn
    gc.collect()
    assert own() is None


def test_the_refusal_memo_tells_apart_states_that_differ_only_in_a_players_named_effects(library):
    """`refusal` reads the lasting effects a state names on a player (their filters may test a tag the card data does
    not mark): two states alike but for them must not share a memo entry."""
    text = ("id: t\ntitle: t\nsource: t\nstate:\n  me:\n    active: Pikachu\n    deck: 10\n    prizes: 6{}\n"
            "  opp:\n    active: Pikachu\n    deck: 10\n    prizes: 6\naction:\n  attack: {{name: Gnaw}}\n")
    plain = load_scenario_text(text.format("\n    effects: []"), "s.yaml", library)   # the same lines
    named = load_scenario_text(text.format("\n    effects: [Briar]"), "s.yaml", library)
    assert named.state.me.effects == ("Briar",)
    assert unsupported._refusal_key(plain) != unsupported._refusal_key(named)
