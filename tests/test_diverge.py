"""`ptcg-asp diverge` / `prove`: a bounded space of states in one grounding, checked against `table`.

`table` solves every state of the same bounds one by one (each verdict itself checked against the one-problem
path by tests/test_table.py); the one-solve answer must give exactly the same legal states. The expectations
about where the readings part come from docs/principles.md ("How the activation test composes") and
docs/readings.md: under the English rulebook's reading a draw from an empty deck does not stop a card whose
effect as a whole still changes the game (Professor Kukui's damage boost); under seed 000 it does (A4).
"""
from __future__ import annotations

import json
import os

import pytest

from ptcg_asp.cli.commands import main
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario
from ptcg_asp.solve.readings import with_reading
from ptcg_asp.solve.session import Session
from ptcg_asp.solve.space import legal_states, reading_symbol
from ptcg_asp.tell.diverge import diverge, prove
from ptcg_asp.tell.space import factorise
from ptcg_asp.tell.table import build_table, parse_varies

from .conftest import SCENARIOS

KUKUI = os.path.join(SCENARIOS, "english-rulebook-professor-kukui-with-a-deck.yaml")
NEST = os.path.join(SCENARIOS, "nest-ball-open-bench.yaml")


def _table_legal(scenario, varies, reading=None) -> set:
    base = with_reading(scenario, reading) if reading else scenario
    table = build_table(base, varies, jobs=1)
    assert table.complete
    return {c.values for c in table.cells if c.legal}


def _space_legal(scenario, varies, readings) -> dict:
    space = factorise(scenario, varies)
    space.factored.common = [s for s in space.factored.common if s.name != "reading"]
    syms = [reading_symbol(r) for r in readings]
    result = legal_states(Session(), space.factored, syms, Session().limits)
    assert result.complete
    return {r: {space.values(i) for i in result.legal[s]} for r, s in zip(readings, syms)}


@pytest.mark.parametrize("bounds", [
    ["me.deck=0..3", "me.bench=3..5", "opp.hand=0,4"],
    # me.deck and me.deck.CARD change the same facts (the deck's size): one group of fields, compiled together.
    ["me.deck=0..2", "me.deck.Pikachu=0..2", "me.bench=4,5"],
])
def test_the_one_solve_legal_states_are_the_tables(library, bounds):
    scenario = load_scenario(NEST, library)
    varies = parse_varies(bounds, scenario)
    assert _space_legal(scenario, varies, ["seed-000"])["seed-000"] == _table_legal(scenario, varies)


def test_deck_fields_that_change_the_same_facts_are_one_group(library):
    scenario = load_scenario(NEST, library)
    space = factorise(scenario, parse_varies(["me.deck=0..2", "me.deck.Pikachu=0..2", "me.bench=4,5"], scenario))
    assert space.groups == ((0, 1), (2,))
    assert space.size == 3 * 3 * 2


def test_readings_part_exactly_where_the_deck_is_empty_and_agree_with_the_table(library):
    scenario = load_scenario(KUKUI, library)
    varies = parse_varies(["me.deck=0..3", "me.hand=0..2"], scenario)
    got = _space_legal(scenario, varies, ["seed-000", "english-rulebook"])
    for reading in ("seed-000", "english-rulebook"):
        assert got[reading] == _table_legal(scenario, varies, reading)
    # Seed 000: a draw from an empty deck is known to be impossible (A4); the English reading tests the whole effect,
    # which the damage boost still changes: the two part exactly at me.deck=0.
    assert got["english-rulebook"] - got["seed-000"] == {(0, h) for h in range(3)}
    assert not got["seed-000"] - got["english-rulebook"]


