"""Trainer and Special Energy families, wave 2 (issue 13, generalisation to unseen sets): each family is fed INVENTED
sentences -- other numbers, conditions, filters, bodies -- and locked as its exact translated fields, read from the
words (docs/vocabulary.md), not from the program; near variants whose reading would be a guess must stay unsupported.

Families: a card's condition on an Active Pokémon's Special Conditions ("You can use this card only if your
opponent's Active Pokémon is Poisoned"), before any body."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session


def fields(kind: str, text: str, name: str = "Test Card") -> dict:
    t = translate(kind, text, name)
    assert t.supported, t.unsupported
    return t.fields


def refused(kind: str, text: str, name: str = "Test Card") -> bool:
    return not translate(kind, text, name).supported


# ---- a card's condition on an Active Pokémon's Special Condition (A1) ------------------------------------------------

@pytest.mark.parametrize("whose,side", [("your opponent's", "opp"), ("your", "me")])
@pytest.mark.parametrize("words,cond", [
    ("Poisoned", "poisoned"), ("Burned", "burned"), ("Asleep", "asleep"), ("Confused", "confused"),
    ("Paralyzed", "paralyzed"), ("affected by a Special Condition", "any"),
])
def test_condition_on_an_active_special_condition(whose, side, words, cond):
    got = fields("supporter", f"You can use this card only if {whose} Active Pokémon is {words}. Draw 3 cards.")
    assert got == {"effect": {"condition": [{"in_play": {"side": side, "where": "active", "condition": cond,
                                                         "min": 1}}],
                              "do": [{"draw": 3}]}}


def test_condition_on_a_special_condition_before_another_body_and_with_another_condition():
    got = fields("item", "You can use this card only if your opponent's Active Pokémon is Burned, and you have 2 or "
                         "fewer cards in your hand. Heal 30 damage from your Active Pokémon.")
    assert got["effect"]["condition"] == [
        {"in_play": {"side": "opp", "where": "active", "condition": "burned", "min": 1}},
        {"hand": {"side": "me", "max": 2}}]
    assert got["effect"]["do"] == [{"heal": {"amount": 30, "target": {"side": "me", "where": "active"}}}]


@pytest.mark.parametrize("cond", [
    "your opponent's Active Pokémon is Poisoned or Burned",           # two conditions in one: no reading
    "your opponent's Active Pokémon isn't Poisoned",                  # a negation
    "your opponent's Active Pokémon is not affected by a Special Condition",
    "your opponent's Benched Pokémon is Poisoned",                    # a Benched Pokémon has no Special Condition (SC4)
    "your opponent's Active Pokémon is Poisoned by this card",
])
def test_condition_on_a_special_condition_near_variants_refused(cond):
    assert refused("supporter", f"You can use this card only if {cond}. Draw 3 cards.")


SCN = """\
id: t
title: t
source: t
cards:
  - {{name: Venom Notes, kind: supporter, text: "You can use this card only if your opponent's Active Pokémon is {cond}. Draw 2 cards."}}
state:
  me:
    active: Pikachu
    hand: [Venom Notes]
    deck: 20
    prizes: 6
  opp:
    active: {{card: Pikachu, conditions: [{has}]}}
    bench: [Charmander]
    deck: 20
    prizes: 6
action:
  play: {{card: Venom Notes}}
