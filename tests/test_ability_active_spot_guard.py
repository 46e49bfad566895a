"""An activated Ability's last sentence "If this Pokémon is in the Active Spot, B.": B's steps guarded by
`when: {self: active}`; printed and invented variants, near shapes that must stay unsupported, and the reader."""
import pytest

from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.yamlsrc import parse

ACTIVE = {"self": "active"}


@pytest.mark.parametrize("text, effect", [
    # Gholdengo ex, Coin Bonus (printed)
    ("Once during your turn, you may draw a card. If this Pokémon is in the Active Spot, draw 1 more card.",
     [{"draw": 1}, {"draw": 1, "when": ACTIVE}]),
    # invented: another first step and number
    ("Once during your turn, you may heal 30 damage from 1 of your Pokémon. If this Pokémon is in the Active Spot, draw "
     "2 cards.", [{"heal": {"amount": 30, "target": {"side": "me"}}}, {"draw": 2, "when": ACTIVE}]),
    # invented: "you may use this Ability." and a discard of the opponent's
    ("Once during your turn, you may use this Ability. Draw a card. If this Pokémon is in the Active Spot, draw 2 more "
     "cards.", [{"draw": 1}, {"draw": 2, "when": ACTIVE}]),
])
def test_active_spot_guards(text, effect):
    t = translate_ability(text, "Test Bonus")
    assert t.supported, t.unsupported
    assert t.fields["effect"] == effect and "while" not in t.fields


@pytest.mark.parametrize("text", [
    # "instead"
    "Once during your turn, you may draw cards until you have 3 cards in your hand. If this Pokémon is in the Active "
    "Spot, you may draw cards until you have 4 cards in your hand instead.",
    # the guarded step names this Pokémon
    "Once during your turn, you may draw a card. If this Pokémon is in the Active Spot, heal 30 damage from it.",
    # another place
    "Once during your turn, you may draw a card. If this Pokémon is on your Bench, draw 1 more card.",
    # a switch before it: where this Pokémon is would change
    "Once during your turn, you may switch your Active Pokémon with 1 of your Benched Pokémon. If this Pokémon is in "
    "the Active Spot, draw 1 card.",
    # with the Active Spot lead already
    "Once during your turn, if this Pokémon is in the Active Spot, you may draw a card. If this Pokémon is in the "
    "Active Spot, draw 1 more card.",
    # not the last sentence
    "Once during your turn, you may draw a card. If this Pokémon is in the Active Spot, draw 1 more card. Then, shuffle "
    "your deck.",
])
def test_near_active_spot_guards_are_refused(text):
    t = translate_ability(text, "Test Bonus")
    assert not t.supported and not t.fields


def test_the_reader_takes_self_active_as_a_step_guard():
    e = Reader("<test>").effect(parse("[{draw: 1}, {draw: 1, when: {self: active}}]", "<test>"), "effect")
    guarded = e.items[1]
    assert guarded.op == "draw"
    ((what, cond),) = guarded.when
    assert what == "condition" and cond.kind == "self" and cond.value == "active"
