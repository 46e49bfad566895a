"""One card from the deck onto each of the player's Benched Pokémon (a `search` whose count is
`{per_in_play: GROUP}`, spread with `per_target: 1`, docs/vocabulary.md), read from card text (issue 13/14): "For each
of your Benched Pokémon, search your deck for a Basic {P} Energy card and attach it to that Pokémon. Then, shuffle your
deck." (Overflowing Wishes, Adornment; "For each of your Benched Houndour, ... to that Houndour", Coordinated Pack) --
the reading "Choose up to N of your X Pokémon. For each of those Pokémon, ..." already has, with every such Pokémon.
Solve checks use an invented Item given by its text, counted by hand (W1: a search of the deck may find fewer)."""
import textwrap

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.cards.text.attacks import translate_attack
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session


def test_overflowing_wishes_reads_as_one_search_per_benched_pokemon():
    t = translate_attack("For each of your Benched Pokémon, search your deck for a Basic {P} Energy card and attach "
                         "it to that Pokémon. Then, shuffle your deck.", "Overflowing Wishes", 0, None)
    assert t.supported, t.unsupported
    bench = {"side": "me", "where": "bench"}
    assert t.fields == {"effect": [{"search": {
        "zone": "deck", "filter": {"kind": "basic_energy", "type": "psychic"}, "count": {"per_in_play": bench},
        "up_to": True, "to": "attach", "target": bench, "spread": True, "per_target": 1}}]}


def test_a_named_group_keeps_its_name():
    t = translate_attack("For each of your Benched Houndour, search your deck for a Basic {D} Energy card and attach "
                         "it to that Houndour. Then, shuffle your deck.", "Coordinated Pack", 0, None)
    assert t.supported, t.unsupported
    group = {"side": "me", "where": "bench", "filter": {"name": "Houndour"}}
    search = t.fields["effect"][0]["search"]
    assert search["count"] == {"per_in_play": group} and search["target"] == group


@pytest.mark.parametrize("text", [
    # every one of your Pokémon, the Active included, with no "in play": not seen printed
    "For each of your Pokémon, search your deck for a Basic Energy card and attach it to that Pokémon.",
    # "this Pokémon" is not the Pokémon gone over
    "For each of your Benched Pokémon, search your deck for a Basic Energy card and attach it to this Pokémon.",
    # the opponent's Pokémon
    "For each of your opponent's Benched Pokémon, search your deck for a Basic Energy card and attach it to that "
    "Pokémon.",
    # "that Pokémon" after a named group of another name
    "For each of your Benched Houndour, search your deck for a Basic Energy card and attach it to that Pikachu.",
])
def test_near_variants_are_refused(text):
    assert not translate("item", text, "Test Card").supported


_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    cards:
      - name: Test Wishes
        kind: item
        effect:
          - {search: {zone: deck, filter: {kind: basic_energy}, count: {per_in_play: {side: me, where: bench}}, up_to: true, to: attach, target: {side: me, where: bench}, spread: true, per_target: 1}}
        source: invented
    state:
      turn: 5
      me:
        active: Snorlax
        bench: BENCH
        hand: [Test Wishes]
        deck: DECK
        prizes: 6
      opp:
        active: Pikachu
        deck: 20
        prizes: 6
    action:
      play: Test Wishes
    """)


def _verdict(library, bench, deck):
    text = _SCN.replace("BENCH", bench).replace("DECK", deck)
    return Session().analyse(compile_scenario(load_scenario_text(text, "<test>", library)))


def test_two_benched_pokemon_take_at_most_one_each(library):
    # By hand: two different Benched Pokémon, a deck of Water Energy: none, one onto either, or one onto each
    # (W1: the search may find fewer) -> 4 resolutions; never two onto one (per_target 1), never onto the Active.
    v = _verdict(library, "[Charmander, Squirtle]", "[Basic Water Energy x5]")
    assert v.legal and len(v.resolutions) == 4
    assert max(v.moved["deck>attached"]) == 2


def test_an_empty_bench_stops_the_item(library):
    # By hand: no Benched Pokémon, so the count is 0 and nothing can move (A4, the destination has no room): the Item
    # cannot be played (activation.lp attach_nowhere).
    v = _verdict(library, "[]", "[Basic Water Energy x5]")
    assert not v.legal
    assert ("A4", "nowhere_to_attach") in {(r.principle, r.term) for r in v.reasons}
