"""Ability mechanics read by `abilities.py`: "If you use this Ability, this Pokémon is Knocked Out." (`knock_out` on
`{ref: self}`), "When you play this Pokémon from your hand onto your Bench during your turn, you may A" with A naming
the new Pokémon ("to this Pokémon", "switch it with your Active Pokémon"), and "if this Pokémon is on your Bench / in
the Active Spot, and if C, you may ...". Printed texts and invented variants (other numbers, types, steps), and the
near shapes the grammar must refuse (never a guess)."""
import pytest

from ptcg_asp.cards.text.abilities import translate_ability

SELF = {"ref": "self"}
KO = {"knock_out": {"target": SELF}}


def _fields(text, name="Test Power"):
    t = translate_ability(text, name)
    assert t.supported, t.unsupported
    return t.fields


def _refused(text, name="Test Power"):
    t = translate_ability(text, name)
    assert not t.supported and not t.fields, t
    return t.unsupported


# ---- "If you use this Ability, this Pokémon is Knocked Out." ----------------------------------------------------

@pytest.mark.parametrize("text, first", [
    # Dusknoir, Cursed Blast (printed)
    ("Once during your turn, you may put 13 damage counters on 1 of your opponent's Pokémon. If you use this Ability, "
     "this Pokémon is Knocked Out.", {"damage_counters": {"count": 13, "target": {"side": "opp"}}}),
    # invented: another number
    ("Once during your turn, you may put 7 damage counters on 1 of your opponent's Pokémon. If you use this Ability, "
     "this Pokémon is Knocked Out.", {"damage_counters": {"count": 7, "target": {"side": "opp"}}}),
    # invented: another step
    ("Once during your turn, you may draw 3 cards. If you use this Ability, this Pokémon is Knocked Out.",
     {"draw": 3}),
    # invented: "you may use this Ability." then the step
    ("Once during your turn, you may use this Ability. Draw 2 cards. If you use this Ability, this Pokémon is Knocked "
     "Out.", {"draw": 2}),
])
def test_self_knock_out_is_the_last_step_of_the_effect(text, first):
    f = _fields(text)
    assert f["kind"] == "activated" and f["once_per_turn"] is True
    assert f["effect"] == [first, KO]


def test_self_knock_out_after_a_spread_attach_from_the_discard_pile():
    # Magneton, Overvolt Discharge (printed)
    f = _fields("Once during your turn, you may attach up to 3 Basic Energy cards from your discard pile to your {L} "
                "Pokémon in any way you like. If you use this Ability, this Pokémon is Knocked Out.")
    attach, ko = f["effect"]
    assert ko == KO
    assert attach["attach"]["from"] == "discard" and attach["attach"]["count"] == 3 and attach["attach"]["spread"]


def test_self_knock_out_keeps_the_openings_condition():
    # invented: a condition and the Active Spot lead
    f = _fields("Once during your turn, if this Pokémon is in the Active Spot, you may draw 2 cards. If you use this "
                "Ability, this Pokémon is Knocked Out.")
    assert f["while"] == "active" and f["effect"] == [{"draw": 2}, KO]


@pytest.mark.parametrize("text", [
    # a Knock Out only when something was done: not "if you use this Ability"
    "Once during your turn, you may search your deck for a card and put it into your hand. Then, shuffle your deck. "
    "If you searched your deck in this way, this Pokémon is Knocked Out.",
    # another Pokémon Knocked Out
    "Once during your turn, you may draw 2 cards. If you use this Ability, your Active Pokémon is Knocked Out.",
    # nothing but the Knock Out
    "Once during your turn, you may use this Ability. If you use this Ability, this Pokémon is Knocked Out.",
    "If you use this Ability, this Pokémon is Knocked Out.",
    # the Knock Out is not the last sentence
    "Once during your turn, you may draw 2 cards. If you use this Ability, this Pokémon is Knocked Out. Then, shuffle "
    "your deck.",
    # a Knock Out with a cost (not read together)
    "You must discard a card from your hand in order to use this Ability. Once during your turn, you may draw 2 cards. "
    "If you use this Ability, this Pokémon is Knocked Out.",
])
def test_near_self_knock_outs_are_refused(text):
    _refused(text)


# ---- played onto the Bench: "this Pokémon" is the new Pokémon ------------------------------------------------------

_BENCH = "When you play this Pokémon from your hand onto your Bench during your turn, you may "


@pytest.mark.parametrize("rest, step", [
    # Bloodmoon Ursaluna, Battle-Hardened (printed)
    ("attach up to 2 Basic {F} Energy cards from your hand to this Pokémon.",
     {"attach": {"from": "hand", "filter": {"kind": "basic_energy", "type": "fighting"}, "count": 2, "up_to": True,
                 "target": SELF}}),
    # invented: another number and type
    ("attach up to 3 Basic {W} Energy cards from your hand to this Pokémon.",
     {"attach": {"from": "hand", "filter": {"kind": "basic_energy", "type": "water"}, "count": 3, "up_to": True,
                 "target": SELF}}),
    # Farfetch'd, Impromptu Carrier (printed)
    ("search your deck for a Pokémon Tool card and attach it to this Pokémon. Then, shuffle your deck.",
     {"search": {"zone": "deck", "filter": {"kind": "tool"}, "count": 1, "to": "attach", "target": SELF}}),
    # invented: heal the new Pokémon (nothing to heal: the may does nothing)
    ("heal 30 damage from this Pokémon.", {"heal": {"amount": 30, "target": SELF}}),
])
def test_bench_entry_effects_name_the_new_pokemon(rest, step):
    f = _fields(_BENCH + rest)
    assert f["kind"] == "triggered" and f["trigger"] == "bench_from_hand"
    (may,) = f["effect"]
    assert may["may"][0] == step


