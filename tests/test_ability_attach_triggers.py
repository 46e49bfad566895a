"""Abilities triggered by attaching an Energy card from the hand (issue 14, X4): "Whenever you attach an Energy card
from your hand to this Pokémon / 1 of your [F] Pokémon, BODY", optionally led by "As long as this Pokémon is in the
Active Spot,". BODY is read by the grammar of the Stadium attach trigger (Old Cemetery), "that Pokémon" / "it" the
Pokémon attached to; the Ability's own Pokémon must be in play (in the Active Spot with the lead) and still have its
Abilities (X1: Path to the Peak). Expectations are worked out by hand in each test's comment."""
import pytest

import ptcg_asp
from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.read.errors import InputError

CURE_SELF = "Whenever you attach an Energy card from your hand to this Pokémon, it recovers from all Special Conditions."
CURE_SELF_2 = ("Whenever you attach an Energy card from your hand to this Pokémon, remove all Special Conditions "
               "from it.")
HEAL_ANY = ("As long as this Pokémon is in the Active Spot, whenever you attach an Energy card from your hand to 1 of "
            "your Pokémon, heal 90 damage from that Pokémon.")


# ---- the grammar -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [CURE_SELF, CURE_SELF_2])
def test_the_real_cure_sentences(text):
    t = translate_ability(text)
    assert t.unsupported == ()
    assert t.fields == {"kind": "triggered", "trigger": "attach_from_hand",
                        "effect": {"do": [{"cure": {"target": {"ref": "self"}}}]}}


def test_the_real_heal_sentence_under_the_active_lead():
    t = translate_ability(HEAL_ANY)
    assert t.unsupported == ()
    assert t.fields == {"kind": "triggered", "trigger": "attach_from_hand", "trigger_any": True, "while": "active",
                        "effect": {"do": [{"heal": {"amount": 90, "target": {"ref": "self"}}}]}}


@pytest.mark.parametrize("text,fields", [
    # invented: another filter on the Pokémon attached to
    ("As long as this Pokémon is in the Active Spot, whenever you attach an Energy card from your hand to 1 of your "
     "{W} Pokémon, heal 20 damage from that Pokémon.",
     {"kind": "triggered", "trigger": "attach_from_hand", "trigger_any": True, "trigger_to": {"type": "water"},
      "while": "active", "effect": {"do": [{"heal": {"amount": 20, "target": {"ref": "self"}}}]}}),
    # invented: no lead (anywhere in play), another body (Old Cemetery's)
    ("Whenever you attach an Energy card from your hand to 1 of your Pokémon, put 2 damage counters on that Pokémon.",
     {"kind": "triggered", "trigger": "attach_from_hand", "trigger_any": True,
      "effect": {"do": [{"damage_counters": {"count": 2, "target": {"ref": "self"}}}]}}),
    # invented: a heal on this Pokémon when attached to
    ("Whenever you attach an Energy card from your hand to this Pokémon, heal 30 damage from it.",
     {"kind": "triggered", "trigger": "attach_from_hand",
      "effect": {"do": [{"heal": {"amount": 30, "target": {"ref": "self"}}}]}}),
    # invented: the lead on "this Pokémon"
    ("As long as this Pokémon is in the Active Spot, whenever you attach an Energy card from your hand to this "
     "Pokémon, it recovers from all Special Conditions.",
     {"kind": "triggered", "trigger": "attach_from_hand", "while": "active",
      "effect": {"do": [{"cure": {"target": {"ref": "self"}}}]}}),
])
def test_invented_variants(text, fields):
    t = translate_ability(text)
    assert t.unsupported == ()
    assert t.fields == fields


