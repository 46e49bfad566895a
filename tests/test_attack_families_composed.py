"""The attack families composed with other pieces: counts of an earlier step's cards that fit a card phrase, the Special
Conditions on a Pokémon, the Prize cards either player has taken; "the Defending Pokémon" as the opponent's Active
Pokémon in counts, conditions and steps; "STEP, and this attack does ..."; a coin whose heads add damage and whose tails
do a step; the other wordings of lasting effects. Card texts as printed (TCGdex) and invented variants; the expected
fields from the texts, and the near shapes the grammar must refuse."""
import pytest

from ptcg_asp.cards.text.attacks import check_attack, translate_attack

OPP_ACTIVE = {"side": "opp", "where": "active"}


def _fields(text, damage, mod, name="Atk", cost=2):
    t = translate_attack(text, name, damage, mod, cost=cost)
    assert not t.unsupported, t.unsupported
    return t.fields


def _refused(text, damage, mod, name="Atk"):
    t = translate_attack(text, name, damage, mod, cost=2)
    assert t.unsupported and not t.fields, t
    return t.unsupported


# ---- "for each F (that) you discarded in this way" ----------------------------------------------------------------

@pytest.mark.parametrize("text, damage, mod, counted, amount", [
    # Groudon, Magma Volcano
    ("Discard the top 5 cards of your deck. This attack does 80 damage for each Energy card you discarded in this way.",
     80, "x", {"kind": "energy"}, None),
    # Sandaconda, Big Sand Cannon
    ("Discard the top 6 cards of your deck. This attack does 60 damage for each Fighting Energy card you discarded in "
     "this way.", 60, "x", {"kind": "basic_energy", "type": "fighting"}, None),
    # invented: a "+" and another kind of card
    ("Discard the top 3 cards of your deck. This attack does 30 more damage for each Supporter card you discarded in "
     "this way.", 10, "+", {"kind": "supporter"}, 30),
    # invented: "that you discarded", a Pokémon phrase
    ("Discard the top 4 cards of your deck. This attack does 50 more damage for each Basic Pokémon that you discarded "
     "in this way.", 10, "+", {"kind": "pokemon", "stage": "basic"}, 50),
])
def test_a_count_of_the_discarded_cards_that_fit(text, damage, mod, counted, amount):
    f = _fields(text, damage, mod)
    step = f["effect"][0]
    assert step["label"] == "discarded" and step["move"]["from"] == "deck" and step["move"]["to"] == "discard"
    assert f["damage_times"] == {"moved": "discarded", "filter": counted, **({"amount": amount} if amount else {})}


def test_a_count_of_the_discarded_cards_after_a_choice_from_the_hand():
    # invented: the cards discarded from the hand by the player's choice, only the Energy cards counted
    f = _fields("You may discard up to 3 cards from your hand. This attack does 30 more damage for each Energy card you "
                "discarded in this way.", 10, "+")
    assert f == {"damage_times": {"moved": "discarded", "filter": {"kind": "energy"}, "amount": 30},
                 "effect": [{"may": [{"move": {"from": "hand", "to": "discard", "count": 3, "up_to": True},
                                      "label": "discarded"}]}]}


def test_step_and_this_attack_does_reads_as_two_sentences():
    # Quagsire SVP 156, Drenched Headbutt
    f = _fields("Discard the top 3 cards of your deck, and this attack does 80 damage for each Energy card you discarded "
                "in this way.", 80, "x", name="Drenched Headbutt")
    assert f == {"damage_times": {"moved": "discarded", "filter": {"kind": "energy"}},
                 "effect": [{"move": {"from": "deck", "to": "discard", "count": 3, "random": True},
                             "label": "discarded"}]}


def test_counts_of_discarded_cards_the_grammar_cannot_read_are_refused_as_printed():
    # Onix, Thumpalanche: a Retreat Cost the card phrase does not read
    text = ("Discard the top 5 cards of your deck. This attack does 80 damage for each Pokémon with a Retreat Cost of "
            "exactly 4 that you discarded in this way.")
    assert _refused(text, 80, "x") == ("This attack does 80 damage for each Pokémon with a Retreat Cost of exactly 4 "
                                       "that you discarded in this way.",)
    # the split sentence is quoted whole, as printed
    text = ("Discard the top 7 cards of your deck, and this attack does 70 damage for each Pokémon with a Retreat Cost "
            "of exactly 4 that you discarded in this way.")
    assert _refused(text, 70, "x") == (text,)
    # the cards the opponent discarded are not the ones "you discarded"
    _refused("Discard the top 2 cards of your opponent's deck. This attack does 50 damage for each Energy card you "
             "discarded in this way.", 50, "x")
    # a condition before the "and" is not split off
    _refused("If you have no cards in your hand, discard the top 3 cards of your deck, and this attack does 80 damage "
             "for each Energy card you discarded in this way.", 80, "x")