def test_diverge_prints_the_smallest_divergent_state_as_a_scenario_that_runs(library, tmp_path, capsys):
    scenario = load_scenario(KUKUI, library)
    answer = diverge(scenario, parse_varies(["me.deck=0..5", "me.hand=0..3"], scenario), ("seed-000", "english-rulebook"))
    assert answer.complete and answer.found_count == 4 and not answer.holds
    assert answer.found[0].values == (0, 0)
    assert answer.found[0].verdicts == {"seed-000": "illegal", "english-rulebook": "legal"}
    assert main(["diverge", KUKUI, "--bound", "me.deck=0..5", "--bound", "me.hand=0..3", "--show", "1", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["found_count"] == 4 and doc["found"][0]["values"] == {"me.deck": 0, "me.hand": 0}
    # The state found, written out, is a scenario whose verdict under each reading is the one reported.
    case = doc["found"][0]["case"]
    path = tmp_path / "state.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    for reading, legal in (("seed-000", False), ("english-rulebook", True)):
        assert main(["check", str(path), "--reading", reading, "--json"]) == 0
        result = json.loads(capsys.readouterr().out)["results"][0]
        assert result["verdict"] == ("legal" if legal else "illegal")


def test_prove_finds_the_full_bench_and_proves_the_open_bench(library):
    scenario = load_scenario(NEST, library)
    # Seed 000, the Nest Ball example of A4: a full Bench stops it; with room and Basic Pokémon named in the deck, it
    # is always legal (the deck's other cards do not matter: W1 lets it find nothing).
    refuted = prove(scenario, parse_varies(["me.deck=0..4", "me.bench=0..5"], scenario), "legal")
    assert refuted.found_count == 5 and refuted.found[0].values == (0, 5)
    proved = prove(scenario, parse_varies(["me.deck=0..4", "me.bench=0..4"], scenario), "legal")
    assert proved.holds and proved.found_count == 0 and proved.size == 25
    assert prove(scenario, parse_varies(["me.bench=5"], scenario), "illegal").holds


def test_bad_bounds_are_input_errors(library, capsys):
    assert main(["prove", NEST, "--claim", "legal"]) == 2
    assert "--bound" in capsys.readouterr().err
    assert main(["prove", NEST, "--claim", "legal", "--bound", "me.nowhere=0..3"]) == 2
    assert main(["diverge", NEST, "--bound", "me.deck=0..1", "--readings", "seed-000"]) == 2
    with pytest.raises(InputError):
        factorise(load_scenario(NEST, library), parse_varies(["me.deck=0..80"], load_scenario(NEST, library)))


@pytest.mark.parametrize("name, bounds", [
    ("ultra-ball-two-other-cards.yaml", ["me.hand.Basic Fire Energy=0..3", "me.deck.Charizard ex=0..2", "me.deck=0..2"]),
    ("nest-ball-open-bench.yaml", ["me.deck.Pikachu=0..2", "me.bench=3..5"]),
    ("super-rod-up-to-three.yaml", ["me.discard.Pikachu=0..3", "me.discard=0..1"]),
    ("professors-research-three-cards-in-deck.yaml", ["me.deck=0..4", "me.hand=0..2"]),
])
def test_the_one_solve_resolution_counts_are_the_tables(library, name, bounds):
    scenario = load_scenario(os.path.join(SCENARIOS, name), library)
    varies = parse_varies(bounds, scenario)
    space = factorise(scenario, varies)
    result = legal_states(Session(), space.factored, [], Session().limits, counts=True)
    assert result.complete
    got = {space.values(i): n for i, n in result.counts[None].items()}
    table = build_table(scenario, varies, jobs=1)
    assert got == {c.values: c.resolutions for c in table.cells if c.legal}


def test_bounds_take_generates_fields_too_damage_on_a_pokemon(library):
    # A3, the catalogue's own example: Potion cannot be played when no Pokémon in play has damage; with damage on the
    # Active it can, whatever the deck holds. me.active.damage is a `generate` field (0, 10, ..., 60).
    path = os.path.join(SCENARIOS, "potion-no-damage.yaml")
    scenario = load_scenario(path, library)
    from ptcg_asp.tell.generate import parse_fields
    answer = prove(scenario, parse_fields(["me.active.damage=0..60", "me.deck=0..3"], scenario), "legal", shown=5)
    assert answer.size == 28 and answer.found_count == 4
    assert {f.values for f in answer.found} == {(0, d) for d in range(4)}


def test_every_choice_predicate_counts_as_a_resolutions_choice():
    # The one-solve resolution counts project onto the choices verdict.py groups resolutions by: all of them.
    from ptcg_asp.solve.space import _CHOICES
    from ptcg_asp.solve.verdict import CHOICE_PREDICATES
    assert {line.split("(")[1] for line in _CHOICES.split("\n") if line.startswith("resolution_choice(")} \
        == CHOICE_PREDICATES



def test_diverge_finds_where_the_official_rulings_pay_a_retreat_cost_otherwise_and_one_at_a_time_agrees(library):
    # Pokémon R&D, 2017 NAIC Q3/A3: a Retreat Cost of 2 may be paid with 2 Double Colorless Energy ("select 1 Energy
    # of each"); seed 000 (retreat.lp) discards no card the cost does not need. Both readings are legal in the same
    # states (the rulings only add ways to pay); they part in the number of resolutions.
    from ptcg_asp.tell.check import run_scenario
    from ptcg_asp.tell.generate import parse_fields, state_of

    scenario = load_scenario(os.path.join(SCENARIOS, "official-rulings-retreat-cost-2-with-two-double-colorless-energy.yaml"),
                             library)
    fields = parse_fields(["me.active.energy.Double Colorless Energy=0..3", "me.active.energy.Basic Fire Energy=0..3"],
                          scenario)
    readings = ("seed-000", "official-rulings")
    answer = diverge(scenario, fields, readings, counts=True, shown=20)
    assert answer.complete and answer.found_count == 11 and len(answer.found) == 11
    assert answer.legal_counts == {"seed-000": 14, "official-rulings": 14}
    assert answer.found[0].values == (1, 1)
    assert answer.found[0].verdicts == {"seed-000": "legal, 1 resolution(s)", "official-rulings": "legal, 2 resolution(s)"}
    # Each state found, solved alone under each reading, has the verdict and resolution count diverge reports.
    session = Session()
    for f in answer.found:
        state = state_of(scenario, fields, f.values)
        for reading in readings:
            verdict = run_scenario(with_reading(state, reading), session).verdict
            assert f.verdicts[reading] == f"legal, {len(verdict.resolutions)} resolution(s)", (f.values, reading)
    # By hand: two of each (Retreat Cost 2): seed 000 pays with 1 DCE or 2 Fire; the rulings add 2 DCE and DCE + Fire.
    two_each = next(f for f in answer.found if f.values == (2, 2))
    assert two_each.verdicts == {"seed-000": "legal, 2 resolution(s)", "official-rulings": "legal, 4 resolution(s)"}
