"""An action from the hand or an Ability names one of the player's own Pokémon: attaching an Energy (TU1), evolving
(EV1), playing a Tool (TU3) and declaring an Ability (X1) onto / of one of the opponent's Pokémon is refused, each with
its own reason term; the same action on the player's own Pokémon in the same state is legal (docs/principles.md)."""
from __future__ import annotations

import pytest

from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.actions import judge_all
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

# Both players have the same Pokémon in play, so only whose Pokémon the action names differs.
STATE = """\
id: t
title: t
source: t
state:
  turn: 6
  me:
    active: Charmander
    bench: [Pidgeot ex]
    hand: [Basic Fire Energy, Charmeleon, Vitality Band, 2]
    deck: 30
    prizes: 6
  opp:
    active: Charmander
    bench: [Pidgeot ex]
    hand: 6
    deck: 30
    prizes: 6
action:
  {action}
"""

CASES = [
    # (action with {at} for the position, the Pokémon's position, principle, term)
    ("attach: {{card: Basic Fire Energy, to: {at}}}", "active", "TU1", "energy_to_opponents_pokemon"),
    ("evolve: {{card: Charmeleon, onto: {at}}}", "active", "EV1", "evolve_opponents_pokemon"),
    ("play: {{card: Vitality Band, to: {at}}}", "active", "TU3", "tool_on_opponents_pokemon"),
    ("ability: {{pokemon: {at}, name: Quick Search}}", "bench.0", "X1", "opponents_ability"),
]


@pytest.fixture(scope="module")
def session():
    return Session()


def _verdict(library, session, action):
    scn = load_scenario_text(STATE.format(action=action), "<test>", library)
    return session.analyse(compile_scenario(scn))


@pytest.mark.parametrize("action,at,principle,term", CASES, ids=[c[3] for c in CASES])
def test_the_action_on_my_own_pokemon_is_legal(library, session, action, at, principle, term):
    verdict = _verdict(library, session, action.format(at=at))
    assert verdict.legal, [r.line() for r in verdict.reasons]
    assert term not in {r.term for r in verdict.reasons}


@pytest.mark.parametrize("action,at,principle,term", CASES, ids=[c[3] for c in CASES])
def test_the_action_on_the_opponents_pokemon_is_refused_with_its_own_term(library, session, action, at, principle,
                                                                          term):
    verdict = _verdict(library, session, action.format(at=f"opp.{at}"))
    assert not verdict.legal and verdict.decided
    refusals = [r for r in verdict.reasons if r.term == term]
    assert [r.principle for r in refusals] == [principle]
    assert f"opp.{at}" in refusals[0].detail   # the sentence names the Pokémon
    assert not verdict.moved or all(set(v) == {0} for v in verdict.moved.values())


def test_the_action_listing_names_only_my_own_pokemon(library, session):
    scn = load_scenario_text(STATE.format(action="actions: {}"), "<test>", library)
    lines = [j.line for j in judge_all(scn, session)]
    assert "attach Basic Fire Energy -> active" in lines and "ability Quick Search (bench.0)" in lines
    assert not [line for line in lines if "opp." in line]