"""


def _legal(library, cond: str, has: str) -> bool:
    scn = load_scenario_text(SCN.format(cond=cond, has=has), "s.yaml", library)
    return Session().analyse(compile_scenario(scn)).legal


@pytest.mark.parametrize("cond,has,legal", [
    ("Poisoned", "poisoned", True),
    ("Poisoned", "poisoned, asleep", True),
    ("Poisoned", "burned", False),             # another Special Condition does not count (A1)
    ("Poisoned", "", False),
    ("affected by a Special Condition", "confused", True),
    ("affected by a Special Condition", "", False),
    ("Asleep", "paralyzed", False),            # Paralyzed replaced Asleep (SC1): only the one it has counts
])
def test_the_condition_judged_on_the_state_played_in(library, cond, has, legal):
    assert _legal(library, cond, has) is legal


def test_a_special_condition_in_a_step_guard_is_an_input_error(library):
    # a step guard is judged when its step is reached, after earlier steps may have changed Special Conditions: the
    # vocabulary has the field only in a card's own condition list
    text = SCN.replace('{{name: Venom Notes, kind: supporter, text: "You can use this card only if your opponent\'s '
                       'Active Pokémon is {cond}. Draw 2 cards."}}',
                       "{{name: Venom Notes, kind: supporter, effect: {{do: [{{draw: 2, when: {{in_play: {{side: opp, "
                       "where: active, condition: poisoned, min: 1}}}}}}]}}}}").format(has="poisoned")
    with pytest.raises(InputError) as err:
        load_scenario_text(text, "s.yaml", library)
    assert err.value.field.endswith("in_play.condition")


# ---- N attached cards off EACH fitting Pokémon ("from each of"; discard_attached `from_each`) -------------------------

@pytest.mark.parametrize("text,body", [
    ("Discard a Special Energy from each of your opponent's Pokémon.",
     {"target": {"side": "opp", "each": True}, "filter": {"kind": "special_energy"}, "count": 1, "from_each": True}),
    ("Discard 2 Energy from each of your opponent's Benched Pokémon.",
     {"target": {"side": "opp", "where": "bench", "each": True}, "filter": {"kind": "energy"}, "count": 2,
      "from_each": True}),
    ("Discard up to 1 Pokémon Tool from each of your opponent's Pokémon.",
     {"target": {"side": "opp", "each": True}, "filter": {"kind": "tool"}, "count": 1, "from_each": True,
      "up_to": True}),
])
def test_discard_from_each(text, body):
    assert fields("supporter", text) == {"effect": {"do": [{"discard_attached": body}]}}


@pytest.mark.parametrize("text", [
    "Discard a {R} Energy from each of your opponent's Pokémon.",      # a typed Energy: left as the attack grammar does
    "Discard a Special Energy from each of your opponent's Pokémon and your Pokémon.",
    "Discard a Special Energy and a Pokémon Tool from each of your opponent's Pokémon.",
    "Discard any amount of Energy from each of your opponent's Pokémon.",
])
def test_discard_from_each_near_variants_refused(text):
    assert refused("supporter", text)


EACH = """\
id: t
title: t
source: t
cards:
  - {{name: Strip Notes, kind: supporter, text: "Discard {n} Special Energy from each of your opponent's Pokémon."}}
state:
  me:
    active: Pikachu
    hand: [Strip Notes]
    deck: 20
    prizes: 6
  opp:
    active: {{card: Snorlax, energy: [Double Turbo Energy, Reversal Energy, Basic Fire Energy]}}
    bench: [{{card: Pikachu, energy: [Double Turbo Energy, Double Turbo Energy]}}, {{card: Charmander, energy: [Basic Fire Energy]}}]
    deck: 20
    prizes: 6
action:
  play: {{card: Strip Notes}}