# ---- Special Conditions, Prize cards -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, damage, mod, times", [
    ("This attack does 100 damage for each Special Condition affecting your opponent's Active Pokémon.", 100, "x",
     {"conditions": "defender"}),                                    # Team Rocket's Muk, Hazardous Venom
    ("This attack does 100 damage for each Special Condition affecting this Pokémon.", 100, "x",
     {"conditions": "self"}),                                        # Hisuian Electrode V, Tantrum Blast
    ("This attack does 50 more damage for each Special Condition affecting the Defending Pokémon.", 10, "+",
     {"conditions": "defender", "amount": 50}),                      # invented
    ("This attack does 70 damage for each Prize card you have taken.", 70, "x", {"prizes_taken": "me"}),  # Aegislash ex
    ("This attack does 30 more damage for each Prize card your opponent has taken.", 10, "+",
     {"prizes_taken": "opp", "amount": 30}),
    ("This attack does 20 more damage for each Energy attached to the Defending Pokémon.", 10, "+",
     {"energy": "defender", "amount": 20}),                          # invented: the Defending Pokémon
    ("This attack does 30 more damage for each damage counter on the Defending Pokémon.", 10, "+",
     {"counters": "defender", "amount": 30}),
])
def test_counts_of_the_state(text, damage, mod, times):
    assert _fields(text, damage, mod) == {"damage_times": times}


def test_a_special_condition_count_after_a_step_is_refused():
    # the step said before it could change what it counts
    _refused("Your opponent's Active Pokémon is now Poisoned. This attack does 50 more damage for each Special Condition "
             "affecting your opponent's Active Pokémon.", 10, "+")
    # after it, the step comes after the damage
    f = _fields("This attack does 50 more damage for each Special Condition affecting your opponent's Active Pokémon. "
                "Your opponent's Active Pokémon is now Confused.", 10, "+")
    assert f == {"damage_times": {"conditions": "defender", "amount": 50},
                 "effect": [{"inflict": {"condition": "confused"}}]}


def test_the_library_reads_the_new_counts_only_where_they_mean_something():
    ok = {"damage_times": {"moved": "x", "filter": {"kind": "energy"}}, "effect": [
        {"move": {"from": "deck", "to": "discard", "count": 3, "random": True}, "label": "x"}]}
    assert check_attack("Atk", 30, "x", ok) is None
    assert "only with `moved`" in check_attack("Atk", 30, "x", {"damage_times": {"benched": "me",
                                                                                "filter": {"kind": "energy"}}})
    assert "a filter with a condition" in check_attack("Atk", 30, "x", {"damage_times": {"moved": "x", "filter": {}},
                                                                        "effect": ok["effect"]})
    assert check_attack("Atk", 30, "x", {"damage_times": {"conditions": "defender"}}) is None
    assert "before_damage" in check_attack("Atk", 30, "x", {"damage_times": {"conditions": "self"},
                                                             "before_damage": [{"draw": 1}]})


# ---- "the Defending Pokémon", "it" ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, step", [
    ("Flip a coin. If heads, the Defending Pokémon is now Paralyzed.",   # Dark Gyarados, Ice Beam
     {"flip": {"heads": [{"inflict": {"condition": "paralyzed"}}]}}),
    ("Discard an Energy from the Defending Pokémon.",
     {"discard_attached": {"target": OPP_ACTIVE, "filter": {"kind": "energy"}, "count": 1}}),
])
def test_the_defending_pokemon_in_a_step_is_the_opponents_active_pokemon(text, step):
    assert _fields(text, 30, None) == {"effect": [step]}


def test_the_defending_pokemon_after_a_switch_of_the_opponents_active_pokemon_is_refused():
    _refused("Switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active Pokémon.) "
             "Discard an Energy from the Defending Pokémon.", 30, None)


