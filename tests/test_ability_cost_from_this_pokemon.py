"""An Ability's cost paid with cards attached to its own Pokémon ("You must discard a Basic {L} Energy from this Pokémon
in order to use this Ability", A1): read as `discard_attached` on `{ref: self}` with an exact count; invented variants,
near shapes that must stay unsupported, and the reader's check of what a cost may be."""
import pytest

from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.yamlsrc import parse

SELF = {"ref": "self"}


def _cost(text):
    t = translate_ability(text, "Test Draw")
    assert t.supported, t.unsupported
    return t.fields["effect"]["cost"], t.fields["effect"]["do"]


@pytest.mark.parametrize("text, flt, count, do", [
    # Iono's Kilowattrel, Flashing Draw (printed)
    ("You must discard a Basic {L} Energy from this Pokémon in order to use this Ability. Once during your turn, you "
     "may draw cards until you have 6 cards in your hand.", {"kind": "basic_energy", "type": "lightning"}, 1,
     [{"draw": {"count": {"until_hand": 6}}}]),
    # invented: another type and number, another step
    ("You must discard 2 {W} Energy from this Pokémon in order to use this Ability. Once during your turn, you may draw "
     "3 cards.", {"kind": "energy", "type": "water"}, 2, [{"draw": 3}]),
    # invented: "you may discard ... in order to use this Ability", any Energy
    ("Once during your turn, you may discard an Energy from this Pokémon in order to use this Ability. Draw 2 cards.",
     {"kind": "energy"}, 1, [{"draw": 2}]),
])
def test_costs_off_this_pokemon(text, flt, count, do):
    cost, got = _cost(text)
    assert cost == [{"discard_attached": {"target": SELF, "filter": flt, "count": count}}]
    assert got == do


@pytest.mark.parametrize("text", [
    # "all" and "up to": no exact cost
    "You must discard all Energy from this Pokémon in order to use this Ability. Once during your turn, you may draw 3 "
    "cards.",
    "You must discard up to 2 Energy from this Pokémon in order to use this Ability. Once during your turn, you may draw "
    "3 cards.",
    # another Pokémon's Energy
    "You must discard an Energy from your Active Pokémon in order to use this Ability. Once during your turn, you may "
    "draw 3 cards.",
    # a cost with nothing after it
    "You must discard a Basic {L} Energy from this Pokémon in order to use this Ability.",
])
def test_near_costs_are_refused(text):
    t = translate_ability(text, "Test Draw")
    assert not t.supported and not t.fields


def _effect(text):
    return Reader("<test>").effect(parse(text, "<test>"), "effect")


def test_the_reader_takes_a_cost_off_self():
    e = _effect("cost: [{discard_attached: {target: {ref: self}, filter: {kind: energy}, count: 1}}]\ndo: [{draw: 2}]\n")
    (p,) = e.cost
    assert p.op == "discard_attached" and p.get("target").ref == "self" and p.get("count") == 1


@pytest.mark.parametrize("cost", [
    "{discard_attached: {target: {side: me, where: active}, filter: {kind: energy}, count: 1}}",   # not self
    "{discard_attached: {target: {ref: self}, filter: {kind: energy}, count: all}}",               # not a number
    "{discard_attached: {target: {ref: self}, filter: {kind: energy}, count: 2, up_to: true}}",    # not exact
    "{draw: 1}",                                                                                    # not a move
])
def test_the_reader_refuses_other_costs(cost):
    with pytest.raises(InputError) as e:
        _effect(f"cost: [{cost}]\ndo: [{{draw: 2}}]\n")
    assert "cost" in str(e.value)
