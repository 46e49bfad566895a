"""Readings of the contested rules (docs/readings.md): each a layer of the encodings, chosen by
`reading:` or `--reading`, and shown side by side with `check --readings`."""
from __future__ import annotations

import json
import os
import re

import pytest

from ptcg_asp.cli.commands import main
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario, load_scenario_text
from ptcg_asp.read.model import DEFAULT_READING, READINGS
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.readings import reading_list, with_reading
from ptcg_asp.solve.session import Session
from ptcg_asp.solve.verdict import analyse
from ptcg_asp.tell.audit import check_batch
from ptcg_asp.tell.check import run_scenario
from ptcg_asp.tell.interchange import case_dict

from .conftest import ROOT, SCENARIOS

ENCODINGS = os.path.join(ROOT, "encodings")
KUKUI = os.path.join(SCENARIOS, "readings-professor-kukui-empty-deck.yaml")
RESEARCH = os.path.join(SCENARIOS, "english-rulebook-professors-research-discard-is-a-cost.yaml")
RETREAT_DCE = os.path.join(SCENARIOS, "official-rulings-retreat-cost-2-with-two-double-colorless-energy.yaml")
READING_SCENARIOS = [KUKUI, RESEARCH, RETREAT_DCE] + [os.path.join(SCENARIOS, f) for f in (
    "english-rulebook-cheren-empty-deck.yaml", "english-rulebook-professor-kukui-with-a-deck.yaml",
    "official-rulings-smashing-headbutt-discards-two-double-colorless-energy.yaml")]


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read()


# ---- the layers ----------------------------------------------------------------------------------

def test_every_reading_but_the_default_has_its_layer_and_the_layer_is_part_of_the_program():
    index = _read(os.path.join(ENCODINGS, "readings.lp"))
    for name in READINGS:
        if name == DEFAULT_READING:
            continue
        layer = os.path.join(ENCODINGS, "readings", f"{name}.lp")
        assert os.path.isfile(layer), name
        assert f'#include "readings/{name}.lp".' in index
        assert "Source:" in _read(layer)
    assert '#include "readings.lp".' in _read(os.path.join(ENCODINGS, "ptcg.lp"))


def test_each_replaced_point_is_contested_and_switches_a_default_rule_in_a_principle_file():
    index = _read(os.path.join(ENCODINGS, "readings.lp"))
    contested = set(re.findall(r"^contested\(([a-z_]+)\)\.", index, re.M))
    assert contested
    principles = "".join(_read(os.path.join(ENCODINGS, f)) for f in sorted(os.listdir(ENCODINGS)) if f.endswith(".lp"))
    for point in contested:
        assert f"default_on({point})" in principles, point
    for name in READINGS:
        if name == DEFAULT_READING:
            continue
        layer = _read(os.path.join(ENCODINGS, "readings", f"{name}.lp"))
        replaced = re.findall(r"^replaces\(([a-z_]+),([a-z_]+)\)\.", layer, re.M)
        assert replaced and all(r == name.replace("-", "_") and p in contested for r, p in replaced)
        # A layer's other rules apply only under its own reading.
        for rule in re.findall(r"^[a-z][^%\n]*:-[^.]*\.", layer, re.M):
            assert f"reading({name.replace('-', '_')})" in rule, rule


def test_the_compiler_states_the_reading_the_action_is_judged_under(library):
    scenario = load_scenario(KUKUI, library)
    assert "reading(seed_000)" in {str(f) for f in compile_scenario(scenario).facts}
    english = with_reading(scenario, "english-rulebook")
    facts = {str(f) for f in compile_scenario(english).facts}
    assert "reading(english_rulebook)" in facts and "reading(seed_000)" not in facts


# ---- the verdicts (pruned program and full encodings agree) -----------------------------------------

