""""Search your deck for a number of cards up to the number of your Benched Pokémon and put them into your hand."
(Nab 'n' Dash, issue 13/14): a search whose count is the Pokémon in play of a group (`count: {per_in_play: GROUP}`,
`up_to`), counted when the step is reached. Near variants stay unsupported. Solve checks use an invented Item given
by its text, counted by hand (Q2/Q4: every card fits 'cards', so the opponent can tell how many qualify)."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session


def test_the_count_is_the_benched_pokemon():
    t = translate("item", "Search your deck for a number of cards up to the number of your Benched Pokémon and put "
                          "them into your hand. Then, shuffle your deck.", "Test Card")
    assert t.supported, t.unsupported
    assert t.fields == {"effect": {"do": [{"search": {
        "zone": "deck", "count": {"per_in_play": {"side": "me", "where": "bench"}}, "up_to": True, "to": "hand"}}]}}


def test_a_filtered_group_in_play():
    t = translate("item", "Search your deck for a number of Basic Energy cards up to the number of your {W} Pokémon "
                          "in play, reveal them, and put them into your hand. Then, shuffle your deck.", "Test Card")
    assert t.supported, t.unsupported
    assert t.fields["effect"]["do"][0]["search"]["count"] == {"per_in_play": {"side": "me",
                                                                              "filter": {"type": "water"}}}


@pytest.mark.parametrize("text", [
    # "your Pokémon" with no place and no "in play": not seen printed
    "Search your deck for a number of cards up to the number of your Pokémon and put them into your hand.",
    # the opponent's Pokémon: not seen printed
    "Search your deck for a number of cards up to the number of your opponent's Benched Pokémon and put them into "
    "your hand.",
    # coins: not this count
    "Search your deck for a number of cards up to the number of heads and put them into your hand.",
])
def test_near_variants_are_refused(text):
    assert not translate("item", text, "Test Card").supported


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Dash
        kind: item
        effect:
          - {search: {zone: deck, count: {per_in_play: {side: me, where: bench}}, up_to: true, to: hand}}
        source: invented
    state:
      turn: 5
      me:
        active: Snorlax
        bench: BENCH
        hand: [Test Dash]
        deck: [Potion x5]
        prizes: 6
      opp:
        active: Pikachu
        deck: 20
        prizes: 6
    action:
      play: Test Dash
    """)


def _verdict(library, bench):
    return Session().analyse(compile_scenario(load_scenario_text(_SCN.replace("BENCH", bench), "<test>", library)))


def test_two_benched_pokemon_let_up_to_two_cards_be_taken(library):
    # By hand: two Benched Pokémon, a deck of 5 cards, and every card fits "cards": the opponent can tell how many
    # qualify (the deck's size is public), so Q2/Q4 apply, not Q1: 1 or 2 Potion into the hand -> 2 resolutions.
    v = _verdict(library, "[Charmander, Squirtle]")
    assert v.legal and len(v.resolutions) == 2
    assert v.moved["deck>hand"] == [1, 2]


def test_one_benched_pokemon_lets_one_card_be_taken(library):
    # By hand: the count is 1: exactly 1 Potion (Q2/Q4 as above).
    v = _verdict(library, "[Charmander]")
    assert v.legal and len(v.resolutions) == 1
    assert v.moved["deck>hand"] == [1]