"""


@pytest.mark.parametrize("n,taken,resolutions", [
    ("a", [2], 2),       # one off the Active (either Special Energy: 2 choices), one off the Pikachu, none off Charmander
    # none or one off each (3 x 2: the two DTE of one Pikachu are one choice), but not none at all: Q4, "up to" takes
    # at least 1 once the step is carried out
    ("up to 1", [1, 2], 5),
    ("2", [4], 1),       # both off each (as many as it has, A2/Q2)
])
def test_discard_from_each_judged(library, n, taken, resolutions):
    scn = load_scenario_text(EACH.format(n=n), "s.yaml", library)
    v = Session().analyse(compile_scenario(scn))
    assert v.legal and v.moved["opp.attached>opp.discard"] == taken and len(v.resolutions) == resolutions


# ---- a Special Energy's attach effect limited to a Benched Pokémon (`when: {self: benched}`, X2) ----------------------

PROVIDES = "As long as this card is attached to a Pokémon, it provides {C} Energy. "


@pytest.mark.parametrize("flt,text,step", [
    ("", "switch that Pokémon with your Active Pokémon", {"switch": {"benched": "self"}}),
    ("{W} ", "heal 40 damage from that Pokémon", {"heal": {"amount": 40, "target": {"ref": "self"}}}),
    ("", "draw a card", {"draw": 1}),
])
def test_attach_effect_on_a_benched_pokemon(flt, text, step):
    got = fields("special_energy", PROVIDES + f"When you attach this card from your hand to 1 of your Benched "
                                              f"{flt}Pokémon, {text}.")
    assert got["effect"] == {"do": [{**step, "when": {"self": "benched"}}]}
    assert got.get("trigger_filter") == ({"type": "water"} if flt else None)


@pytest.mark.parametrize("text", [
    "When you attach this card from your hand to 1 of your Benched Pokémon, you may draw 2 cards.",   # a may: no guard
    "When you attach this card from your hand to 1 of your Benched Pokémon, switch that Pokémon with your Active "
    "Pokémon and draw a card.",
    "When you attach this card from your hand to 1 of your Pokémon, switch that Pokémon with your Active Pokémon.",
    "When you attach this card from your hand to your Benched Pokémon, switch that Pokémon with your Active Pokémon.",
])
def test_attach_effect_on_a_benched_pokemon_near_variants_refused(text):
    assert refused("special_energy", PROVIDES + text)


JET = """\
id: t
title: t
source: t
cards:
  - {{name: Jet Test Energy, kind: special_energy, text: "As long as this card is attached to a Pokémon, it provides {{C}} Energy. When you attach this card from your hand to 1 of your Benched Pokémon, switch that Pokémon with your Active Pokémon."}}
state:
  me:
    active: Snorlax
    bench: [Pikachu]
    hand: [Jet Test Energy]
    deck: 20
    prizes: 6
  opp:
    active: Snorlax
    deck: 20
    prizes: 6
action:
  attach: {{card: Jet Test Energy, to: {to}}}
"""


@pytest.mark.parametrize("to,moved", [("bench.0", {"active>bench": [1], "bench>active": [1]}), ("active", {})])
def test_attach_effect_on_a_benched_pokemon_judged(library, to, moved):
    # attached to the Benched Pokémon: it becomes the Active Pokémon; attached to the Active one: nothing else happens
    scn = load_scenario_text(JET.format(to=to), "s.yaml", library)
    v = Session().analyse(compile_scenario(scn))
    assert v.legal and {k: x for k, x in v.moved.items() if x != [0]} == moved


# ---- "During this turn, your Pokémon can't attack." (a lasting effect of the player, `forbids_attack`, ATK1) ---------

@pytest.mark.parametrize("before", ["Draw 3 cards. ", "Search your deck for a card and put it into your hand. Then, "
                                                      "shuffle your deck. ", ""])
def test_your_pokemon_cant_attack_this_turn(before):
    got = fields("supporter", before + "During this turn, your Pokémon can't attack. (This includes Pokémon that come "
                                       "into play this turn.)", name="Calm Notes")
    assert got["effect"]["do"][-1] == {"modifier": {"name": "Calm Notes", "lasts": "turn", "reach": "player",
                                                    "forbids_attack": "all"}}


@pytest.mark.parametrize("text", [
    "During this turn, your Pokémon can't attack.",                                        # no reminder: reach unsaid
    "During your opponent's next turn, your Pokémon can't attack. (This includes Pokémon that come into play this "
    "turn.)",
    "During this turn, your {W} Pokémon can't attack. (This includes Pokémon that come into play this turn.)",
    "During this turn, your Pokémon can't retreat. (This includes Pokémon that come into play this turn.)",
])
def test_your_pokemon_cant_attack_near_variants_refused(text):
    assert refused("supporter", "Draw 3 cards. " + text)


def test_your_pokemon_cant_attack_judged(library):
    text = """\
id: t
title: t
source: t
cards:
  - {name: Calm Notes, kind: supporter, text: "Draw 2 cards. During this turn, your Pokémon can't attack. (This includes Pokémon that come into play this turn.)"}
