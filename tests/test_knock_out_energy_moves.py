"""`when_knocked_out` with `move_energy` (ATK3): the Knocked Out Pokémon's Energy cards that fit a filter move to its
player's Benched Pokémon (Heavy Baton: "move up to 3 Basic Energy cards from that Pokémon to your Benched Pokémon in any
way you like", with the condition `retreat`: "has a Retreat Cost of exactly 4") or, optionally, to the holder of a card
that reaches its player's Active Pokémon (Exp. Share: "When your Active Pokémon is Knocked Out ..., you may move a Basic
Energy from that Pokémon to the Pokémon this card is attached to"); the printed texts and invented variants, the near
shapes that must stay unsupported, the reader's checks, and the combination the compiler refuses."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.read.yamlsrc import parse
from ptcg_asp.solve.compiler import compile_scenario

_BATON = ("If the Pokémon this card is attached to has a Retreat Cost of exactly 4, is in the Active Spot, and is Knocked "
          "Out by damage from an attack from your opponent's Pokémon, move up to 3 Basic Energy cards from that Pokémon "
          "to your Benched Pokémon in any way you like.")
_SHARE = "When your Active Pokémon is Knocked Out by damage from "


def test_heavy_baton():
    t = translate("tool", _BATON, "Heavy Baton")
    assert t.supported, t.unsupported
    assert t.fields == {"passive": [{"when_knocked_out": {
        "move_energy": 3, "energy": {"kind": "basic_energy"}, "up_to": True, "to": "bench", "active": True,
        "retreat": 4}}]}


@pytest.mark.parametrize("text, body", [
    # invented: no Retreat Cost condition, all to one Benched Pokémon, a type of Energy, exactly N
    ("If the Pokémon this card is attached to is in the Active Spot and is Knocked Out by damage from an attack from your "
     "opponent's Pokémon, move 2 {W} Energy cards from that Pokémon to 1 of your Benched Pokémon.",
     {"move_energy": 2, "energy": {"kind": "basic_energy", "type": "water"}, "to": "bench_one", "active": True}),
    # invented: anywhere in play, "a Basic Energy card"
    ("If the Pokémon this card is attached to is Knocked Out by damage from an attack from your opponent's Pokémon, "
     "move a Basic Energy card from that Pokémon to your Benched Pokémon in any way you like.",
     {"move_energy": 1, "energy": {"kind": "basic_energy"}, "to": "bench"}),
])
def test_move_energy_variants(text, body):
    t = translate("tool", text, "Test Baton")
    assert t.supported, t.unsupported
    assert t.fields == {"passive": [{"when_knocked_out": body}]}


@pytest.mark.parametrize("text", [
    # Exp. Share, the three printed texts
    _SHARE + "an attack from your opponent's Pokémon, you may move a Basic Energy from that Pokémon to the Pokémon this "
             "card is attached to.",
    _SHARE + "an attack from your opponent's Pokémon, you may move a basic Energy from that Pokémon to the Pokémon this "
             "card is attached to.",
    _SHARE + "an opponent's attack, you may move 1 basic Energy card that was attached to that Pokémon to the Pokémon "
             "this card is attached to.",
])
def test_exp_share(text):
    t = translate("tool", text, "Exp. Share")
    assert t.supported, t.unsupported
    assert t.fields == {"passive": [{"when_knocked_out": {
        "move_energy": 1, "energy": {"kind": "basic_energy"}, "to": "holder", "may": True, "scope": "mine",
        "reached": "active"}}]}


@pytest.mark.parametrize("text", [
    # to the hand, not to the Bench
    "If the Pokémon this card is attached to is Knocked Out by damage from an attack from your opponent's Pokémon, move "
    "up to 3 Basic Energy cards from that Pokémon to your hand.",
    # not Energy cards
    "If the Pokémon this card is attached to is Knocked Out by damage from an attack from your opponent's Pokémon, move "
    "up to 3 cards from that Pokémon to your Benched Pokémon in any way you like.",
    # a Retreat Cost "or more"
    _BATON.replace("exactly 4", "4 or more"),
    # Exp. Share's shape without "you may" (several holders would compete for the cards)
    _SHARE + "an attack from your opponent's Pokémon, move a Basic Energy from that Pokémon to the Pokémon this card is "
             "attached to.",
    # a Benched Pokémon Knocked Out
    "When your Benched Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon, you may move a "
    "Basic Energy from that Pokémon to the Pokémon this card is attached to.",
    # to another Pokémon
    _SHARE + "an attack from your opponent's Pokémon, you may move a Basic Energy from that Pokémon to 1 of your "
             "Benched Pokémon.",
])
def test_near_shapes_stay_unsupported(text):
    t = translate("tool", text, "Test Tool")
    assert not t.supported and not t.fields


def _read(text: str):
    return Reader("<test>").passive(parse(text, "<test>"), "passive.0")


def test_the_reader_keeps_the_move():
    p = _read("when_knocked_out: {move_energy: 3, energy: {kind: basic_energy}, up_to: true, to: bench, active: true, "
              "retreat: 4}")
    assert p.ko_reaction[0] == "move_energy" and p.ko_reaction[1] == 3 and p.ko_retreat == 4
    assert p.ko_move[1:] == ("bench", True, False)
    q = _read("when_knocked_out: {move_energy: 1, energy: {kind: basic_energy}, to: holder, may: true, scope: mine, "
              "reached: active}")
    assert q.ko_move[1:] == ("holder", False, True)
    assert q.ko_reaction[2].scope == "mine" and q.ko_reaction[2].reached == "active"


@pytest.mark.parametrize("text, field", [
    ("when_knocked_out: {move_energy: 1, to: bench}", "energy"),
    ("when_knocked_out: {move_energy: 1, energy: {kind: basic_energy}, to: hand}", "to"),
    ("when_knocked_out: {move_energy: 1, energy: {kind: basic_energy}, to: holder, scope: mine, reached: active}",
     "may"),
    ("when_knocked_out: {move_energy: 1, energy: {kind: basic_energy}, to: bench, may: true, scope: mine, "
     "reached: active}", "holder"),
    ("when_knocked_out: {draw: 2, energy: {kind: basic_energy}}", "energy"),
    ("when_knocked_out: {draw: 2, retreat: 12}", "retreat"),
])
def test_the_reader_refuses_other_words(text, field):
    with pytest.raises(InputError) as e:
        _read(text)
    assert field in str(e.value)


_BOTH = """\
id: t
title: t
source: t
cards:
  - {name: Test Puncher, kind: pokemon, stage: basic, hp: 200, types: [colorless], weakness: null, resistance: null,
     retreat: 1, attacks: [{name: Big Hit, cost: [], damage: 100, damage_mod: null, text: ""}]}
  - {name: Test Hauler, kind: pokemon, stage: basic, hp: 100, types: [metal], weakness: null, resistance: null,
     retreat: 4}
