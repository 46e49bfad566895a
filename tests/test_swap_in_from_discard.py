"""A card from the discard pile in a Pokémon's place, read from card text (issue 13): "Choose a F in your discard pile
[that has "X" in its name][,] and switch it with 1 of your G in play [that has "X" in its name]. Any attached cards,
damage counters, Special Conditions, turns in play, and any other effects remain on the new Pokémon." (`swap_in`,
Thorton, Ogre's Mask; docs/vocabulary.md). Invented variants are locked as their fields; the switch without the
sentence saying what stays, or that sentence alone, stays unsupported. Solve checks use invented cards given by their
text, with expectations derived by hand from the card's own words and seed 002 step 7."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

REMAIN = (" Any attached cards, damage counters, Special Conditions, turns in play, and any other effects remain on the "
          "new Pokémon.")


def fields(text: str, kind: str = "item") -> dict:
    t = translate(kind, text, "Test Card")
    assert t.supported, t.unsupported
    return t.fields


@pytest.mark.parametrize("said,flt,in_play,tgt", [
    ("Basic {W} Pokémon", {"stage": "basic", "type": "water"}, "Basic Pokémon", {"stage": "basic"}),
    ('Pokémon V in your discard pile that has "Test" in its name,', {"tag": "v", "name_contains": "Test"},
     "Pokémon V", {"tag": "v"}),
    ("Basic Pokémon", {"stage": "basic"}, "Pokémon", None),
])
def test_invented_switches(said, flt, in_play, tgt):
    head = said if "discard pile" in said else f"{said} in your discard pile"
    got = fields(f"Choose a {head} and switch it with 1 of your {in_play} in play." + REMAIN)
    assert got == {"effect": {"do": [{"swap_in": {"from": "discard", "filter": flt,
                                                  "target": {"side": "me", **({"filter": tgt} if tgt else {})}}}]}}


@pytest.mark.parametrize("text", [
    # what stays is not said
    "Choose a Basic Pokémon in your discard pile and switch it with 1 of your Basic Pokémon in play.",
    # the sentence alone, after another step
    "Draw 2 cards." + REMAIN,
    # the opponent's Pokémon
    "Choose a Basic Pokémon in your discard pile and switch it with 1 of your opponent's Basic Pokémon in play."
    + REMAIN,
    # from the hand (Aegislash's form): not read
    "Choose a Basic Pokémon in your hand and switch it with 1 of your Basic Pokémon in play." + REMAIN,
    # a Trainer card
    "Choose an Item card in your discard pile and switch it with 1 of your Basic Pokémon in play." + REMAIN,
])
def test_near_variants_are_refused(text):
    assert not translate("item", text, "Test Card").supported


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Mask
        kind: item
        text: "Choose a Pokémon in your discard pile that has \\"Test\\" in its name, and switch it with 1 of your Pokémon in play that has \\"Test\\" in its name. Any attached cards, damage counters, Special Conditions, turns in play, and any other effects remain on the new Pokémon."
        source: invented
      - name: Test Big
        kind: pokemon
        stage: basic
        hp: 200
        types: [water]
        retreat: 2
        source: invented
      - name: Test Small
        kind: pokemon
        stage: basic
        hp: 50
        types: [water]
        retreat: 1
        source: invented
    state:
      turn: 5
      me:
        active: {card: Test Big, damage: 60, conditions: [poisoned]}
        bench: [BENCH]
        hand: [Test Mask]
        discard: [Test Small]
        deck: 20
        prizes: 6
      opp:
        active: Pikachu
        deck: 20
        prizes: 6
    action:
      play: Test Mask
    """)


def _verdict(library, bench="Pikachu"):
    return Session().analyse(compile_scenario(load_scenario_text(_SCN.replace("BENCH", bench), "<test>", library)))


def test_the_damage_stays_and_knocks_out_the_new_pokemon(library):
    # By hand: Test Small (50 HP) takes Test Big's place with its 60 damage: Knocked Out, 1 Prize card (seed 002 step
    # 7); the Special Condition stays (no SC4 removal, unlike evolving).
    v = _verdict(library)
    assert v.legal and len(v.resolutions) == 1
    assert v.moved["discard>active"] == [1] and v.moved["active>discard"] == [1]
    assert v.prizes.get("active") == [1]
    assert "SC4" not in v.principles()


def test_an_evolved_pokemon_in_play_gives_no_verdict(library):
    # The filter does not name Basic Pokémon and an evolved Pokémon is in play: what becomes of the cards under it is
    # not printed, so no verdict (compiler `_swap_onto_evolved`).
    with pytest.raises(InputError, match="evolved Pokémon of that player is in play"):
        _verdict(library, "{card: Kirlia, evolved_from: [Ralts]}")