@pytest.mark.parametrize("path", READING_SCENARIOS, ids=os.path.basename)
@pytest.mark.parametrize("name", READINGS)
def test_the_pruned_program_and_the_full_encodings_agree_under_each_reading(library, limits, path, name):
    problem = compile_scenario(with_reading(load_scenario(path, library), name))
    pruned, full = Session(limits).analyse(problem), analyse(problem, limits)
    assert (pruned.word, len(pruned.resolutions), pruned.principles()) == \
        (full.word, len(full.resolutions), full.principles())


def test_professor_kukui_with_an_empty_deck_is_legal_only_under_the_english_rulebook(library, limits):
    # docs/principles.md: "a card with two independent effects ... can be played with an empty deck under that
    # reading, while step 2 above forbids it."
    session = Session(limits)
    scenario = load_scenario(KUKUI, library)
    default, english = (run_scenario(with_reading(scenario, n), session).verdict
                        for n in ("seed-000", "english-rulebook"))
    assert (default.word, default.principles()) == ("illegal", ["A4", "A6"])
    assert (english.word, len(english.resolutions), english.principles()) == ("legal", 1, ["A7"])


# ---- selection: `reading:`, `--reading`, expectations per reading ---------------------------------

def _scenario_text(extra_top: str = "", expect: str = "  legal: false\n") -> str:
    return ("id: x\ntitle: t\nsource: s\n" + extra_top + "state:\n  me:\n    active: Charmander\n"
            "    hand: [Cheren]\n    deck: 0\n  opp:\n    active: Pikachu\n    deck: 5\n"
            "action:\n  play: Cheren\nexpect:\n" + expect)


def test_an_unknown_reading_is_an_error_with_the_line(library):
    with pytest.raises(InputError) as err:
        load_scenario_text(_scenario_text("reading: engine-x\n"), "s.yaml", library)
    assert err.value.line == 4 and err.value.field == "reading" and "english-rulebook" in err.value.expected
    with pytest.raises(InputError) as err:
        load_scenario_text(_scenario_text(expect="  readings:\n    engine-x: {legal: true}\n"), "s.yaml", library)
    assert err.value.line == 16 and err.value.field == "expect.readings"
    with pytest.raises(InputError) as err:
        load_scenario_text(_scenario_text(expect="  readings:\n    seed-000: {moved: {}}\n"), "s.yaml", library)
    assert err.value.field == "expect.readings.seed-000.moved"
    with pytest.raises(InputError):
        reading_list("all,seed-000")


def test_the_option_wins_and_only_that_readings_expectations_are_checked(library, limits):
    # The scenario's plain expect (A3, illegal) is for english-rulebook; under seed-000 only its
    # `readings: {seed-000: ...}` entry is checked.
    session = Session(limits)
    scenario = load_scenario(RESEARCH, library)
    assert scenario.reading == "english-rulebook"
    own = run_scenario(scenario, session)
    assert own.status == "PASS" and {f.key for f in own.findings} == {"verdict", "because"}
    other = run_scenario(with_reading(scenario, "seed-000"), session)
    assert other.status == "PASS"
    assert {f.key for f in other.findings} == {"verdict [seed-000]", "because [seed-000]"}
    assert other.verdict.principles() == ["A4", "A6"]


def test_audit_solves_every_scenario_under_the_reading_it_is_given(library, limits):
    session = Session(limits)
    default, english = (check_batch([KUKUI], library, session, name)[0] for name in ("seed-000", "english-rulebook"))
    assert (default.verdict, default.status) == ("illegal", "PASS")
    assert (english.verdict, english.status) == ("legal", "PASS")


def test_check_readings_all_prints_each_reading_and_marks_the_difference(capsys):
    assert main(["check", "--readings", "all", KUKUI, RESEARCH]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    row = next(line for line in lines if line.strip().startswith("english-rulebook  legal"))
    assert "<- differs from seed-000: verdict, resolutions, principles" in row
    assert any(line.split()[:4] == ["seed-000", "illegal", "0", "A4,A6"] for line in lines)
    assert "differs from seed-000: principles" in out      # Professor's Research: illegal under both, A4 vs A3
    assert out.count("[PASS]") == 2


def test_check_readings_fails_when_a_readings_expectation_does_not_hold(tmp_path, capsys):
    text = _read(KUKUI).replace("english-rulebook: {legal: true", "english-rulebook: {legal: false")
    path = tmp_path / "k.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", "--readings", "all", str(path)]) == 1
    assert "FAIL verdict [english-rulebook]: expected illegal, got legal" in capsys.readouterr().out


