"""PASSIVE entries (docs/vocabulary.md): the shorthands are the general form, bad entries are refused with the
field named, and the library's passive cards compile to the facts passive.lp reads."""
import pytest
from clingo import Function, Number, String

from ptcg_asp.read.errors import InputError
from ptcg_asp.solve.passives import passive_facts
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.yamlsrc import parse


def _passive(text: str):
    return Reader("<test>").passive(parse(text, "<test>"), "passive.0")


@pytest.mark.parametrize("short, general", [
    ("damage_bonus: {amount: 30, against: {tag: v}}", "damage_change: {amount: 30, step: attacker, other: {tag: v}}"),
    ("damage_reduction: {amount: 30, holder: {tag: galarian}}",
     "damage_change: {amount: -30, step: defender, holder: {tag: galarian}}"),
    ("prevent_damage: {while: bench}", "damage_change: {amount: prevent, step: defender, from: any, while: bench}"),
    ("damage_bonus: {amount: 60, if: {knocked_out_last_turn: {filter: {type: grass}}}}",
     "damage_change: {amount: 60, step: attacker, if: {knocked_out_last_turn: {filter: {type: grass}}}}"),
])
def test_shorthands_are_the_general_form(short, general):
    assert _passive(short) == _passive(general)


@pytest.mark.parametrize("text, field", [
    ("{damage_change: {amount: -30, step: defender}, hp_change: {amount: 10}}", "passive.0"),
    ("damage_change: {amount: prevent, step: attacker}", "passive.0.damage_change.step"),
    ("damage_change: {amount: -25, step: defender}", "passive.0.damage_change.amount"),
    ("damage_change: {amount: -30, step: defender, holder_hp_left_max: 30}",
     "passive.0.damage_change.holder_hp_left_max"),
    ("damage_change: {amount: -30, step: sideways}", "passive.0.damage_change.step"),
    ("cost_change: {amount: 1, type: any}", "passive.0.cost_change.type"),
    ("damage_change: {amount: 30, step: attacker, from: any}", "passive.0.damage_change.from"),
    ("damage_change: {amount: 30, step: attacker, discard: true}", "passive.0.damage_change.discard"),
    ("prevent_counters: {from: [trainer]}", "passive.0.prevent_counters.from.0"),
    ("checkup_change: {condition: asleep, counters: 2}", "passive.0.checkup_change.condition"),
    ("retreat_change: {amount: -1, scope: everywhere}", "passive.0.retreat_change.scope"),
    ("hp_change: {amount: 100, scope: active}", "passive.0.hp_change.scope"),
    ("provides_if: {holder: {stage: basic}, provides: [[psychic]]}", "passive.0.provides_if.provides.0"),
    ("when_damaged: {draw: 2, counters_on_attacker: 2}", "passive.0.when_damaged"),
    ("when_damaged: {attacker_condition: sleepy}", "passive.0.when_damaged.attacker_condition"),
])
def test_bad_entries_name_the_field(text, field):
    with pytest.raises(InputError) as err:
        _passive(text)
    assert err.value.field == field


def _ident(origin, card, j=0):
    return Function("pas", [Function(origin), String(card), Number(j)])


def test_library_passive_cards_compile_to_their_facts(library):
    facts = {str(f) for f in passive_facts(library, {"Hero's Cape", "Full Metal Lab", "Rescue Board", "Babiri Berry",
                                                       "Prism Energy", "Legacy Energy", "Spiky Energy"})}
    cape, lab = _ident("tool", "Hero's Cape"), _ident("stadium", "Full Metal Lab")
    assert f"hp_change({cape},100)" in facts
    assert f"pas({cape},\"Hero's Cape\",tool)" in facts and f"pas_scope({cape},holder)" in facts
    assert f"dchange({lab},defender,-30)" in facts and f"pas_scope({lab},in_play)" in facts
    assert f"pflt(holder({lab}),0,type,metal)" in facts
    assert f"retreat_none({_ident('tool', 'Rescue Board', 1)})" in facts
    assert f"pas_hp_left_max({_ident('tool', 'Rescue Board', 1)},30)" in facts
    assert f"pas_discard({_ident('tool', 'Babiri Berry')})" in facts
    assert f"provides_if({_ident('energy', 'Prism Energy')},1,any)" in facts
    assert f"prize_once({_ident('energy', 'Legacy Energy')})" in facts
    assert f"react({_ident('energy', 'Spiky Energy')},counters,20)" in facts
