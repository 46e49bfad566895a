"""A Stadium's `evolve_trigger` reads "during their turn" as `bench_trigger` does (X4, docs/vocabulary.md): with it
only the acting player's evolutions from the hand trigger the Stadium (the turn is theirs); without it, either
player's. Checked on the trigger units the compiler offers for evolve steps from each player's hand."""
import pytest

from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import _evolve_trigger_candidates


def _scenario(during: bool) -> str:
    return f"""
id: t
title: t
source: tests
cards:
  - name: Test Evolving Spring
    kind: stadium
    evolve_trigger:
      card: {{stage: stage1}}
      onto: {{stage: basic}}
{"      during_turn: true" if during else ""}
      effect:
        do:
          - heal: {{amount: 30, target: {{ref: self}}}}
    source: "invented for this test"
state:
  turn: 5
  me:
    active: {{card: Charmander, damage: 50}}
    hand: [Charmeleon]
    deck: 20
    prizes: 6
  opp:
    active: Charmander
    hand: [Charmeleon]
    deck: 20
    prizes: 6
  stadium: {{card: Test Evolving Spring, owner: opp}}
action:
  evolve: {{onto: active, card: Charmeleon}}
"""


@pytest.mark.parametrize("during, players", [(True, {"me"}), (False, {"me", "opp"})])
def test_during_their_turn_limits_the_trigger_to_the_acting_player(library, during, players):
    scn = load_scenario_text(_scenario(during), "<test>", library)
    found = dict(_evolve_trigger_candidates(scn.library, scn, scn.action, scn.state.me))
    stadium_units = {player for (player, pile), cards in found.items() if pile == "hand"
                     for _card, _effect, stadium in cards if stadium == "Test Evolving Spring"}
    assert stadium_units == players
    assert library.get("Wyndon Stadium").evolve_trigger[2] is True   # the printed "during their turn"
