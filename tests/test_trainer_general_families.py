"""General Trainer families a new set's text is made of (issue 13, generalisation): each family is fed INVENTED
sentences -- other numbers, types, filters, holders -- and locked as its exact translated fields, read from the words
(docs/vocabulary.md), not from the program; near variants whose reading would be a guess must stay unsupported.

Families: a type list "{G}, {R}, or {W} Pokémon"; a reaction's attacker filter ("damaged by an attack from your
opponent's Pokémon ex"); "place N damage counters"; the reminder "(even if this F Pokémon is Knocked Out)"; a holder
named with its "ex"; "Both Active Pokémon are now X"; "up to N" distinct targets for any N up to 6; a switch with a
filter on either Pokémon; attached cards "A or B"; "A, or B" between two whole clauses; "... attached to that Pokémon
into your hand" after a step on one of your Pokémon."""
import pytest

from ptcg_asp.cards.text import translate

HOLDER = "the Pokémon this card is attached to"


def fields(kind: str, text: str, name: str = "Test Card") -> dict:
    t = translate(kind, text, name)
    assert t.supported, t.unsupported
    return t.fields


def refused(kind: str, text: str, name: str = "Test Card") -> bool:
    return not translate(kind, text, name).supported


# ---- a list of types: "{G}, {R}, {W}, or {L} Pokémon" ---------------------------------------------------------------

@pytest.mark.parametrize("types,expected", [
    ("{G}, {R}, {W}, or {L}", ["grass", "fire", "water", "lightning"]),
    ("{P}, {D}, or {M}", ["psychic", "darkness", "metal"]),
    ("Fire, Water, or Grass", ["fire", "water", "grass"]),
])
def test_type_list_on_the_attacker(types, expected):
    got = fields("tool", f"The {{Y}} Pokémon this card is attached to takes 30 less damage from attacks from your "
                         f"opponent's {types} Pokémon (after applying Weakness and Resistance).")
    assert got == {"passive": [{"damage_change": {"amount": -30, "step": "defender",
                                                  "other": {"any_of": [{"type": t} for t in expected]},
                                                  "holder": {"type": "fairy"}}}]}


def test_type_list_in_a_search():
    got = fields("item", "Search your deck for a {G}, {R}, or {W} Pokémon, reveal it, and put it into your hand. "
                         "Then, shuffle your deck.")
    assert got["effect"]["do"][0]["search"]["filter"] == {"any_of": [
        {"kind": "pokemon", "type": "grass"}, {"kind": "pokemon", "type": "fire"}, {"kind": "pokemon", "type": "water"}]}


@pytest.mark.parametrize("types", [
    "{G}, {R} Pokémon",            # a list never closed by "or": not read
    "{G}, {G}, or {L} Pokémon",    # a type twice
])
def test_type_list_near_variants_refused(types):
    assert refused("item", f"Search your deck for a {types}, reveal it, and put it into your hand. Then, shuffle your "
                           "deck.")


# ---- a reaction's trigger: the attacker's filter, "place", the reminder naming the holder ---------------------------

@pytest.mark.parametrize("attacker,other", [
    ("Pokémon ex", {"tag": "ex"}),
    ("Basic Pokémon", {"stage": "basic"}),
    ("{R} or {W} Pokémon", {"any_of": [{"type": "fire"}, {"type": "water"}]}),
    ("Pokémon V", {"tag": "v"}),
])
def test_reaction_with_the_attackers_filter(attacker, other):
    got = fields("tool", f"If {HOLDER} is in the Active Spot and is damaged by an attack from your opponent's "
                         f"{attacker} (even if it is Knocked Out), put 2 damage counters on the Attacking Pokémon.")
    assert got == {"passive": [{"when_damaged": {"counters_on_attacker": 2, "other": other}}]}


def test_reaction_with_the_attackers_filter_under_a_special_energy():
    got = fields("special_energy", "As long as this card is attached to a Pokémon, it provides {C} Energy. If the "
                                   "Pokémon this card is attached to is in the Active Spot and is damaged by an attack "
                                   "from your opponent's Stage 2 Pokémon (even if it is Knocked Out), draw a card.")
    assert got == {"provides": ["colorless"],
                   "passive": [{"when_damaged": {"draw": 1, "other": {"stage": "stage2"}}}]}


@pytest.mark.parametrize("holder,reminder,flt", [
    ("{D} Pokémon", "this Pokémon", {"type": "darkness"}),
    ("Team Aqua's Pokémon", "this Team Aqua's Pokémon", {"name_contains": "Team Aqua's"}),
    ("{P} Pokémon", "this {P} Pokémon", {"type": "psychic"}),
])
def test_place_counters_and_the_reminder_naming_the_holder(holder, reminder, flt):
    got = fields("tool", f"If the {holder} this card is attached to is in the Active Spot and is damaged by an attack "
                         f"from your opponent's Pokémon (even if {reminder} is Knocked Out), place 5 damage counters "
                         "on the Attacking Pokémon.")
    assert got == {"passive": [{"when_damaged": {"counters_on_attacker": 5, "holder": flt}}]}


