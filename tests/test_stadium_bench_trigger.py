"""A Stadium's `bench_trigger` (X4): "Whenever any player / either player puts a [F] Pokémon [from their hand] onto their
Bench [during their turn], put (place) N damage counters on that Pokémon" (Risky Ruins, Gapejaw Bog): the printed texts
and invented variants, the near shapes that must stay unsupported, and the actions that get no verdict while such a
Stadium is in play (an effect that puts Pokémon onto a Bench: only the bench action carries the trigger out)."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario

_COUNTERS = {"do": [{"damage_counters": {"count": 2, "target": {"ref": "self"}}}]}


@pytest.mark.parametrize("text, holder, whence", [
    # Risky Ruins (printed)
    ("Whenever any player puts a Basic non-{D} Pokémon onto their Bench during their turn, place 2 damage counters on "
     "that Pokémon.", {"stage": "basic", "not": {"type": "darkness"}}, "any"),
    # Gapejaw Bog (printed)
    ("Whenever either player puts a Basic Pokémon from their hand onto their Bench, put 2 damage counters on that "
     "Pokémon.", {"stage": "basic"}, "hand"),
])
def test_bench_trigger(text, holder, whence):
    t = translate("stadium", text, "Test Ruins")
    assert t.supported, t.unsupported
    assert t.fields == {"bench_trigger": {"holder": holder, "from": whence, "effect": _COUNTERS}}


@pytest.mark.parametrize("text", [
    # a step naming a player
    "Whenever any player puts a Basic Pokémon onto their Bench, that player draws a card.",
    # onto the opponent's Bench
    "Whenever any player puts a Basic Pokémon onto their opponent's Bench, put 2 damage counters on that Pokémon.",
    # "place" said of something else
    "Whenever any player puts a Basic Pokémon onto their Bench, place that Pokémon in the Active Spot.",
])
def test_near_shapes_stay_unsupported(text):
    t = translate("stadium", text, "Test Ruins")
    assert not t.supported


_NEST = """\
id: t
title: t
source: t
state:
  turn: 4
  me:
    active: Pikachu
    hand: [Nest Ball]
    deck: [Charmander, 10]
    prizes: 6
  opp:
    active: Snorlax
    deck: 20
    prizes: 6
  stadium: {card: Risky Ruins, owner: opp}
action:
  play: {card: Nest Ball}
"""


def test_an_effect_benching_pokemon_gets_no_verdict(library):
    scn = load_scenario_text(_NEST, "<test>", library)
    with pytest.raises(InputError) as e:
        compile_scenario(scn)
    assert "bench trigger" in str(e.value)