state:
  me:
    active: {card: Pikachu, energy: [Basic Lightning Energy x3], effects: [Calm Notes]}
    deck: 20
    prizes: 6
  opp:
    active: Snorlax
    deck: 20
    prizes: 6
action:
  attack: {name: Pika Punch}
"""
    v = Session().analyse(compile_scenario(load_scenario_text(text, "s.yaml", library)))
    assert not v.legal and any(r.principle == "ATK1" and "Calm Notes" in r.detail for r in v.reasons)


# ---- "can attack even if it's Asleep or Paralyzed" under every holder (passive `attack_despite`, ATK1) ---------------

@pytest.mark.parametrize("holder,conds,reach", [
    ("The Pokémon this card is attached to", "Asleep or Paralyzed", {}),
    ("The {R} Pokémon this card is attached to", "Asleep", {"holder": {"type": "fire"}}),
    ("The Pokémon this card is attached to", "Paralyzed", {}),
])
def test_attack_despite(holder, conds, reach):
    got = fields("tool", f"{holder} can attack even if it's {conds}.")
    want = sorted(w.lower() for w in conds.split(" or "))
    assert got == {"passive": [{"attack_despite": {"conditions": want, **reach}}]}


@pytest.mark.parametrize("text", [
    "The Pokémon this card is attached to can attack even if it's Confused.",     # Confused: the flip is not lifted
    "The Pokémon this card is attached to can attack even if it's Asleep or Asleep.",
    "The Pokémon this card is attached to can retreat even if it's Asleep or Paralyzed.",
])
def test_attack_despite_near_variants_refused(text):
    assert refused("tool", text)


ARM = """\
id: t
title: t
source: t
cards:
  - {{name: Wind Test Arm, kind: tool, text: "The Pokémon this card is attached to can attack even if it's {conds}."}}
state:
  me:
    active: {{card: Pikachu, energy: [Basic Lightning Energy x3], conditions: [{has}], tool: Wind Test Arm}}
    deck: 20
    prizes: 6
  opp:
    active: Snorlax
    deck: 20
    prizes: 6
action:
  attack: {{name: Pika Punch}}
"""


@pytest.mark.parametrize("conds,has,legal", [
    ("Asleep or Paralyzed", "asleep", True), ("Asleep or Paralyzed", "paralyzed", True),
    ("Asleep", "paralyzed", False),           # only the Special Conditions named
    ("Asleep or Paralyzed", "poisoned", True),
])
def test_attack_despite_judged(library, conds, has, legal):
    v = Session().analyse(compile_scenario(load_scenario_text(ARM.format(conds=conds, has=has), "s.yaml", library)))
    assert v.legal is legal


# ---- the reminder "(You must discard at least 1 card.)" after "up to N" (Q4 restated) --------------------------------

@pytest.mark.parametrize("lead,n", [("", 2), ("Draw 3 cards. If you drew any cards in this way, ", 4)])
def test_must_discard_at_least_one_after_up_to(lead, n):
    got = fields("supporter", f"{lead}{'d' if lead else 'D'}iscard up to {n} cards from your hand. (You must discard at "
                              "least 1 card.)")
    do = got["effect"].get("then", got["effect"]["do"])
    assert do[-1]["move"] == {"from": "hand", "to": "discard", "count": n, "up_to": True}


@pytest.mark.parametrize("text", [
    "Discard any number of cards from your hand. (You must discard at least 1 card.) Draw 3 cards.",  # Q3 allows 0
    "Discard 2 cards from your hand. (You must discard at least 1 card.) Draw 3 cards.",
    "Discard up to 2 cards from your hand. (You must discard at least 2 cards.) Draw 3 cards.",
])
def test_must_discard_at_least_one_near_variants_refused(text):
    assert refused("supporter", text)


# ---- a card's condition on the Energy in play: none / any (energy_in_play `max`, A1) ---------------------------------

@pytest.mark.parametrize("words,body", [
    ("you have no Energy in play", {"side": "me", "max": 0}),
    ("none of your Pokémon have any Energy attached", {"side": "me", "max": 0}),
    ("you have no {R} Energy in play", {"side": "me", "type": "fire", "max": 0}),
    ("any of your Pokémon have any {W} Energy attached", {"side": "me", "type": "water", "min": 1}),
    ("you have any Energy in play", {"side": "me", "min": 1}),
])
def test_condition_on_the_energy_in_play(words, body):
    got = fields("item", f"You can use this card only if {words}. Draw 2 cards.")
    assert got["effect"]["condition"] == [{"energy_in_play": body}]


@pytest.mark.parametrize("text", [
    # (Grusha's "..., draw cards until you have 7 cards in your hand instead", a guard on the card's first step
    # only, is read now: tests/test_energy_in_play_instead.py)
    "You can use this card only if none of your Pokémon have any Energy cards attached. Draw 2 cards.",
    "You can use this card only if you have no Energy in play or in your hand. Draw 2 cards.",
])
def test_condition_on_the_energy_in_play_near_variants_refused(text):
    assert refused("supporter", text)


NOEN = """\
id: t
title: t
source: t
cards:
  - {{name: Bare Notes, kind: item, text: "You can use this card only if none of your Pokémon have any Energy attached. Draw 2 cards."}}