@pytest.mark.parametrize("text", [
    # the reminder names another Pokémon than the holder
    f"If the {{P}} Pokémon this card is attached to is in the Active Spot and is damaged by an attack from your "
    "opponent's Pokémon (even if this {D} Pokémon is Knocked Out), place 2 damage counters on the Attacking Pokémon.",
    f"If {HOLDER} is in the Active Spot and is damaged by an attack from your opponent's Pokémon (even if this Team "
    "Aqua's Pokémon is Knocked Out), place 2 damage counters on the Attacking Pokémon.",
    # an attacker named by a bare name: not a filter the grammar reads here
    f"If {HOLDER} is in the Active Spot and is damaged by an attack from your opponent's Pikachu (even if it is "
    "Knocked Out), put 2 damage counters on the Attacking Pokémon.",
])
def test_reaction_near_variants_refused(text):
    assert refused("tool", text)


# ---- a holder named with its "ex" ------------------------------------------------------------------------------------

def test_holder_named_with_ex():
    got = fields("tool", "Attacks used by the Charizard ex this card is attached to do 30 more damage to your "
                         "opponent's Active Pokémon V (before applying Weakness and Resistance).")
    assert got == {"passive": [{"damage_change": {"amount": 30, "step": "attacker", "other": {"tag": "v"},
                                                  "holder": {"name": "Charizard ex"}}}]}
    assert fields("tool", "The Mew ex this card is attached to gets +40 HP.") == {
        "passive": [{"hp_change": {"amount": 40, "holder": {"name": "Mew ex"}}}]}


def test_lowercase_word_in_a_holders_name_refused():
    assert refused("tool", "The Mew or this card is attached to gets +40 HP.")


# ---- "Both Active Pokémon are now X" ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text,conds", [
    ("Both Active Pokémon are now Asleep.", ["asleep"]),
    ("Both Active Pokémon are now Burned and Poisoned.", ["burned", "poisoned"]),
])
def test_both_active_are_now(text, conds):
    got = fields("item", text)
    assert got == {"effect": {"do": [{"inflict": {"condition": c, "target": {"side": side, "where": "active"}}}
                                     for side in ("me", "opp") for c in conds]}}


@pytest.mark.parametrize("text", [
    "Both Active Pokémon is now Confused.",
    "Both Active Pokémon are now Confused and Confused.",
])
def test_both_active_near_variants_refused(text):
    assert refused("item", text)


# ---- "up to N" distinct targets ---------------------------------------------------------------------------------------

def _chain(op: str, body: dict, group: dict, n: int) -> list:
    """What "up to N of GROUP" means, written out: one, then optionally another after it, and so on."""
    labels = [f"step{k}" for k in range(1, n)]
    inner: list = []
    for k in range(n - 1, 0, -1):
        step = {op: {**body, "target": {**group, "after": labels[k - 1]}}}
        if inner:
            step["label"] = labels[k]
        inner = [{"may": [step] + inner}]
    return [{op: {**body, "target": group}, "label": "step1"}] + inner


@pytest.mark.parametrize("n", [3, 4, 6])
def test_choose_up_to_n_and_heal_each(n):
    got = fields("supporter", f"Choose up to {n} of your {{G}} Pokémon and heal 50 damage from each of them.")
    assert got == {"effect": {"do": _chain("heal", {"amount": 50}, {"side": "me", "filter": {"type": "grass"}}, n)}}


def test_heal_from_up_to_three():
    got = fields("item", "Heal 20 damage from up to 3 of your Benched Pokémon.")
    assert got == {"effect": {"do": _chain("heal", {"amount": 20}, {"side": "me", "where": "bench"}, 3)}}


def test_up_to_seven_targets_refused():
    assert refused("supporter", "Choose up to 7 of your Pokémon and heal 50 damage from each of them.")


# ---- a switch with a filter on either Pokémon -------------------------------------------------------------------------

@pytest.mark.parametrize("active,bench,sw", [
    ("Active Basic Pokémon", "Benched Pokémon", {"active_filter": {"stage": "basic"}}),
    ("Active Pokémon", "Benched {M} Pokémon", {"bench_filter": {"type": "metal"}}),
    ("Active {D} Pokémon", "Benched Pokémon ex", {"active_filter": {"type": "darkness"}, "bench_filter": {"tag": "ex"}}),
    ("Active Pokémon V", "Benched Pokémon V", {"filter": {"tag": "v"}}),
])
def test_switch_with_filters(active, bench, sw):
    got = fields("item", f"Switch your {active} with 1 of your {bench}.")
    assert got == {"effect": {"do": [{"switch": sw}]}}


def test_switch_cart_shape_with_its_heal():
    got = fields("item", "Switch your Active Stage 1 Pokémon with 1 of your Benched Pokémon. If you do, heal 40 damage "
                         "from the Pokémon you moved to your Bench.")
    assert got == {"effect": {"do": [{"switch": {"active_filter": {"stage": "stage1"}}, "label": "step1"}],
                              "then": [{"heal": {"amount": 40, "target": {"ref_benched": "step1"}},
                                        "if_done": "step1"}]}}


@pytest.mark.parametrize("text", [
    "Switch your Active Pokémon with 1 of your opponent's Benched Pokémon.",
    "Switch your opponent's Active Pokémon with 1 of your Benched Pokémon.",
    "Switch your Active Basic or Stage 1 Pokémon with 1 of your Benched Pokémon.",
])
def test_switch_near_variants_refused(text):
    assert refused("item", text)


# ---- attached cards "A or B"; "A, or B" between two clauses -----------------------------------------------------------