def test_the_defending_pokemon_opening_a_condition():
    f = _fields("If the Defending Pokémon is Poisoned, this attack does 50 more damage.", 10, "+")
    assert f == {"damage_times": {"if": {"defender": {"condition": "poisoned"}}, "amount": 50}}


def test_switch_it_after_a_step_on_this_pokemon():
    # Morpeko V, Electro Wheel
    f = _fields("Discard an Energy from this Pokémon. If you do, switch it with 1 of your Benched Pokémon.", 150, None)
    assert f == {"effect": [{"discard_attached": {"target": {"ref": "self"}, "filter": {"kind": "energy"}, "count": 1},
                             "label": "done"}, {"switch": {}, "if_done": "done"}]}
    # "it" after a step on another Pokémon is not this Pokémon
    _refused("Discard an Energy from your opponent's Active Pokémon. If you do, switch it with 1 of your Benched "
             "Pokémon.", 30, None)


# ---- coins, lasting effects ----------------------------------------------------------------------------------------

def test_heads_add_damage_and_tails_do_a_step():
    # Dragonite ex OBF 159, Mighty Meteor
    f = _fields("Flip a coin. If heads, this attack does 140 more damage. If tails, during your next turn, this Pokémon "
                "can't attack.", 140, "+", name="Mighty Meteor")
    assert f == {"damage_times": {"heads": True, "amount": 140},
                 "effect": [{"flip": {"tails": [{"modifier": {"name": "Mighty Meteor", "lasts": "next_turn",
                                                              "target": {"ref": "self"}, "forbids_attack": "all"}}]}}]}
    # invented: the tails hurt this Pokémon
    f = _fields("Flip a coin. If heads, this attack does 30 more damage. If tails, this Pokémon does 30 damage to "
                "itself.", 60, "+")
    assert f["effect"] == [{"flip": {"tails": [{"damage": {"amount": 30, "target": {"ref": "self"}}}]}}]
    # with 2 coins "If tails" says nothing of which coin
    _refused("Flip 2 coins. This attack does 30 more damage for each heads. If tails, this Pokémon does 30 damage to "
             "itself.", 60, "+")


@pytest.mark.parametrize("text, modifier", [
    ("The Defending Pokémon can't retreat during your opponent's next turn.",
     {"lasts": "opponents_next_turn", "target": OPP_ACTIVE, "forbids_retreat": True}),
    ("During your opponent's next turn, your opponent's Active Pokémon can't retreat.",
     {"lasts": "opponents_next_turn", "target": OPP_ACTIVE, "forbids_retreat": True}),
    ("During your opponent's next turn, this Pokémon takes 30 less damage from attacks.",
     {"lasts": "opponents_next_turn", "damage_change": -30, "step": "defender", "target": {"ref": "self"}}),
    ("During your opponent's next turn, the Defending Pokémon's attacks do 30 less damage.",
     {"lasts": "opponents_next_turn", "damage_change": -30}),
    ("This Pokémon has no Weakness during your opponent's next turn.",
     {"lasts": "opponents_next_turn", "target": {"ref": "self"}, "no_weakness": True}),
])
def test_other_wordings_of_lasting_effects(text, modifier):
    assert _fields(text, 30, None) == {"effect": [{"modifier": {"name": "Atk", **modifier}}]}


def test_that_pokemon_with_nothing_before_it_is_refused():
    _refused("During your opponent's next turn, that Pokémon can't retreat.", 30, None)


def test_the_checkup_sentence_in_its_other_order():
    # Galarian Weezing, Severe Poison
    f = _fields("Your opponent's Active Pokémon is now Poisoned. Put 4 damage counters instead of 1 on that Pokémon "
                "during Pokémon Checkup.", 0, None, name="Severe Poison")
    assert f == {"effect": [{"inflict": {"condition": "poisoned"}},
                            {"modifier": {"name": "Severe Poison", "lasts": "game", "target": OPP_ACTIVE,
                                          "poison_counters": 4}}]}


# ---- damage counters "until its remaining HP is N" -----------------------------------------------------------------

