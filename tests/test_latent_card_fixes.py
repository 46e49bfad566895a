"""Four readings of the vocabulary or the grammar that no bundled card needed yet, each wrong before (each test here
failed on the code before its fix):

- a card's condition on the Pokémon in play dropped `damaged: true` ("Pokémon that has damage counters on it");
- "Put 1 of your opponent's Benched Pokémon and all attached cards into your hand" was read as a `pick_up`, which puts
  the Pokémon into its owner's (the opponent's) hand;
- a damage-counter protection (`prevent_counters`) worked on the Bench only, whatever its reach;
- a lasting effect preventing the effects of attacks ignored its attacker filter (Acerola's Mischief: "by your
  opponent's Pokémon ex").

Each expectation comes from the rules (A1, A5, DMG3, DMG4 of docs/principles.md) and the card text quoted.
"""
import contextlib
import io

import pytest

from ptcg_asp.cards import text as cardtext
from ptcg_asp.cli.commands import main


def check(tmp_path, body: str) -> tuple:
    """`ptcg-asp check` on a scenario: (exit status, output); 0 when every expectation holds."""
    path = tmp_path / "scenario.yaml"
    path.write_text("id: latent\ntitle: t\nsource: s\n" + body, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["check", str(path)])
    return status, out.getvalue() + err.getvalue()


# ---- (a) a condition on the Pokémon in play with damage counters on them -------------------------------------------

MEDIC = """cards:
  - name: Test Medic Pass
    kind: item
    text: "You can use this card only if you have a Pokémon with damage counters on it in play. Draw a card."
    effect:
      condition: [{in_play: {side: me, min: 1, damaged: true}}]
      do: [{draw: 1}]
state:
  me:
    active: {card: Pikachu, damage: %d}
    hand: [Test Medic Pass]
    deck: 10
    prizes: 6
  opp: {active: Charmander, deck: 10, prizes: 6}
action:
  play: Test Medic Pass
expect:
  legal: %s
"""


def test_a_condition_on_damaged_pokemon_counts_only_the_damaged_ones(tmp_path):
    # A1: a printed condition on the game state must hold when the card is played; an undamaged Pikachu is no
    # "Pokémon with damage counters on it" (before the fix it counted, and the card was legal)
    status, out = check(tmp_path, MEDIC % (0, "false") + "  because: [A1]\n")
    assert status == 0, out
    status, out = check(tmp_path, MEDIC % (20, "true"))
    assert status == 0, out


# ---- (b) "into your hand": the hand of the player the clause is about ------------------------------------------------

@pytest.mark.parametrize("sentence", [
    "Put 1 of your opponent's Benched Pokémon and all attached cards into your hand.",
    "Put 1 of your opponent's Pokémon and all attached cards into your hand.",
])
def test_an_opponents_pokemon_into_your_hand_is_not_read_as_going_to_its_owners_hand(sentence):
    # `pick_up` puts a Pokémon into its owner's hand; the card says the acting player's hand, which no primitive
    # expresses: the sentence is unsupported, quoted (before: pick_up of the opponent's Pokémon into their own hand)
    result = cardtext.translate("item", sentence, "Test Snatcher")
    assert result.unsupported == (sentence,)


def test_your_own_pokemon_into_your_hand_is_still_a_pick_up():
    result = cardtext.translate("item", "Put 1 of your Benched Pokémon and all attached cards into your hand.", "X")
    assert result.fields == {"effect": {"do": [{"pick_up": {"target": {"side": "me", "where": "bench"}}}]}}


# ---- (c) a damage-counter protection reaches the Active Pokémon when its reach does ---------------------------------

COUNTERS = """cards:
  - name: Test Counter Cage
    kind: stadium
    text: "Prevent all damage counters from being placed on Pokémon (both yours and your opponent's) by effects of attacks from the opponent's Pokémon."
    passive: [{prevent_counters: {from: [attack], scope: in_play}}]
  - name: Test Counter Sprayer
    kind: pokemon
    stage: basic
    hp: 200
    types: [colorless]
    attacks:
      - name: Counter Shot
        cost: []
        damage: 0
        effect: [{damage_counters: {count: 2, target: {side: opp, where: active}}}]
        text: "Put 2 damage counters on your opponent's Active Pokémon."
state:
  me: {active: Test Counter Sprayer, deck: 20, prizes: 6}
  opp: {active: Pikachu, bench: [Pikachu], deck: 20, prizes: 6}
  stadium: {card: %s, owner: opp}
action:
  attack: {name: Counter Shot}
expect:
  legal: true
  damage: {opp.active: [%d]}
"""


def test_a_counter_protection_of_every_pokemon_in_play_covers_the_active_spot(tmp_path):
    # A5: the counters the attack would place on a protected Pokémon are prevented; "Pokémon (both yours and your
    # opponent's)" covers the Active Pokémon (before the fix the protection worked on the Bench only: 20)
    status, out = check(tmp_path, COUNTERS % ("Test Counter Cage", 0))
    assert status == 0, out


def test_battle_cage_still_covers_only_the_bench(tmp_path):
    # Battle Cage: "Prevent all damage counters from being placed on Benched Pokémon": the Active Pokémon takes them
    status, out = check(tmp_path, COUNTERS % ("Battle Cage", 20))
    assert status == 0, out


# ---- (d) a lasting protection from the effects of attacks by Pokémon that fit ---------------------------------------

MISCHIEF = """cards:
  - name: Test Mischief
    kind: supporter
    text: "Choose 1 of your Pokémon in play. During your opponent's next turn, prevent all damage from and effects of attacks done to that Pokémon by your opponent's Pokémon ex."
    effect:
      - modifier: {name: Test Mischief, lasts: opponents_next_turn, prevents_damage: true, prevents_effects: true,
                   step: defender, attacker: {tag: ex}, target: {side: me}}
  - name: Test Plain Sprayer
    kind: pokemon
    stage: basic
    hp: 200
    types: [colorless]
    attacks:
      - {name: Counter Shot, cost: [], damage: 0, effect: [{damage_counters: {count: 2, target: {side: opp, where: active}}}]}
  - name: Test Sprayer ex
    kind: pokemon
    tags: [ex]
    stage: basic
    hp: 200
    types: [colorless]
    attacks:
      - {name: Counter Shot, cost: [], damage: 0, effect: [{damage_counters: {count: 2, target: {side: opp, where: active}}}]}
state:
  me: {active: %s, deck: 20, prizes: 6}
  opp: {active: {card: Pikachu, effects: [Test Mischief]}, deck: 20, prizes: 2}
action:
  attack: {name: Counter Shot}
expect:
  legal: true
  damage: {opp.active: [%d]}
"""


def test_a_lasting_protection_from_pokemon_ex_does_not_stop_another_pokemons_attack_effects(tmp_path):
    # Acerola's Mischief (MEG 113): "... prevent all damage from and effects of attacks done to that Pokémon by your
    # opponent's Pokémon ex": a Pokémon that is not a Pokémon ex places its 2 counters (before the fix they were
    # prevented: 0)
    status, out = check(tmp_path, MISCHIEF % ("Test Plain Sprayer", 20))
    assert status == 0, out


def test_a_lasting_protection_from_pokemon_ex_stops_a_pokemon_ex_attack_effects(tmp_path):
    # A5: the effects of an attack of a Pokémon ex on the protected Pokémon are prevented
    status, out = check(tmp_path, MISCHIEF % ("Test Sprayer ex", 0))
    assert status == 0, out
