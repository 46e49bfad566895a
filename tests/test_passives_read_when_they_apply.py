"""Passive effects an attack's own earlier step changes are read when a later step applies them, not when the action
starts (seed 002 step 5: the effects are carried out in order, each on the state the earlier ones left; X2: a passive
works while its card's condition holds).

* Special-Condition immunity: Festival Grounds (PRE 108) "Each Pokémon that has any Energy attached ... can't be affected
  by any Special Conditions." An attack that first discards the Defending Pokémon's only Energy and then makes it Asleep
  leaves it Asleep: when the condition is given it has no Energy, so the Stadium no longer protects it. Before, the
  immunity was read at the start of the attack (it still had its Energy), and it was not Asleep.
* "Put damage counters on ... until its remaining HP is N" reads the HP the Pokémon has when the step is reached:
  Hero's Cape (TEF 152) "+100 HP" discarded by an earlier step no longer counts. Before, the HP was read at the start
  (100 more HP, so 100 more damage).
Controls: the same attacks in the other order (the condition given while the Energy is still there; the counters put
while the Tool is still there) give the old results."""
from __future__ import annotations

from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

TEXT = """\
id: t
title: t
source: t
cards:
  - name: Test Striker
    kind: pokemon
    stage: basic
    hp: 80
    types: [psychic]
    attacks:
      - name: Strike
        cost: []
        damage: 0
        effect: {effect}
state:
  turn: 5
  stadium: {{card: Festival Grounds, owner: me}}
  me:
    active: Test Striker
    deck: 20
    prizes: 6
  opp:
    active: {{card: Snorlax (SSP 144), energy: [Basic Fire Energy], tool: {tool}}}
    bench: [Charmander]
    deck: 20
    prizes: 6
action:
  attack: {{name: Strike}}
"""
STRIP = "{discard_attached: {target: {side: opp, where: active}, filter: {kind: energy}, count: 1}}"
STRIP_TOOL = "{discard_attached: {target: {side: opp, where: active}, filter: {kind: tool}, count: 1}}"
SLEEP = "{inflict: {condition: asleep}}"
UNTIL_10 = "{damage_counters: {until_hp: 10, target: {side: opp, where: active}}}"


def _verdict(library, effect, tool="null"):
    scn = load_scenario_text(TEXT.format(effect=effect, tool=tool), "<test>", library)
    verdict = Session().analyse(compile_scenario(scn))
    assert verdict.legal
    return verdict


def _conditions(library, effect):
    v = _verdict(library, effect)
    return [dict(o.conditions) for r in v.resolutions for o in r.outcomes]


def test_energy_discarded_then_asleep_is_asleep(library):
    assert _conditions(library, f"[{STRIP}, {SLEEP}]") == [{"opp.active": ("asleep",)}]


def test_asleep_while_the_energy_is_there_then_discarded_is_not_asleep(library):
    assert _conditions(library, f"[{SLEEP}, {STRIP}]") == [{}]


UNTIL_10 = "{damage_counters: {count: {until_hp: 10}, target: {side: opp, where: active}}}"


def _damage(library, effect, tool):
    v = _verdict(library, effect, tool)
    return sorted({d for r in v.resolutions for o in r.outcomes for d in [dict(o.damage).get("opp.active")]})


def test_counters_until_10_hp_after_the_tool_is_discarded_read_the_hp_without_it(library):
    # Snorlax: 150 HP printed; Hero's Cape gives +100 while attached. Discarded first: 150 - 10 = 140 damage.
    assert _damage(library, f"[{STRIP_TOOL}, {UNTIL_10}]", "Hero's Cape") == [140]


def test_counters_until_10_hp_while_the_tool_is_there_read_the_hp_with_it(library):
    # Counters first: 250 - 10 = 240 (then the Tool goes; with 150 HP the Snorlax is Knocked Out by the check after).
    assert _damage(library, f"[{UNTIL_10}, {STRIP_TOOL}]", "Hero's Cape") == [240]