state:
  me:
    active: {active}
    bench: [{bench}]
    hand: [Bare Notes]
    deck: 20
    prizes: 6
  opp:
    active: {{card: Snorlax, energy: [Basic Fire Energy]}}
    deck: 20
    prizes: 6
action:
  play: {{card: Bare Notes}}
"""


@pytest.mark.parametrize("active,bench,legal", [
    ("Pikachu", "Charmander", True),                                     # the opponent's Energy does not count
    ("Pikachu", "{card: Charmander, energy: [Basic Fire Energy]}", False),
    ("{card: Pikachu, energy: [Double Turbo Energy]}", "Charmander", False),
])
def test_condition_on_the_energy_in_play_judged(library, active, bench, legal):
    scn = load_scenario_text(NOEN.format(active=active, bench=bench), "s.yaml", library)
    assert Session().analyse(compile_scenario(scn)).legal is legal


# ---- "Draw cards until you have N more card(s) in your hand than your opponent" (until_hand_over_opp, Q5) -------------

@pytest.mark.parametrize("n,word", [(1, "card"), (2, "cards"), (3, "cards")])
def test_draw_until_more_than_the_opponent(n, word):
    got = fields("supporter", f"Draw cards until you have {n} more {word} in your hand than your opponent.")
    assert got == {"effect": {"do": [{"draw": {"count": {"until_hand_over_opp": n}}}]}}


@pytest.mark.parametrize("text", [
    "Draw cards until you have 2 more card in your hand than your opponent.",
    "Draw cards until you have as many cards in your hand as your opponent.",
    "Draw cards until you have 1 more card in your hand than your opponent has Benched Pokémon.",
    "Your opponent draws cards until they have 1 more card in their hand than you.",
])
def test_draw_until_more_than_the_opponent_near_variants_refused(text):
    assert refused("supporter", text)


ZED = """\
id: t
title: t
source: t
cards:
  - {{name: Zed Notes, kind: supporter, text: "Draw cards until you have 1 more card in your hand than your opponent."}}
state:
  me:
    active: Pikachu
    hand: [Zed Notes, {mine}]
    deck: {deck}
    prizes: 6
  opp:
    active: Snorlax
    hand: {theirs}
    deck: 20
    prizes: 6
action:
  play: {{card: Zed Notes}}