@pytest.mark.parametrize("what,flt", [
    ("a Pokémon Tool or Special Energy card", [{"kind": "tool"}, {"kind": "special_energy"}]),
    ("a Special Energy or a Pokémon Tool", [{"kind": "special_energy"}, {"kind": "tool"}]),
    ("a Basic Energy or Pokémon Tool", [{"kind": "basic_energy"}, {"kind": "tool"}]),
])
def test_attached_alternatives(what, flt):
    got = fields("item", f"Discard {what} from 1 of your opponent's Benched Pokémon.")
    assert got == {"effect": {"do": [{"discard_attached": {"target": {"side": "opp", "where": "bench"},
                                                           "filter": {"any_of": flt}, "count": 1}}]}}


def test_attached_same_thing_twice_refused():
    assert refused("item", "Discard a Pokémon Tool or Pokémon Tool from 1 of your opponent's Pokémon.")


def test_one_clause_or_another():
    got = fields("item", "Draw 3 cards, or heal 60 damage from your Active Pokémon.")
    assert got == {"effect": {"do": [{"choose": {"options": [
        [{"draw": 3}], [{"heal": {"amount": 60, "target": {"side": "me", "where": "active"}}}]]}}]}}
    got = fields("item", "You can use this card only if you discard a Basic {W} Energy card from your hand. Discard a "
                         "Special Energy from 1 of your opponent's Pokémon, or discard a Stadium in play.")
    assert got["effect"]["cost"] == [{"move": {"from": "hand", "to": "discard",
                                               "filter": {"kind": "basic_energy", "type": "water"}, "count": 1}}]
    assert got["effect"]["do"] == [{"choose": {"options": [
        [{"discard_attached": {"target": {"side": "opp"}, "filter": {"kind": "special_energy"}, "count": 1}}],
        [{"move": {"from": "stadium", "to": "discard", "count": 1}, "player": "each", "if_possible": True}]]}}]


@pytest.mark.parametrize("text", [
    "Draw 3 cards, or heal 60 damage from your Active Pokémon, or draw a card.",   # three options: not read
    "Draw 3 cards, or.",
])
def test_clause_or_near_variants_refused(text):
    assert refused("item", text)


# ---- "... attached to that Pokémon into your hand" --------------------------------------------------------------------

def test_energy_of_that_pokemon_into_your_hand():
    got = fields("supporter", "Heal all damage from 1 of your Pokémon V. If you healed any damage in this way, put all "
                              "Energy attached to that Pokémon into your hand.")
    assert got == {"effect": {
        "do": [{"heal": {"amount": "all", "target": {"side": "me", "filter": {"tag": "v"}}}, "label": "step1"}],
        "then": [{"discard_attached": {"target": {"ref": "step1"}, "filter": {"kind": "energy"}, "count": "all",
                                       "to": "hand"}, "if_done": "step1"}]}}


@pytest.mark.parametrize("text", [
    # that Pokémon is the opponent's: its cards go to its owner's hand, not "your hand" -- no reading
    "Heal all damage from 1 of your opponent's Pokémon. If you healed any damage in this way, put all Energy attached "
    "to that Pokémon into your hand.",
    # no step chose a Pokémon
    "Draw 2 cards. Put all Energy attached to that Pokémon into your hand.",
])
def test_energy_of_that_pokemon_near_variants_refused(text):
    assert refused("supporter", text)


# ---- a Knock Out's attacker filter: when_knocked_out and prize_change -----------------------------------------------

KO = "is Knocked Out by damage from an attack from your opponent's"


@pytest.mark.parametrize("attacker,other", [
    ("Pokémon ex", {"tag": "ex"}),
    ("Pokémon V", {"tag": "v"}),
    ("Basic Pokémon", {"stage": "basic"}),
    ("{L} Pokémon", {"type": "lightning"}),
])
def test_prize_change_with_the_attackers_filter(attacker, other):
    got = fields("tool", f"If {HOLDER} {KO} {attacker}, that player takes 1 fewer Prize card.")
    assert got == {"passive": [{"prize_change": {"amount": -1, "other": other}}]}


def test_prize_change_with_the_attackers_filter_after_another_predicate():
    got = fields("tool", f"The Pokémon VMAX this card is attached to gets -30 HP, and if it {KO} Pokémon ex, that player "
                         "takes 1 fewer Prize card.")
    assert got == {"passive": [{"hp_change": {"amount": -30, "holder": {"tag": "vmax"}}},
                               {"prize_change": {"amount": -1, "other": {"tag": "ex"}, "holder": {"tag": "vmax"}}}]}


@pytest.mark.parametrize("body,entry", [
    ("draw 2 cards", {"draw": 2}),
    ("place 3 damage counters on the Attacking Pokémon", {"counters_on_attacker": 3}),
])
def test_knock_out_reaction_with_the_attackers_filter(body, entry):
    got = fields("tool", f"If {HOLDER} {KO} Pokémon ex, {body}.")
    assert got == {"passive": [{"when_knocked_out": {**entry, "other": {"tag": "ex"}}}]}


def test_knock_out_attacker_named_by_a_bare_name_refused():
    assert refused("tool", f"If {HOLDER} {KO} Pikachu, draw 2 cards.")


# ---- "If the Pokémon this card is attached to is CONDITION, it ..." ----------------------------------------------------

