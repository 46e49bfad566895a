"""A Stadium triggered by a Pokémon put onto a Bench (X4, docs/vocabulary.md `bench_trigger`): the card text read
into it, carried out for the `bench` action and for every effect that puts Pokémon onto a Bench, and no verdict where
who puts the Pokémon, or the order of two triggers, would be a guess."""
from __future__ import annotations

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.errors import InputError
from ptcg_asp.tell.api import Checker

CHECKER = Checker()
RISKY = ("Whenever any player puts a Basic non-{D} Pokémon onto their Bench during their turn, place 2 damage counters "
         "on that Pokémon.")
GAPEJAW = ("Whenever either player puts a Basic Pokémon from their hand onto their Bench, put 2 damage counters on that "
           "Pokémon.")
COUNTERS = {"do": [{"damage_counters": {"count": 2, "target": {"ref": "self"}}}]}


def test_risky_ruins_reads_its_filter_and_the_turn():
    t = translate("stadium", RISKY, "Risky Ruins")
    assert t.unsupported == ()
    assert t.fields == {"bench_trigger": {"holder": {"stage": "basic", "not": {"type": "darkness"}},
                                          "during_turn": True, "effect": COUNTERS}}


def test_gapejaw_bog_reads_from_the_hand():
    t = translate("stadium", GAPEJAW, "Gapejaw Bog")
    assert t.unsupported == ()
    assert t.fields == {"bench_trigger": {"holder": {"stage": "basic"}, "from": "hand", "effect": COUNTERS}}


def test_a_trigger_step_naming_a_player_stays_unsupported():
    t = translate("stadium", RISKY.replace("place 2 damage counters on that Pokémon", "they draw a card"), "Test")
    assert t.unsupported


def _case(stadium: str, hand: str, action: str, deck: str = "[Pikachu x2, 10]", bench: str = "[Ralts]") -> str:
    return f"""
id: t
title: t
source: tests
state:
  me:
    active: Charmander
    bench: {bench}
    hand: [{hand}]
    deck: {deck}
    prizes: 6
  opp:
    active: Charmander
    deck: 20
    prizes: 6
  stadium: {{card: {stadium}, owner: opp}}
action:
{action}
"""


def test_the_bench_action_under_gapejaw_bog_places_the_counters():
    r = CHECKER.check(_case("Gapejaw Bog", "Pikachu", "  bench: {card: Pikachu}"))
    assert r.legal is True and r.damage == {"bench.1": [20]}


def test_nest_ball_under_gapejaw_bog_places_none_the_pokemon_comes_from_the_deck():
    r = CHECKER.check(_case("Gapejaw Bog", "Nest Ball", "  play: Nest Ball"))
    assert r.legal is True
    assert not any(b.term == "bench_trigger_hit" for b in r.because)


def test_nest_ball_under_risky_ruins_names_the_counters():
    r = CHECKER.check(_case("Risky Ruins", "Nest Ball", "  play: Nest Ball"))
    assert r.legal is True and r.resolution_count == 2
    assert any(b.term == "bench_trigger_hit" for b in r.because)


def test_a_full_bench_triggers_nothing(library):
    r = CHECKER.check(_case("Risky Ruins", "Pikachu", "  bench: {card: Pikachu}",
                            bench="[Ralts, Pikachu, Charmander, Comfey, Diancie]"))
    assert r.legal is False and "SU1" in {b.principle for b in r.because}


def test_a_card_played_as_a_pokemon_under_a_bench_trigger_gets_no_verdict():
    with pytest.raises(InputError) as exc:
        CHECKER.check(_case("Risky Ruins", "Lillie's Poké Doll", "  play: Lillie's Poké Doll"))
    assert "played as a Pokémon while Risky Ruins" in exc.value.render()
