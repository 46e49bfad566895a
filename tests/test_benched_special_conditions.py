"""Only the Active Pokémon has Special Conditions (docs/principles.md SC4, seed 003: moving to the Bench removes them):
a state with a Special Condition on a Benched Pokémon is an input error naming the file, the line and the field, in a
scenario, in a JSON case and against schemas/case.schema.json; before, it was accepted and the Pokémon Checkup damaged
(and could Knock Out) the Benched Pokémon."""
from __future__ import annotations

import contextlib
import io
import json

import pytest

from ptcg_asp.cli.commands import main
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_case_text, load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

from .test_interchange import validator

BASE = """\
id: t
title: t
source: t
state:
  turn: 5
  me:
    active: {me_active}
    bench: [Pikachu, {me_bench}]
    hand: 2
    deck: 30
    prizes: 6
  opp:
    active: Pikachu
    bench: [{opp_bench}]
    hand: 6
    deck: 30
    prizes: 6
action:
  checkup: {{}}
"""
CONDITIONS = ["asleep", "paralyzed", "confused", "poisoned", "burned"]


def _text(me_active="Pikachu", me_bench="Charmander", opp_bench="Charmander"):
    return BASE.format(me_active=me_active, me_bench=me_bench, opp_bench=opp_bench)


@pytest.mark.parametrize("condition", CONDITIONS)
def test_a_special_condition_on_my_benched_pokemon_is_an_input_error(library, condition):
    text = _text(me_bench=f"{{card: Charmander, damage: 60, conditions: [{condition}]}}")
    with pytest.raises(InputError) as err:
        load_scenario_text(text, "s.yaml", library)
    e = err.value
    assert (e.path, e.line, e.field, e.got) == ("s.yaml", 8, "state.me.bench.1.conditions", condition)
    assert "Active Pokémon" in e.expected and "SC4" in e.expected
    assert str(e).startswith("s.yaml:8: state.me.bench.1.conditions: expected no Special Condition")


def test_on_the_opponents_bench_and_on_copies_too(library):
    text = _text(opp_bench="{card: Charmander, conditions: [poisoned, asleep], count: 2}")
    with pytest.raises(InputError) as err:
        load_scenario_text(text, "s.yaml", library)
    assert (err.value.line, err.value.field, err.value.got) == (14, "state.opp.bench.0.conditions", "poisoned, asleep")


def test_an_empty_list_on_the_bench_and_conditions_on_the_active_pokemon_are_accepted(library):
    text = _text(me_active="{card: Pikachu, conditions: [poisoned, confused]}",
                 me_bench="{card: Charmander, conditions: []}")
    scn = load_scenario_text(text, "s.yaml", library)
    assert scn.state.me.active.conditions == ("poisoned", "confused") and scn.state.me.bench[1].conditions == ()
    # SC3: the Checkup puts 1 damage counter on the Poisoned Active Pokémon (standard ruleset) and none on the Bench.
    verdict = Session().analyse(compile_scenario(scn))
    assert verdict.damage.get("active") == [10] and not verdict.damage.get("bench.1")


def test_check_exits_2_naming_the_file_and_line(tmp_path):
    path = tmp_path / "benched-poisoned.yaml"
    path.write_text(_text(me_bench="{card: Charmander, damage: 60, conditions: [poisoned]}"), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["check", str(path)])
    assert status == 2
    assert f"{path}:8: state.me.bench.1.conditions: expected no Special Condition" in err.getvalue() + out.getvalue()


def test_a_json_case_gets_the_same_error_and_the_schema_refuses_it(library):
    case = {"format_version": 1, "id": "t", "title": "t", "source": "t",
            "state": {"me": {"active": "Pikachu", "bench": [{"card": "Charmander", "conditions": ["burned"]}],
                             "deck": 30, "prizes": 6},
                      "opp": {"active": "Pikachu", "deck": 30, "prizes": 6}},
            "action": {"checkup": {}}}
    text = json.dumps(case, indent=1)
    with pytest.raises(InputError) as err:
        load_case_text(text, "c.json", library)
    assert err.value.field == "state.me.bench.0.conditions" and err.value.line is not None
    assert list(validator("case").iter_errors(case))
    case["state"]["me"]["bench"][0]["conditions"] = []
    assert not list(validator("case").iter_errors(case))
