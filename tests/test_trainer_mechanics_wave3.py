"""Trainer mechanics a new set's text is made of (issue 13, wave 3): an evolution-rule Stadium, "Each player's [F]
Pokémon can evolve [into G Pokémon] during the turn they play those Pokémon, except during their first turn."
(`evolve_when_played`, docs/vocabulary.md; EV1's "put into play this turn" limit lifted, its first-turn limit kept).

The grammar is fed INVENTED sentences (other types, stages, no filter) and locked as its exact fields, read from the
words; near variants whose reading would be a guess must stay unsupported. The solve checks use an invented Stadium
given by its text alone (the grammar reads it as `cards import` does), with expectations derived by hand from EV1
(docs/principles.md: no evolving on the player's first turn, nor a Pokémon put into play or evolved this turn, unless
a card's text says it can)."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

LEAD = "Each player's "
TAIL = " during the turn they play those Pokémon, except during their first turn."


def fields(text: str) -> dict:
    t = translate("stadium", text, "Test Stadium")
    assert t.supported, t.unsupported
    return t.fields


def refused(text: str) -> bool:
    return not translate("stadium", text, "Test Stadium").supported


@pytest.mark.parametrize("subject,into,entry", [
    ("{R} Pokémon", "{R} Pokémon", {"holder": {"type": "fire"}, "into": {"type": "fire"}}),
    ("Basic {W} Pokémon", "Stage 1 Pokémon", {"holder": {"stage": "basic", "type": "water"},
                                                "into": {"stage": "stage1"}}),
    ("Pokémon", None, {}),
    ("{L} Pokémon", None, {"holder": {"type": "lightning"}}),
])
def test_invented_evolution_stadiums(subject, into, entry):
    verb = "can evolve" + (f" into {into}" if into else "")
    got = fields(f"{LEAD}{subject} {verb}{TAIL}")
    assert got == {"passive": [{"evolve_when_played": {"scope": "in_play", **entry}}]}


@pytest.mark.parametrize("text", [
    # no first-turn exception: whether the first turn is lifted too would be a guess
    "Each player's {G} Pokémon can evolve into {G} Pokémon during the turn they play those Pokémon.",
    # another turn named
    "Each player's {G} Pokémon can evolve into {G} Pokémon during the turn they play those Pokémon, except during "
    "their second turn.",
    # the first turn itself (early_evolution's words, said of each player: not this grammar)
    "Each player's {G} Pokémon can evolve into {G} Pokémon during their first turn.",
    # only one player's Pokémon: not a Stadium's "each player"
    "Your {G} Pokémon can evolve into {G} Pokémon during the turn you play those Pokémon, except during your first "
    "turn.",
    # "into" with no filter
    "Each player's {G} Pokémon can evolve into during the turn they play those Pokémon, except during their first "
    "turn.",
    # a count of evolutions
    "Each player's {G} Pokémon can evolve twice during the turn they play those Pokémon, except during their first "
    "turn.",
])
def test_near_variants_are_refused(text):
    assert refused(text)


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Grove
        kind: stadium
        text: "Each player's {R} Pokémon can evolve into {R} Pokémon during the turn they play those Pokémon, except during their first turn."
        source: invented
      - name: Test Ember
        kind: pokemon
        stage: basic
        hp: 60
        types: [fire]
        retreat: 1
        source: invented
      - name: Test Blaze
        kind: pokemon
        stage: stage1
        evolves_from: Test Ember
        hp: 90
        types: [fire]
        retreat: 1
        source: invented
      - name: Test Mist
        kind: pokemon
        stage: stage1
        evolves_from: Test Ember
        hp: 90
        types: [water]
        retreat: 1
        source: invented
      - name: Test Inferno
        kind: pokemon
        stage: stage2
        evolves_from: Test Blaze
        hp: 150
        types: [fire]
        retreat: 2
        source: invented
    state:
      turn: TURN
      STADIUM
      me:
        active: Pikachu
        bench: [BENCHED]
        hand: [Test Blaze, Test Mist, Test Inferno]
        deck: 20
        prizes: 6
      opp:
        active: Pikachu
        deck: 20
        prizes: 6
    action:
      evolve: {card: CARD, onto: bench.0}
    """)

PLAYED = "{card: Test Ember, new_this_turn: true}"
EVOLVED = "{card: Test Blaze, evolved_from: [Test Ember], evolved_this_turn: true}"
GROVE = "stadium: {card: Test Grove, owner: me}"


def _verdict(library, turn=5, benched=PLAYED, card="Test Blaze", stadium=GROVE):
    text = (_SCN.replace("TURN", str(turn)).replace("BENCHED", benched).replace("CARD", card)
            .replace("STADIUM", stadium))
    return Session().analyse(compile_scenario(load_scenario_text(text, "<test>", library)))


def test_a_pokemon_played_this_turn_evolves_under_the_stadium(library):
    # By hand: turn 5 is my third turn; my {R} Test Ember was put onto the Bench this turn; the Stadium lets a {R}
    # Pokémon played this turn evolve into a {R} Pokémon (EV1's exception), and Test Blaze ({R}) evolves from it.
    v = _verdict(library)
    assert v.legal and "EV1" in v.principles()


def test_without_the_stadium_the_limit_stays(library):
    # By hand: EV1, a Pokémon put into play this turn cannot evolve; nothing lifts it.
    v = _verdict(library, stadium="stadium: null")
    assert not v.legal and v.principles() == ["EV1"]


def test_the_first_turn_limit_stays(library):
    # By hand: turn 2 is the second player's (my) first turn; the Stadium says "except during their first turn".
    v = _verdict(library, turn=2)
    assert not v.legal and v.principles() == ["EV1"]


def test_only_into_a_card_that_fits(library):
    # By hand: Test Mist is {W}, not {R}: the Stadium does not reach that evolution; EV1's limit stays.
    v = _verdict(library, card="Test Mist")
    assert not v.legal and v.principles() == ["EV1"]


def test_a_pokemon_evolved_this_turn_was_not_played_this_turn(library):
    # By hand: Test Blaze evolved this turn (EV1: new this turn); it was not played this turn, so the Stadium's
    # "during the turn they play those Pokémon" does not reach it: no second evolution this turn.
    v = _verdict(library, benched=EVOLVED, card="Test Inferno")
    assert not v.legal and v.principles() == ["EV1"]


def test_a_pokemon_played_earlier_evolves_as_usual(library):
    # By hand: a Pokémon in play since an earlier turn evolves under EV1 anyway; the Stadium changes nothing.
    v = _verdict(library, benched="Test Ember")
    assert v.legal


# ---- mechanics left unsupported on purpose (docs/vocabulary.md has no primitive for them yet) -----------------------

@pytest.mark.parametrize("kind,text", [
    # a Bench size rule with no Bench size before it (the Bench sizes themselves are `bench_size` now:
    # tests/test_bench_size.py)
    ("stadium", "If a player no longer has any Tera Pokémon in play, that player discards Pokémon from their Bench "
                "until they have 5."),
    # (a search split between two destinations, "put 1 of them into your hand. Attach the other ...", has its
    # primitive now: search `to: looked`, tests/test_choice_families.py)
])
def test_mechanics_without_a_primitive_stay_unsupported(kind, text):
    assert not translate(kind, text, "Test Card").supported