@pytest.mark.parametrize("cond", ["Poisoned", "Burned", "Asleep"])
def test_holder_with_a_special_condition(cond):
    got = fields("tool", f"If {HOLDER} is {cond}, it takes 20 less damage from attacks.")
    assert got == {"passive": [{"damage_change": {"amount": -20, "step": "defender", "from": "any",
                                                  "holder_condition": cond.lower()}}]}


def test_holder_condition_where_it_has_no_reading_refused():
    # a condition on the holder of a Special Condition protection: not read (as "the Poisoned Pokémon ..." is not)
    assert refused("tool", f"If {HOLDER} is Poisoned, it recovers from all Special Conditions and can't be affected by "
                           "any Special Conditions.")


# ---- a lasting effect on "that Pokémon" --------------------------------------------------------------------------------

def test_lasting_effect_on_the_chosen_pokemon():
    got = fields("supporter", "Choose 1 of your Benched Pokémon. During your opponent's next turn, that Pokémon takes 40 "
                              "less damage from attacks from your opponent's Pokémon V (after applying Weakness and "
                              "Resistance).", name="Test Guard")
    assert got == {"effect": {"do": [{"modifier": {
        "name": "Test Guard", "lasts": "opponents_next_turn", "target": {"side": "me", "where": "bench"},
        "damage_change": -40, "step": "defender", "attacker": {"tag": "v"}}}]}}


def test_lasting_prevention_on_the_pokemon_a_step_chose():
    got = fields("item", "Heal 30 damage from 1 of your Pokémon. During your opponent's next turn, prevent all damage "
                         "done to that Pokémon by attacks from your opponent's Basic Pokémon.", name="Test Shield")
    assert got == {"effect": {"do": [
        {"heal": {"amount": 30, "target": {"side": "me"}}, "label": "step1"},
        {"modifier": {"name": "Test Shield", "lasts": "opponents_next_turn", "target": {"ref": "step1"},
                      "prevents_damage": True, "attacker": {"stage": "basic"}}}]}}


@pytest.mark.parametrize("text", [
    # no Pokémon chosen before "that Pokémon"
    "During your opponent's next turn, that Pokémon takes 30 less damage from attacks.",
    # damage and effects together with an attacker filter are read now (the prevention of effects takes the attacker
    # filter since the latent fix of tests/test_latent_card_fixes.py; tests/test_trainer_families_wave2.py); a filter
    # of two kinds is not
    "Choose 1 of your Pokémon in play. During your opponent's next turn, prevent all damage from and effects of attacks "
    "done to that Pokémon by your opponent's Pokémon ex and Pokémon V.",
])
def test_lasting_that_near_variants_refused(text):
    assert refused("supporter", text)


# ---- "N cards for each ..." (a multiple of a count) -------------------------------------------------------------------

@pytest.mark.parametrize("text,count", [
    ("Draw 2 cards for each of your opponent's Benched Pokémon V.",
     {"per_in_play": {"side": "opp", "where": "bench", "filter": {"tag": "v"}}, "times": 2}),
    ("Draw 3 cards for each Pokémon ex your opponent has in play.",
     {"per_in_play": {"side": "opp", "filter": {"tag": "ex"}}, "times": 3}),
    ("Draw 2 cards for each of your {W} Pokémon in play.",
     {"per_in_play": {"side": "me", "filter": {"type": "water"}}, "times": 2}),
])
def test_draw_a_multiple_of_a_count_in_play(text, count):
    assert fields("supporter", text) == {"effect": {"do": [{"draw": {"count": count}}]}}


@pytest.mark.parametrize("n", [2, 3])
def test_draw_a_multiple_of_the_cards_discarded_in_the_same_sentence(n):
    got = fields("supporter", f"Discard up to 3 cards from your hand, and draw {n} cards for each card you discarded in "
                              "this way.")
    assert got == {"effect": {"do": [
        {"move": {"from": "hand", "to": "discard", "count": 3, "up_to": True}, "label": "step1"},
        {"draw": {"count": {"moved": "step1", "times": n}}}]}}


def test_draw_a_multiple_after_then():
    got = fields("supporter", "Put up to 2 cards from your hand on the bottom of your deck in any order. Then, draw 2 "
                              "cards for each card you put on the bottom of your deck in this way.")
    assert got["effect"]["then"] == [{"draw": {"count": {"moved": "step1", "times": 2}}}]


@pytest.mark.parametrize("text", [
    "Draw 1 cards for each of your opponent's Benched Pokémon.",            # "1 cards": not a multiple
    # the count names what the step before did not do
    "Put up to 3 cards from your hand on the bottom of your deck in any order, and draw a card for each card you "
    "discarded in this way.",
    "Discard up to 3 cards from your hand. Then, draw 2 cards for each card you put on the bottom of your deck in this "
    "way.",
    "Draw 2 cards, and draw 2 cards for each card you discarded in this way.",
])
def test_draw_multiple_near_variants_refused(text):
    assert refused("supporter", text)


# ---- "If <guard>, A. If not, B." ----------------------------------------------------------------------------------------

def test_if_not_after_a_guarded_step():
    got = fields("supporter", "Draw 2 cards. If your opponent has any Pokémon V in play, draw 3 more cards. If not, draw "
                              "a card.")
    guard = {"in_play": {"side": "opp", "filter": {"tag": "v"}, "min": 1}}
    assert got == {"effect": {"do": [{"draw": 2}, {"draw": 3, "when": guard, "if_possible": True},
                                     {"draw": 1, "unless": guard, "if_possible": True}]}}


