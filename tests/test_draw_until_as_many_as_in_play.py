"""Two Stadium and draw shapes (issue 13): "draw cards until you have as many cards in your hand as you have F Pokémon
in play" (`count: {until_hand_per_in_play: ...}`, Mystery Garden, Genesect V's Fusion Strike System) and a Stadium's
"if they played a Supporter card that has "X" in its name from their hand this turn" (`played: {kind: supporter,
name_contains: X}`, Team Rocket's Factory). Invented variants are locked as their fields, near variants refused; the
solve check uses an invented Stadium given by its text, expectations derived by hand (A1 cost first, Q5 counted when
the step is reached, A3 no change)."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

LEAD = "Once during each player's turn, "


def fields(kind: str, text: str) -> dict:
    t = translate(kind, text, "Test Card")
    assert t.supported, t.unsupported
    return t.fields


@pytest.mark.parametrize("said,flt", [
    ("{W} Pokémon", {"type": "water"}),
    ("Pokémon", None),
    ("Basic Pokémon", {"stage": "basic"}),
])
def test_invented_draws_until_as_many_as_in_play(said, flt):
    got = fields("item", f"Draw cards until you have as many cards in your hand as you have {said} in play.")
    per = {"side": "me", **({"filter": flt} if flt else {})}
    assert got == {"effect": {"do": [{"draw": {"count": {"until_hand_per_in_play": per}}}]}}


def test_a_stadium_reads_it_with_they():
    got = fields("stadium", LEAD + "that player may discard a Basic Energy card from their hand in order to draw cards "
                 "until they have as many cards in their hand as they have {G} Pokémon in play.")
    assert got["effect"]["do"] == [{"draw": {"count": {"until_hand_per_in_play": {"side": "me",
                                                                                  "filter": {"type": "grass"}}}}}]
    assert got["effect"]["cost"][0]["move"]["from"] == "hand"


@pytest.mark.parametrize("text", [
    # the opponent's Pokémon: another count, not read
    "Draw cards until you have as many cards in your hand as your opponent has Pokémon in play.",
    # pronouns of two persons
    "Draw cards until you have as many cards in your hand as they have Pokémon in play.",
    # Benched only, with no "in play"
    "Draw cards until you have as many cards in your hand as you have Benched Pokémon.",
    # a multiple
    "Draw cards until you have twice as many cards in your hand as you have Pokémon in play.",
])
def test_near_draws_are_refused(text):
    assert not translate("item", text, "Test Card").supported


@pytest.mark.parametrize("name", ["Team Rocket", "Team Aqua"])
def test_a_stadium_condition_on_a_named_supporter(name):
    got = fields("stadium", LEAD + f'if they played a Supporter card that has "{name}" in its name from their hand '
                 "this turn, they may draw 2 cards.")
    assert got == {"effect": {"condition": [{"played": {"kind": "supporter", "name_contains": name}}],
                              "do": [{"draw": 2}]}}


def test_a_stadium_condition_on_another_trainer_kind():
    # "if they played a F card from their hand this turn" with F any Trainer card phrase (the tools lane's general
    # reading): an Item card that has the name is a card that fits among the state's played_this_turn
    got = fields("stadium", LEAD + 'if they played an Item card that has "Team Rocket" in its name from their hand '
                 "this turn, they may draw 2 cards.")
    assert got == {"effect": {"condition": [{"played": {"kind": "item", "name_contains": "Team Rocket"}}],
                              "do": [{"draw": 2}]}}


@pytest.mark.parametrize("text", [
    # no quoted name
    LEAD + "if they played a Supporter card that has Team Rocket in its name from their hand this turn, they may draw "
    "2 cards.",
])
def test_near_stadium_conditions_are_refused(text):
    assert not translate("stadium", text, "Test Card").supported


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Garden
        kind: stadium
        text: "Once during each player's turn, that player may discard an Energy card from their hand in order to draw cards until they have as many cards in their hand as they have {W} Pokémon in play."
        source: invented
    state:
      turn: 5
      me:
        active: ACTIVE
        bench: [BENCH]
        hand: [HAND]
        deck: 20
        prizes: 6
      opp:
        active: Pikachu
        bench: [Squirtle x2]
        deck: 20
        prizes: 6
      stadium: {card: Test Garden, owner: opp}
    action:
      use_stadium: Test Garden
    """)


def _verdict(library, active="Squirtle", bench="Squirtle, Pikachu", hand="Basic Water Energy, Potion"):
    text = _SCN.replace("ACTIVE", active).replace("BENCH", bench).replace("HAND", hand)
    return Session().analyse(compile_scenario(load_scenario_text(text, "<test>", library)))


def test_the_count_is_the_players_own_pokemon_after_the_cost(library):
    # By hand: 2 {W} Pokémon of mine in play (the opponent's 2 Squirtle do not count); after the Energy card is
    # discarded the hand holds 1 card (Potion): draw 1.
    v = _verdict(library)
    assert v.legal and v.moved["hand>discard"] == [1] and v.moved["deck>hand"] == [1]


def test_none_of_the_pokemon_fits(library):
    # By hand: no {W} Pokémon of mine: the target is 0 cards, the draw changes nothing (A3).
    v = _verdict(library, active="Pikachu", bench="Pikachu")
    assert not v.legal and "A3" in v.principles()
