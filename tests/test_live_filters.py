"""Filters on Pokémon in play read them as they are, not as printed (docs/precision-audit.md findings 2 and 3;
`live_attr`, encodings/structure.lp): a Pokémon's types are its current ones (DMG2: a Tool's, a Poké-Body's, an
effect's type change, as Weakness and Resistance use them), and it "has an Ability" only while nothing takes its
Abilities away (X1: Path to the Peak, "Pokémon with a Rule Box in play ... have no Abilities"). Each case has its
control without the change. Expectations are worked out from the card texts and DMG1-DMG4 in each test's comment."""
import pytest

import ptcg_asp

HITTER = {"name": "Test Hitter", "kind": "pokemon", "stage": "basic", "hp": 200, "types": ["colorless"],
          "weakness": None, "resistance": None, "retreat": 1,
          "attacks": [{"name": "Hit", "cost": [], "damage": 100, "damage_mod": None, "text": ""}],
          "source": "invented for this test"}
# A Rule Box Pokémon (ex) with a printed Ability: Path to the Peak takes it away.
ABLE_EX = {"name": "Test Able ex", "kind": "pokemon", "stage": "basic", "tags": ["ex"], "hp": 200,
           "types": ["colorless"], "weakness": None, "resistance": None, "retreat": 1,
           "abilities": [{"name": "Test Draw", "kind": "activated",
                          "text": "Once during your turn, you may draw a card.", "effect": [{"draw": 1}]}],
           "attacks": [{"name": "Able Hit", "cost": [], "damage": 100, "damage_mod": None, "text": ""}],
           "source": "invented for this test"}
# The same without a Rule Box: Path to the Peak leaves its Ability.
ABLE = dict(ABLE_EX, name="Test Able", tags=[])
WALL = {"name": "Test Wall", "kind": "pokemon", "stage": "basic", "hp": 300, "types": ["water"], "weakness": None,
        "resistance": None, "retreat": 1, "source": "invented for this test"}
# A printed Grass Pokémon, to be made Fire by an effect.
LEAF = dict(WALL, name="Test Leaf", types=["grass"])
# "This attack does 30 damage for each of your opponent's Pokémon in play that has an Ability" / "... Grass Pokémon".
COUNTER = dict(HITTER, name="Test Counter", attacks=[
    {"name": "Count Abilities", "cost": [], "damage": 30, "damage_mod": "x", "text": "",
     "damage_times": {"per_in_play": {"side": "opp", "where": "any", "filter": {"has": "ability"}}}},
    {"name": "Count Grass", "cost": [], "damage": 30, "damage_mod": "x", "text": "",
     "damage_times": {"per_in_play": {"side": "opp", "where": "any", "filter": {"type": "grass"}}}}])


@pytest.fixture(scope="module")
def checker():
    return ptcg_asp.Checker(timeout=60.0)


def _case(me_active, opp_active, attack: str, cards: list, stadium=None, opp_bench=()) -> dict:
    state = {"turn": 5,
             "me": {"active": me_active, "deck": 20, "prizes": 6},
             "opp": {"active": opp_active, "bench": list(opp_bench), "deck": 20, "prizes": 6}}
    if stadium:
        state["stadium"] = {"card": stadium, "owner": "opp"}
    return {"id": "live-filters", "title": "generated", "source": "docs/precision-audit.md", "cards": cards,
            "state": state, "action": {"attack": {"name": attack}}}


def _damage(checker, case) -> list:
    result = checker.check(case)
    assert result.legal, result
    return result.damage["opp.active"]


# ---- types: Weeding Gloves, "30 more damage to your opponent's Active Grass Pokémon (before W/R)" -------------------

def test_gloves_add_30_against_a_pokemon_made_grass_by_its_ability(checker):
    # Scovillain ex is printed {R}; Double Type: "As long as this Pokémon is in play, it is {G} and {R} type".
    # DMG1 step 2: 100 + 30; Test Hitter is Colorless, no Weakness (DMG2).
    case = _case({"card": "Test Hitter", "tool": "Weeding Gloves"}, "Scovillain ex (SSP 216)", "Hit", [HITTER])
    assert _damage(checker, case) == [130]


def test_gloves_add_30_against_a_pokemon_made_grass_by_an_effect(checker):
    # A Water Pokémon whose state records a type change to Grass (an effect on it, seed 001 状态) is a Grass Pokémon.
    case = _case({"card": "Test Hitter", "tool": "Weeding Gloves"}, {"card": "Test Wall", "type_change": ["grass"]},
                 "Hit", [HITTER, WALL])
    assert _damage(checker, case) == [130]


def test_gloves_add_nothing_against_a_grass_pokemon_made_fire(checker):
    # Printed Grass, now Fire only: no longer a Grass Pokémon, the Gloves add nothing: 100.
    case = _case({"card": "Test Hitter", "tool": "Weeding Gloves"}, {"card": "Test Leaf", "type_change": ["fire"]},
                 "Hit", [HITTER, LEAF])
    assert _damage(checker, case) == [100]


