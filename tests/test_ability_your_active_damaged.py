""""If your Active [F] Pokémon is damaged by an attack from your opponent's Pokémon (even if ... is Knocked Out), B"
(`when_damaged` with `scope: mine, reached: active`): printed and invented variants, near shapes that must stay
unsupported, the reader's checks and the reach the facts carry."""
import pytest
from clingo import Function, String

from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.yamlsrc import parse
from ptcg_asp.solve.facts import fact
from ptcg_asp.solve.passives import _entry, reach_facts

SIDED = {"scope": "mine", "reached": "active"}


@pytest.mark.parametrize("text, body", [
    # Spiritomb, Spiteful Swirl (printed; "place" is "put")
    ("If your Active {D} Pokémon is damaged by an attack from your opponent's Pokémon (even if your Active {D} Pokémon "
     "is Knocked Out), place 1 damage counter on the Attacking Pokémon.",
     {"counters_on_attacker": 1, "holder": {"type": "darkness"}, **SIDED}),
    # invented: any Pokémon, "it", another number
    ("If your Active Pokémon is damaged by an attack from your opponent's Pokémon (even if it is Knocked Out), put 2 "
     "damage counters on the Attacking Pokémon.", {"counters_on_attacker": 2, **SIDED}),
    # invented: a Special Condition on the attacker
    ("If your Active {G} Pokémon is damaged by an attack from your opponent's Pokémon (even if it is Knocked Out), the "
     "Attacking Pokémon is now Poisoned.", {"attacker_condition": "poisoned", "holder": {"type": "grass"}, **SIDED}),
])
def test_your_active_damaged(text, body):
    t = translate_ability(text, "Test Swirl")
    assert t.supported, t.unsupported
    assert t.fields == {"kind": "passive", "passive": [{"when_damaged": body}]}


@pytest.mark.parametrize("text", [
    # no "(even if ...)"
    "If your Active Pokémon is damaged by an attack from your opponent's Pokémon, put 2 damage counters on the "
    "Attacking Pokémon.",
    # a named Pokémon, not "Pokémon"
    "If your Active Chesnaught V is damaged by an attack from your opponent's Pokémon (even if it is Knocked Out), put 3 "
    "damage counters on the Attacking Pokémon.",
    # the opponent's Active Pokémon
    "If your opponent's Active Pokémon is damaged by an attack from your Pokémon (even if it is Knocked Out), put 2 "
    "damage counters on it.",
    # the two filters differ
    "If your Active {D} Pokémon is damaged by an attack from your opponent's Pokémon (even if your Active {G} Pokémon "
    "is Knocked Out), put 1 damage counter on the Attacking Pokémon.",
])
def test_near_shapes_are_refused(text):
    t = translate_ability(text, "Test Swirl")
    assert not t.supported and not t.fields


def _passive(text):
    return Reader("<t>").passive(parse(text, "<t>"), "passive.0")


def test_the_reach_is_the_players_pokemon():
    p = _passive("when_damaged: {counters_on_attacker: 1, holder: {type: darkness}, scope: mine, reached: active}")
    out: list = []
    ident = Function("pas", [String("x")])
    reach_facts(out.append, ident, _entry(out.append, ident, p))
    assert fact("pas_scope", ident, Function("mine", [])) in out


@pytest.mark.parametrize("text", [
    "when_damaged: {counters_on_attacker: 1, scope: theirs, reached: active}",
    "when_damaged: {counters_on_attacker: 1, scope: mine, reached: bench}",
])
def test_the_reader_refuses_other_reaches(text):
    with pytest.raises(InputError):
        _passive(text)
