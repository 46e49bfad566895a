"""The order of a deck (encodings/order.lp): cards put on the bottom lie under the cards already there, a
draw takes from the top (RULES Q5), a shuffle merges them again (A2). `expect` cannot state which cards a
draw brings, so these tests read the outcomes and their probabilities (derived by hand in each case)."""
import os
import textwrap
from fractions import Fraction

from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.read.loader import load_scenario, load_scenario_text
from ptcg_asp.solve.verdict import analyse

from .conftest import SCENARIOS

CHARMANDER, PIKACHU, COMFEY = "Charmander (OBF 026)", "Pikachu (MEW 025)", "Comfey (LOR 079)"
RALTS, SNORLAX = "Ralts (SVI 084)", "Snorlax (MEW 143)"


def _outcomes(scn, limits, step):
    """{cards the random step brought (sorted (name, count) pairs): probability} over every outcome."""
    verdict = analyse(compile_scenario(scn), limits)
    assert verdict.legal and verdict.complete
    found = {}
    for res in verdict.resolutions:
        for out in res.outcomes:
            cards = next(e[2] for e in out.events if e[0] == "cards" and e[1] == str(step))
            found[cards] = found.get(cards, 0) + out.probability
    return found


def _file(library, name):
    return load_scenario(os.path.join(SCENARIOS, name + ".yaml"), library)


def test_iono_draws_the_card_above_the_bottomed_hand(library, limits):
    """Hand [Iono, Pikachu], deck [Charmander], 1 Prize: Pikachu goes under Charmander; the draw is Charmander."""
    scn = _file(library, "iono-hand-put-on-the-bottom-is-not-drawn-again")
    assert _outcomes(scn, limits, 3) == {((CHARMANDER, 1),): Fraction(1)}


def test_marnie_draw_reaches_into_the_bottomed_hand(library, limits):
    """The opponent draws 4 over [Snorlax, Ralts] above [Pikachu x2, Comfey]: both above for certain, then 2 of
    the 3: Pikachu x2 with 1/3, Pikachu + Comfey with 2/3; my 5 Charmander above my Energy come for certain."""
    scn = _file(library, "marnie-opponent-draw-reaches-the-cards-put-on-the-bottom")
    assert _outcomes(scn, limits, 3) == {((CHARMANDER, 5),): Fraction(1)}
    assert _outcomes(scn, limits, 4) == {
        ((PIKACHU, 2), (RALTS, 1), (SNORLAX, 1)): Fraction(1, 3),
        ((COMFEY, 1), (PIKACHU, 1), (RALTS, 1), (SNORLAX, 1)): Fraction(2, 3),
    }


BASE = textwrap.dedent("""\
    id: t
    title: t
    source: test
    {cards}
    state:
      me:
        active: Pikachu
        hand: [{play}, Pikachu]
        deck: [Charmander, Snorlax, Ralts]
        prizes: {prizes}
      opp:
        active: Snorlax
        deck: 10
        prizes: 6
    action:
      play: {play}
    """)

BOTTOM_SHUFFLE_DRAW = """cards:
  - name: Test Bottom Shuffle
    kind: item
    text: "Put a card from your hand on the bottom of your deck. Shuffle your deck. Then, draw a card."
    source: "invented for this test"
    effect:
      do:
        - move: {from: hand, to: deck, count: 1, bottom: true}
        - shuffle: deck
      then: [{draw: 1}]"""


def test_a_draw_that_stays_above_the_bottomed_cards_is_hypergeometric_over_them(library, limits):
    """Iono with 2 Prize cards: Pikachu goes under [Charmander, Snorlax, Ralts]; 2 of those 3 are drawn, each
    pair with C(1,1)C(1,1)/C(3,2) = 1/3; Pikachu never."""
    scn = load_scenario_text(BASE.format(cards="", play="Iono", prizes=2), "t.yaml", library)
    assert _outcomes(scn, limits, 3) == {
        ((CHARMANDER, 1), (SNORLAX, 1)): Fraction(1, 3),
        ((CHARMANDER, 1), (RALTS, 1)): Fraction(1, 3),
        ((RALTS, 1), (SNORLAX, 1)): Fraction(1, 3),
    }


def test_a_shuffle_merges_the_bottomed_cards_into_the_deck(library, limits):
    """A2: after the shuffle the deck is [Charmander, Snorlax, Ralts, Pikachu] in unknown order: each card 1/4."""
    scn = load_scenario_text(BASE.format(cards=BOTTOM_SHUFFLE_DRAW, play="Test Bottom Shuffle", prizes=6), "t.yaml",
                             library)
    assert _outcomes(scn, limits, 3) == {((c, 1),): Fraction(1, 4)
                                         for c in (CHARMANDER, PIKACHU, RALTS, SNORLAX)}


def test_a_draw_of_more_than_the_cards_above_takes_the_bottomed_cards_too(library, limits):
    """Iono with 4 Prize cards: 3 cards above the bottomed Pikachu; drawing 4 takes all four, for certain."""
    scn = load_scenario_text(BASE.format(cards="", play="Iono", prizes=4), "t.yaml", library)
    assert _outcomes(scn, limits, 3) == {((CHARMANDER, 1), (PIKACHU, 1), (RALTS, 1), (SNORLAX, 1)): Fraction(1)}
