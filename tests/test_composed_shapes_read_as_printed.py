"""Composed attack shapes read as printed: "If CONDITION, BODY", "A. If you do, B.", counted damage and damage to
several Pokémon, reviewed against their card texts and locked as exact effects, and the near shapes the grammar must
refuse (a pronoun it cannot resolve, a condition it cannot read whole). Card texts as printed (TCGdex); expected
fields from the texts."""
from ptcg_asp.cards.text.attacks import translate_attack


def _fields(text, name, damage, mod, cost):
    t = translate_attack(text, name, damage, mod, cost=cost)
    assert not t.unsupported, t.unsupported
    return t.fields


def test_named_card_count_in_the_discard_pile_counts_only_that_name():
    # Braixen SIT 026 Flare Parade: "Serena card" is a card named Serena, not every card
    f = _fields("This attack does 60 damage for each Serena card in your discard pile.", "Flare Parade", 60, "x", 2)
    assert f == {"damage_times": {"in_pile": {"side": "me", "zone": "discard", "filter": {"name": "Serena"}}}}


def test_if_condition_more_damage_and_two_conditions_guard_every_step():
    # Beedrill MEW 015 Nadir Needle: the condition covers the damage and both Special Conditions
    text = ("If you have no cards in your hand, this attack does 120 more damage, and your opponent's Active Pokémon "
            "is now Paralyzed and Poisoned.")
    f = _fields(text, "Nadir Needle", 30, "+", 2)
    cond = {"hand": {"side": "me", "max": 0}}
    assert f["damage_times"] == {"if": cond, "amount": 120}
    assert f["effect"] == [{"inflict": {"condition": "paralyzed"}, "when": cond},
                           {"inflict": {"condition": "poisoned"}, "when": cond}]


def test_extra_energy_counts_from_the_printed_cost():
    # Stonjourner SHF SV075 Power Press: cost of 4, "at least 1 extra Energy": 5 Energy attached
    text = ("If this Pokémon has at least 1 extra Energy attached (in addition to this attack's cost), this attack does "
            "60 more damage.")
    f = _fields(text, "Power Press", 120, "+", 4)
    assert f == {"damage_times": {"if": {"self": {"energy": {"min": 5}}}, "amount": 60}}
    # without the printed cost the sentence is not read
    assert translate_attack(text, "Power Press", 120, "+").unsupported


def test_switch_then_opponent_switches_only_if_you_did():
    # Baltoy OBF 094 Rapid Spin: the opponent's switch (their choice) only after yours
    text = ("Switch this Pokémon with 1 of your Benched Pokémon. If you do, switch out your opponent's Active Pokémon to "
            "the Bench. (Your opponent chooses the new Active Pokémon.)")
    f = _fields(text, "Rapid Spin", 10, None, 1)
    assert f == {"effect": [{"switch": {}, "label": "done"}, {"switch": {}, "player": "opp", "if_done": "done"}]}


def test_damage_to_two_benched_pokemon_is_two_different_ones():
    # Regieleki EVS 060 Teraspark
    text = ("Discard all Lightning Energy from this Pokémon. This attack also does 40 damage to 2 of your opponent's "
            "Benched Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)")
    f = _fields(text, "Teraspark", 120, None, 3)
    tgt = {"side": "opp", "where": "bench"}
    assert f["effect"][1:] == [{"damage": {"amount": 40, "target": tgt}, "label": "first"},
                               {"damage": {"amount": 40, "target": {**tgt, "after": "first"}}}]


def test_damage_to_each_benched_pokemon_with_damage_counters_of_both_players():
    # Hippowdon DRI 106 Super Sandstorm
    text = ("This attack also does 40 damage to each Benched Pokémon that has any damage counters on it (both yours and "
            "your opponent's). (Don't apply Weakness and Resistance for Benched Pokémon.)")
    f = _fields(text, "Super Sandstorm", 150, None, 3)
    assert f == {"effect": [{"damage": {"amount": 40, "target": {"side": "any", "where": "bench", "damaged": True,
                                                                 "each": True}}}]}


def test_pronouns_the_condition_does_not_settle_are_refused():
    # "it" inside the second part of "this attack does N more damage, and B", or after a step's "from": refused, not
    # guessed (the Pokémon the condition is about, or another)
    for text, damage, mod in (
            ("If your opponent's Active Pokémon is a Pokémon ex, this attack does 30 more damage, and it is now "
             "Paralyzed.", 30, "+"),
            ("If this Pokémon has any damage counters on it, this attack does 50 more damage, and it is now Confused.",
             30, "+"),
            ("If your opponent's Active Pokémon is a Pokémon ex, discard an Energy from it.", 30, None),
            ("Move an Energy from your opponent's Active Pokémon to 1 of their Benched Pokémon, and put 2 damage "
             "counters on that Pokémon.", 30, None)):
        assert translate_attack(text, "X", damage, mod, cost=3).unsupported, text


def test_conditions_the_grammar_cannot_read_whole_are_refused():
    for text, damage, mod in (
            ("If all of your Benched Pokémon have damage counters on them, this attack does 50 more damage.", 30, "+"),
            ("If your opponent's Active Pokémon has no damage counters on it, this attack does 60 more damage.", 30,
             "+"),
            ("This attack does 30 damage for each of your Benched Pokémon that has any damage counters on it.", 30,
             "x"),
            ("This attack does 30 damage for each Pokémon in your discard pile and your opponent's discard pile.", 30,
             "x")):
        assert translate_attack(text, "X", damage, mod, cost=3).unsupported, text