"""


@pytest.mark.parametrize("mine,theirs,deck,drawn", [
    ("Pikachu", 5, 20, [5]),                    # 1 card left after playing it; 5 + 1 = 6: draw 5
    ("Pikachu, Pikachu, Pikachu", 2, 20, []),   # 3 already, the opponent 2: nothing to draw (A3: cannot be played)
    ("Pikachu", 0, 20, []),                     # 1 card, the opponent none: 1 is enough already
    ("Pikachu", 6, 3, [3]),                     # the deck bounds it (Q5)
])
def test_draw_until_more_than_the_opponent_judged(library, mine, theirs, deck, drawn):
    scn = load_scenario_text(ZED.format(mine=mine, theirs=theirs, deck=deck), "s.yaml", library)
    v = Session().analyse(compile_scenario(scn))
    assert v.legal is bool(drawn) and (v.moved.get("deck>hand", []) == drawn if drawn else True)


# ---- the same card conditions on a Stadium's once-per-turn effect ("if that player's Active Pokémon is Burned") -------

@pytest.mark.parametrize("cond,want", [
    ("that player's Active Pokémon is Burned",
     {"in_play": {"side": "me", "where": "active", "condition": "burned", "min": 1}}),
    ("their Active Pokémon is affected by a Special Condition",
     {"in_play": {"side": "me", "where": "active", "condition": "any", "min": 1}}),
    ("that player has no Energy in play", {"energy_in_play": {"side": "me", "max": 0}}),
])
def test_stadium_usable_with_a_card_condition(cond, want):
    got = fields("stadium", f"Once during each player's turn, if {cond}, they may draw 2 cards.")
    assert got == {"effect": {"condition": [want], "do": [{"draw": 2}]}}


@pytest.mark.parametrize("cond", [
    "that player's Active Pokémon is Burned or Poisoned",
    "their opponent's Active Pokémon is Burned",        # another player: not rewritten (whose condition is a guess)
])
def test_stadium_usable_with_a_card_condition_near_variants_refused(cond):
    assert refused("stadium", f"Once during each player's turn, if {cond}, they may draw 2 cards.")


HOT = """\
id: t
title: t
source: t
cards:
  - {{name: Hot Spring Test, kind: stadium, text: "Once during each player's turn, if that player's Active Pokémon is Burned, they may draw 2 cards."}}
state:
  stadium: {{card: Hot Spring Test, owner: opp}}
  me:
    active: {{card: Pikachu, conditions: [{has}]}}
    hand: 1
    deck: 20
    prizes: 6
  opp:
    active: {{card: Snorlax, conditions: [burned]}}
    deck: 20
    prizes: 6
action:
  use_stadium: Hot Spring Test
"""


@pytest.mark.parametrize("has,legal", [("burned", True), ("poisoned", False), ("", False)])
def test_stadium_usable_with_a_card_condition_judged(library, has, legal):
    # only the using player's own Active Pokémon counts (the opponent's Burned one does not)
    scn = load_scenario_text(HOT.format(has=has), "s.yaml", library)
    assert Session().analyse(compile_scenario(scn)).legal is legal


# ---- "prevent all damage from and effects of attacks done to that Pokémon [by your opponent's F Pokémon]" -------------

@pytest.mark.parametrize("by,attacker", [(" by your opponent's Pokémon ex", {"tag": "ex"}),
                                         (" by your opponent's {R} Pokémon", {"type": "fire"}), ("", None)])
def test_prevent_damage_and_effects_on_that_pokemon(by, attacker):
    got = fields("supporter", "Choose 1 of your Benched Pokémon. During your opponent's next turn, prevent all damage "
                              f"from and effects of attacks done to that Pokémon{by}.", name="Veil Notes")
    m = {"name": "Veil Notes", "lasts": "opponents_next_turn", "target": {"side": "me", "where": "bench"},
         "prevents_damage": True, "prevents_effects": True}
    if attacker:
        m["attacker"] = attacker
    assert got == {"effect": {"do": [{"modifier": m}]}}


@pytest.mark.parametrize("text", [
    # no Pokémon chosen before: "that Pokémon" stands for nothing
    "During your opponent's next turn, prevent all damage from and effects of attacks done to that Pokémon.",
    "Choose 1 of your Pokémon in play. During your opponent's next turn, prevent all damage from and effects of attacks "
    "done to that Pokémon by your opponent's Pokémon ex and Pokémon V.",
    "Choose 1 of your Pokémon in play. During your opponent's next turn, prevent all damage from and effects of attacks "
    "done to that Pokémon by your opponent's Pokémon.",      # no filter said after "by": not read
])
def test_prevent_damage_and_effects_on_that_pokemon_near_variants_refused(text):
    assert refused("supporter", text)
