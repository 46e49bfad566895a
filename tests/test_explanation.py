"""`ptcg-asp explain`: the tree of principles behind a verdict, contrastive `--why-not`, the scenario's language.

Each expectation is the rules' (seed 000 and the catalogue's own examples), never the program's output.
"""
from __future__ import annotations

import json
import os
import re

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from ptcg_asp.cli.commands import main
from ptcg_asp.cards.library import load_library
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario, load_scenario_text
from ptcg_asp.solve.session import Session
from ptcg_asp.tell.explanation import UNIT_REASONS, explain, text_lines

from .conftest import ROOT, SCENARIOS as SC


@pytest.fixture(scope="module")
def lib(library):
    return library


@pytest.fixture(scope="module")
def session():
    return Session()


def _explain(lib, session, name, why_not=None):
    return explain(load_scenario(os.path.join(SC, name), lib), session, why_not=why_not)


def _shape(nodes):
    return [(n.principle, n.at[0], n.at[1], n.term, _shape(n.children)) for n in nodes]


def test_nest_ball_with_a_full_bench_a6_wraps_the_a4_that_blocks_the_search(lib, session):
    # Seed 000 conclusion 1 (third point), the Nest Ball example: the Bench is full, so the opponent can tell the
    # search cannot put a card there (A4); the search is the mandatory part, so the card cannot be played (A6).
    e = _explain(lib, session, "nest-ball-full-bench.yaml")
    assert e.verdict == "illegal"
    assert _shape(e.nodes) == [("A6", "step", 1, "mandatory", [("A4", "step", 1, "bench_full", [])])]
    assert e.nodes[0].children[0].fact.startswith("your Bench has 5 Pokémon")


def test_a_legal_whiff_is_explained_by_the_whiff_and_shuffle_principles(lib, session):
    # Seed 000 conclusion 2: the deck is unknown, so Nest Ball may find nothing (W1) and the deck is still shuffled (A8).
    e = _explain(lib, session, "nest-ball-deck-without-basics.yaml")
    assert e.verdict == "legal" and e.resolutions == 1
    assert {"W1", "A8", "K1"} <= {n.principle for n in e.nodes}
    assert all(n.at == ("resolutions", 0, "") for n in e.nodes)


def test_why_not_take_nothing_with_energy_retrieval_is_q4(lib, session):
    # Seed 000 conclusion 3: "up to 2" from the discard pile, whose count is known, takes at least 1 (Q4).
    e = _explain(lib, session, "energy-retrieval-two-same-basic-energy.yaml", why_not=["nothing"])
    c = e.contrast
    assert not c["legal"] and not c["impossible"]
    assert _shape(c["nodes"]) == [("Q4", "step", 1, "none_of_known", [])]


def test_why_not_a_cost_paid_with_one_card_is_a1(lib, session):
    # A1: a cost is paid exactly as printed: Ultra Ball's "discard 2 cards" is never paid with 1.
    e = _explain(lib, session, "ultra-ball-two-other-cards.yaml",
                 why_not=["step 1 (cost, move, hand -> discard): 1 x Basic Fire Energy",
                          "step 2 (search, deck -> hand): 1 x Charizard ex (OBF 125)"])
    assert _shape(e.contrast["nodes"]) == [("A1", "step", 1, "cost_not_exact", [])]


def test_why_not_a_resolution_that_is_legal_says_so(lib, session):
    # Seed 000 conclusion 2: with an unknown deck, Nest Ball finding nothing is one of the legal resolutions.
    e = _explain(lib, session, "nest-ball-open-bench.yaml", why_not=["nothing"])
    assert e.contrast["legal"] is True
    assert "it is one of the legal resolutions" in "\n".join(text_lines(e))


def test_why_not_names_the_choices_on_offer_when_a_line_is_unknown(lib, session):
    with pytest.raises(InputError) as err:
        _explain(lib, session, "energy-retrieval-two-same-basic-energy.yaml", why_not=["step 1: 3 x Pikachu"])
    msg = err.value.render()
    assert "--why-not" in msg and "offered here: step 1 (move, discard -> hand): 1 x Basic Fire Energy" in msg


def test_the_unit_reasons_are_those_the_encodings_give_a_unit_locus():
    # A violation whose place is an effect unit, not a step: every rule `violation(ID,U,term...)` with U a unit.
    terms = set()
    for name in os.listdir(os.path.join(ROOT, "encodings")):
        if name.endswith(".lp"):
            with open(os.path.join(ROOT, "encodings", name), encoding="utf-8") as fh:
                terms |= set(re.findall(r'violation\("[A-Z0-9]+",U,([a-z_]+)', fh.read()))
    assert terms == set(UNIT_REASONS)


def test_explain_json_is_the_explanation_schema(tmp_path, capsys):
    schemas = {}
    for name in ("result", "explanation"):
        with open(os.path.join(ROOT, "schemas", f"{name}.schema.json"), encoding="utf-8") as fh:
            schemas[name] = json.load(fh)
    registry = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in schemas.values()])
    for name in ("nest-ball-full-bench.yaml", "nest-ball-deck-without-basics.yaml"):
        assert main(["explain", os.path.join(SC, name), "--json", "--why-not", "nothing"]) == 0
        doc = json.loads(capsys.readouterr().out)
        errors = list(Draft202012Validator(schemas["explanation"], registry=registry).iter_errors(doc))
        assert not errors, errors[0].message
        assert doc["results"][0]["explanation"][0]["statement"]


def test_a_scenario_with_traditional_names_explains_in_traditional_chinese(capsys):
    # The scenario names Bede and Toxel by their Traditional Chinese names only (彼特, 毒電嬰): no `lang:` needed.
    path = os.path.join(SC, "bede-named-in-chinese-with-only-a-special-energy-cannot-be-played.yaml")
    assert load_scenario(path, load_library()).lang == "zh-Hant"
    assert main(["explain", path, "--brief"]) == 0
    out = capsys.readouterr().out
    assert "原因" in out and "不能發動" in out


_BASE = """id: x
title: t
source: s
{lang}state:
  me: {{active: Pikachu, hand: [{card}], deck: 10, prizes: 6}}
  opp: {{active: Pikachu, hand: 5, deck: 10, prizes: 6}}
action: {{play: {card}}}
"""


def test_lang_is_read_checked_and_inferred(lib):
    assert load_scenario_text(_BASE.format(lang="", card="Nest Ball"), "x.yaml", lib).lang == ""
    assert load_scenario_text(_BASE.format(lang="lang: zh-Hant\n", card="Nest Ball"), "x.yaml", lib).lang == "zh-Hant"
    with pytest.raises(InputError) as err:
        load_scenario_text(_BASE.format(lang="lang: chinese\n", card="Nest Ball"), "x.yaml", lib)
    assert "lang" in err.value.render() and "zh-Hans" in err.value.render()


def test_explain_refuses_an_actions_listing_with_the_command_to_use(lib, session):
    path = os.path.join(SC, "actions-full-bench.yaml")
    with pytest.raises(InputError) as err:
        explain(load_scenario(path, lib), session)
    assert "check --why-not" in err.value.render()


def test_explain_in_simplified_chinese_words_the_step_too(capsys):
    assert main(["explain", os.path.join(SC, "nest-ball-full-bench.yaml"), "--brief", "--lang", "zh-Hans"]) == 0
    out = capsys.readouterr().out
    assert "- A6（第1步（检索，牌库→备战区））：" in out and "search" not in out
