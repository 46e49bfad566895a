"""An 'instead' alternative guarded by the Energy in play (issue 13): "Draw cards until you have 5 cards in your hand.
If none of your Pokémon have any Energy attached, draw cards until you have 7 cards in your hand instead." (Grusha).
The Energy in play is counted on the state the card is played in, so the guard is read only where no step can have
run before the guarded one: the card's first step and its "instead" replacement (docs/vocabulary.md, step guards).
Expectations are derived by hand from the card's own words (Q5: "draw until you have N", A3)."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

GRUSHA = ("Draw cards until you have 5 cards in your hand. If none of your Pokémon have any Energy attached, draw cards "
          "until you have 7 cards in your hand instead.")
NONE = {"energy_in_play": {"side": "me", "max": 0}}


def test_grusha_reads_as_two_guarded_draws():
    t = translate("supporter", GRUSHA, "Test Card")
    assert t.supported, t.unsupported
    assert t.fields == {"effect": {"do": [{"draw": {"count": {"until_hand": 5}}, "unless": NONE},
                                          {"draw": {"count": {"until_hand": 7}}, "when": NONE}]}}


@pytest.mark.parametrize("text", [
    # a step runs before the replaced one: the Energy could have changed
    "Discard a card from your hand. " + GRUSHA,
    # not an "instead": an added step after another one
    "Draw 2 cards. If none of your Pokémon have any Energy attached, draw 2 more cards.",
])
def test_later_energy_guards_are_refused(text):
    assert not translate("supporter", text, "Test Card").supported


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Chill
        kind: supporter
        effect: EFFECT
        source: invented
    state:
      turn: 5
      me:
        active: ACTIVE
        hand: [Test Chill, Potion, Potion]
        deck: 20
        prizes: 6
      opp:
        active: Pikachu
        deck: 20
        prizes: 6
    action:
      play: Test Chill
    """)
GOOD = ("[{draw: {count: {until_hand: 5}}, unless: {energy_in_play: {max: 0}}}, "
        "{draw: {count: {until_hand: 7}}, when: {energy_in_play: {max: 0}}}]")


def _verdict(library, effect=GOOD, active="Snorlax"):
    text = _SCN.replace("EFFECT", effect).replace("ACTIVE", active)
    return Session().analyse(compile_scenario(load_scenario_text(text, "<test>", library)))


def test_no_energy_draws_up_to_seven(library):
    # By hand: 2 cards left in the hand after playing it, no Energy in play: draw until 7, 5 cards.
    v = _verdict(library)
    assert v.legal and v.moved["deck>hand"] == [5]


def test_energy_in_play_draws_up_to_five(library):
    # By hand: a Basic Water Energy on the Active Pokémon: the first draw, until 5 -- 3 cards.
    v = _verdict(library, active="{card: Snorlax, energy: [Basic Water Energy]}")
    assert v.legal and v.moved["deck>hand"] == [3]


@pytest.mark.parametrize("effect", [
    # a step before the guarded one that is not held back by the opposite guard
    "[{draw: 1}, {draw: 2, when: {energy_in_play: {max: 0}}}]",
    # inside a `may`
    "[{may: [{draw: 2, when: {energy_in_play: {max: 0}}}]}]",
])
def test_energy_guards_where_a_step_may_run_before_are_input_errors(library, effect):
    with pytest.raises(InputError, match="energy_in_play"):
        _verdict(library, effect)


def test_an_attack_with_before_damage_steps_refuses_an_energy_guard(library):
    # before_damage steps run before the effect (they may discard Energy): the count at the attack's start is not the
    # state the guarded step is reached in
    scn = textwrap.dedent("""\
        id: t
        title: t
        source: t
        cards:
          - name: Test Striker
            kind: pokemon
            stage: basic
            hp: 100
            types: [water]
            retreat: 1
            attacks:
              - name: Test Blow
                cost: [colorless]
                damage: 10
                before_damage: [{discard_attached: {target: {ref: self}, filter: {kind: energy}, count: 1}}]
                effect: [{draw: 2, when: {energy_in_play: {max: 0}}}]
            source: invented
        state:
          me:
            active: {card: Test Striker, energy: [Basic Water Energy]}
            deck: 20
            prizes: 6
          opp:
            active: Pikachu
            deck: 20
            prizes: 6
        action:
          attack: {name: Test Blow}
        """)
    with pytest.raises(InputError, match="energy_in_play"):
        compile_scenario(load_scenario_text(scn, "<test>", library))