@pytest.mark.parametrize("text", [
    # a player named in the body (whose choice / draw: the Stadium grammar does not read it)
    "Whenever you attach an Energy card from your hand to this Pokémon during your turn, you may make your opponent's "
    "Active Pokémon Confused.",
    "Whenever you attach an Energy card from your hand to this Pokémon, your opponent draws a card.",
    # "this Pokémon" in the body when another Pokémon is attached to: which one is meant is not the trigger's
    "Whenever you attach an Energy card from your hand to 1 of your Pokémon, heal 20 damage from this Pokémon.",
    # another lead
    "As long as this Pokémon is on your Bench, whenever you attach an Energy card from your hand to 1 of your "
    "Pokémon, heal 20 damage from that Pokémon.",
    "During your turn, if this Pokémon is on your Bench, whenever you attach an Energy card from your hand to this "
    "Pokémon, you may switch it with your Active Pokémon.",
    # the opponent's Pokémon, or an Energy from elsewhere
    "Whenever you attach an Energy card from your hand to 1 of your opponent's Pokémon, heal 20 damage from that "
    "Pokémon.",
    "Whenever you attach an Energy card from your discard pile to this Pokémon, it recovers from all Special "
    "Conditions.",
    # a second sentence
    "Whenever you attach an Energy card from your hand to this Pokémon, it recovers from all Special Conditions. "
    "Draw a card.",
])
def test_near_variants_are_refused(text):
    t = translate_ability(text)
    assert t.fields == {} and t.unsupported


# ---- the rules (X4, X1) --------------------------------------------------------------------------------------------

def _mon(name, text, hp=120, types=("colorless",)):
    t = translate_ability(text)
    assert t.unsupported == ()
    return {"name": name, "kind": "pokemon", "stage": "basic", "hp": hp, "types": list(types), "weakness": None,
            "resistance": None, "retreat": 1, "tags": ["ex"],
            "abilities": [{"name": "Test Trigger", "text": text, **t.fields}],
            "source": "invented for this test"}


PLAIN = {"name": "Test Plain", "kind": "pokemon", "stage": "basic", "hp": 200, "types": ["colorless"],
         "weakness": None, "resistance": None, "retreat": 1, "source": "invented for this test"}
CURER = _mon("Test Curer", CURE_SELF)
HEALER = _mon("Test Healer", HEAL_ANY)


@pytest.fixture(scope="module")
def checker():
    return ptcg_asp.Checker(timeout=60.0)


def _case(active, bench, to, stadium=None) -> dict:
    state = {"turn": 5,
             "me": {"active": active, "bench": list(bench), "hand": ["Basic Fire Energy"], "deck": 20, "prizes": 6},
             "opp": {"active": "Test Plain", "deck": 20, "prizes": 6}}
    if stadium:
        state["stadium"] = {"card": stadium, "owner": "opp"}
    return {"id": "ability-attach-trigger", "title": "generated", "source": "X4", "cards": [PLAIN, CURER, HEALER],
            "state": state, "action": {"attach": {"card": "Basic Fire Energy", "to": to}}}


def _outcomes(checker, case) -> list:
    result = checker.check(case)
    assert result.legal is True, result
    return [o for r in result.resolutions for o in r.outcomes]


def _terms(checker, case) -> set:
    """The (principle, term) pairs of the legal verdict's explanation."""
    result = checker.check(case)
    assert result.legal is True, result
    return {(b.principle, b.term) for b in result.because}


def test_attaching_to_a_confused_pokemon_with_the_ability_cures_it(checker):
    # Test Curer is Active and Confused; a Fire Energy attached from the hand to it (TU1: the turn's one attachment)
    # triggers "it recovers from all Special Conditions" (X4): afterwards it has no Special Condition.
    case = _case({"card": "Test Curer", "conditions": ["confused"]}, [], "active")
    assert ("SC1", "cured") in _terms(checker, case)


def test_attaching_to_another_pokemon_does_not_cure(checker):
    # "to this Pokémon": a Fire Energy attached to the Benched Test Plain does not trigger Test Curer's Ability; the
    # Active Test Curer stays Confused.
    case = _case({"card": "Test Curer", "conditions": ["confused"]}, ["Test Plain"], "bench.0")
    assert ("SC1", "cured") not in _terms(checker, case)


def test_path_to_the_peak_takes_the_cure_away(checker):
    # Path to the Peak: "Pokémon with a Rule Box in play ... have no Abilities" (X1); Test Curer is a Pokémon ex: the
    # Energy is attached, the Ability does not trigger, it stays Confused.
    case = _case({"card": "Test Curer", "conditions": ["confused"]}, [], "active", stadium="Path to the Peak")
    terms = _terms(checker, case)
    assert ("SC1", "cured") not in terms and ("X4", "attach_trigger_silenced") in terms