state:
  me:
    active: Test Puncher
    deck: 20
    prizes: 6
  opp:
    active: {card: Test Hauler, tool: Heavy Baton, energy: [Basic Fire Energy]}
    bench: [{card: Pikachu, tool: Exp. Share}]
    deck: 20
    prizes: 6
action:
  attack: {name: Big Hit}
"""


def test_two_kinds_of_moves_on_one_side_get_no_verdict(library):
    # Heavy Baton and Exp. Share would both move the Knocked Out Pokémon's Energy; their order is the player's choice
    scn = load_scenario_text(_BOTH, "<test>", library)
    with pytest.raises(InputError) as e:
        compile_scenario(scn)
    assert "Knocked Out Pokémon" in str(e.value)


@pytest.mark.parametrize("text, body", [
    # Veluza's Fillet Memento (printed): "from this Pokémon" is the Knocked Out holder; "{W} Energy cards" basic ones
    ("If this Pokémon is in the Active Spot and is Knocked Out by damage from an attack from your opponent's Pokémon, "
     "move up to 2 {W} Energy cards from this Pokémon to 1 of your Benched Pokémon.",
     {"move_energy": 2, "energy": {"kind": "basic_energy", "type": "water"}, "up_to": True, "to": "bench_one",
      "active": True}),
    # Raichu's Electrical Grounding (printed): any of the player's Pokémon; "a {L} Energy" attached is any Energy that
    # provides {L} (phrases._provided_type)
    ("When 1 of your Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon, you may move a {L} "
     "Energy from that Pokémon to this Pokémon.",
     {"move_energy": 1, "energy": {"kind": "energy", "type": "lightning"}, "to": "holder", "may": True,
      "scope": "mine"}),
])
def test_abilities(text, body):
    from ptcg_asp.cards.text.abilities import translate_ability
    t = translate_ability(text, "Test Ability")
    assert t.supported, t.unsupported
    assert t.fields == {"kind": "passive", "passive": [{"when_knocked_out": body}]}


@pytest.mark.parametrize("text", [
    # Kingdra's Deep Sea King: "any amount" is not read here
    "When your Active Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon, you may move any "
    "amount of Water Energy from that Pokémon to this Pokémon.",
    # Jirachi V's Wish Connector: to another Pokémon, not to this one
    "When 1 of your Basic Pokémon V is Knocked Out by damage from an attack from your opponent's Pokémon, you may move a "
    "basic Energy card from that Pokémon to another of your Pokémon.",
])
def test_near_ability_shapes_stay_unsupported(text):
    from ptcg_asp.cards.text.abilities import translate_ability
    t = translate_ability(text, "Test Ability")
    assert not t.supported