@pytest.mark.parametrize("rest", ["switch it with your Active Pokémon.", "switch this Pokémon with your Active Pokémon."])
def test_bench_entry_switch_it_with_the_active_pokemon(rest):
    f = _fields(_BENCH + rest)
    assert f["effect"] == [{"may": [{"switch": {"benched": "self"}}]}]


@pytest.mark.parametrize("rest", [
    # Iron Leaves ex: the switch and more (the move is not read)
    "switch it with your Active Pokémon. If you do, you may move any amount of Energy from your other Pokémon to this "
    "Pokémon.",
    # "this Pokémon" and "your Active Pokémon" in one effect
    "move an Energy from your Active Pokémon to this Pokémon.",
    # a lasting effect on the new Pokémon named by its name
    "prevent all damage done to this Mimikyu V by attacks from your opponent's Pokémon until the end of your "
    "opponent's next turn.",
    # switch with a Benched Pokémon (it is on the Bench)
    "switch it with 1 of your Benched Pokémon.",
])
def test_near_bench_entry_effects_are_refused(rest):
    _refused(_BENCH + rest)


# ---- "if this Pokémon is on your Bench / in the Active Spot, and if C, you may ..." ----------------------------------

def test_bench_lead_and_a_condition():
    # Linoone, Excited Dash (printed)
    f = _fields("Once during your turn, if this Pokémon is on your Bench, and if you have any Mega Evolution Pokémon ex "
                "in play, you may use this Ability. Switch this Pokémon with your Active Pokémon.")
    assert f["while"] == "bench"
    assert f["effect"] == {"condition": [{"in_play": {"side": "me", "filter": {"tag": "mega"}, "min": 1}}],
                           "do": [{"switch": {"benched": "self"}}]}


def test_active_lead_and_a_condition():
    # invented: the Active Spot and another condition, another step
    f = _fields("Once during your turn, if this Pokémon is in the Active Spot, and if you have any Pokémon ex in play, "
                "you may draw 2 cards.")
    assert f["while"] == "active"
    assert f["effect"] == {"condition": [{"in_play": {"side": "me", "filter": {"tag": "ex"}, "min": 1}}],
                           "do": [{"draw": 2}]}


@pytest.mark.parametrize("text", [
    # "and" without "if"
    "Once during your turn, if this Pokémon is on your Bench, and you have any Pokémon ex in play, you may draw 2 "
    "cards.",
    # a condition no grammar reads
    "Once during your turn, if this Pokémon is on your Bench, and if you are lucky, you may draw 2 cards.",
    # the place said second
    "Once during your turn, if you have any Pokémon ex in play, and if this Pokémon is on your Bench, you may draw 2 "
    "cards.",
    # "and if" with no place before it
    "Once during your turn, and if you have any Pokémon ex in play, you may draw 2 cards.",
])
def test_near_combined_conditions_are_refused(text):
    _refused(text)


# ---- Damp: the Abilities that Knock Out their own Pokémon are lost ----------------------------------------------------

@pytest.mark.parametrize("text", [
    # Golduck / Psyduck, Damp (both printed wordings)
    "Pokémon in play (both yours and your opponent's) lose all Abilities that require those Pokémon to be Knocked Out.",
    "Pokémon in play (both yours and your opponent's) lose any Ability that requires the Pokémon using it to Knock Out "
    "itself.",
])
def test_damp(text):
    assert _fields(text, "Damp") == {"kind": "passive", "passive": [{"no_knock_out_abilities": True}]}


@pytest.mark.parametrize("text", [
    # only the player's own Pokémon
    "Your Pokémon in play lose all Abilities that require those Pokémon to be Knocked Out.",
    # every Ability
    "Pokémon in play (both yours and your opponent's) lose all Abilities.",
])
def test_near_damp_is_refused(text):
    _refused(text, "Damp")


def test_the_reader_takes_only_true_for_damp():
    from ptcg_asp.cards.vocabulary import Reader
    from ptcg_asp.read.errors import InputError
    from ptcg_asp.read.yamlsrc import parse
    assert Reader("<t>").passive(parse("no_knock_out_abilities: true", "<t>"), "p").no_knock_out_abilities
    with pytest.raises(InputError):
        Reader("<t>").passive(parse("no_knock_out_abilities: false", "<t>"), "p")


# ---- "shuffle it and all attached cards into your deck" ------------------------------------------------------------

@pytest.mark.parametrize("text, where", [
    # Abra, Teleporter (printed)
    ("Once during your turn, if this Pokémon is in the Active Spot, you may shuffle it and all attached cards into your "
     "deck.", "active"),
    # invented: from the Bench, "this Pokémon"
    ("Once during your turn, if this Pokémon is on your Bench, you may shuffle this Pokémon and all attached cards into "
     "your deck.", "bench"),
])
def test_shuffle_itself_into_the_deck(text, where):
    f = _fields(text)
    assert f["while"] == where
    assert f["effect"] == [{"pick_up": {"target": SELF, "to": "deck"}}, {"shuffle": "deck"}]


@pytest.mark.parametrize("text", [
    "Once during your turn, you may shuffle it and all attached cards into your deck. Draw a card.",
    "Once during your turn, you may shuffle it into your deck.",
    "Once during your turn, you may shuffle it and all attached cards into your opponent's deck.",
])
def test_near_shuffles_are_refused(text):
    _refused(text)
