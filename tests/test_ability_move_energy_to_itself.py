""""Move [a F] Energy from 1 of your other Pokémon to this Pokémon." (`move_attached` with `to: {where: self}`):
printed and invented variants, near shapes that must stay unsupported, and the reader and compiler checks."""
import pytest

from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.yamlsrc import parse


@pytest.mark.parametrize("text, flt, once", [
    # Azumarill ex, Bubble Gathering (printed)
    ("As often as you like during your turn, you may use this Ability. Move an Energy from 1 of your other Pokémon to "
     "this Pokémon.", {"kind": "energy"}, False),
    # an older print's wording (printed: "a Fighting Energy")
    ("As often as you like during your turn, you may move a Fighting Energy from 1 of your other Pokémon to this "
     "Pokémon.", {"kind": "energy", "type": "fighting"}, False),
    # invented: once per turn, a Basic Energy of another type
    ("Once during your turn, you may move a Basic {G} Energy from 1 of your other Pokémon to this Pokémon.",
     {"kind": "basic_energy", "type": "grass"}, True),
])
def test_moves_onto_itself(text, flt, once):
    t = translate_ability(text, "Test Gathering")
    assert t.supported, t.unsupported
    assert t.fields["effect"] == [{"move_attached": {"target": {"side": "me"}, "to": {"where": "self"}, "filter": flt,
                                                     "count": 1}}]
    assert t.fields.get("once_per_turn", False) is once


@pytest.mark.parametrize("text", [
    # damage counters, not Energy
    "As often as you like during your turn, you may move 1 damage counter from 1 of your other Pokémon to this Pokémon.",
    # "up to 2"
    "Once during your turn, you may move up to 2 Energy from 1 of your other Pokémon to this Pokémon.",
    # a second sentence
    "Once during your turn, you may move an Energy from 1 of your other Pokémon to this Pokémon. Draw a card.",
    # from the opponent's Pokémon
    "Once during your turn, you may move an Energy from 1 of your opponent's Pokémon to this Pokémon.",
])
def test_near_moves_are_refused(text):
    t = translate_ability(text, "Test Gathering")
    assert not t.supported and not t.fields


def test_the_reader_takes_where_self():
    e = Reader("<t>").effect(parse("[{move_attached: {target: {side: me}, filter: {kind: energy}, count: 1, "
                                   "to: {where: self}}}]", "<t>"), "effect")
    where, _flt = e.items[0].get("to")
    assert where == "self"
    with pytest.raises(InputError):
        Reader("<t>").effect(parse("[{move_attached: {target: {side: me}, count: 1, to: {where: hand}}}]", "<t>"),
                             "effect")
