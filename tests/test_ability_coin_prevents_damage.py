""""If any damage is done to this Pokémon by attacks, flip a coin. If heads, prevent that damage." (`damage_change`
prevent with `coin: true`, DMG4): printed and invented variants, near shapes that must stay unsupported, the reader's
checks and the facts."""
import pytest
from clingo import Function, String

from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.yamlsrc import parse
from ptcg_asp.solve.facts import fact
from ptcg_asp.solve.passives import _entry

BASE = {"amount": "prevent", "step": "defender", "from": "any", "coin": True}
HEADS = "If heads, prevent that damage."


@pytest.mark.parametrize("first, extra", [
    # Kecleon, Expert Hider (printed)
    ("If any damage is done to this Pokémon by attacks, flip a coin.", {}),
    # Fezandipiti, Adrena-Pheromone (printed)
    ("If this Pokémon has any {D} Energy attached and is damaged by an attack, flip a coin.",
     {"holder_energy_type": "darkness"}),
    # Spinda, Tangled Feet (printed)
    ("If this Pokémon is Confused and is damaged by an attack, flip a coin.", {"holder_condition": "confused"}),
    # invented: another type and condition
    ("If this Pokémon has any {W} Energy attached and is damaged by an attack, flip a coin.",
     {"holder_energy_type": "water"}),
    ("If this Pokémon is Asleep and is damaged by an attack, flip a coin.", {"holder_condition": "asleep"}),
])
def test_coin_prevention(first, extra):
    t = translate_ability(first + " " + HEADS, "Test Hider")
    assert t.supported, t.unsupported
    assert t.fields == {"kind": "passive", "passive": [{"damage_change": {**BASE, **extra}}]}


@pytest.mark.parametrize("text", [
    "If any damage is done to this Pokémon by attacks, flip a coin. If tails, prevent that damage.",
    "If any damage is done to this Pokémon by attacks, flip 2 coins. If both of them are heads, prevent that damage.",
    "If any damage is done to your Active Pokémon by attacks, flip a coin. If heads, prevent that damage.",
    "If this Pokémon has any {C} Energy attached and is damaged by an attack, flip a coin. If heads, prevent that damage.",
    "If any damage is done to this Pokémon by attacks, flip a coin. If heads, prevent that damage. Draw a card.",
])
def test_near_coin_preventions_are_refused(text):
    t = translate_ability(text, "Test Hider")
    assert not t.supported and not t.fields


def _passive(text):
    return Reader("<t>").passive(parse(text, "<t>"), "passive.0")


def test_the_reader_and_the_facts():
    p = _passive("damage_change: {amount: prevent, step: defender, from: any, coin: true}")
    assert p.damage_change.coin is True
    out: list = []
    ident = Function("pas", [String("x")])
    _entry(out.append, ident, p)
    assert fact("dchange_prevent_coin", ident) in out and fact("dchange_prevent", ident) not in out


@pytest.mark.parametrize("text", [
    "damage_change: {amount: -30, step: defender, coin: true}",
    "damage_change: {amount: prevent, step: defender, coin: true, discard: true}",
])
def test_the_reader_refuses_a_coin_elsewhere(text):
    with pytest.raises(InputError) as e:
        _passive(text)
    assert "coin" in str(e.value)


# ---- "... would be Knocked Out ..., flip a coin. If heads, ... not Knocked Out ..." (`endure` with `coin`) ------------

@pytest.mark.parametrize("n", [10, 50])
def test_coin_endure(n):
    # Mega Hawlucha ex, Tenacious Body (printed with 10; 50 invented)
    t = translate_ability("If this Pokémon would be Knocked Out by damage from an attack, flip a coin. If heads, this "
                          f"Pokémon is not Knocked Out, and its remaining HP becomes {n}.", "Test Body")
    assert t.supported, t.unsupported
    assert t.fields == {"kind": "passive", "passive": [{"endure": {"hp_left": n, "coin": True}}]}


@pytest.mark.parametrize("text", [
    "If this Pokémon would be Knocked Out by damage from an attack, flip a coin. If tails, this Pokémon is not Knocked "
    "Out, and its remaining HP becomes 10.",
    "If this Pokémon would be Knocked Out by damage from an attack, flip a coin. If heads, this Pokémon is not Knocked "
    "Out, and its remaining HP becomes 15.",
    "If this Pokémon would be Knocked Out, flip a coin. If heads, this Pokémon is not Knocked Out, and its remaining HP "
    "becomes 10.",
])
def test_near_coin_endures_are_refused(text):
    t = translate_ability(text, "Test Body")
    assert not t.supported and not t.fields


def test_the_endure_coin_fact():
    p = _passive("endure: {hp_left: 10, coin: true}")
    out: list = []
    ident = Function("pas", [String("x")])
    _entry(out.append, ident, p)
    assert fact("endure_coin", ident) in out and fact("endure", ident, 10, 10) in out