@pytest.mark.parametrize("text, target", [
    ("Put damage counters on your opponent's Active Pokémon until its remaining HP is 50.", OPP_ACTIVE),  # Medicham ex
    ("Put damage counters on each of your opponent's Benched Pokémon until its remaining HP is 50.",      # Palossand ex
     {"side": "opp", "where": "bench", "each": True}),
    ("Put damage counters on 1 of your opponent's Pokémon until its remaining HP is 50.", {"side": "opp"}),  # Tsareena ex
    ("Put damage counters on 1 of your opponent's Benched Pokémon until its remaining HP is 50.",          # invented
     {"side": "opp", "where": "bench"}),
])
def test_damage_counters_until_the_remaining_hp(text, target):
    assert _fields(text, 0, None) == {"effect": [{"damage_counters": {"count": {"until_hp": 50}, "target": target}}]}


def test_damage_counters_until_the_remaining_hp_after_other_damage_are_refused():
    # the attack's own damage is not yet on the Pokémon when its effect is counted: not read
    _refused("Put damage counters on your opponent's Active Pokémon until its remaining HP is 10.", 30, None)
    _refused("This attack does 30 damage to 1 of your opponent's Benched Pokémon. Put damage counters on your "
             "opponent's Active Pokémon until its remaining HP is 10.", 0, None)


def test_the_library_reads_until_hp_alone():
    def fields(count, **extra):
        return {"effect": [{"damage_counters": {"count": count, "target": OPP_ACTIVE, **extra}}]}
    assert check_attack("Atk", 0, None, fields({"until_hp": 50})) is None
    assert "multiple of 10" in check_attack("Atk", 0, None, fields({"until_hp": 55}))
    assert "`spread` or `per`" in check_attack("Atk", 0, None, {"effect": [{"damage_counters": {
        "count": {"until_hp": 50}, "target": {"side": "opp"}, "spread": True}}]})


# ---- "Then, STEP." -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, effect", [
    ("Discard an Energy from this Pokémon. Then, switch this Pokémon with 1 of your Benched Pokémon.",
     [{"discard_attached": {"target": {"ref": "self"}, "filter": {"kind": "energy"}, "count": 1}}, {"switch": {}}]),
    ("Switch this Pokémon with 1 of your Benched Pokémon. Then, draw 2 cards.", [{"switch": {}}, {"draw": 2}]),
    ("Draw 2 cards. Then, switch this Pokémon with 1 of your Benched Pokémon.", [{"draw": 2}, {"switch": {}}]),
    ("Your opponent's Active Pokémon is now Burned. Then, switch this Pokémon with 1 of your Benched Pokémon.",
     [{"inflict": {"condition": "burned"}}, {"switch": {}}]),
])
def test_then_step_follows_in_order(text, effect):
    assert _fields(text, 30, None) == {"effect": effect}


def test_then_with_nothing_before_it_is_refused():
    _refused("Then, switch this Pokémon with 1 of your Benched Pokémon.", 30, None)


# ---- the VSTAR Power / GX reminder, "This damage" ------------------------------------------------------------------

def test_the_vstar_reminder_makes_the_attack_a_vstar_power():
    # Serperior VSTAR SIT 210, Star Winder
    f = _fields("This attack does 60 damage for each Energy attached to this Pokémon. Switch this Pokémon with 1 of your "
                "Benched Pokémon. (You can't use more than 1 VSTAR Power in a game.)", 60, "x")
    assert f == {"vstar": True, "damage_times": {"energy": "self"}, "effect": [{"switch": {}}]}
    # the reminder alone: a VSTAR Power that only does its damage
    assert _fields("(You can't use more than 1 VSTAR Power in a game.)", 200, None) == {"vstar": True}
    assert _fields("Discard 2 Energy from this Pokémon. (You can't use more than 1 GX attack in a game.)", 200, None) == {
        "gx": True, "effect": [{"discard_attached": {"target": {"ref": "self"}, "filter": {"kind": "energy"},
                                                     "count": 2}}]}
    # the rest of the text still has to be read
    _refused("Choose 1 of your opponent's Active Pokémon's attacks and use it as this attack. (You can't use more than 1 "
             "VSTAR Power in a game.)", 0, None)


def test_this_damage_is_the_attacks_one_kind_of_damage():
    f = _fields("This attack does 70 damage for each of your opponent's Pokémon V in play. This damage isn't affected by "
                "Weakness or Resistance.", 70, "x")
    assert f["ignores"] == ["weakness", "resistance"]
    f = _fields("This attack does 30 damage to 1 of your opponent's Pokémon. This damage isn't affected by Weakness or "
                "Resistance.", 0, None)
    assert f == {"ignores": ["weakness", "resistance"],
                 "effect": [{"damage": {"amount": 30, "target": {"side": "opp"}}}]}
    # the printed damage and a damage step: which one is not said
    _refused("This attack also does 30 damage to 1 of your opponent's Benched Pokémon. This damage isn't affected by "
             "Weakness or Resistance.", 30, None)