@pytest.mark.parametrize("text", [
    "Draw 2 cards. If not, draw a card.",                                     # no guard before
    "If you go second, draw 4 cards. If not, if you go first, draw 2 cards.",  # a guard of its own
])
def test_if_not_near_variants_refused(text):
    assert refused("supporter", text)


# ---- lasting effects from a Trainer: a lock on the opponent, no retreat, "that Pokémon's attacks" ----------------------

@pytest.mark.parametrize("text,kind", [
    ("During your opponent's next turn, they can't play any Supporter cards from their hand.", "supporter"),
    ("Your opponent can't play any Stadium cards from their hand during their next turn.", "stadium"),
    ("Draw a card. Your opponent can't play any Pokémon Tool cards from their hand during their next turn.", "tool"),
])
def test_lock_on_the_opponent(text, kind):
    got = fields("item", text, name="Test Lock")
    lock = {"modifier": {"name": "Test Lock", "lasts": "opponents_next_turn", "reach": "opponent", "lock": kind}}
    assert got["effect"]["do"][-1] == lock   # the card's player's effect (no `player: opp` on it)


@pytest.mark.parametrize("text", [
    "During your opponent's next turn, they can't play any Special Energy or Stadium cards from their hand.",
    "Each player can't play any Item cards from their hand during their next turn.",
    "During your opponent's next turn, they can't play any Energy cards from their hand.",
])
def test_lock_near_variants_refused(text):
    assert refused("item", text)


@pytest.mark.parametrize("text", [
    "During your opponent's next turn, your opponent's Active Pokémon can't retreat.",
    "Your opponent's Active Pokémon can't retreat during your opponent's next turn.",
])
def test_no_retreat_for_the_opponents_active(text):
    assert fields("item", text, name="Test Snare") == {"effect": {"do": [{"modifier": {
        "name": "Test Snare", "lasts": "opponents_next_turn", "target": {"side": "opp", "where": "active"},
        "forbids_retreat": True}}]}}


def test_no_retreat_for_your_own_active_refused():
    assert refused("item", "During your opponent's next turn, your Active Pokémon can't retreat.")


def test_that_pokemons_attacks_this_turn():
    got = fields("item", "Choose 1 of your Benched Pokémon. During this turn, that Pokémon's attacks do 40 more damage to "
                         "your opponent's Active Pokémon V (before applying Weakness and Resistance).", name="Test Pump")
    assert got == {"effect": {"do": [{"modifier": {
        "name": "Test Pump", "lasts": "turn", "target": {"side": "me", "where": "bench"}, "step": "attacker",
        "damage_change": 40, "against": {"tag": "v"}}}]}}


def test_the_attacks_of_your_pokemon_this_turn():
    got = fields("item", "During this turn, the attacks of your {F} Pokémon do 20 more damage to your opponent's Active "
                         "Pokémon (before applying Weakness and Resistance).", name="Test Gong")
    assert got == {"effect": {"do": [{"modifier": {"name": "Test Gong", "lasts": "turn", "damage_change": 20,
                                                   "reach": "player", "attacker": {"type": "fighting"}}}]}}


@pytest.mark.parametrize("text", [
    "During this turn, that Pokémon's attacks do 40 more damage to your opponent's Active Pokémon (before applying "
    "Weakness and Resistance).",                                  # no Pokémon chosen before
    "Choose 1 of your Pokémon. During this turn, that Pokémon's attacks do 40 more damage to your opponent's Active "
    "Pokémon.",                                                   # the reminder left out: not read
])
def test_that_pokemons_attacks_near_variants_refused(text):
    assert refused("item", text)


# ---- Special Energy: "This card provides X. If ... , this card provides Y instead."; a Tool's endure ---------------------

@pytest.mark.parametrize("holder,flt,units", [
    ("a Pokémon ex", {"tag": "ex"}, "{C}{C}"),
    ("a {G} Pokémon", {"type": "grass"}, "{G}{G}"),
])
def test_this_card_provides_instead(holder, flt, units):
    got = fields("special_energy", f"This card provides {{C}} Energy. If this card is attached to {holder}, this card "
                                   f"provides {units} Energy instead.")
    unit = {"{C}{C}": ["colorless", "colorless"], "{G}{G}": ["grass", "grass"]}[units]
    assert got == {"provides": ["colorless"], "passive": [{"provides_if": {"holder": flt, "provides": unit}}]}


def test_this_card_provides_every_type_instead():
    got = fields("special_energy", "This card provides {C} Energy. If this card is attached to a Mega Evolution Pokémon "
                                   "ex, this card provides every type of Energy but provides only 1 Energy at a time "
                                   "instead.")
    assert got == {"provides": ["colorless"], "passive": [{"provides_if": {"holder": {"tag": "mega"},
                                                                            "provides": ["any"]}}]}


@pytest.mark.parametrize("text", [
    "If this card is attached to a Pokémon ex, this card provides {C}{C} Energy instead.",   # no base provision
    "This card provides {C} Energy. If this card is attached to a Pokémon ex, this card provides {C}{C} Energy instead. "
    "If this card is attached to a Pokémon V, this card provides {C}{C}{C} Energy instead.",  # two replacements
])
def test_provides_instead_near_variants_refused(text):
    assert refused("special_energy", text)


