"""A step that acts only on the cards an earlier step moved (`among: LABEL`, docs/vocabulary.md), read from card text
(issue 13): "Discard the top N cards of your deck, and attach any F cards you discarded in this way to TARGET [in any
way you like]" (Bea). Near variants (no discard before it, the opponent's deck, a discard from the hand that is not
"the top cards") stay unsupported or keep the anchor check. Solve checks use invented cards given by their text, with
expectations derived by hand from the card's own words (Q3: "any" of them, which may be none; A3, A4)."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

BEA = ("Discard the top 5 cards of your deck, and attach any Energy cards you discarded in this way to your Benched "
       "Fighting Pokémon in any way you like.")


def test_bea_reads_as_a_discard_then_an_attach_among_its_cards():
    t = translate("supporter", BEA, "Test Card")
    assert t.supported, t.unsupported
    assert t.fields == {"effect": {"do": [
        {"move": {"from": "deck", "to": "discard", "count": 5, "random": True}, "label": "step1"},
        {"attach": {"from": "discard", "filter": {"kind": "energy"}, "count": "all", "among": "step1",
                    "target": {"side": "me", "where": "bench", "filter": {"type": "fighting"}}, "spread": True}}]}}


def test_two_sentences_and_one_target_read_the_same_way():
    t = translate("item", "Discard the top 3 cards of your deck. Attach any Basic {W} Energy cards you discarded in "
                          "this way to 1 of your Pokémon.", "Test Card")
    assert t.supported, t.unsupported
    attach = t.fields["effect"]["do"][1]["attach"]
    assert attach["among"] == "step1" and attach["count"] == "all" and "spread" not in attach


@pytest.mark.parametrize("text", [
    # nothing was discarded before it
    "Draw 2 cards. Attach any Energy cards you discarded in this way to 1 of your Pokémon.",
    # the sentence alone
    "Attach any Energy cards you discarded in this way to 1 of your Pokémon.",
    # the opponent's deck: the cards are not in the player's discard pile
    "Discard the top 3 cards of your opponent's deck, and attach any Energy cards you discarded in this way to 1 of "
    "your Pokémon.",
    # no card filter ("any cards")
    "Discard the top 3 cards of your deck, and attach any cards you discarded in this way to 1 of your Pokémon.",
])
def test_near_variants_are_refused(text):
    assert not translate("item", text, "Test Card").supported


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Pick
        kind: item
        effect:
          - {move: {from: deck, to: discard, count: 2, random: true}, label: milled}
          - {attach: {from: discard, filter: {kind: energy}, count: all, among: milled, target: {side: me}, spread: true}}
        source: invented
    state:
      turn: 5
      me:
        active: Snorlax
        bench: BENCH
        hand: [Test Pick]
        discard: [Basic Water Energy]
        deck: DECK
        prizes: 6
      opp:
        active: Pikachu
        deck: 20
        prizes: 6
    action:
      play: Test Pick
    """)


def _verdict(library, deck, bench="[]"):
    text = _SCN.replace("DECK", deck).replace("BENCH", bench)
    return Session().analyse(compile_scenario(load_scenario_text(text, "<test>", library)))


def test_both_discarded_energy_spread_over_two_pokemon(library):
    # By hand: both cards of the deck are discarded (2 Basic Fire Energy); "any" of them is all of them (Q3, the zh
    # text "全部"), spread over Snorlax and Pikachu in any way: 2-0, 1-1, 0-2 -> 3 resolutions; the Water Energy already
    # in the discard pile was not discarded in this way and stays.
    v = _verdict(library, "[Basic Fire Energy x2]", "[Pikachu]")
    assert v.legal and len(v.resolutions) == 3
    assert v.moved["deck>discard"] == [2] and v.moved["discard>attached"] == [2]


def test_only_the_discarded_energy_counts(library):
    # By hand: the deck is Potion and Switch: nothing to attach; the Water Energy in the pile may not be taken (0 only).
    v = _verdict(library, "[Potion, Switch]")
    assert v.legal and len(v.resolutions) == 1
    assert v.moved.get("discard>attached", [0]) == [0]


def test_an_empty_deck_stops_the_card(library):
    # By hand: nothing can be discarded (A4: the opponent sees the empty deck), and nothing was discarded in this way.
    assert not _verdict(library, "[]").legal


def test_among_needs_a_discard_pile_source(library):
    bad = _SCN.replace("{attach: {from: discard,", "{attach: {from: hand,")
    with pytest.raises(InputError, match="among on a step from: discard"):
        compile_scenario(load_scenario_text(bad.replace("DECK", "20").replace("BENCH", "[]"), "<test>", library))


def test_an_attack_attaches_the_discarded_energy_to_itself():
    from ptcg_asp.cards.text.attacks import translate_attack
    t = translate_attack("Discard the top 3 cards of your deck. If any of those cards are Energy cards, attach them to "
                         "this Pokémon.", "Test Attack", 0, None)
    assert t.supported, t.unsupported
    assert t.fields["effect"][1] == {"attach": {"from": "discard", "filter": {"kind": "energy"}, "count": "all",
                                                "among": "discarded", "target": {"ref": "self"}}}


@pytest.mark.parametrize("text", [
    # "it" after "any of those cards" (and "them" after "that card") do not agree
    "Discard the top card of your deck. If that card is a Fire Energy card, attach them to this Pokémon.",
    # the opponent's deck: their discard pile
    "Discard the top card of your opponent's deck. If that card is a Fire Energy card, attach it to this Pokémon.",
    # no discard before it
    "Draw a card. If that card is a Fire Energy card, attach it to this Pokémon.",
])
def test_attack_near_variants_are_refused(text):
    from ptcg_asp.cards.text.attacks import translate_attack
    assert not translate_attack(text, "Test Attack", 0, None).supported


def test_that_card_to_one_of_your_pokemon():
    t = translate("item", "Discard the top card of your deck. If that card is a Water Energy card, attach it to 1 of "
                          "your Pokémon.", "Test Card")
    assert t.supported, t.unsupported
    assert t.fields["effect"]["do"][1] == {"attach": {"from": "discard", "filter": {"kind": "basic_energy",
                                                                                    "type": "water"},
                                                      "count": "all", "among": "step1", "target": {"side": "me"}}}


def test_pokestop_puts_the_discarded_items_into_the_hand():
    t = translate("stadium", "Once during each player's turn, that player may discard 3 cards from the top of their "
                             "deck. If a player discarded any Item cards in this way, they put those Item cards into "
                             "their hand.", "Test Stop")
    assert t.supported, t.unsupported
    assert t.fields["effect"]["then"] == [{"move": {"from": "discard", "to": "hand", "filter": {"kind": "item"},
                                                    "count": "all", "among": "step1"}, "if_done": "step1"}]


@pytest.mark.parametrize("text", [
    # "those Item cards" after a step that drew, not discarded
    "Draw 3 cards. If you drew any Item cards in this way, put those Item cards into your hand.",
    # with no "If you discarded ... in this way" before it
    "Discard the top 3 cards of your deck. Put those Item cards into your hand.",
])
def test_those_cards_near_variants_are_refused(text):
    assert not translate("item", text, "Test Card").supported
