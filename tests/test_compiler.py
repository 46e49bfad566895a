"""The compiler: facts are clingo symbols, effects flatten into the steps the encodings expect."""
import os
import subprocess
import sys

import clingo

from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.solver import Limits, encodings_dir
from ptcg_asp.solve.verdict import analyse

from .conftest import ROOT

BASE = """
id: t
title: t
source: test
{cards}
state:
  me:
    active: Charmander
    hand: [{hand}]
    deck: [Pikachu, 10]
    discard: [Basic Fire Energy x2]
    prizes: 6
  opp:
    active: Pikachu
    bench: [Charmander]
    hand: 3
    deck: 20
    prizes: 6
action:
  play: {play}
"""


def _scn(library, play, hand=None, cards=""):
    text = BASE.format(play=play, hand=hand or play, cards=cards)
    return load_scenario_text(text, "<test>", library)


def _facts(problem, name):
    return [f for f in problem.facts if f.name == name]


def test_facts_are_symbols_and_names_stay_strings(library):
    problem = compile_scenario(_scn(library, "Nest Ball"))
    assert all(isinstance(f, clingo.Symbol) for f in problem.facts)
    names = {f.arguments[0] for f in _facts(problem, "card")}
    assert clingo.String("Nest Ball") in names and clingo.Function("anon") in names


def test_then_part_and_cost_roles(library):
    problem = compile_scenario(_scn(library, "Welder", "Welder, Basic Fire Energy"))
    roles = {(f.arguments[0].number, f.arguments[1].name) for f in _facts(problem, "role")}
    assert roles == {(1, "main"), (2, "then")}
    problem = compile_scenario(_scn(library, "Quick Ball", "Quick Ball, Pikachu"))
    roles = {(f.arguments[0].number, f.arguments[1].name) for f in _facts(problem, "role")}
    assert roles == {(1, "cost"), (2, "main")}


def test_each_player_expands_to_two_steps(library):
    problem = compile_scenario(_scn(library, "Judge"))
    who = sorted((f.arguments[0].number, f.arguments[1].name) for f in _facts(problem, "who"))
    assert who == [(1, "me"), (2, "opp"), (3, "me"), (4, "opp"), (5, "me"), (6, "opp")]


def test_tag_team_extra_unit(library):
    problem = compile_scenario(_scn(library, "Cynthia & Caitlin"))
    kinds = {f.arguments[1].name for f in _facts(problem, "unit_kind")}
    assert kinds == {"top", "extra"}
    assert not _facts(problem, "linked")
    problem = compile_scenario(_scn(library, "Mallow & Lana"))
    assert _facts(problem, "linked")


def test_the_hand_is_compiled_as_the_state_gives_it(library):
    # The played card leaving the hand is the encodings' (state.lp, `leaves_hand/1`; tests/test_layers.py).
    problem = compile_scenario(_scn(library, "Nest Ball", "Nest Ball, Nest Ball"))
    hand = [f for f in _facts(problem, "init_pile") if f.arguments[0].name == "me" and f.arguments[1].name == "hand"]
    assert [(f.arguments[2].string, f.arguments[3].number) for f in hand] == [("Nest Ball", 2)]
    assert [str(f) for f in _facts(problem, "action")] == ['action(play,"Nest Ball")']


SCENARIO_CARD = """
cards:
  - name: "Odd Ball ). #include \\"x\\". :- a."
    kind: item
    effect:
      do: [{search: {zone: deck, filter: {kind: pokemon, stage: basic, type: lightning}, count: 1, to: bench}}]
"""


def test_a_card_defined_in_the_scenario_works_end_to_end(library):
    name = 'Odd Ball ). #include "x". :- a.'
    scn = _scn(library, f"'{name}'", f"'{name}'", SCENARIO_CARD)
    verdict = analyse(compile_scenario(scn), Limits())
    assert verdict.legal
    # The deck really holds one Lightning Basic (Pikachu): take it or whiff (W1).
    assert verdict.moved == {"deck>bench": [0, 1]}
    assert len(verdict.resolutions) == 2
    assert "W1" in verdict.principles()