def test_special_energy_endure():
    got = fields("special_energy", "As long as this card is attached to a Pokémon, it provides {C} Energy. If the "
                                   "Pokémon this card is attached to has full HP and would be Knocked Out by damage from "
                                   "an attack from your opponent's Pokémon, it is not Knocked Out, and its remaining HP "
                                   "becomes 10. Then, discard this card.")
    assert got == {"provides": ["colorless"],
                   "passive": [{"endure": {"hp_left": 10, "full_hp": True, "from": "opp", "discard": True}}]}


def test_special_energy_discard_with_no_one_shot_refused():
    assert refused("special_energy", "As long as this card is attached to a Pokémon, it provides {C} Energy. Then, "
                                     "discard this card.")


# ---- moving attached cards between two Pokémon of one player: filters on either end -----------------------------------

@pytest.mark.parametrize("text,target,to", [
    ("Move a Basic Energy from 1 of your {P} Pokémon to another of your Pokémon.",
     {"side": "me", "filter": {"type": "psychic"}}, None),
    ("Move an Energy from 1 of your Pokémon ex to another of your {F} Pokémon.",
     {"side": "me", "filter": {"tag": "ex"}}, {"filter": {"type": "fighting"}}),
    ("Move a Basic Energy from your Active Pokémon to 1 of your Benched {W} Pokémon.",
     {"side": "me", "where": "active"}, {"where": "bench", "filter": {"type": "water"}}),
    ("Move a Basic Energy from 1 of your Benched Pokémon to your Active Pokémon ex.",
     {"side": "me", "where": "bench"}, {"where": "active", "filter": {"tag": "ex"}}),
])
def test_move_attached_with_filters(text, target, to):
    got = fields("item", text)
    (step,) = got["effect"]["do"]
    assert step["move_attached"]["target"] == target
    assert step["move_attached"].get("to") == to


@pytest.mark.parametrize("text", [
    "Move an Energy from 1 of your opponent's Pokémon to another of your Pokémon.",   # across players
    "Move an Energy from your Active Pokémon to your Active Pokémon.",               # the same place
    "Move a Basic Energy from 1 of your Benched Pokémon to 1 of your Benched Pokémon.",
    # "that Pokémon" after a move between two Pokémon: either of them
    "Move a Basic Energy from 1 of your Pokémon to another of your Pokémon. Heal 30 damage from that Pokémon.",
])
def test_move_attached_near_variants_refused(text):
    assert refused("item", text)


# ---- gust bounds; "Both players" ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,gust", [
    ("Switch 1 of your opponent's Benched Pokémon that has 40 HP or less remaining with your opponent's Active Pokémon.",
     {"hp_left_max": 40}),
    ("Switch in 1 of your opponent's Benched Pokémon ex that has any damage counters on it to the Active Spot.",
     {"filter": {"tag": "ex"}, "damaged": True}),
    ("Switch 1 of your opponent's Benched Basic Pokémon with your opponent's Active Pokémon.",
     {"filter": {"stage": "basic"}}),
])
def test_gust_with_bounds(text, gust):
    assert fields("item", text) == {"effect": {"do": [{"gust": gust}]}}


@pytest.mark.parametrize("text", [
    # a bound the gust has no field for
    "Switch in 1 of your opponent's Benched Pokémon that has 2 or more Energy attached to the Active Spot.",
    "Switch 1 of your opponent's Benched Pokémon that has 40 HP or less remaining with your Active Pokémon.",
])
def test_gust_near_variants_refused(text):
    assert refused("item", text)


@pytest.mark.parametrize("both,each", [
    ("Both players shuffle their hands into their decks and draw 5 cards.",
     "Each player shuffles their hand into their deck and draws 5 cards."),
    ("Both players draw 2 cards.", "Each player draws 2 cards."),
    ("Both players discard the top 2 cards of their deck.", "Each player discards the top 2 cards of their deck."),
])
def test_both_players_reads_as_each_player(both, each):
    assert fields("supporter", both) == fields("supporter", each)


def test_plural_piles_only_for_both_players_refused():
    assert refused("supporter", "Shuffle your hands into your decks.")


# ---- "Prevent all damage counters from being placed on SUBJECT by effects of attacks [and Abilities] ..." --------------

@pytest.mark.parametrize("kind,text,entry", [
    ("stadium", "Prevent all damage counters from being placed on Benched Pokémon (both yours and your opponent's) by "
                "effects of attacks and Abilities from the opponent's Pokémon. (Damage from attacks is still taken.)",
     {"from": ["attack", "ability"], "scope": "in_play", "while": "bench"}),
    ("tool", f"Prevent all damage counters from being placed on {HOLDER} by effects of attacks used by your opponent's "
             "Pokémon.", {"from": ["attack"]}),
    ("tool", f"As long as {HOLDER} is on your Bench, prevent all damage counters from being placed on it by effects of "
             "attacks and Abilities from your opponent's Pokémon.", {"from": ["attack", "ability"], "while": "bench"}),
    ("stadium", "Prevent all damage counters from being placed on {W} Pokémon in play (both yours and your opponent's) "
                "by effects of attacks from the opponent's Pokémon.",
     {"from": ["attack"], "scope": "in_play", "holder": {"type": "water"}}),
])
def test_prevent_counters_under_every_holder(kind, text, entry):
    assert fields(kind, text) == {"passive": [{"prevent_counters": entry}]}


