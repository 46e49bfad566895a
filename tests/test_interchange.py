"""The interchange format (docs/interchange.md): cases and results as JSON, validated against the
schemas in schemas/, read back as the same scenarios, exported and compared."""
from __future__ import annotations

import contextlib
import glob
import io
import json
import os
from fractions import Fraction

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from ptcg_asp.cli.commands import main
from ptcg_asp.read.loader import load_case_text
from ptcg_asp.tell.interchange import case_dict, to_json
from ptcg_asp.read.loader import load_scenario
from ptcg_asp.tell.principles import catalogue, parse_catalogue

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = os.path.join(ROOT, "scenarios")
DATA = os.path.join(ROOT, "tests", "data", "interchange")


def _schemas() -> dict:
    out = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "schemas", "*.schema.json"))):
        with open(path, encoding="utf-8") as fh:
            out[os.path.basename(path).split(".")[0]] = json.load(fh)
    return out


SCHEMAS = _schemas()
REGISTRY = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()])


def validator(name: str, ref: str = "") -> Draft202012Validator:
    schema = SCHEMAS[name] if not ref else {"$ref": f"{SCHEMAS[name]['$id']}#/$defs/{ref}"}
    return Draft202012Validator(schema, registry=REGISTRY)


def assert_valid(name: str, value, ref: str = "") -> None:
    errors = sorted(validator(name, ref).iter_errors(value), key=lambda e: list(e.absolute_path))
    assert not errors, [(list(e.absolute_path), e.message[:200]) for e in errors[:5]]


def run_cli(*argv: str) -> tuple:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    assert "Traceback" not in err.getvalue()
    return status, out.getvalue(), err.getvalue()


def scenario(name: str) -> str:
    return os.path.join(SCENARIOS, name + ".yaml")


# ---- the schemas and the catalogue ---------------------------------------------------------------

def test_the_schemas_are_json_schemas():
    assert {"case", "result", "export", "answer", "compare"} <= set(SCHEMAS)
    for schema in SCHEMAS.values():
        Draft202012Validator.check_schema(schema)


def test_the_packaged_principle_catalogue_is_docs_principles_md():
    """The results cite each principle with its statement; the package carries docs/principles.md
    as data (`python -m ptcg_asp.tell.principles docs/principles.md > ptcg_asp/data/principles.json`)."""
    with open(os.path.join(ROOT, "docs", "principles.md"), encoding="utf-8") as fh:
        assert catalogue() == parse_catalogue(fh.read())
    assert catalogue()["A4"]["statement"].startswith("A part that moves cards out of an unknown zone")
    assert len(catalogue()) >= 50


# ---- the outputs: one shape, valid against the schema ---------------------------------------------

# Verdicts of every kind: choices (take, attach, target), coins, random draws, damage and Knock Outs,
# an illegal action, a listing of actions, a deck check, a checkup, a known divergence.
VARIED = ["quick-ball-resolution-count", "nest-ball-full-bench", "ancient-guidance-heads-may-bench-a-dome-fossil-or-find-nothing",
          "deluxe-bomb-twelve-counters-then-discarded", "dual-type-attacker-weakness-and-resistance",
          "actions-asleep-active", "deck-no-basic-pokemon", "checkup-burned-expanded-2011",
          "drayton-may-take-the-pokemon-the-trainer-both-or-neither", "baby-pokemon-flip-ex-2006",
          "boss-orders-opponent-has-bench", "welder-1-fire-energy-deck-1"]


def test_check_json_of_varied_scenarios_is_valid_and_complete():
    files = [scenario(n) for n in VARIED]
    status, out, err = run_cli("check", "--json", *files)
    doc = json.loads(out)
    assert_valid("result", doc)
    assert doc["format_version"] == 1 and doc["command"] == "check" and doc["errors"] == []
    assert [r["id"] for r in doc["results"]] == VARIED
    kinds = {c["kind"] for r in doc["results"] for res in r["resolutions"] for c in res["choices"]}
    events = {e["kind"] for r in doc["results"] for res in r["resolutions"] for o in res["outcomes"] for e in o["events"]}
    assert {"take", "target", "optional"} <= kinds and {"coin", "cards"} <= events
    assert any(o["knocked_out"] for r in doc["results"] for res in r["resolutions"] for o in res["outcomes"])
    for r in doc["results"]:
        cited = sorted(({b["principle"] for b in r["because"]} | {b["principle"] for a in r["actions"] for b in a["because"]})
                       - {"-"})
        assert [p["id"] for p in r["principles"]] == cited
        assert all(p["statement"] for p in r["principles"])
        assert r["resolution_count"] == len(r["resolutions"])
        for res in r["resolutions"]:
            # a resolution's outcomes are the ways chance can go where its choices can be made: exact
            # probabilities summing to 1, or less when a choice exists only after some coin results
            chances = [Fraction(o["probability"]["numerator"], o["probability"]["denominator"]) for o in res["outcomes"]]
            assert all(0 < p <= 1 for p in chances) and sum(chances) <= 1, (r["id"], res["choices"])
            for c in res["choices"]:
                assert c["text"]
                assert all(card["name"] in c["text"] for card in c["cards"])