def test_controls_without_a_type_change(checker):
    # Printed Grass: +30; printed Water: nothing.
    assert _damage(checker, _case({"card": "Test Hitter", "tool": "Weeding Gloves"}, "Test Leaf", "Hit",
                                  [HITTER, LEAF])) == [130]
    assert _damage(checker, _case({"card": "Test Hitter", "tool": "Weeding Gloves"}, "Test Wall", "Hit",
                                  [HITTER, WALL])) == [100]


def test_a_count_of_grass_pokemon_counts_one_made_grass(checker):
    # "for each of your opponent's Grass Pokémon in play": the Active Scovillain ex (Grass by Double Type) and the
    # Benched Test Leaf (printed Grass): 2 x 30 = 60; Test Counter is Colorless, Scovillain ex's Weakness is Water.
    case = _case("Test Counter", "Scovillain ex (SSP 216)", "Count Grass", [COUNTER, LEAF], opp_bench=["Test Leaf"])
    assert _damage(checker, case) == [60]


# ---- Abilities: Path to the Peak, "Pokémon with a Rule Box in play ... have no Abilities" ---------------------------

def test_sacred_charm_does_not_reduce_a_rule_box_attacker_under_path_to_the_peak(checker):
    # Sacred Charm: "30 less damage from attacks from your opponent's Pokémon that have an Ability (after W/R)".
    case = _case("Test Able ex", {"card": "Test Wall", "tool": "Sacred Charm"}, "Able Hit", [ABLE_EX, WALL],
                 stadium="Path to the Peak")
    assert _damage(checker, case) == [100]


def test_sacred_charm_controls(checker):
    # Without the Stadium the Ability is there: 100 - 30 = 70; with it, a Pokémon without a Rule Box keeps its
    # Ability: 70.
    assert _damage(checker, _case("Test Able ex", {"card": "Test Wall", "tool": "Sacred Charm"}, "Able Hit",
                                  [ABLE_EX, WALL])) == [70]
    assert _damage(checker, _case("Test Able", {"card": "Test Wall", "tool": "Sacred Charm"}, "Able Hit",
                                  [ABLE, WALL], stadium="Path to the Peak")) == [70]


def test_snow_mirage_prevents_only_an_attacker_that_has_an_ability(checker):
    # Snow Mirage: "prevent all damage done to this Pokémon by attacks from Pokémon that have an Ability" (DMG4).
    vulpix = {"card": "Alolan Vulpix VSTAR (SIT 197)", "effects": ["Snow Mirage"]}
    assert _damage(checker, _case("Test Able ex", vulpix, "Able Hit", [ABLE_EX], stadium="Path to the Peak")) == [100]
    assert _damage(checker, _case("Test Able ex", vulpix, "Able Hit", [ABLE_EX])) == [0]


def test_a_count_of_pokemon_with_an_ability_leaves_out_those_path_to_the_peak_silences(checker):
    # "for each of your opponent's Pokémon in play that has an Ability": Test Able ex (Rule Box, silenced) and Test
    # Able (kept): 1 x 30 under Path to the Peak, 2 x 30 without it. Test Wall (Active) has no Ability.
    cards = [COUNTER, ABLE_EX, ABLE, WALL]
    bench = ["Test Able ex", "Test Able"]
    assert _damage(checker, _case("Test Counter", "Test Wall", "Count Abilities", cards, stadium="Path to the Peak",
                                  opp_bench=bench)) == [30]
    assert _damage(checker, _case("Test Counter", "Test Wall", "Count Abilities", cards, opp_bench=bench)) == [60]


# ---- a target filter: "30 damage to each of your opponent's Benched Grass Pokémon" ---------------------------------
# An invented Water Pokémon whose passive Ability makes it Grass and Water, as Double Type does (`is_types`).
CHAMELEON = dict(WALL, name="Test Chameleon", abilities=[
    {"name": "Test Double Type", "kind": "passive",
     "text": "As long as this Pokémon is in play, it is {G} and {W} type.",
     "passive": [{"is_types": ["grass", "water"]}]}])
SPRAYER = dict(HITTER, name="Test Sprayer", attacks=[
    {"name": "Spray", "cost": [], "damage": 0, "damage_mod": None, "text": "",
     "effect": [{"damage": {"amount": 30, "target": {"side": "opp", "where": "bench", "each": True,
                                                      "filter": {"type": "grass"}}}}]}])


def test_a_target_filter_hits_the_benched_pokemon_that_are_grass_now(checker):
    # Bench: Test Chameleon (Grass by its Ability: hit), Test Wall (Water: not), Test Leaf made Fire by an effect (not
    # Grass now: not), Test Leaf (printed Grass: hit). No Weakness or Resistance on the Bench (DMG2): 30 each.
    bench = ["Test Chameleon", "Test Wall", {"card": "Test Leaf", "type_change": ["fire"]}, "Test Leaf"]
    result = checker.check(_case("Test Sprayer", "Test Wall", "Spray", [SPRAYER, WALL, LEAF, CHAMELEON],
                                 opp_bench=bench))
    assert result.legal
    assert result.damage == {"opp.bench.0": [30], "opp.bench.3": [30]}