def test_the_active_healer_heals_the_benched_pokemon_attached_to(checker):
    # Test Healer Active; Test Plain on the Bench with 50 damage. "whenever you attach an Energy card from your hand
    # to 1 of your Pokémon, heal 90 damage from that Pokémon": 90 healed from 50 damage -> 0 (healing beyond the
    # damage heals the damage there is).
    case = _case("Test Healer", [{"card": "Test Plain", "damage": 50}], "bench.0")
    outs = _outcomes(checker, case)
    assert outs and all(dict(o.healed).get("bench.0") == 50 for o in outs)


def test_the_benched_healer_does_not_heal_under_the_active_lead(checker):
    # Test Healer on the Bench, Test Plain Active with 50 damage: "As long as this Pokémon is in the Active Spot" does
    # not hold, so attaching to Test Plain heals nothing.
    case = _case({"card": "Test Plain", "damage": 50}, ["Test Healer"], "active")
    outs = _outcomes(checker, case)
    assert outs and all(o.healed == () for o in outs)
    assert ("X4", "attach_trigger_not_active") in _terms(checker, case)


def test_path_to_the_peak_takes_the_heal_away(checker):
    # Test Healer (a Pokémon ex) Active under Path to the Peak: no Abilities (X1), nothing is healed.
    case = _case("Test Healer", [{"card": "Test Plain", "damage": 50}], "bench.0", stadium="Path to the Peak")
    outs = _outcomes(checker, case)
    assert outs and all(o.healed == () for o in outs)


def test_the_healer_heals_only_a_pokemon_that_fits_its_filter(checker):
    # invented "to 1 of your {W} Pokémon": Test Plain is Colorless, so attaching to it heals nothing; the same with the
    # Energy attached to a Water Pokémon with 50 damage heals 20 of it.
    text = ("As long as this Pokémon is in the Active Spot, whenever you attach an Energy card from your hand to 1 of "
            "your {W} Pokémon, heal 20 damage from that Pokémon.")
    healer = _mon("Test Water Healer", text)
    wet = dict(PLAIN, name="Test Wet", types=["water"])
    for bench, healed in (("Test Plain", ()), ("Test Wet", (("bench.0", 20),))):
        case = _case("Test Water Healer", [{"card": bench, "damage": 50}], "bench.0")
        case["cards"] = [PLAIN, healer, wet]
        outs = _outcomes(checker, case)
        assert outs and all(o.healed == healed for o in outs), bench


# ---- no verdict where the order or the trigger would be a guess (X4) -------------------------------------------------

ATTACHER = {"name": "Test Attacher", "kind": "item",
            "effect": {"do": [{"attach": {"from": "hand", "filter": {"kind": "basic_energy"}, "count": 1,
                                          "target": {"side": "me"}}}]},
            "source": "invented for this test"}


def test_an_item_attaching_from_the_hand_with_the_healer_active_gets_no_verdict(checker):
    # "whenever you attach an Energy card from your hand": an Item's attach from the hand triggers it too, which only
    # the attach action carries out (as for a Stadium's attach trigger): the action is not judged.
    case = _case("Test Healer", [{"card": "Test Plain", "damage": 50}], "bench.0")
    case["cards"] = [PLAIN, CURER, HEALER, ATTACHER]
    case["state"]["me"]["hand"] = ["Test Attacher", "Basic Fire Energy"]
    case["action"] = {"play": "Test Attacher"}
    with pytest.raises(InputError, match="Ability triggered by attaching"):
        checker.check(case)


def test_two_attach_triggers_on_one_attachment_get_no_verdict(checker):
    # Test Healer Active and the damaged Benched Test Curer attached to: both Abilities
    # trigger, in an order the player chooses: not judged.
    case = _case("Test Healer", [{"card": "Test Curer", "damage": 50}], "bench.0")
    with pytest.raises(InputError, match="two Abilities triggered by attaching"):
        checker.check(case)
    # the control: attached to Test Plain, only the healer triggers
    case = _case("Test Healer", [{"card": "Test Plain", "damage": 50}, "Test Curer"], "bench.0")
    assert checker.check(case).legal is True