@pytest.mark.parametrize("text", [
    # any player's attacks (no "opponent's"): the entry is about the opponent's only
    "Prevent all damage counters from being placed on Pokémon (both yours and your opponent's) by effects of attacks.",
    "Prevent all damage counters from being placed on Benched Pokémon (both yours and your opponent's) by effects of "
    "Abilities from the opponent's Pokémon.",
])
def test_prevent_counters_near_variants_refused(text):
    assert refused("stadium", text)


# ---- "Flip N coins. For each heads, STEP." -----------------------------------------------------------------------------

@pytest.mark.parametrize("n,step_text,step", [
    (2, "draw 2 cards", {"draw": 2}),
    (3, "heal 20 damage from your Active Pokémon", {"heal": {"amount": 20, "target": {"side": "me", "where": "active"}}}),
])
def test_for_each_heads(n, step_text, step):
    got = fields("item", f"Flip {n} coins. For each heads, {step_text}.")
    assert got == {"effect": {"do": [{"flip": {"heads": [step]}} for _ in range(n)]}}


@pytest.mark.parametrize("text", [
    "Flip a coin. For each heads, draw 2 cards.",                       # one coin: "If heads" says it
    "Flip 2 coins. For each heads, draw 2 cards. If tails, draw a card.",
    "Draw a card. For each heads, draw 2 cards.",                      # no coins
])
def test_for_each_heads_near_variants_refused(text):
    assert refused("item", text)


# ---- "draws cards until they have N cards in their hand" for the opponent / each player --------------------------------

@pytest.mark.parametrize("text,player", [
    ("Your opponent shuffles their hand into their deck and draws cards until they have 4 cards in their hand.", "opp"),
    ("Each player draws cards until they have 5 cards in their hand.", "each"),
])
def test_draw_until_for_another_player(text, player):
    got = fields("supporter", text)
    assert got["effect"]["do"][-1] == {"draw": {"count": {"until_hand": int(text.split(" cards in")[0].split()[-1])}},
                                       "player": player}


@pytest.mark.parametrize("text", [
    "Your opponent draws cards until you have 4 cards in your hand.",       # whose hand: not the drawing player's
    "Each player draws cards until they have 5 cards.",                     # the hand not said
])
def test_draw_until_near_variants_refused(text):
    assert refused("supporter", text)


# ---- "up to K of your opponent's Pokémon" with damage counters and attached discards -------------------------------------

@pytest.mark.parametrize("text,op,body,group,k", [
    ("Put 1 damage counter on up to 3 of your opponent's Pokémon.", "damage_counters", {"count": 1},
     {"side": "opp"}, 3),
    ("Choose up to 2 of your opponent's Benched Pokémon ex and put 2 damage counters on each of them.",
     "damage_counters", {"count": 2}, {"side": "opp", "where": "bench", "filter": {"tag": "ex"}}, 2),
    ("Discard an Energy from up to 2 of your opponent's Pokémon.", "discard_attached",
     {"filter": {"kind": "energy"}, "count": 1}, {"side": "opp"}, 2),
    ("Discard a Pokémon Tool from up to 3 of your opponent's Benched Pokémon.", "discard_attached",
     {"filter": {"kind": "tool"}, "count": 1}, {"side": "opp", "where": "bench"}, 3),
])
def test_up_to_k_opposing_pokemon(text, op, body, group, k):
    assert fields("item", text) == {"effect": {"do": _chain(op, body, group, k)}}


@pytest.mark.parametrize("text", [
    "Put 2 damage counters on up to 7 of your opponent's Pokémon.",          # more than 6 targets
    "Discard up to 2 Energy from up to 2 of your opponent's Pokémon.",       # "up to" twice
])
def test_up_to_k_opposing_near_variants_refused(text):
    assert refused("item", text)


# ---- "Remove all Special Conditions from X" -------------------------------------------------------------------------------

def test_remove_all_special_conditions():
    assert fields("item", "Remove all Special Conditions from your Active Pokémon.") == {
        "effect": {"do": [{"cure": {"target": {"side": "me", "where": "active"}}}]}}
    assert fields("item", "Remove all Special Conditions from your Active Pokémon.") == fields(
        "item", "Your Active Pokémon recovers from all Special Conditions.")


def test_remove_all_special_conditions_from_each_refused():
    assert refused("item", "Remove all Special Conditions from each of your Pokémon.")


# ---- an attacker's damage change "for each ..." under a Tool or Special Energy -------------------------------------------

@pytest.mark.parametrize("kind,lead,per,per_words", [
    ("tool", "", "prizes_taken", "for each Prize card your opponent has taken"),
    ("special_energy", "As long as this card is attached to a Pokémon, it provides {C} Energy. ", "opponent_benched",
     "for each of your opponent's Benched Pokémon"),
])
def test_attacker_damage_for_each(kind, lead, per, per_words):
    got = fields(kind, f"{lead}The attacks of the Pokémon this card is attached to do 20 more damage to your opponent's "
                       f"Active Pokémon {per_words} (before applying Weakness and Resistance).")
    assert got["passive"] == [{"damage_change": {"amount": 20, "step": "attacker", "per": per}}]


def test_stadium_attacker_damage_for_each_refused():
    # a Stadium's "your opponent": whose is not said (both players' Pokémon)
    assert refused("stadium", "Attacks used by each Pokémon in play (both yours and your opponent's) do 10 more damage "
                              "to the opponent's Active Pokémon for each Prize card your opponent has taken (before "
                              "applying Weakness and Resistance).")


