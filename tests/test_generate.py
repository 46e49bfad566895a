"""`ptcg-asp generate`: states around one action within bounds (docs/interchange.md, Generated states).

Every generated state is a case valid against schemas/case.schema.json that the loader reads back;
the same seed gives the same bytes; `--all` gives exactly the product of the bounds; bad bounds are
errors naming the option and what was expected."""
from __future__ import annotations

import json
import os

import pytest

from ptcg_asp.cards.library import load_library
from ptcg_asp.read.loader import load_case_text, load_scenario
from ptcg_asp.tell.interchange import case_dict

from .test_interchange import assert_valid, run_cli, scenario

NEST = scenario("nest-ball-open-bench")
# 6 x 2 x 3 x 2 = 72 states
BOUNDS = ["--vary", "me.bench=0..5", "--vary", "me.deck.Pikachu=0,2", "--vary", "me.active.damage=0..20",
          "--vary", "me.active.energy.Basic Fire Energy=0..1"]


@pytest.fixture(scope="module")
def library():
    return load_library()


def lines(out: str) -> list:
    return [json.loads(x) for x in out.splitlines()]


def test_the_same_seed_gives_the_same_bytes(tmp_path):
    status, first, err = run_cli("generate", NEST, *BOUNDS, "--n", "20", "--seed", "11")
    assert status == 0 and "20 states" in err
    again = run_cli("generate", NEST, *BOUNDS, "--n", "20", "--seed", "11")[1]
    assert again == first
    out = tmp_path / "g.jsonl"
    assert run_cli("generate", NEST, *BOUNDS, "--n", "20", "--seed", "11", "--out", str(out))[0] == 0
    assert out.read_bytes() == first.encode("utf-8")
    other = run_cli("generate", NEST, *BOUNDS, "--n", "20", "--seed", "12")[1]
    assert other != first
    ids = [c["id"] for c in lines(first)]
    assert ids == sorted(ids) and len(set(ids)) == 20


def test_all_gives_exactly_the_product_of_the_bounds(library):
    status, out, _ = run_cli("generate", NEST, *BOUNDS, "--all")
    cases = lines(out)
    assert status == 0 and len(cases) == 6 * 2 * 3 * 2
    states = {json.dumps(c["state"], sort_keys=True) for c in cases}
    assert len(states) == 72                           # every combination is a different state
    combos = set()
    for c in cases:
        me = c["state"]["me"]
        pikachu = sum(e["count"] for e in me["deck"] if isinstance(e, dict) and e["card"] == "Pikachu (MEW 025)")
        fire = sum(e["count"] for e in me["active"].get("energy", []))
        combos.add((len(me["bench"]), pikachu, me["active"].get("damage", 0), fire))
    assert combos == {(b, p, d, f) for b in range(6) for p in (0, 2) for d in (0, 10, 20) for f in (0, 1)}


def test_a_draw_is_a_subset_of_all_with_the_same_ids():
    every = {c["id"]: c for c in lines(run_cli("generate", NEST, *BOUNDS, "--all")[1])}
    drawn = lines(run_cli("generate", NEST, *BOUNDS, "--n", "15", "--seed", "3")[1])
    assert len(drawn) == 15
    for c in drawn:
        assert c["state"] == every[c["id"]]["state"] and c["action"] == every[c["id"]]["action"]


def test_every_generated_case_is_valid_and_loads_as_the_same_case(library):
    out = run_cli("generate", scenario("ultra-ball-two-other-cards"), "--vary", "me.hand=0..3", "--vary",
                  "me.deck.Charizard ex=0..2", "--vary", "me.discard=0,5", "--vary", "opp.active.damage=0..30", "--all")[1]
    cases = lines(out)
    assert len(cases) == 4 * 3 * 2 * 4
    for c in cases:
        assert_valid("case", c)
        assert "expect" not in c and "generated" in c["tags"]
        back = case_dict(load_case_text(json.dumps(c), c["id"] + ".json", library))
        assert back == c


