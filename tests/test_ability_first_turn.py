""""Once during your first turn, you may A." (an activated Ability, once per turn, with the effect's condition
`{turn: first}`) and "You can't use more than 1 NAME Ability during your turn." (`once_per_turn_by_name`): printed and
invented variants, and the near shapes that must stay unsupported."""
import pytest

from ptcg_asp.cards.text.abilities import opening, translate_ability


@pytest.mark.parametrize("text, name, do, by_name", [
    # Fan Rotom, Fan Call (printed)
    ("Once during your first turn, you may search your deck for up to 3 {C} Pokémon with 100 HP or less, reveal them, "
     "and put them into your hand. Then, shuffle your deck. You can't use more than 1 Fan Call Ability during your "
     "turn.", "Fan Call",
     [{"search": {"zone": "deck", "filter": {"kind": "pokemon", "hp_max": 100, "type": "colorless"}, "count": 3,
                  "up_to": True, "to": "hand"}}], True),
    # Squawkabilly ex, Squawk and Seize (printed)
    ("Once during your first turn, you may discard your hand and draw 6 cards. You can't use more than 1 Squawk and "
     "Seize Ability during your turn.", "Squawk and Seize",
     [{"move": {"from": "hand", "to": "discard", "count": "all"}}, {"draw": 6}], True),
    # invented: no limit by name, another step
    ("Once during your first turn, you may draw 2 cards.", "Test Start", [{"draw": 2}], False),
])
def test_first_turn_abilities(text, name, do, by_name):
    t = translate_ability(text, name)
    assert t.supported, t.unsupported
    assert t.fields["kind"] == "activated" and t.fields["once_per_turn"] is True
    assert t.fields["effect"] == {"condition": [{"turn": "first"}], "do": do}
    assert t.fields.get("once_per_turn_by_name", False) is by_name
    assert opening(text) == {"kind": "activated"}


def test_first_turn_with_the_active_spot_lead():
    t = translate_ability("Once during your first turn, if this Pokémon is in the Active Spot, you may draw 2 cards.",
                          "Test Start")
    assert t.fields["while"] == "active"
    assert t.fields["effect"] == {"condition": [{"turn": "first"}], "do": [{"draw": 2}]}


def test_the_limit_during_your_turn_is_the_limit_each_turn():
    a = translate_ability("Once during your turn, you may draw 2 cards. You can't use more than 1 Test Draw Ability "
                          "during your turn.", "Test Draw")
    b = translate_ability("Once during your turn, you may draw 2 cards. You can't use more than 1 Test Draw Ability "
                          "each turn.", "Test Draw")
    assert a.supported and a.fields == b.fields and a.fields["once_per_turn_by_name"] is True


@pytest.mark.parametrize("text, name", [
    # another turn
    ("Once during your second turn, you may draw 2 cards.", "Test Start"),
    # a trigger during the first turn
    ("Once during your first turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon, you may draw "
     "2 cards.", "Test Start"),
    # the limit names another Ability
    ("Once during your first turn, you may draw 2 cards. You can't use more than 1 Other Name Ability during your "
     "turn.", "Test Start"),
])
def test_near_first_turn_shapes_are_refused(text, name):
    t = translate_ability(text, name)
    assert not t.supported and not t.fields


def test_the_limit_by_name_after_a_bench_trigger():
    # Crobat V, Dark Asset (printed)
    t = translate_ability("When you play this Pokémon from your hand onto your Bench during your turn, you may draw "
                          "cards until you have 6 cards in your hand. You can't use more than 1 Dark Asset Ability each "
                          "turn.", "Dark Asset")
    assert t.supported, t.unsupported
    assert t.fields["trigger"] == "bench_from_hand" and t.fields["once_per_turn_by_name"] is True


@pytest.mark.parametrize("text", [
    # after an evolve trigger: not read
    "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may draw 2 cards. You "
    "can't use more than 1 Test Asset Ability each turn.",
    # after a passive: not read
    "This Pokémon gets +30 HP. You can't use more than 1 Test Asset Ability each turn.",
])
def test_the_limit_by_name_elsewhere_is_refused(text):
    t = translate_ability(text, "Test Asset")
    assert not t.supported and not t.fields