# ---- menus: "Choose 2:", "Choose 1 or 2:", "Choose up to N:", "Choose 1 of the following:" ----------------------------

MENU = (" • Draw 2 cards. • Heal 30 damage from your Active Pokémon. • Switch your Active Pokémon with 1 of your Benched "
        "Pokémon.")
OPTIONS = [[{"draw": 2}], [{"heal": {"amount": 30, "target": {"side": "me", "where": "active"}}}], [{"switch": {}}]]


@pytest.mark.parametrize("lead,bounds", [
    ("Choose 2:", {"min": 2, "max": 2}),
    ("Choose 1 or 2:", {"min": 1, "max": 2}),
    ("Choose up to 2:", {"min": 1, "max": 2}),
    ("Choose 1 of the following:", {}),
])
def test_menus(lead, bounds):
    assert fields("supporter", lead + MENU) == {"effect": {"do": [{"choose": {**bounds, "options": OPTIONS}}]}}


@pytest.mark.parametrize("text", [
    "Choose 3: • Draw 2 cards. • Heal 30 damage from your Active Pokémon.",       # more than there are
    "Choose up to 3: • Draw 2 cards. • Heal 30 damage from your Active Pokémon.",
    "Choose 1 or 3:" + MENU,
])
def test_menu_near_variants_refused(text):
    assert refused("supporter", text)


# ---- counts past 2 where the grammar stopped at 2 --------------------------------------------------------------------------

def test_up_to_three_tools_attached():
    got = fields("item", "Choose up to 3 Pokémon Tools attached to Pokémon (yours or your opponent's) and discard them.")
    assert got == {"effect": {"do": _chain("discard_attached", {"filter": {"kind": "tool"}, "count": 1, "up_to": True},
                                           {"side": "any"}, 3)}}


def test_up_to_three_energy_attached_refused():
    # Energy: several may be on one Pokémon, so N of them are not N different Pokémon
    assert refused("item", "Choose up to 3 Energy attached to Pokémon (yours or your opponent's) and discard them.")


def test_move_up_to_three_energy_to_the_active():
    one = {"move_attached": {"target": {"side": "me", "where": "bench"}, "to": {"where": "active"},
                             "filter": {"kind": "energy"}, "count": 1, "up_to": True}}
    got = fields("supporter", "Move up to 3 Energy from your Benched Pokémon to your Active Pokémon.")
    assert got == {"effect": {"do": [one, {"may": [one, {"may": [one]}]}]}}


# ---- "only if you have A, B, and C in play" -------------------------------------------------------------------------------

@pytest.mark.parametrize("names", [
    ["Solrock", "Lunatone"],
    ["Iono's Bellibolt ex", "Iono's Kilowattrel", "Iono's Voltorb"],
])
def test_named_pokemon_all_in_play(names):
    listed = " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + ", and " + names[-1]
    got = fields("supporter", f"You can use this card only if you have {listed} in play. Draw 3 cards.")
    assert got["effect"]["condition"] == [{"in_play": {"side": "me", "filter": {"name": n}, "min": 1}} for n in names]


@pytest.mark.parametrize("listed", [
    "Solrock and Solrock",                       # a name twice
    "Basic Pokémon and Stage 1 Pokémon",         # kinds, not names
    "Solrock, Lunatone",                         # a list never closed by "and"
])
def test_named_pokemon_near_variants_refused(listed):
    assert refused("supporter", f"You can use this card only if you have {listed} in play. Draw 3 cards.")


# ---- a reaction's two Special Conditions --------------------------------------------------------------------------------

DAMAGED_ANY = ("is in the Active Spot and is damaged by an attack from your opponent's Pokémon (even if it is Knocked "
               "Out)")


@pytest.mark.parametrize("a,b", [("Burned", "Confused"), ("Poisoned", "Asleep")])
def test_reaction_two_conditions(a, b):
    got = fields("tool", f"If {HOLDER} {DAMAGED_ANY}, the Attacking Pokémon is now {a} and {b}.")
    assert got == {"passive": [{"when_damaged": {"attacker_condition": a.lower()}},
                               {"when_damaged": {"attacker_condition": b.lower()}}]}


@pytest.mark.parametrize("tail", [
    "the Attacking Pokémon is now Asleep and Confused",            # they replace each other (SC1)
    "the Attacking Pokémon is now Burned and Burned",
    "the Attacking Pokémon is now Poisoned and Burned, and discard this card",   # a one-shot of two entries
])
def test_reaction_two_conditions_near_variants_refused(tail):
    assert refused("tool", f"If {HOLDER} {DAMAGED_ANY}, {tail}.")


# ---- a step of the opponent on "their" Pokémon: the target's side is the step's player's -------------------------------

@pytest.mark.parametrize("text,op,target", [
    ("Your opponent puts 1 of their Benched Pokémon and all attached cards into their hand.", "pick_up",
     {"side": "me", "where": "bench"}),
    ("Your opponent heals 30 damage from their Active Pokémon.", "heal", {"side": "me", "where": "active"}),
])
def test_opponents_step_on_their_own_pokemon(text, op, target):
    (step,) = fields("supporter", text)["effect"]["do"]
    assert step["player"] == "opp" and step[op]["target"] == target
