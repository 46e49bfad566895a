"""A Stadium's once-per-turn effect with the condition "if they played a F card from their hand this turn" (A1): F a
Trainer card phrase read as the `played` condition's FILTER (Team Rocket's Factory), the plain Supporter form kept as
before (Community Center), and the near shapes that must stay unsupported."""
import pytest

from ptcg_asp.cards.text import translate

_LEAD = "Once during each player's turn, if they played "


@pytest.mark.parametrize("text, cond", [
    # Team Rocket's Factory (printed)
    (_LEAD + 'a Supporter card that has "Team Rocket" in its name from their hand this turn, they may draw 2 cards.',
     {"kind": "supporter", "name_contains": "Team Rocket"}),
    # invented: an Item card
    (_LEAD + "an Item card from their hand this turn, they may draw 2 cards.", {"kind": "item"}),
    # Community Center's form, unchanged
    (_LEAD + "a Supporter card from their hand this turn, they may draw 2 cards.", "supporter"),
])
def test_played_condition(text, cond):
    t = translate("stadium", text, "Test Factory")
    assert t.supported, t.unsupported
    assert t.fields == {"effect": {"condition": [{"played": cond}], "do": [{"draw": 2}]}}


@pytest.mark.parametrize("text", [
    # a Pokémon, not a Trainer card
    _LEAD + "a Basic Pokémon from their hand this turn, they may draw 2 cards.",
    # "during this turn" said of the opponent
    "Once during each player's turn, if their opponent played a Supporter card from their hand this turn, they may draw "
    "2 cards.",
])
def test_near_shapes_stay_unsupported(text):
    t = translate("stadium", text, "Test Factory")
    assert not t.supported
