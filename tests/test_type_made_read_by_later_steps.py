"""A type a step of the action sets (`set_type`, seed 001 状态: an effect on the Pokémon) is the Pokémon's type for the
later steps of the same action (seed 002 step 5: the effects are carried out in order, each on the state the earlier
ones left; DMG2: a filter names the Pokémon as it is). Before, a later step's type filter read the type at the start
of the action. A Tool's or Poké-Body's type still ranks above the effect's (seed 001: 道具 > 特殊体质 > 身上的效果)."""
from __future__ import annotations

from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

TEXT = """\
id: t
title: t
source: t
cards:
  - name: Test Painter
    kind: pokemon
    stage: basic
    hp: 80
    types: [colorless]
    attacks:
      - name: Paint
        cost: []
        damage: 0
        effect: {effect}
state:
  turn: 5
  me:
    active: Test Painter
    deck: 20
    prizes: 6
  opp:
    active: {opp}
    bench: [Pikachu (MEW 025)]
    deck: 20
    prizes: 6
action:
  attack: {{name: Paint}}
"""
PAINT = "{set_type: {target: {side: opp, where: active}, type: TYPE}}"
HIT_GRASS = "{damage_counters: {count: 2, target: {side: opp, each: true, filter: {type: grass}}}}"


def _damage(library, effect, opp="Charmander"):
    scn = load_scenario_text(TEXT.format(effect=effect, opp=opp), "<test>", library)
    v = Session().analyse(compile_scenario(scn))
    assert v.legal
    return sorted({tuple(sorted(dict(o.damage).items())) for r in v.resolutions for o in r.outcomes})


def test_a_pokemon_made_grass_is_grass_for_the_next_step(library):
    assert _damage(library, f"[{PAINT.replace('TYPE', 'grass')}, {HIT_GRASS}]") == [(("opp.active", 20),)]


def test_made_another_type_it_is_not(library):
    assert _damage(library, f"[{PAINT.replace('TYPE', 'water')}, {HIT_GRASS}]") == [()]


def test_the_filter_before_the_change_reads_the_old_type(library):
    assert _damage(library, f"[{HIT_GRASS}, {PAINT.replace('TYPE', 'grass')}]") == [()]
