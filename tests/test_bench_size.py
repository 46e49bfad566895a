"""The Bench limit as a general primitive (SU1, docs/vocabulary.md `bench_size`): the card text read into it, the
limit a state derives (5 by default; raised or lowered by a Stadium in play, with its condition), a state with more
Benched Pokémon than its limit refused as an input error, and the full-Bench principles reading the derived limit."""
from __future__ import annotations

import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.tell.api import Checker

AREA_ZERO = ("Each player who has any Tera Pokémon in play can have up to 8 Pokémon on their Bench.\n\nIf a player no "
             "longer has any Tera Pokémon in play, that player discards Pokémon from their Bench until they have 5. "
             "When this card leaves play, both players discard Pokémon from their Bench until they have 5, and the "
             "player who played this card discards first.")
COLLAPSED = ("Each player can't have more than 4 Benched Pokémon. If a player has 5 or more Benched Pokémon, they "
             "discard Benched Pokémon until they have 4 Pokémon on the Bench. The player who played this card discards "
             "first. If more than one effect changes the number of Benched Pokémon allowed, use the smaller number.")


def test_area_zero_underdepths_is_a_bench_size_with_its_condition():
    t = translate("stadium", AREA_ZERO, "Area Zero Underdepths")
    assert t.unsupported == ()
    assert t.fields == {"passive": [{"bench_size": {"max": 8, "if_in_play": {"tag": "tera"}}}]}


def test_collapsed_stadium_is_a_bench_size_for_every_player():
    t = translate("stadium", COLLAPSED, "Collapsed Stadium")
    assert t.unsupported == ()
    assert t.fields == {"passive": [{"bench_size": {"max": 4}}]}


@pytest.mark.parametrize("text", [
    # the discard down to another number than the one the limit returns to: not what the primitive does
    AREA_ZERO.replace("until they have 5. When", "until they have 4. When"),
    # a rule on the limit with no limit before it
    "If more than one effect changes the number of Benched Pokémon allowed, use the smaller number.",
    # the discard down to another number than the limit
    COLLAPSED.replace("until they have 4 Pokémon", "until they have 3 Pokémon"),
])
def test_a_bench_rule_that_does_not_fit_its_limit_stays_unsupported(text):
    t = translate("stadium", text, "Test Stadium")
    assert t.unsupported, t.fields


def _state(bench: list, active: str = "Pikachu", stadium: str = "Area Zero Underdepths") -> str:
    return f"""
id: t
title: t
source: tests
state:
  me:
    active: {active}
    bench: [{", ".join(bench)}]
    hand: [Nest Ball]
    deck: [Pikachu x2, 10]
    prizes: 6
  opp:
    active: Charmander
    deck: 20
    prizes: 6
  stadium: {{card: {stadium}, owner: opp}}
action:
  play: Nest Ball
"""


CHECKER = Checker()
TERA = "{card: Charizard ex (OBF 125), evolved_from: [Charmander, Charmeleon]}"
SIX = ["Charmander", "Pikachu", "Ralts", "Sobble", "Horsea", "Diancie"]


def test_more_than_5_benched_pokemon_load_only_where_the_limit_allows(library):
    scn = load_scenario_text(_state(SIX, active=TERA), "x.yaml", library)
    assert len(scn.state.me.bench) == 6
    with pytest.raises(InputError) as exc:
        load_scenario_text(_state(SIX), "x.yaml", library)
    assert exc.value.field == "state.me.bench" and "at most 5 Benched" in exc.value.render()


def test_a_lowered_limit_refuses_a_state_over_it(library):
    with pytest.raises(InputError) as exc:
        load_scenario_text(_state(SIX[:5], stadium="Collapsed Stadium"), "x.yaml", library)
    assert "at most 4 Benched" in exc.value.render()


@pytest.mark.parametrize("bench, active, legal", [
    (SIX[:5], TERA, True),      # a Tera Pokémon in play: up to 8, room for 3
    (SIX[:5], "Pikachu", False),  # none: 5, full (A4)
    (SIX + ["Pikachu", "Ralts"], TERA, False),  # 8 of 8: full
    (SIX + ["Pikachu"], TERA, True),  # 7 of 8: room
])
def test_nest_ball_reads_the_derived_limit(library, bench, active, legal):
    result = CHECKER.check(_state(bench, active=active))
    assert result.legal is legal
    if not legal:
        assert "A4" in {r.principle for r in result.because}


def test_the_default_path_grounds_no_bench_size_rule(library):
    """Without a bench_size card the limit is 5 and the encodings ground none of its rules (the cheap path)."""
    from ptcg_asp.solve.compiler import compile_scenario
    scn = load_scenario_text(_state(SIX[:5], stadium="Lively Stadium"), "x.yaml", library)
    facts = compile_scenario(scn).facts
    assert not any(f.name in ("bench_size", "bench_trig", "bench_trigger") for f in facts)


AVERY = ("Draw 3 cards. If you drew any cards in this way, your opponent discards Pokémon from their Bench until they "
         "have 3.")


def test_avery_is_a_discard_down_to_3_after_the_draw():
    t = translate("supporter", AVERY, "Avery")
    assert t.unsupported == ()
    assert t.fields["effect"]["then"] == [{"pick_up": {"bench_down_to": 3, "to": "discard"}, "player": "opp",
                                           "if_done": "step1"}]


def _avery(opp_bench: str) -> str:
    return f"""
id: t
title: t
source: tests
state:
  me:
    active: Charmander
    hand: [Avery]
    deck: 20
    prizes: 6
  opp:
    active: Charmander
    bench: {opp_bench}
    deck: 20
    prizes: 6
action:
  play: Avery
"""


@pytest.mark.parametrize("bench, discarded, resolutions", [
    ("[Pikachu, Ralts, Comfey, Horsea, Sobble]", 2, 10),   # C(5,2)
    ("[Pikachu x4, Ralts]", 2, 2),                         # two Pikachu, or a Pikachu and Ralts (identical ones alike)
    ("[Pikachu, Ralts, Comfey]", 0, 1),                    # 3 or fewer: none
])
def test_avery_discards_down_to_3_of_the_opponents_choice(bench, discarded, resolutions):
    r = CHECKER.check(_avery(bench))
    assert r.legal is True and r.resolution_count == resolutions, r.resolution_count
    assert r.moved.get("opp.bench>opp.discard", [0]) == [discarded]


def test_avery_against_a_protection_on_that_side_gets_no_verdict():
    with pytest.raises(InputError) as exc:
        CHECKER.check(_avery("[Pikachu, Ralts, Comfey, Diancie, Sobble]"))
    assert "protection" in exc.value.render()
