"""The flips that decide whether an attack happens (Confusion, a Smokescreen-like effect: ATK2, seed 002 step 2) come
before the attack's effect and are not its coins: an attack stopped by one flips none of its own coins, and its
"for each heads" counts only its own (DMG1 step 1). Before, the Confusion coin counted as one of Twineedle's heads
(120 from 2 coins of 40) and the attack's coins were flipped even when it did not happen."""
from __future__ import annotations

from fractions import Fraction

import pytest

from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

# Beedrill V's Twineedle {G}, 40x: "Flip 2 coins. This attack does 40 damage for each heads." Snorlax: 150 HP, Weakness
# {F}, no Resistance.
STATE = """\
id: t
title: t
source: t
state:
  turn: 5
  me:
    active: {{card: Beedrill V, energy: [Basic Grass Energy], conditions: [{conditions}], effects: [{effects}]}}
    hand: 2
    deck: 30
    prizes: 6
  opp:
    active: Snorlax
    hand: 6
    deck: 30
    prizes: 6
action:
  attack: {{name: Twineedle}}
"""


@pytest.fixture(scope="module")
def session():
    return Session()


def _outcomes(library, session, conditions="", effects=""):
    scn = load_scenario_text(STATE.format(conditions=conditions, effects=effects), "<test>", library)
    verdict = session.analyse(compile_scenario(scn))
    assert verdict.legal and len(verdict.resolutions) == 1
    return verdict, verdict.resolutions[0].outcomes


@pytest.mark.parametrize("conditions,effects,gates", [
    ("confused", "", 1),          # Confusion (SC2, ATK2 b)
    ("", "Smokescreen", 1),       # "if tails, that attack doesn't happen" (ATK2 a)
    ("confused", "Smokescreen", 2),
], ids=["confused", "smokescreen", "both"])
def test_only_the_attacks_own_coins_count_and_a_stopped_attack_flips_none(library, session, conditions, effects, gates):
    verdict, outcomes = _outcomes(library, session, conditions, effects)
    assert verdict.damage["opp.active"] == [0, 40, 80]
    assert sum(o.probability for o in outcomes) == 1
    attack_coins = lambda o: [e for e in o.events if "Confusion" not in str(e) and "Smokescreen" not in str(e)]
    happened = [o for o in outcomes if o.damage.get("opp.active") is not None]
    stopped = [o for o in outcomes if o.damage.get("opp.active") is None]
    # The attack happens only when every gate came up heads (probability 2^-gates), then flips its 2 coins.
    assert sum(o.probability for o in happened) == Fraction(1, 2 ** gates)
    assert all(len(attack_coins(o)) == 2 for o in happened)
    assert stopped and all(not attack_coins(o) for o in stopped)
    # The damage is 40 per heads of the attack's own 2 coins (each 1/4 of the attack happening: 0, 40, 40, 80).
    by_damage = {}
    for o in happened:
        by_damage[o.damage["opp.active"]] = by_damage.get(o.damage["opp.active"], 0) + o.probability * 2 ** gates
    assert by_damage == {0: Fraction(1, 4), 40: Fraction(1, 2), 80: Fraction(1, 4)}


def test_without_a_gate_the_two_coins_alone_decide(library, session):
    verdict, outcomes = _outcomes(library, session)
    assert verdict.damage["opp.active"] == [0, 40, 80] and len(outcomes) == 4