def test_scenario_files_load_as_the_cases(tmp_path, library):
    folder = tmp_path / "gen"
    args = ("generate", NEST, "--vary", "me.bench=2..4", "--vary", "me.bench.1.damage=0,50", "--all")
    assert run_cli(*args, "--scenarios", str(folder))[0] == 0
    cases = lines(run_cli(*args)[1])
    assert sorted(os.listdir(folder)) == sorted(c["id"] + ".yaml" for c in cases)
    for c in cases:
        assert case_dict(load_scenario(str(folder / (c["id"] + ".yaml")), library)) == c


def test_generated_bench_sizes_follow_the_nest_ball_ruling():
    """Seed 000 (nest-ball-full-bench, nest-ball-open-bench): Nest Ball cannot be played with a full
    Bench (A4: its effect could not do anything), and can with room on it (W1: the search may find
    nothing). The base has my Active and one Benched Pokémon: me.bench=5 is a full Bench."""
    import ptcg_asp

    out = run_cli("generate", NEST, "--vary", "me.bench=3..5", "--all")[1]
    verdicts = {len(c["state"]["me"]["bench"]): c for c in lines(out)}
    checker = ptcg_asp.Checker()
    got = {n: checker.check(c).verdict for n, c in verdicts.items()}
    assert got == {3: "legal", 4: "legal", 5: "illegal"}
    assert "A4" in [b.principle for b in checker.check(verdicts[5]).because]


@pytest.mark.parametrize("bounds, expected", [
    (["--vary", "me.bench=0..9"], "me.bench=0..9: expected values from 0 to 5"),
    (["--vary", "me.active.damage=5"], "multiples of 10, got 5"),
    (["--vary", "me.active.damage=0..1000"], "damage from 0 to 990"),
    (["--vary", "me.bench.7.damage=10"], "a Bench spot from bench.0 to bench.4"),
    (["--vary", "me.bench.3.damage=10"], "a Pokémon at me.bench.3"),
    (["--vary", "me.active.energy.Nest Ball=1"], "an Energy card to attach, got 'Nest Ball'"),
    (["--vary", "me.active.energy.No Such Card=1"], "No Such Card"),
    (["--vary", "me.active.hp=1"], "POS.damage=RANGE or POS.energy.CARD=RANGE"),
    (["--vary", "me.bench.0.tool=1"], "POS.damage=RANGE or POS.energy.CARD=RANGE"),
    (["--vary", "foo=1"], "expected a field: PLAYER.PILE=RANGE"),
    (["--vary", "me.deck=3..1"], "the end is below the start"),
    (["--vary", "me.deck=a"], "expected a range"),
    (["--vary", "me.hand.Nest Ball=0..1"], "the action's card (Nest Ball) is still in my hand"),
    (["--vary", "me.deck=1", "--vary", "me.deck=2"], "each field varied once"),
    ([], "--vary: expected at least one --vary FIELD=RANGE"),
])
def test_bad_bounds_are_clear_errors(bounds, expected):
    status, out, err = run_cli("generate", NEST, *bounds, "--all")
    assert status == 2 and out == ""
    assert expected in err, err


@pytest.mark.parametrize("mode, expected", [
    (["--n", "5"], "--n: expected at most 3 (the number of states within the bounds"),
    (["--n", "0"], "--n: expected a number of states >= 1"),
    (["--all", "--seed", "4"], "--seed: expected a seed only with --n"),
])
def test_bad_counts_are_clear_errors(mode, expected):
    status, _, err = run_cli("generate", NEST, "--vary", "me.bench=0..2", *mode)
    assert status == 2 and expected in err, err


def test_all_refuses_too_many_states_before_building_any():
    big = ["--vary", "me.deck=0..20", "--vary", "me.discard=0..20", "--vary", "opp.deck=0..40",
           "--vary", "opp.discard=0..10"]       # 21 x 21 x 41 x 11 = 198,891 states
    status, _, err = run_cli("generate", NEST, *big, "--all")
    assert status == 2 and "--all: expected at most 100000 states" in err and "got 198891 states" in err
    status, out, _ = run_cli("generate", NEST, *big, "--n", "3", "--seed", "1")
    assert status == 0 and len(out.splitlines()) == 3