def test_facts_command_output_runs_on_bare_clingo(tmp_path):
    path = os.path.join(ROOT, "scenarios", "quick-ball-resolution-count.yaml")
    out = subprocess.run([sys.executable, "-m", "ptcg_asp", "facts", path], capture_output=True, text=True, check=True)
    messages = []
    ctl = clingo.Control(["0", "--project=show"], logger=lambda code, msg: messages.append(msg))
    ctl.load(os.path.join(encodings_dir(), "ptcg.lp"))
    ctl.add("base", [], out.stdout)
    ctl.ground([("base", [])])
    models = []
    ctl.solve(on_model=lambda m: models.append(m))
    assert len(models) == 6  # the scenario's 6 resolutions, each one answer set
    assert messages == []    # warnings on: the facts and the encodings give none


def test_pokemon_that_differ_only_in_lasting_fields_are_not_twins(library):
    """Two Benched Pikachu that differ only in a type change or a fact of the last turn are two targets."""
    text = """
id: t
title: t
source: test
state:
  me:
    active: Charmander
    bench: [{card: Pikachu, type_change: fire}, Pikachu, {card: Pikachu, damaged_last_turn: 30}]
    hand: 3
    deck: 10
    prizes: 6
    knocked_out_last_turn: [Virizion]
  opp:
    active: Pikachu
    deck: 20
    prizes: 6
action:
  checkup: {}
"""
    symbols = compile_scenario(load_scenario_text(text, "<test>", library)).facts
    facts = {str(f) for f in symbols}
    bench_reps = {str(f.arguments[1]) for f in symbols
                  if f.name == "twin" and f.arguments[0].arguments[1].name == "bench"}
    assert len(bench_reps) == 3, bench_reps
    assert 'init_type_change(m(me,bench(0)),fire)' in facts
    assert 'init_damaged_last_turn(m(me,bench(2)),30)' in facts
    assert 'ko_last_turn(me,"Virizion (EPO 17)",1)' in facts


_CEMETERY_SCN = """
id: t
title: t
source: test
cards:
  - name: Test Cemetery
    kind: stadium
    attach_trigger:
      holder: {not: {type: psychic}}
      effect: {do: [{damage_counters: {count: 2, target: {ref: self}}}]}
  - name: Test Attacher
    kind: item
    effect: {do: [{attach: {from: hand, filter: {kind: basic_energy}, count: 1, target: {side: me}}}]}
state:
  me:
    active: Charmander
    hand: [{hand}]
    deck: 10
    prizes: 6
  opp:
    active: Pikachu
    deck: 10
    prizes: 6
  stadium: {card: Test Cemetery, owner: opp}
action:
  {action}
"""


def test_a_stadiums_attach_trigger_is_the_attach_actions_effect_trainers4(library):
    from ptcg_asp.read.errors import InputError
    text = _CEMETERY_SCN.replace("{hand}", "Basic Fire Energy").replace(
        "{action}", "attach: {card: Basic Fire Energy, to: active}")
    problem = compile_scenario(load_scenario_text(text, "<test>", library))
    assert [f.arguments[0].name for f in _facts(problem, "source_kind")] == ["stadium_trigger"]
    assert _facts(problem, "stadium_trigger") == [clingo.Function("stadium_trigger", [clingo.String("Test Cemetery")])]
    assert {f.arguments[1].name for f in _facts(problem, "kind")} == {"counters"}
    # an Item that attaches Energy from the hand would trigger it too, which only the attach action carries out
    text = _CEMETERY_SCN.replace("{hand}", "Test Attacher, Basic Fire Energy").replace("{action}", "play: Test Attacher")
    try:
        compile_scenario(load_scenario_text(text, "<test>", library))
    except InputError as e:
        assert "Test Cemetery" in str(e)
    else:
        raise AssertionError("no refusal")
