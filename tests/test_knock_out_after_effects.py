"""Knock Outs are checked on the state the whole action leaves (seed 002, the attack procedure, step 7:
"受到傷害或卡片的效果後沒有剩餘HP的寶可夢【昏厥】" -- HP lost by a card's effect counts as damage does), for every card:
each HP-raising Pokémon Tool of the pool, taken away by a Trainer that discards it (Tool Scrapper) or switched off by
a Stadium played (Jamming Tower), leaves its damaged holder Knocked Out; with the Tool working it is not."""
import pytest

import ptcg_asp
from ptcg_asp.cards.library import load_library, pool_dir

# A holder each HP-raising Tool of the pool works on (its `holder` filter fits): the test covers every such Tool.
HOLDERS = {
    "Big Charm": "Charmander",
    "Bravery Charm": "Charmander",
    "Cape of Toughness": "Charmander",
    "Cynthia's Power Weight": "Cynthia's Gible",
    "Hero's Cape": "Charmander",
    "Luxurious Cape": "Charmander",
    "Rusted Shield": "Zamazenta V",
}
# Tools left out, each for a reason: none of the pool's Pokémon is marked Ancient (TCGdex gives no such tag; the
# importer lists it under `unmarked_tags`), so no holder fits Ancient Booster Energy Capsule's filter for sure.
LEFT_OUT = {"Ancient Booster Energy Capsule"}


@pytest.fixture(scope="module")
def pool_library():
    return load_library(pool=pool_dir())


@pytest.fixture(scope="module")
def checker():
    return ptcg_asp.Checker(timeout=60.0)


def _hp_tools(library) -> set:
    """The names of the pool's Tools with an unconditional "+N HP" entry."""
    found = set()
    for name in library.pool.names():
        for key in library.pool.lookup(name) or ():
            if library.pool.entry(key)["kind"] != "tool":
                continue
            card = library.get(library._from_pool(key))
            for entry in card.passive or ():
                if entry.hp_change and entry.hp_change[0] > 0 and entry.hp_change[1].if_ is None:
                    found.add(card.name)
    return found


def test_every_hp_raising_tool_of_the_pool_is_covered(pool_library):
    assert _hp_tools(pool_library) == set(HOLDERS) | LEFT_OUT


def _case(holder: str, hp: int, tool: str, hand: str, stadium=None) -> dict:
    state = {
        "turn": 5,
        "me": {"active": "Pikachu (MEW 025)", "bench": [], "hand": [hand, 4], "deck": 30, "prizes": 6},
        "opp": {"active": {"card": holder, "damage": hp, "tool": tool}, "bench": [], "hand": 6, "deck": 30,
                "prizes": 6},
    }
    if stadium:
        state["stadium"] = {"card": stadium, "owner": "opp"}
    return {"id": "knock-out-after-effects", "title": "generated", "source": "seed 002 step 7", "state": state,
            "action": {"play": hand}}


def _prizes(holder_card) -> int:
    return 2 if {"ex", "v"} & set(holder_card.tags) else 1


@pytest.mark.parametrize("tool", sorted(HOLDERS))
def test_discarding_the_tool_knocks_out_the_holder_with_damage_equal_to_its_printed_hp(tool, pool_library, checker):
    holder = pool_library.get(pool_library.resolve(HOLDERS[tool], "<test>", 0, "holder"))
    result = checker.check(_case(HOLDERS[tool], holder.hp, tool, "Tool Scrapper"))
    assert result.legal
    assert result.moved.get("opp.attached>opp.discard") == [1]
    assert result.prizes_taken == {"opp.active": [_prizes(holder)]}


@pytest.mark.parametrize("tool", sorted(HOLDERS))
def test_playing_jamming_tower_switches_the_tool_off_and_knocks_out_the_holder(tool, pool_library, checker):
    holder = pool_library.get(pool_library.resolve(HOLDERS[tool], "<test>", 0, "holder"))
    result = checker.check(_case(HOLDERS[tool], holder.hp, tool, "Jamming Tower"))
    assert result.legal
    assert result.prizes_taken == {"opp.active": [_prizes(holder)]}


@pytest.mark.parametrize("tool", sorted(HOLDERS))
def test_an_attack_discarding_jamming_tower_turns_the_tool_back_on_before_the_knock_out_check(tool, pool_library,
                                                                                             checker):
    """Seed 002 step 7 (and the TPCi ruling of 2024-09-05 on Jamming Tower / Bravery Charm the brief cites), for
    every Tool: Field Crush does 20 to a holder with 10 HP left while Jamming Tower switches the Tool off, then
    discards Jamming Tower; when Knock Outs are checked the Tool works again, and the holder stays in play."""
    holder = pool_library.get(pool_library.resolve(HOLDERS[tool], "<test>", 0, "holder"))
    case = _case(HOLDERS[tool], holder.hp - 10, tool, "Tool Scrapper", stadium="Jamming Tower")
    case["state"]["me"]["active"] = {"card": "Primeape (BST 067)", "evolved_from": ["Mankey"],
                                     "energy": ["Basic Fighting Energy"]}
    case["action"] = {"attack": {"name": "Field Crush"}}
    result = checker.check(case)
    assert result.legal
    assert result.damage == {"opp.active": [20]}
    assert result.moved.get("opp.stadium>opp.discard") == [1]
    assert result.prizes_taken.get("opp.active", [0]) == [0]