def test_a_case_keeps_its_reading_and_its_expectations_per_reading(library):
    case = case_dict(load_scenario(RESEARCH, library))
    assert case["reading"] == "english-rulebook"
    assert case["expect"]["readings"] == {"seed-000": {"legal": False, "because": ["A4"]}}
    assert "reading" not in case_dict(load_scenario(KUKUI, library))


def test_a_changed_reading_layer_is_not_served_from_the_start_up_cache(tmp_path):
    # The relevance index is cached on disk by the encodings' text (read/diskcache.py): the layers in
    # encodings/readings/ are part of that text, so editing one rebuilds the index.
    import shutil
    import uuid

    from ptcg_asp.solve.relevance import RuleIndex

    directory = tmp_path / "encodings"
    shutil.copytree(ENCODINGS, directory)
    builds = []

    def parse():
        builds.append(1)
        return []

    layer = directory / "readings" / "english-rulebook.lp"
    original, unique = layer.read_text(encoding="utf-8"), uuid.uuid4().hex
    layer.write_text(original + f"\n% {unique}\n", encoding="utf-8")   # text no earlier run cached
    RuleIndex.cached(str(directory), parse)
    RuleIndex.cached(str(directory), parse)
    assert len(builds) == 1
    layer.write_text(original + f"\n% {unique}, changed\n", encoding="utf-8")
    RuleIndex.cached(str(directory), parse)
    assert len(builds) == 2


def test_an_era_ruleset_combines_with_a_reading(library, limits):
    # docs/readings.md: `ruleset:` chooses the era, `reading:` the contested points. Professor Kukui with an empty
    # deck under the 2011 era's rules: still illegal by step 2 under seed-000, legal under the English rulebook.
    text = _read(KUKUI).replace("tags: [", "ruleset: expanded-2011\nreading: english-rulebook\ntags: [", 1)
    scenario = load_scenario_text(text, "k.yaml", library)
    facts = {str(f) for f in compile_scenario(scenario).facts}
    assert {"ruleset(expanded_2011)", "reading(english_rulebook)"} <= facts
    session = Session(limits)
    assert run_scenario(scenario, session).verdict.word == "legal"
    assert run_scenario(with_reading(scenario, "seed-000"), session).verdict.principles() == ["A4", "A6"]