def test_states_solved_in_batches_give_the_results_of_each_alone(library):
    """The in-process pipeline (`generate.solve`: one grounding per block) answers each state as
    `check` answers it alone: the same result, every resolution and outcome included."""
    from ptcg_asp.read.loader import load_scenario as load
    from ptcg_asp.solve.session import Session
    from ptcg_asp.tell import generate as gen
    from ptcg_asp.tell.check import run_scenario
    from ptcg_asp.tell.interchange import result_dict

    base = load(NEST, library)
    fields = gen.parse_fields(["me.bench=3..5", "me.deck.Pikachu=0..1", "me.deck=0,5"], base)
    states = gen.generate(base, fields, gen.numbers_all(fields), "test")
    session = Session()
    batched = gen.solve(states, session, block=5)
    assert len(batched) == 12
    for g, r in zip(states, batched):
        assert result_dict(r) == result_dict(run_scenario(g.scenario, session))
    refs = gen.references(batched, summary=False)
    assert sorted(refs) == sorted(g.scenario.id for g in states)
    legal = {len(g.scenario.state.me.bench): refs[g.scenario.id].result["verdict"] for g in states}
    assert legal == {3: "legal", 4: "legal", 5: "illegal"}     # seed 000: a full Bench (A4)


def test_results_are_export_lines_that_compare_reads(tmp_path):
    """`--results`: each state solved, as an export line; `compare --cases` reads them. The answers
    are the Nest Ball ruling (seed 000): legal with room on the Bench, illegal with a full one."""
    out = tmp_path / "gen.jsonl"
    status, _, err = run_cli("generate", NEST, "--vary", "me.bench=3..5", "--all", "--results", "--out", str(out))
    assert status == 0 and "3 states" in err
    records = lines(out.read_text(encoding="utf-8"))
    for r in records:
        assert_valid("export", r)
    assert [(r["id"], r["result"]["verdict"]) for r in records] == [
        ("nest-ball-open-bench-0", "legal"), ("nest-ball-open-bench-1", "legal"), ("nest-ball-open-bench-2", "illegal")]
    answers = tmp_path / "answers.jsonl"
    answers.write_text("".join(json.dumps({"id": f"nest-ball-open-bench-{i}", "legal": i < 2}) + "\n" for i in range(3)),
                       encoding="utf-8")
    assert run_cli("compare", str(answers), "--cases", str(out))[0] == 0
    answers.write_text(json.dumps({"id": "nest-ball-open-bench-2", "legal": True}) + "\n", encoding="utf-8")
    status, text, _ = run_cli("compare", str(answers), "--cases", str(out))
    assert status == 1 and "1 disagree" in text


def test_states_around_a_retreat_and_an_attack_follow_the_rules():
    """Around a retreat (seed 001, turn flow 6; TU1): Charmeleon's Retreat Cost is 2, paid by discarding
    Energy attached to it, so it can retreat with 2 or more attached and not with fewer. Around an
    attack (pikachu-pika-punch-rainbow-energy-pays-lightning): Pika Punch costs Lightning, Lightning,
    Colorless; with Rainbow Energy (any type) and Basic Fire Energy besides, one Basic Lightning Energy
    or more pays it and none does not; it does 50 to Snorlax (no Weakness or Resistance to Lightning)."""
    import ptcg_asp

    checker = ptcg_asp.Checker()
    out = run_cli("generate", scenario("retreat-cost-not-met"), "--vary", "me.active.energy.Basic Fire Energy=0..3",
                  "--all")[1]
    got = {c["state"]["me"]["active"].get("energy", [{"count": 0}])[0]["count"]: checker.check(c).verdict
           for c in lines(out)}
    assert got == {0: "illegal", 1: "illegal", 2: "legal", 3: "legal"}
    out = run_cli("generate", scenario("pikachu-pika-punch-rainbow-energy-pays-lightning"), "--vary",
                  "me.active.energy.Basic Lightning Energy=0..2", "--all")[1]
    results = {}
    for c in lines(out):
        n = sum(e["count"] for e in c["state"]["me"]["active"]["energy"] if e["card"] == "Basic Lightning Energy")
        results[n] = checker.check(c)
    assert {n: r.verdict for n, r in results.items()} == {0: "illegal", 1: "legal", 2: "legal"}
    assert results[1].damage == {"opp.active": [50]} and results[2].damage == {"opp.active": [50]}