def test_the_choices_are_data():
    """Quick Ball (README): the cost's card and the searched card, by step, route, name and count."""
    _, out, _ = run_cli("resolve", "--json", scenario("quick-ball-resolution-count"))
    doc = json.loads(out)
    assert_valid("result", doc)
    (result,) = doc["results"]
    second = result["resolutions"][1]["choices"]
    assert [(c["step"], c["kind"], c["role"], c["from"], c["to"], c["cards"]) for c in second] == [
        (1, "take", "cost", "hand", "discard", [{"name": "Basic Fire Energy", "count": 1}]),
        (2, "take", "main", "deck", "hand", [{"name": "Charmander (OBF 026)", "count": 1}])]
    assert result["resolutions"][1]["outcomes"][0]["moved"] == {"deck>hand": 1, "hand>discard": 1}


def test_a_coin_flip_has_exact_probabilities():
    _, out, _ = run_cli("resolve", "--json", scenario("ancient-guidance-heads-may-bench-a-dome-fossil-or-find-nothing"))
    (result,) = json.loads(out)["results"]
    probabilities = {(o["probability"]["numerator"], o["probability"]["denominator"])
                     for res in result["resolutions"] for o in res["outcomes"]}
    assert (1, 2) in probabilities


def test_errors_are_objects_with_file_line_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ntitle: t\nsource: s\nstate:\n  turn: soon\naction: {play: Nest Ball}\n", encoding="utf-8")
    for command in ("check", "resolve"):
        status, out, err = run_cli(command, "--json", str(bad))
        doc = json.loads(out)
        assert status == 2
        assert_valid("result", doc)
        assert doc["results"] == [] and doc["summary"]["invalid"] == 1
        (e,) = doc["errors"]
        assert (e["kind"], e["file"], e["line"], e["field"]) == ("invalid", str(bad), 5, "state.turn")
        assert e["message"] == "expected a whole number written in decimal, got 'soon'"
        assert f"error: {e['text']}" in err


