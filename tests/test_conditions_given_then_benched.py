"""A Special Condition an attack gives is gone when a later step of the same attack moves that Pokémon to the Bench
(SC4, seed 003: 回到替补席 removes them). Before, "Your opponent's Active Pokémon is now Paralyzed. Switch out your
opponent's Active Pokémon to the Bench." left the Benched Pokémon Paralyzed after the attack."""
from __future__ import annotations

import pytest

from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

TEXT = """\
id: t
title: t
source: t
cards:
  - name: Test Para
    kind: pokemon
    stage: basic
    hp: 80
    types: [psychic]
    attacks:
      - name: Para Push
        cost: []
        damage: 10
        effect: {effect}
state:
  turn: 5
  me:
    active: Test Para
    deck: 20
    prizes: 6
  opp:
    active: Pikachu
    bench: [Charmander]
    deck: 20
    prizes: 6
action:
  attack: {{name: Para Push}}
"""
PARALYZE = "{inflict: {condition: paralyzed}}"
REPEL = "{switch: {}, player: opp}"


def _conditions(library, effect):
    scn = load_scenario_text(TEXT.format(effect=effect), "<test>", library)
    verdict = Session().analyse(compile_scenario(scn))
    assert verdict.legal
    return [dict(o.conditions) for r in verdict.resolutions for o in r.outcomes]


def test_paralyzed_then_switched_to_the_bench_is_not_paralyzed(library):
    assert _conditions(library, f"[{PARALYZE}, {REPEL}]") == [{}]


def test_paralyzed_and_left_active_stays_paralyzed(library):
    assert _conditions(library, f"[{PARALYZE}]") == [{"opp.active": ("paralyzed",)}]


def test_switched_then_the_new_active_pokemon_paralyzed_keeps_it(library):
    # "Switch out ... Then, your opponent's (new) Active Pokémon is now Paralyzed": the step after the switch aims at the
    # new Active Pokémon (Charmander, first on the Bench), which stays Paralyzed.
    out = _conditions(library, f"[{REPEL}, {PARALYZE}]")
    assert out == [{"opp.bench.0": ("paralyzed",)}]
