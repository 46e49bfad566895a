"""A Stadium's `bench_trigger` (X4, docs/vocabulary.md): near shapes of "Whenever any player puts a F Pokémon onto their
Bench, put N damage counters on that Pokémon" that say something else and must stay unsupported (the printed texts,
the actions and the no-verdict cases are in tests/test_bench_trigger.py)."""
import pytest

from ptcg_asp.cards.text import translate


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
