"""A Stadium's `evolve_trigger` (X4): "Whenever either player plays a F from their hand to evolve a G [during their
turn], A" (Wyndon Stadium) -- the printed text and invented variants, and the near shapes that must stay unsupported."""
import pytest

from ptcg_asp.cards.text import translate


@pytest.mark.parametrize("text, card, onto, during, amount", [
    # Wyndon Stadium (printed): "during their turn" read as bench_trigger reads it (the acting player's evolutions)
    ("Whenever either player plays a Pokémon VMAX from their hand to evolve a Pokémon V during their turn, heal 100 "
     "damage from that Pokémon.", {"tag": "vmax"}, {"tag": "v"}, True, 100),
    # invented: stages, no "during their turn"
    ("Whenever any player plays a Stage 1 Pokémon from their hand to evolve a Basic Pokémon, heal 30 damage from that "
     "Pokémon.", {"stage": "stage1"}, {"stage": "basic"}, False, 30),
])
def test_evolve_trigger(text, card, onto, during, amount):
    t = translate("stadium", text, "Test Stadium")
    assert t.supported, t.unsupported
    assert t.fields == {"evolve_trigger": {"card": card, "onto": onto, **({"during_turn": True} if during else {}),
                                           "effect": {"do": [{"heal": {"amount": amount, "target": {"ref": "self"}}}]}}}


@pytest.mark.parametrize("text", [
    # no filter on the Pokémon evolved
    "Whenever either player plays a Pokémon VMAX from their hand to evolve a Pokémon, heal 100 damage from that "
    "Pokémon.",
    # a step naming a player
    "Whenever either player plays a Pokémon VMAX from their hand to evolve a Pokémon V, that player draws a card.",
    # from the deck
    "Whenever either player plays a Pokémon VMAX from their deck to evolve a Pokémon V, heal 100 damage from that "
    "Pokémon.",
])
def test_near_shapes_stay_unsupported(text):
    t = translate("stadium", text, "Test Stadium")
    assert not t.supported
