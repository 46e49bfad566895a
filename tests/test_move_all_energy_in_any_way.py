"""Moving every card of a kind off the Active Pokémon onto the Benched Pokémon "in any way you like" (`move_attached`
with `spread: true`, docs/vocabulary.md), read from card text (issue 13/14): "Move all Energy from this Pokémon to your
Benched Pokémon in any way you like." (Night Cyclone, Earthen Boom, Genome Spiral, Storm Bolt). Near variants (a number
of cards, another source, no "in any way you like") stay unsupported. Solve checks use an invented Item given by its
text; each expectation is counted by hand from the card's words (A2: every card moves; the split is the player's)."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.cards.text.attacks import translate_attack
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

SPREAD = {"move_attached": {"target": {"side": "me", "where": "active"}, "to": {"where": "bench"},
                            "filter": {"kind": "energy"}, "count": "all", "spread": True}}


def test_the_attack_reads_as_one_spread_move():
    t = translate_attack("Move all Energy from this Pokémon to your Benched Pokémon in any way you like.",
                         "Night Cyclone", 120, None)
    assert t.supported, t.unsupported
    assert t.fields == {"effect": [SPREAD]}


def test_a_trainer_reads_the_same_words():
    t = translate("item", "Move all Energy from your Active Pokémon to your Benched Pokémon in any way you like.",
                  "Test Card")
    assert t.supported, t.unsupported
    assert t.fields == {"effect": {"do": [SPREAD]}}


@pytest.mark.parametrize("text", [
    # a number of cards in any way you like: not seen printed
    "Move up to 2 Energy from your Active Pokémon to your Benched Pokémon in any way you like.",
    # "your Benched Pokémon" with no "in any way you like": which one is not said
    "Move all Energy from your Active Pokémon to your Benched Pokémon.",
    # from a chosen Pokémon, not the Active one
    "Move all Energy from 1 of your Pokémon to your Benched Pokémon in any way you like.",
])
def test_near_variants_are_refused(text):
    assert not translate("item", text, "Test Card").supported


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Spread
        kind: item
        effect:
          - {move_attached: {target: {side: me, where: active}, to: {where: bench}, filter: {kind: energy}, count: all, spread: true}}
        source: invented
    state:
      turn: 5
      me:
        active: ACTIVE
        bench: BENCH
        hand: [Test Spread]
        deck: 20
        prizes: 6
      opp:
        active: Pikachu
        deck: 20
        prizes: 6
    action:
      play: Test Spread
    """)


def _verdict(library, active, bench):
    text = _SCN.replace("ACTIVE", active).replace("BENCH", bench)
    return Session().analyse(compile_scenario(load_scenario_text(text, "<test>", library)))


def test_two_energy_split_over_two_benched_pokemon(library):
    # By hand: Water and Fire Energy, Charmander and Squirtle on the Bench: each card onto one of the two, 2 x 2 = 4
    # resolutions; both cards always move (A2, "all Energy").
    v = _verdict(library, "{card: Snorlax, energy: [Basic Water Energy, Basic Fire Energy]}", "[Charmander, Squirtle]")
    assert v.legal and len(v.resolutions) == 4
    assert v.moved["attached>attached"] == [2]


def test_two_of_one_energy_over_two_pokemon(library):
    # By hand: 2 Water Energy, two different Benched Pokémon: 2-0, 1-1, 0-2 -> 3 resolutions.
    v = _verdict(library, "{card: Snorlax, energy: [Basic Water Energy x2]}", "[Charmander, Squirtle]")
    assert v.legal and len(v.resolutions) == 3
    assert v.moved["attached>attached"] == [2]


def test_no_benched_pokemon_changes_nothing(library):
    # By hand: nowhere to move them (A3: the player sees the empty Bench): the Item cannot be played.
    assert not _verdict(library, "{card: Snorlax, energy: [Basic Water Energy]}", "[]").legal


def test_no_energy_changes_nothing(library):
    # By hand: nothing attached to move (A3).
    assert not _verdict(library, "Snorlax", "[Charmander]").legal


def test_spread_needs_all_and_a_destination(library):
    bad = _SCN.replace("count: all, spread: true", "count: 1, spread: true")
    with pytest.raises(InputError, match="spread"):
        compile_scenario(load_scenario_text(bad.replace("ACTIVE", "Snorlax").replace("BENCH", "[]"), "<test>", library))
