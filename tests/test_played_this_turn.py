"""The state's `played_this_turn` (the Trainer cards a player played from their hand this turn) and the condition
`{played: {name: NAME}}` ("if you played Canari from your hand this turn"): the loader, the facts, the grammar
(printed and invented variants, near shapes that must stay unsupported)."""
import textwrap

import pytest

from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario

_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    state:
      turn: 4
      me:
        active: Pikachu
        bench: [{card: Crobat (SFA 029), evolved_from: [Zubat, Golbat]}]
        hand: 3
        deck: 20
        prizes: 6
        played_this_turn: PLAYED
        used_this_turn: [supporter]
      opp:
        active: Snorlax
        hand: 5
        deck: 20
        prizes: 6
    action:
      ability: {pokemon: bench.0, name: Shadowy Envoy}
    """)


def test_the_loader_reads_the_trainer_cards_played(library):
    scn = load_scenario_text(_SCN.replace("PLAYED", "[Janine's Secret Art, Nest Ball x2]"), "<t>", library)
    assert [(c.name, c.count) for c in scn.state.me.played_this_turn] == [("Janine's Secret Art", 1), ("Nest Ball", 2)]
    assert scn.state.opp.played_this_turn == ()


@pytest.mark.parametrize("played, words", [
    ("[Pikachu]", "a Trainer card"),        # a Pokémon is not played this way
    ("[3]", "a Trainer card"),              # unspecified cards say nothing
])
def test_the_loader_refuses_what_is_no_trainer_card(library, played, words):
    with pytest.raises(InputError) as e:
        load_scenario_text(_SCN.replace("PLAYED", played), "<t>", library)
    assert "played_this_turn" in str(e.value) and words in str(e.value)


def test_the_compiler_states_each_card_played(library):
    scn = load_scenario_text(_SCN.replace("PLAYED", "[Janine's Secret Art]"), "<t>", library)
    facts = {str(f) for f in compile_scenario(scn).facts}
    assert 'played_card(me,"Janine\'s Secret Art")' in facts


@pytest.mark.parametrize("text, name, do", [
    # Heliolisk, Frilled Generator (printed)
    ("Once during your turn, if you played Canari from your hand this turn, you may use this Ability. Search your deck "
     "for up to 2 Basic {L} Energy cards and attach them to this Pokémon. Then, shuffle your deck.", "Canari",
     [{"search": {"zone": "deck", "filter": {"kind": "basic_energy", "type": "lightning"}, "count": 2, "up_to": True,
                  "to": "attach", "target": {"ref": "self"}}}]),
    # Crobat, Shadowy Envoy (printed: a name with a possessive and several words)
    ("Once during your turn, if you played Janine's Secret Art from your hand this turn, you may draw cards until you "
     "have 8 cards in your hand.", "Janine's Secret Art", [{"draw": {"count": {"until_hand": 8}}}]),
    # invented: "during this turn", another name and step
    ("Once during your turn, if you played Iono from your hand during this turn, you may draw 2 cards.", "Iono",
     [{"draw": 2}]),
])
def test_played_name_conditions(text, name, do):
    t = translate_ability(text, "Test Envoy")
    assert t.supported, t.unsupported
    assert t.fields["effect"] == {"condition": [{"played": {"name": name}}], "do": do}


@pytest.mark.parametrize("text", [
    # a kind of card, not a name (not this shape)
    "Once during your turn, if you played any Item cards from your hand this turn, you may draw 2 cards.",
    # another turn
    "Once during your turn, if you played Nest Ball from your hand last turn, you may draw 2 cards.",
    # the opponent played it
    "Once during your turn, if your opponent played Iono from their hand this turn, you may draw 2 cards.",
    # played from elsewhere
    "Once during your turn, if you played Iono from your discard pile this turn, you may draw 2 cards.",
])
def test_near_played_conditions_are_refused(text):
    t = translate_ability(text, "Test Envoy")
    assert not t.supported and not t.fields
