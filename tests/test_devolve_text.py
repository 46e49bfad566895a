"""Devolving as an effect, read from card text (issue 13): "Devolve 1 of your [opponent's] [Benched] evolved [F] Pokémon
by putting (the highest Stage Evolution card | any number of Evolution cards) on it into (your | your opponent's) hand"
(`devolve`, `cards: any`; docs/vocabulary.md). Invented variants are locked as their fields; near variants whose
reading would be a guess stay unsupported. The solve checks use invented Pokémon and an invented Item given by its
text alone, with expectations derived by hand from seed 001 (刚出场: devolving) and C3 (evolution by name)."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session


def fields(kind: str, text: str) -> dict:
    t = translate(kind, text, "Test Card")
    assert t.supported, t.unsupported
    return t.fields


@pytest.mark.parametrize("text,target,any_", [
    ("Devolve 1 of your evolved {W} Pokémon by putting any number of Evolution cards on it into your hand.",
     {"side": "me", "filter": {"type": "water"}}, True),
    ("Devolve 1 of your Benched evolved Pokémon by putting the highest Stage Evolution card on it into your hand.",
     {"side": "me", "where": "bench"}, False),
    ("Devolve 1 of your opponent's evolved Pokémon ex by putting the highest Stage Evolution card on it into your "
     "opponent's hand.", {"side": "opp", "filter": {"tag": "ex"}}, False),
    ("Devolve 1 of your opponent's evolved Pokémon by putting any number of Evolution cards on it into your "
     "opponent's hand. (That Pokémon can't evolve this turn.)", {"side": "opp"}, True),
])
def test_invented_devolve_items(text, target, any_):
    step = {"target": target, "to": "hand", **({"cards": "any"} if any_ else {})}
    assert fields("item", text) == {"effect": {"do": [{"devolve": step}]}}


def test_devolve_as_an_attack_and_an_ability():
    from ptcg_asp.cards.fromtext import ability_fields, attack_fields
    step = {"devolve": {"target": {"side": "opp"}, "to": "hand"}}
    assert attack_fields("Devolve 1 of your opponent's evolved Pokémon by putting the highest Stage Evolution card on "
                         "it into your opponent's hand.", "Test Eyes", 0, None, 1) == {"effect": [step]}
    got = ability_fields("Once during your turn, you may devolve 1 of your opponent's Benched evolved Pokémon by "
                         "putting the highest Stage Evolution card on it into your opponent's hand.", "Test Wing")
    assert got == {"kind": "activated", "once_per_turn": True,
                   "effect": [{"devolve": {"target": {"side": "opp", "where": "bench"}, "to": "hand"}}]}


@pytest.mark.parametrize("text", [
    # the opponent's Pokémon into the player's own hand: not the owner's hand
    "Devolve 1 of your opponent's evolved Pokémon by putting the highest Stage Evolution card on it into your hand.",
    # the player's own Pokémon into the opponent's hand
    "Devolve 1 of your evolved Pokémon by putting any number of Evolution cards on it into your opponent's hand.",
    # each of them: the devolve step works on one chosen Pokémon only
    "Devolve each of your opponent's evolved Pokémon by putting the highest Stage Evolution card on it into your "
    "opponent's hand.",
    # shuffled into a deck: not read
    "Devolve 1 of your opponent's evolved Pokémon by shuffling the highest Stage Evolution card on it into your "
    "opponent's deck.",
    # a number of Evolution cards
    "Devolve 1 of your evolved Pokémon by putting 2 Evolution cards on it into your hand.",
    # "removing ... from it", then another sentence says where they go (Porygon-Z)
    "Devolve 1 of your opponent's evolved Pokémon by removing any number of Evolution cards from it. Your opponent "
    "shuffles those cards into their deck.",
])
def test_near_variants_are_refused(text):
    assert not translate("item", text, "Test Card").supported


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Clock
        kind: item
        text: "Devolve 1 of your evolved {W} Pokémon by putting any number of Evolution cards on it into your hand."
        source: invented
      - name: Test Drop
        kind: pokemon
        stage: basic
        hp: 60
        types: [water]
        retreat: 1
        source: invented
      - name: Test Wave
        kind: pokemon
        stage: stage1
        evolves_from: Test Drop
        hp: 90
        types: [water]
        retreat: 1
        source: invented
      - name: Test Tide
        kind: pokemon
        stage: stage2
        evolves_from: Test Wave
        hp: 150
        types: [water]
        retreat: 2
        source: invented
    state:
      turn: 5
      me:
        active: ACTIVE
        bench: []
        hand: [Test Clock]
        deck: 20
        prizes: 6
      opp:
        active: Pikachu
        deck: 20
        prizes: 6
    action:
      play: Test Clock
    """)


def _verdict(library, active):
    text = _SCN.replace("ACTIVE", active)
    return Session().analyse(compile_scenario(load_scenario_text(text, "<test>", library)))


def test_a_stage_2_devolves_by_one_or_two_cards(library):
    # By hand: Test Tide (Stage 2) over Test Wave over Test Drop: one or both Evolution cards go to the hand.
    v = _verdict(library, "{card: Test Tide, evolved_from: [Test Drop, Test Wave]}")
    assert v.legal and len(v.resolutions) == 2 and v.moved["active>hand"] == [1, 2]


def test_a_damaged_stage_2_devolved_to_its_basic_is_knocked_out(library):
    # By hand: 70 damage stays on the Pokémon (seed 001); left as Test Drop (60 HP) it is Knocked Out (seed 002,
    # step 7), left as Test Wave (90 HP) it is not: both are resolutions.
    v = _verdict(library, "{card: Test Tide, evolved_from: [Test Drop, Test Wave], damage: 70}")
    assert v.legal and len(v.resolutions) == 2
    assert v.prizes.get("active") == [0, 1]


def test_a_stage_1_devolves_by_its_one_card(library):
    v = _verdict(library, "{card: Test Wave, evolved_from: [Test Drop]}")
    assert v.legal and len(v.resolutions) == 1 and v.moved["active>hand"] == [1]


def test_a_basic_pokemon_cannot_be_devolved(library):
    # A3: nothing to devolve, the player can tell the card would change nothing.
    v = _verdict(library, "Test Drop")
    assert not v.legal and "A3" in v.principles()