def test_audit_json_is_the_same_shape(tmp_path):
    for name in ("nest-ball-full-bench", "quick-ball-resolution-count"):
        with open(scenario(name), encoding="utf-8") as src:
            (tmp_path / f"{name}.yaml").write_text(src.read(), encoding="utf-8")
    (tmp_path / "twice.yaml").write_text(open(scenario("nest-ball-full-bench"), encoding="utf-8").read(), encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("id: [\n", encoding="utf-8")
    status, out, _ = run_cli("audit", "--json", "--jobs", "1", str(tmp_path))
    doc = json.loads(out)
    assert status == 2
    assert_valid("result", doc)
    assert doc["command"] == "audit"
    assert [r["id"] for r in doc["results"]] == ["nest-ball-full-bench", "quick-ball-resolution-count"]
    assert all("resolutions" not in r for r in doc["results"])     # audit computes the totals only
    assert sorted((os.path.basename(e["file"]), e["field"]) for e in doc["errors"]) == [
        ("broken.yaml", "document"), ("twice.yaml", "id")]
    assert doc["summary"]["passed"] == 2 and doc["summary"]["invalid"] == 2


# ---- cases: the corpus as JSON, read back as the same scenarios -------------------------------------

@pytest.fixture(scope="module")
def library():
    from ptcg_asp.cards.library import load_library
    return load_library()


def test_every_corpus_scenario_is_a_valid_case_that_reads_back_the_same(library):
    """Scenario -> case -> scenario -> case is a fixed point, for the whole corpus (loading only)."""
    files = sorted(glob.glob(os.path.join(SCENARIOS, "*.yaml")))
    assert len(files) > 500
    case_schema = validator("case")
    for path in files:
        case = case_dict(load_scenario(path, library))
        errors = list(case_schema.iter_errors(case))
        assert not errors, (path, [e.message[:200] for e in errors[:3]])
        again = load_case_text(to_json(case), path[:-5] + ".json", library)
        assert case_dict(again) == case, path


@pytest.mark.parametrize("name", ["quick-ball-resolution-count", "nest-ball-full-bench",
                                  "deluxe-bomb-twelve-counters-then-discarded", "actions-asleep-active"])
def test_a_case_in_json_checks_as_its_scenario(name, tmp_path, library):
    """`check case.json` gives the verdict, reasons, resolutions and expectations of the YAML."""
    case = tmp_path / f"{name}.json"
    case.write_text(to_json(case_dict(load_scenario(scenario(name), library))), encoding="utf-8")
    status_yaml, out_yaml, _ = run_cli("check", "--json", scenario(name))
    status_json, out_json, _ = run_cli("check", "--json", str(case))
    a, b = json.loads(out_yaml)["results"][0], json.loads(out_json)["results"][0]
    assert a.pop("file") == scenario(name) and b.pop("file") == str(case)
    for r in (a, b):   # the expectations' lines and order are the files' own
        for e in r["expectations"]:
            e.pop("line")
        r["expectations"].sort(key=lambda e: e["key"])
    assert status_yaml == status_json == 0
    assert a == b
    assert a["status"] == "PASS"


BAD_CASES = [
    ('{"format_version": 1, "id": "a",, }', 1, "document", "expected well-formed JSON"),
    ('{\n "id": "a"\n}', 1, "format_version", "expected the interchange format version (1), got nothing"),
    ('{"format_version": "1"}', 1, "format_version", "expected 1 (the version this ptcg-asp reads), got '1'"),
    ('{"format_version": 1, "format_version": 1}', 1, "format_version", "expected each key once in a mapping"),
    ('{"format_version": 1,\n "id": "a", "title": "t", "source": "s",\n "state": {"turn": "3"},\n "action": {"play": "Nest Ball"}}',
     3, "state.turn", "expected a whole number written in decimal, got '3'"),
    ('{"format_version": 1, "id": "a", "title": "t", "source": "s", "state": {"me": {"hand": ["Nest Ball"]}},\n'
     ' "action": {"play": "Nest Bal"}}', 2, "action.play", "expected a card name"),
    ('[1, 2]', 1, "document", "expected a mapping, got a list"),
    ('', 1, "document", "expected a JSON object, got an empty file"),
]


@pytest.mark.parametrize("text,line,field,message", BAD_CASES)
def test_a_bad_case_names_file_line_and_field(text, line, field, message, tmp_path):
    path = tmp_path / "case.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = run_cli("check", "--json", str(path))
    assert status == 2
    (e,) = json.loads(out)["errors"]
    assert (e["file"], e["line"], e["field"]) == (str(path), line, field), e
    assert e["message"].startswith(message) or message in e["text"], e


def test_every_corpus_case_written_as_a_scenario_file_reads_back_the_same(library):
    """`compare --write-scenarios` writes cases as YAML scenario files: they read back as the case."""
    from ptcg_asp.tell.compare import scenario_text
    from ptcg_asp.read.loader import load_scenario_text
    for path in sorted(glob.glob(os.path.join(SCENARIOS, "*.yaml"))):
        case = case_dict(load_scenario(path, library))
        again = load_scenario_text(scenario_text(case, ["a comment"]), path, library)
        assert case_dict(again) == case, path


# ---- export: a folder as JSON Lines, byte-stable, each line valid ----------------------------------

MINI = ["nest-ball-full-bench", "quick-ball-resolution-count", "boss-orders-opponent-has-bench",
        "ancient-guidance-heads-may-bench-a-dome-fossil-or-find-nothing", "dual-type-attacker-weakness-and-resistance"]


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    """Five corpus scenarios in a folder (the answers under tests/data/interchange/ are about them),
    and their export."""
    folder = tmp_path_factory.mktemp("mini")
    for name in MINI:
        with open(scenario(name), encoding="utf-8") as src:
            (folder / "sub" if name.startswith("q") else folder).mkdir(exist_ok=True)
            ((folder / "sub" if name.startswith("q") else folder) / f"{name}.yaml").write_text(src.read(), encoding="utf-8")
    status, out, err = run_cli("export", str(folder), "--jobs", "1")
    assert status == 0, err
    export = folder.parent / f"{folder.name}.jsonl"
    export.write_text(out, encoding="utf-8")
    return folder, export, out


def test_export_lines_are_sorted_valid_and_byte_stable(mini, tmp_path):
    folder, export, out = mini
    lines = out.splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["id"] for r in records] == sorted(MINI)
    for line, r in zip(lines, records):
        assert_valid("export", r)
        assert line == json.dumps(r, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        assert r["result"]["resolutions"] is not None and r["case"]["id"] == r["id"]
    assert records[[r["id"] for r in records].index("quick-ball-resolution-count")]["result"]["file"] == \
        "sub/quick-ball-resolution-count.yaml"
    # the same bytes from another place, with another number of workers, into a file
    moved = tmp_path / "elsewhere"
    os.rename(folder, moved)
    try:
        target = tmp_path / "out.jsonl"
        status, stdout, _ = run_cli("export", str(moved), "--jobs", "2", "--out", str(target))
        assert status == 0 and stdout == ""
        assert target.read_text(encoding="utf-8") == out
    finally:
        os.rename(moved, folder)


def test_an_exported_case_checks_as_the_scenario_it_came_from(mini, tmp_path):
    """The round trip: each exported case, written as case.json and checked, gives the verdict, the
    reasons, the resolutions and the totals of its line's result (which are the YAML's)."""
    _, _, out = mini
    for line in out.splitlines():
        record = json.loads(line)
        path = tmp_path / f"{record['id']}.json"
        path.write_text(json.dumps(record["case"], ensure_ascii=False), encoding="utf-8")
        status, stdout, err = run_cli("check", "--json", str(path))
        assert status == 0, err
        (got,) = json.loads(stdout)["results"]
        want = record["result"]
        for key in ("verdict", "because", "principles", "resolution_count", "moved", "damage", "resolutions", "status"):
            assert got[key] == want[key], (record["id"], key)


def test_export_reports_invalid_files_and_duplicate_ids(tmp_path):
    (tmp_path / "a.yaml").write_text(open(scenario("nest-ball-full-bench"), encoding="utf-8").read(), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(open(scenario("nest-ball-full-bench"), encoding="utf-8").read(), encoding="utf-8")
    (tmp_path / "c.yaml").write_text("id: c\n", encoding="utf-8")
    status, out, err = run_cli("export", str(tmp_path), "--jobs", "1")
    assert status == 2
    assert [json.loads(line)["id"] for line in out.splitlines()] == ["nest-ball-full-bench"]
    assert f"error: {tmp_path / 'b.yaml'}:1: id: expected an id unique in the corpus" in err
    assert f"error: {tmp_path / 'c.yaml'}" in err


# ---- compare: another engine's answers -----------------------------------------------------------------

def answers(name: str) -> str:
    return os.path.join(DATA, f"answers-{name}.jsonl")


def test_compare_agreeing_answers(mini):
    _, export, _ = mini
    status, out, err = run_cli("compare", answers("agree"), "--cases", str(export))
    assert status == 0, err
    assert out.startswith("compare: 5 answers: 5 agree, 0 disagree, 0 not compared; 0 bad lines; 0 cases unanswered\n")
    assert "  Nest Ball: 1 agree, 0 disagree" in out and "disagreements:" not in out


def test_compare_disagreeing_answers_explains_and_writes_scenarios(mini, tmp_path):
    """The made-up engine plays Nest Ball onto a full Bench, never lets Quick Ball find nothing, and
    forgets Resistance for a second type: three disagreements, each with ptcg-asp's reasons."""
    _, export, _ = mini
    repro = tmp_path / "repro"
    status, out, _ = run_cli("compare", answers("disagree"), "--cases", str(export), "--format", "json",
                             "--write-scenarios", str(repro))
    assert status == 1
    data = json.loads(out)
    assert_valid("compare", data)
    assert data["summary"] == {"answers": 5, "agree": 2, "disagree": 3, "not_compared": 0, "bad_lines": 0, "unanswered": 0}
    by_id = {d["id"]: d for d in data["disagreements"]}
    assert sorted(by_id) == ["dual-type-attacker-weakness-and-resistance", "nest-ball-full-bench",
                             "quick-ball-resolution-count"]
    # each difference also says what the case's expect (the rules') says, where it says it
    assert by_id["nest-ball-full-bench"]["differences"] == [
        {"field": "legal", "ptcg_asp": False, "engine": True, "rules": False}]
    assert {b["principle"] for b in by_id["nest-ball-full-bench"]["because"]} == {"A4", "A6"}
    assert by_id["quick-ball-resolution-count"]["differences"] == [
        {"field": "resolutions", "ptcg_asp": 6, "engine": 4, "rules": 6},
        {"field": "moved deck>hand", "ptcg_asp": [0, 1], "engine": [1], "rules": [0, 1]}]
    assert by_id["dual-type-attacker-weakness-and-resistance"]["differences"] == [
        {"field": "damage opp.active", "ptcg_asp": [180], "engine": [200], "rules": [180]}]
    assert {"card": "Nest Ball", "agree": 0, "disagree": 1} in data["by_card"]
    assert {"card": "Boss's Orders", "agree": 1, "disagree": 0} in data["by_card"]
    w1 = next(p for p in data["by_principle"] if p["principle"] == "W1")
    assert (w1["agree"], w1["disagree"]) == (1, 1) and w1["statement"]
    # each written scenario reproduces ptcg-asp's side (and its expect: is the rules')
    for d in data["disagreements"]:
        assert d["scenario"] == str(repro / f"{d['id']}.yaml")
        status, text, _ = run_cli("check", d["scenario"])
        assert status == 0 and "[PASS]" in text
    # the same report as text and as Markdown
    status, text, _ = run_cli("compare", answers("disagree"), "--cases", str(export))
    assert status == 1 and "    legal: ptcg-asp illegal, the engine legal, the rules (expect:) illegal" in text
    status, md, _ = run_cli("compare", answers("disagree"), "--cases", str(export), "--format", "markdown")
    assert status == 1 and "### nest-ball-full-bench" in md and "| legal | illegal | legal | illegal |" in md
    assert run_cli("compare", answers("disagree"), "--cases", str(export), "--format", "json",
                   "--write-scenarios", str(repro))[1] == out     # the same bytes again


def test_compare_reports_every_bad_line_with_its_number(mini):
    _, export, _ = mini
    status, out, err = run_cli("compare", answers("malformed"), "--cases", str(export), "--format", "json")
    assert status == 2
    data = json.loads(out)
    assert_valid("compare", data)
    assert data["summary"]["answers"] == 1 and data["summary"]["agree"] == 1
    got = [(e["line"], e["field"]) for e in data["errors"]]
    assert got == [(2, "document"), (3, "id"), (4, "legal"), (5, "resolutions"), (6, "dmg"), (7, "id"),
                   (8, "document"), (9, "moved.deck>hand")]
    assert all(e["file"] == answers("malformed") and e["kind"] == "invalid" for e in data["errors"])
    assert "unknown id 'no-such-case'" in data["errors"][1]["message"]
    assert "also on line 1" in data["errors"][5]["message"]


def test_compare_without_an_export_solves_the_answered_cases(mini):
    folder, _, _ = mini
    status, out, _ = run_cli("compare", answers("disagree"), "--dir", str(folder), "--format", "json", "--jobs", "1")
    assert status == 1
    assert json.loads(out)["summary"]["disagree"] == 3


# ---- the Python API ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def checker():
    import ptcg_asp
    return ptcg_asp.Checker()


def test_the_api_checks_yaml_text_a_dict_and_a_json_case_alike(checker):
    """`ptcg_asp.check` from the three sources gives the result `check --json` prints."""
    import ptcg_asp
    with open(scenario("quick-ball-resolution-count"), encoding="utf-8") as fh:
        text = fh.read()
    from_yaml = checker.check(text, path="quick-ball.yaml")
    case = checker.case(text)
    from_dict = checker.check(case)
    from_json = checker.check(json.dumps(case))
    scenario_dict = {k: v for k, v in case.items() if k != "format_version"}   # as yaml.safe_load gives it
    from_plain = ptcg_asp.check(scenario_dict)
    assert isinstance(from_yaml, ptcg_asp.Result)
    for r in (from_dict, from_json, from_plain):
        assert {**r.data, "file": "-", "expectations": []} == {**from_yaml.data, "file": "-", "expectations": []}
    _, out, _ = run_cli("check", "--json", scenario("quick-ball-resolution-count"))
    assert {**json.loads(out)["results"][0], "file": "-"} == {**from_yaml.data, "file": "-"}


def test_the_api_results_are_typed(checker):
    import ptcg_asp
    r = checker.check(open(scenario("quick-ball-resolution-count"), encoding="utf-8").read())
    assert (r.verdict, r.legal, r.status, r.resolution_count) == ("legal", True, "PASS", 6)
    assert {p.id for p in r.principles} == {"A1", "A8", "K1", "Q1", "W1"}
    choice = r.resolutions[1].choices[1]
    assert isinstance(choice, ptcg_asp.Choice)
    assert (choice.step, choice.kind, choice.source, choice.target) == (2, "take", "deck", "hand")
    assert choice.cards == (ptcg_asp.Cards("Charmander (OBF 026)", 1),)
    assert r.resolutions[1].outcomes[0].probability == Fraction(1)
    coin = checker.check(open(scenario("ancient-guidance-heads-may-bench-a-dome-fossil-or-find-nothing"),
                              encoding="utf-8").read())
    heads = [o for res in coin.resolutions for o in res.outcomes if o.events and o.events[0].kind == "coin"]
    assert heads and all(o.probability == Fraction(1, 2) for o in heads)
    illegal = checker.check(open(scenario("nest-ball-full-bench"), encoding="utf-8").read())
    assert illegal.legal is False and {b.principle for b in illegal.because} == {"A4", "A6"}


def test_the_api_raises_input_errors_with_the_field(checker):
    import ptcg_asp
    with pytest.raises(ptcg_asp.InputError) as info:
        checker.check({"id": "x", "title": "t", "source": "s", "state": {"turn": 0}, "action": {"checkup": {}}},
                      path="mine")
    assert (info.value.path, info.value.field) == ("mine", "state.turn")
    with pytest.raises(ptcg_asp.InputError) as info:
        checker.check({"id": "x", "title": "t", "source": "s", "state": {}, "action": {"checkup": {}}, "extra": {1, 2}})
    assert info.value.field == "document"
    with pytest.raises(ptcg_asp.InputError):
        checker.check(42)


@pytest.mark.parametrize("text,field,got", [
    ('{"format_version": 1, "id": "\\ud800"}', "id", "a lone surrogate"),
    ("[" * 60 + "]" * 60, "document", "deeper nesting"),
    ('{"format_version": 1, "id": "a"} {}', "document", "more text after the JSON value"),
    ('{"format_version": 1, "id": "a", "title": "t", "source": "s", "state": {"turn": 1e999}, "action": {"checkup": {}}}',
     "state.turn", "'1e999'"),
    ('{"format_version": 1, "title": "a\u0001b"}', "title", "a bad string"),
])
def test_hostile_json_is_invalid_input(text, field, got, tmp_path):
    """Never a traceback or an internal error: a lone surrogate, deep nesting, trailing data, a
    number beyond range, a raw control character are each an error naming the field."""
    path = tmp_path / "case.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    status, out, err = run_cli("check", "--json", str(path))
    assert status == 2, err
    (e,) = json.loads(out)["errors"]
    assert e["kind"] == "invalid" and e["field"] == field and got in e["message"], e


def test_a_case_may_start_with_a_byte_order_mark(tmp_path, library):
    path = tmp_path / "case.json"
    path.write_text("\ufeff" + to_json(case_dict(load_scenario(scenario("nest-ball-full-bench"), library))), encoding="utf-8")
    assert run_cli("check", str(path))[0] == 0


def test_compare_reports_a_bad_export_line(mini, tmp_path):
    _, export, _ = mini
    broken = tmp_path / "export.jsonl"
    lines = export.read_text(encoding="utf-8").splitlines()
    broken.write_text("\n".join(lines[:2] + ['{"format_version": 2}'] + lines[2:]) + "\n", encoding="utf-8")
    status, out, _ = run_cli("compare", answers("agree"), "--cases", str(broken), "--format", "json")
    data = json.loads(out)
    assert status == 2
    assert [(e["file"], e["line"], e["field"]) for e in data["errors"]] == [(str(broken), 3, "format_version")]
    assert data["summary"]["agree"] == 5
    assert_valid("compare", data)