# ---- "Choose 1 of your opponent's (Benched) Pokémon." + "that Pokémon"; "A. If you do, N more damage." -------------

def test_the_chosen_pokemon_is_that_pokemon_of_the_next_sentence():
    bench = {"side": "opp", "where": "bench"}
    f = _fields("Choose 1 of your opponent's Benched Pokémon. This attack does 30 damage to that Pokémon. (Don't apply "
                "Weakness and Resistance for Benched Pokémon.)", 0, None)
    assert f == {"effect": [{"damage": {"amount": 30, "target": bench}}]}
    # Sylveon SVP 172, Mystical Return: the choice and its step on heads
    f = _fields("Flip a coin. If heads, choose 1 of your opponent's Benched Pokémon. Shuffle that Pokémon and all "
                "attached cards into their deck.", 0, None)
    assert f == {"effect": [{"flip": {"heads": [{"pick_up": {"target": bench, "to": "deck"}},
                                                {"shuffle": "deck", "player": "opp"}]}}]}
    # invented: a Trainer-grammar step on it
    f = _fields("Choose 1 of your opponent's Benched Pokémon. Put 3 damage counters on that Pokémon.", 0, None)
    assert f == {"effect": [{"damage_counters": {"count": 3, "target": bench}}]}


def test_a_choice_nothing_is_said_of_or_said_of_twice_is_refused():
    assert _refused("Choose 1 of your opponent's Benched Pokémon.", 0, None) == (
        "Choose 1 of your opponent's Benched Pokémon.",)
    _refused("Choose 1 of your opponent's Benched Pokémon. Discard an Energy from that Pokémon, and put 2 damage counters "
             "on that Pokémon.", 0, None)
    _refused("Choose 1 of your opponent's Pokémon. Your opponent's Active Pokémon is now Confused.", 0, None)


def test_if_you_do_more_damage_after_a_plain_step():
    f = _fields("Discard a Basic Energy card from your hand. If you do, this attack does 60 more damage.", 30, "+")
    assert f == {"damage_times": {"done": "done", "amount": 60},
                 "effect": [{"move": {"from": "hand", "to": "discard", "filter": {"kind": "basic_energy"}, "count": 1},
                             "label": "done"}]}
    f = _fields("Discard up to 2 cards from your hand. If you do, this attack does 30 more damage for each card you "
                "discarded in this way.", 30, "+")
    assert f["damage_times"] == {"moved": "discarded", "amount": 30}
    # a step that discards nothing counts no discarded card
    _refused("Draw a card. If you do, this attack does 80 more damage for each card you discarded in this way.", 80, "+")


def test_switch_with_a_benched_pokemon_that_fits():
    # Vikavolt SCR 053, Volt Switch; Seviper, Sucker Punch and Turn
    assert _fields("Switch this Pokémon with 1 of your Benched {L} Pokémon.", 90, None) == {
        "effect": [{"switch": {"bench_filter": {"type": "lightning"}}}]}
    assert _fields("Switch this Pokémon with 1 of your Benched Darkness Pokémon.", 60, None) == {
        "effect": [{"switch": {"bench_filter": {"type": "darkness"}}}]}
    assert _fields("Flip a coin. If heads, switch this Pokémon with 1 of your Benched Basic Pokémon.", 60, None) == {
        "effect": [{"flip": {"heads": [{"switch": {"bench_filter": {"stage": "basic"}}}]}}]}
    assert "one of `filter`, `benched`, `bench_filter`" in check_attack("Atk", 30, None, {"effect": [
        {"switch": {"filter": {"type": "fire"}, "bench_filter": {"type": "fire"}}}]})


def test_then_shuffle_after_a_guarded_search_is_the_searchs_own():
    f = _fields("If this Pokémon has any damage counters on it, search your deck for a card and put it into your hand. "
                "Then, shuffle your deck.", 30, None)
    assert f == {"effect": [{"search": {"zone": "deck", "count": 1, "to": "hand"},
                             "when": {"self": {"damage_min": 10}}}]}
