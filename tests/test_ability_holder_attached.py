"""`holder_attached: FILTER` (an entry reaches its Pokémon only while a card that fits is attached to it): "If this
Pokémon has any Special Energy / a Pokémon Tool / a NAME attached, it PREDICATE", printed and invented variants, the
near shapes that must stay unsupported, and the facts the reach compiles to."""
import pytest
from clingo import Function, String

from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.yamlsrc import parse
from ptcg_asp.solve.facts import fact
from ptcg_asp.solve.passives import reach_facts


@pytest.mark.parametrize("text, entry", [
    # Tyrantrum, Tyrannically Gutsy (printed)
    ("If this Pokémon has any Special Energy attached, it gets +150 HP.",
     {"hp_change": {"amount": 150, "holder_attached": {"kind": "special_energy"}}}),
    # invented: a Tool, another amount
    ("If this Pokémon has a Pokémon Tool attached, it gets +40 HP.",
     {"hp_change": {"amount": 40, "holder_attached": {"kind": "tool"}}}),
    # invented: a named card, no Retreat Cost
    ("If this Pokémon has a Burning Scarf attached, it has no Retreat Cost.",
     {"retreat_change": {"amount": "none", "holder_attached": {"name": "Burning Scarf"}}}),
    # invented: a damage reduction
    ("If this Pokémon has any Special Energy attached, it takes 30 less damage from attacks (after applying Weakness "
     "and Resistance).",
     {"damage_change": {"amount": -30, "step": "defender", "from": "any",
                        "holder_attached": {"kind": "special_energy"}}}),
])
def test_holder_attached_entries(text, entry):
    t = translate_ability(text, "Test Guts")
    assert t.supported, t.unsupported
    assert t.fields == {"kind": "passive", "passive": [entry]}


@pytest.mark.parametrize("text", [
    # a lock so conditioned
    "If this Pokémon has a Pokémon Tool attached, your opponent can't play any ACE SPEC cards from their hand.",
    # a type so conditioned
    "If this Pokémon has a Future Booster Energy Capsule attached, it is {F} and {M} type.",
    # "any Basic Energy": not this shape
    "If this Pokémon has any Basic Energy attached, it gets +50 HP.",
    # "can't attack" so conditioned
    "If this Pokémon has any Special Energy attached, it can't attack.",
    # a count of Energy
    "If this Pokémon has 3 or more {M} Energy attached, it gets +100 HP.",
    # another Pokémon
    "If your Active Pokémon has a Pokémon Tool attached, it gets +50 HP.",
])
def test_near_holder_attached_shapes_are_refused(text):
    t = translate_ability(text, "Test Guts")
    assert not t.supported and not t.fields


def test_holder_attached_compiles_to_its_filter_facts():
    p = Reader("<test>").passive(parse("hp_change: {amount: 150, holder_attached: {kind: special_energy}}", "<test>"),
                                 "passive.0")
    out: list = []
    ident = Function("pas", [String("x")])
    amount, reach = p.hp_change[:2]
    assert amount == 150
    reach_facts(out.append, ident, reach)
    assert fact("pas_holder_att", ident) in out
    hatt = Function("hatt", [ident])
    assert fact("pflt_alt", hatt, 0) in out
    assert any(str(f).startswith("pflt(hatt(") and "special_energy" in str(f) for f in out)