def test_check_readings_json_is_a_result_document_with_each_readings_result(capsys):
    from .test_interchange import assert_valid

    assert main(["check", "--readings", "all", "--json", KUKUI]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert_valid("result", doc)
    assert [(r["reading"], r["verdict"], r["resolution_count"]) for r in doc["results"]] == \
        [("seed-000", "illegal", 0), ("english-rulebook", "legal", 1), ("official-rulings", "illegal", 0)]
    assert main(["check", "--reading", "english-rulebook", "--json", KUKUI]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert_valid("result", doc)
    assert doc["results"][0]["reading"] == "english-rulebook"


def test_resolve_and_facts_take_the_reading_too(capsys):
    assert main(["resolve", "--reading", "english-rulebook", KUKUI]) == 0
    out = capsys.readouterr().out
    assert "  reading: english-rulebook\n  verdict: legal\n" in out and "resolutions: 1" in out
    assert main(["facts", "--reading", "english-rulebook", KUKUI]) == 0
    assert "reading(english_rulebook)." in capsys.readouterr().out.splitlines()


def test_one_scenario_under_each_reading_batched_on_one_grounding_as_one_at_a_time(library, limits):
    # audit grounds similar scenarios together (solve/batch.py); the reading is one more fact that differs.
    session = Session(limits)
    problems = [compile_scenario(with_reading(load_scenario(p, library), n))
                for p in READING_SCENARIOS for n in READINGS]
    batched = session.analyse_batch(problems)
    alone = [session.analyse(p) for p in problems]
    assert [(v.word, len(v.resolutions), v.principles()) for v in batched] == \
        [(v.word, len(v.resolutions), v.principles()) for v in alone]


# ---- official-rulings: a Retreat Cost paid with cards that each pay one of its units ------------------

def _retreat_text(energy: str, retreat_cost_note: str = "") -> str:
    # Charmeleon (OBF 027): Retreat Cost 2.
    return ("id: r\ntitle: t\nsource: s\nstate:\n  turn: 5\n  me:\n"
            f"    active: {{card: Charmeleon, evolved_from: [Charmander], energy: [{energy}]}}\n"
            "    bench: [Pikachu]\n    deck: 30\n  opp:\n    active: Pikachu\n    deck: 30\n"
            "action:\n  retreat: {to: bench.0}\n")


def _paid(verdict) -> list:
    """Each resolution's retreat payment, as the sorted (card, count) pairs it discards."""
    return sorted(tuple(sorted((c["name"], c["count"]) for d in r.choice_data if d.get("kind") == "retreat_pay"
                               for c in d["cards"]))
                  for r in verdict.resolutions)


def test_two_double_colorless_energy_pay_a_retreat_cost_of_2_only_under_the_official_rulings(library, limits):
    # Pokémon R&D, 2017 NAIC Q3/A3: "if you ... paid its Retreat Cost of 2, discarding 2 Double Colorless Energy
    # would be legal options". seed 000 (retreat.lp): every discarded card must be needed to reach the cost.
    session = Session(limits)
    scenario = load_scenario(RETREAT_DCE, library)
    got = {n: run_scenario(with_reading(scenario, n), session).verdict for n in READINGS}
    dce = "Double Colorless Energy"
    assert _paid(got["seed-000"]) == _paid(got["english-rulebook"]) == [((dce, 1),)]
    assert _paid(got["official-rulings"]) == [((dce, 1),), ((dce, 2),)]
    assert got["official-rulings"].moved["attached>discard"] == [1, 2]
    assert all(v.principles() == ["TU1"] for v in got.values())


@pytest.mark.parametrize("energy, seed, official", [
    # Each card pays at least one unit: a Double Colorless Energy and a Fire Energy both pay (1 + 1) under the
    # rulings; under seed 000 the Fire Energy is not needed once the Double Colorless Energy pays 2.
    ("Double Colorless Energy, Basic Fire Energy", [(("Double Colorless Energy", 1),)],
     [(("Basic Fire Energy", 1), ("Double Colorless Energy", 1)), (("Double Colorless Energy", 1),)]),
    # No more cards than the cost's units: three Basic Energy never pay a cost of 2, under either reading.
    ("Basic Fire Energy x3", [(("Basic Fire Energy", 2),)], [(("Basic Fire Energy", 2),)]),
    # The cost is still paid in full: one Basic Energy does not pay 2 under either.
    ("Basic Fire Energy", [], []),
])
def test_the_official_rulings_bound_the_cards_by_the_costs_units_and_still_ask_for_the_whole_cost(
        library, limits, energy, seed, official):
    session = Session(limits)
    scenario = load_scenario_text(_retreat_text(energy), "r.yaml", library)
    for name, want in (("seed-000", seed), ("official-rulings", official)):
        verdict = run_scenario(with_reading(scenario, name), session).verdict
        assert (verdict.word, _paid(verdict)) == ("legal" if want else "illegal", want), name


def test_the_official_rulings_leave_the_activation_test_as_seed_000_reads_it(library, limits):
    # The layer replaces only retreat_minimal_payment: Professor Kukui with an empty deck stays illegal (A4).
    verdict = run_scenario(with_reading(load_scenario(KUKUI, library), "official-rulings"), Session(limits)).verdict
    assert (verdict.word, verdict.principles()) == ("illegal", ["A4", "A6"])
