"""The command line: bounded work (--timeout, --max-resolutions), exit statuses and their precedence
(internal error 4 > invalid input 2 > limit reached 3 > failed expectation 1 > 0), and output
that never carries a traceback or a raw control character.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys

import pytest

from ptcg_asp.tell import check
from ptcg_asp.cli import commands as cli
from ptcg_asp.cli.commands import COMMANDS, main
from ptcg_asp.solve.solver import SolveOutput

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HOSTILE = os.path.join(HERE, "hostile")

# Ultra Ball with 10 different cards to discard (2 of them) and 12 different Pokémon to find:
# 585 distinct resolutions, found in well under a second without limits.
MANY = """\
id: many-resolutions
title: Ultra Ball with many different cards in hand and deck
source: "ptcg-asp tests: bounded work"
state:
  me:
    active: Pikachu
    hand: [Ultra Ball, Potion, Nest Ball, Quick Ball, Rare Candy, Max Potion, Super Rod, Crushing Hammer, Judge,
           Marnie, Cynthia]
    deck: [Pikachu, Charmander, Charmeleon, Ralts, Kirlia, Feebas, Milotic, Zorua, Sobble, Horsea, Diancie, Comfey, 10]
    prizes: 6
  opp:
    active: Charmander
    deck: 30
    prizes: 6
action:
  play: Ultra Ball
"""
MANY_RESOLUTIONS = 585

# Nest Ball with one Basic Pokémon in the deck: 2 resolutions (it, or nothing).
FEW = """\
id: few-resolutions
title: Nest Ball with one Basic Pokémon in the deck
source: "ptcg-asp tests: exit statuses"
state:
  me:
    active: Pikachu
    hand: [Nest Ball]
    deck: [Ralts, 5]
  opp:
    active: Charmander
action:
  play: Nest Ball
"""


def run_cli(*argv: str) -> tuple:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    assert "Traceback" not in err.getvalue()
    return status, out.getvalue(), err.getvalue()


def write(folder, name: str, text: str) -> str:
    path = os.path.join(str(folder), name)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


@pytest.fixture
def many(tmp_path) -> str:
    return write(tmp_path, "many.yaml", MANY)


def with_expect(text: str, expect: str) -> str:
    return text + "expect:\n" + "".join(f"  {line}\n" for line in expect.splitlines())


# ---- the limits exist on every command that solves -------------------------------------------

SOLVING = sorted(set(COMMANDS) - {"facts", "encodings", "cards"})   # the commands that do not solve


@pytest.mark.parametrize("command", SOLVING)
def test_every_solving_command_takes_both_limits(command):
    with pytest.raises(SystemExit) as info, contextlib.redirect_stdout(io.StringIO()) as out:
        main([command, "--help"])
    assert info.value.code == 0
    assert "--timeout" in out.getvalue() and "--max-resolutions" in out.getvalue()


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1", "1e308", "86401"])
def test_bad_timeout_is_invalid_input(many, value):
    status, out, err = run_cli("check", many, f"--timeout={value}")
    assert status == 2 and out == ""
    assert err.startswith("error: <options>: --timeout: expected a number of seconds above 0")


@pytest.mark.parametrize("value", ["0", "-5", "100000000"])
def test_bad_cap_is_invalid_input(many, value):
    status, out, err = run_cli("resolve", many, f"--max-resolutions={value}")
    assert status == 2 and out == ""
    assert err.startswith("error: <options>: --max-resolutions: expected a whole number from 1 to")


def test_unparsable_option_is_exit_2_without_traceback(many):
    with pytest.raises(SystemExit) as info, contextlib.redirect_stderr(io.StringIO()) as err:
        main(["check", many, "--timeout", "soon"])
    assert info.value.code == 2 and "invalid float value" in err.getvalue()


# ---- hitting a limit: what was found so far, flagged, exit 3 -----------------------------------

def test_without_limits_every_resolution_is_found(many):
    status, out, err = run_cli("check", "--json", many)
    assert status == 0, err
    report = json.loads(out)["results"][0]
    assert report["complete"] and report["resolution_count"] == MANY_RESOLUTIONS


def test_resolution_cap_in_check(many):
    status, out, err = run_cli("check", many, "--max-resolutions", "5")
    assert status == 3
    assert "verdict: legal  (INCOMPLETE: the max-resolutions limit was reached)" in out
    assert "resolutions: 5" in out
    assert err.startswith(f"incomplete: {many}: the max-resolutions limit was reached: the 5 resolution(s)")


def test_resolution_cap_in_check_json(many):
    status, out, _ = run_cli("check", "--json", many, "--max-resolutions", "5")
    assert status == 3
    report = json.loads(out)["results"][0]
    assert (report["complete"], report["limit"], report["resolution_count"]) == (False, "max-resolutions", 5)
    assert len(report["resolutions"]) == 5 and report["verdict"] == "legal"
    assert report["status"] == "INCOMPLETE"


def test_resolution_cap_in_resolve_lists_what_was_found(many):
    status, out, err = run_cli("resolve", many, "--max-resolutions", "5")
    assert status == 3
    assert out.count("  resolution ") == 5
    assert "INCOMPLETE" in out and "incomplete:" in err


def test_resolution_cap_in_audit(many, tmp_path):
    status, out, err = run_cli("audit", str(tmp_path), "--max-resolutions", "5")
    assert status == 3
    assert "INCOMPLETE" in out and "FAIL" not in out and "incomplete:" in err
    assert out.rstrip().endswith("audit: 0 passed, 0 failed, 1 incomplete, 0 invalid, 0 unchecked (no expectation)")


def test_tiny_timeout(many):
    status, out, err = run_cli("resolve", many, "--timeout", "1e-9")
    assert status == 3
    assert "(INCOMPLETE: the timeout limit was reached)" in out
    assert "the timeout limit was reached" in err
    found = out.count("  resolution ")
    assert found <= MANY_RESOLUTIONS   # what was found before the limit: maybe all, never flagged complete


def test_limit_with_nothing_found_says_the_verdict_is_unknown(many, monkeypatch):
    monkeypatch.setattr("ptcg_asp.solve.session.Session._enumerate",
                        lambda self, ctl, limits=None, assumptions=(): SolveOutput([], False, "timeout"))
    status, out, err = run_cli("check", many)
    assert status == 3
    assert "verdict: unknown  (INCOMPLETE: the timeout limit was reached)" in out
    assert "whether the action is legal is unknown" in err
    status, out, err = run_cli("check", "--json", many)
    assert json.loads(out)["results"][0]["verdict"] == "unknown"


def test_an_expectation_is_not_judged_passed_on_a_partial_result(many, tmp_path):
    path = write(tmp_path, "many.yaml", with_expect(MANY, f"resolutions: {MANY_RESOLUTIONS}"))
    assert run_cli("check", path)[0] == 0
    status, out, _ = run_cli("check", path, "--max-resolutions", "5")
    assert status == 3 and "[PASS]" not in out and "[FAIL]" not in out
    assert "[INCOMPLETE]  many-resolutions" in out
    assert f"--   resolutions: expected {MANY_RESOLUTIONS}, not judged (the result is incomplete)" in out


def test_a_scenario_without_expectations_says_nothing_was_checked(tmp_path):
    """No `expect:`: not [PASS] (nothing was compared), exit 0, counted apart by audit."""
    path = write(tmp_path, "few.yaml", FEW)
    status, out, _ = run_cli("check", path)
    assert status == 0
    assert "[UNCHECKED]  few-resolutions" in out and "[PASS]" not in out
    assert "nothing checked: the scenario states no expectation (expect:)" in out
    status, out, _ = run_cli("check", "--json", path)
    assert json.loads(out)["results"][0]["status"] == "UNCHECKED"
    status, out, _ = run_cli("audit", str(tmp_path))
    assert status == 0 and "UNCHECKED" in out
    assert out.rstrip().endswith("audit: 0 passed, 0 failed, 0 incomplete, 0 invalid, 1 unchecked (no expectation)")


def test_one_spelling_of_the_verdict(tmp_path):
    """legal / illegal in the verdict line, the expectation lines, JSON and the audit table."""
    path = write(tmp_path, "b-fail.yaml", with_expect(FEW.replace("few-resolutions", "b-fail"), "legal: false"))
    status, out, _ = run_cli("check", path)
    assert status == 1
    assert "  verdict: legal\n" in out
    assert "  FAIL verdict: expected illegal, got legal (line " in out
    for word in ("True", "False", "not legal"):
        assert word not in out
    report = json.loads(run_cli("check", "--json", path)[1])["results"][0]
    assert (report["verdict"], report["status"]) == ("legal", "FAIL")
    assert report["expectations"][0] == {"key": "verdict", "expected": "illegal", "actual": "legal", "ok": False,
                                         "line": 14}
    status, out, _ = run_cli("audit", str(tmp_path))
    assert "b-fail    legal " in out and "[failed: verdict]" in out


# ---- exit status precedence: 4 > 2 > 3 > 1 > 0 -------------------------------------------------

def _corpus(tmp_path, *kinds: str) -> str:
    folder = tmp_path / "corpus"
    folder.mkdir()
    for kind in kinds:
        if kind == "pass":
            write(folder, "a-pass.yaml", with_expect(FEW.replace("few-resolutions", "a-pass"), "resolutions: 2"))
        elif kind == "fail":
            write(folder, "b-fail.yaml", with_expect(FEW.replace("few-resolutions", "b-fail"), "legal: false"))
        elif kind == "limit":
            write(folder, "c-limit.yaml", with_expect(MANY.replace("many-resolutions", "c-limit"),
                                                      "resolutions: 1000000"))
        elif kind == "invalid":
            shutil.copy(os.path.join(HOSTILE, "python-tag-object.yaml"), folder / "d-invalid.yaml")
    return str(folder)


@pytest.mark.parametrize("kinds, status", [
    (("pass",), 0),
    (("pass", "fail"), 1),
    (("pass", "fail", "limit"), 3),
    (("pass", "fail", "limit", "invalid"), 2),
    (("fail", "invalid"), 2),
    (("limit", "invalid"), 2),
])
@pytest.mark.parametrize("command", ["check", "audit"])
def test_exit_status_precedence(tmp_path, kinds, status, command):
    folder = _corpus(tmp_path, *kinds)
    got, _, _ = run_cli(command, folder, "--max-resolutions", "50")
    assert got == status


def test_internal_error_is_exit_4_and_the_other_files_still_run(tmp_path, monkeypatch):
    folder = _corpus(tmp_path, "pass", "fail", "invalid")
    real = check.compare

    def broken(scenario, verdict, judged=None):
        if scenario.path.endswith("a-pass.yaml"):
            raise KeyError("boom")
        return real(scenario, verdict, judged)

    monkeypatch.setattr(check, "compare", broken)
    for command in ("check", "audit"):
        status, out, err = run_cli(command, folder)
        assert status == 4
        assert "a-pass.yaml: internal error (a bug in ptcg-asp" in err and "KeyError" in err
        assert "d-invalid.yaml:4: document" in err or "d-invalid.yaml:4: document" in out
        assert "b-fail" in out


def test_internal_error_outside_a_file_is_exit_4(monkeypatch, many):
    def broken():
        raise RuntimeError("no library")

    monkeypatch.setattr("ptcg_asp.cli.options.load_library", broken)
    status, out, err = run_cli("check", many)
    assert status == 4 and "internal error" in err and "RuntimeError: no library" in err


def test_resolve_and_facts_on_invalid_input(tmp_path):
    path = os.path.join(HOSTILE, "cards-unknown-primitive.yaml")
    for command in ("resolve", "facts"):
        status, out, err = run_cli(command, path)
        assert status == 2 and out == ""
        assert err.startswith(f"error: {path}:9: cards.0.effect.0: expected a primitive")


# ---- output ------------------------------------------------------------------------------------

def test_text_output_escapes_control_characters(tmp_path):
    text = MANY.replace("title: Ultra Ball with many different cards in hand and deck",
                        'title: "\\e[2J\\e]0;pwned\\a \\u202egnp.exe"')
    path = write(tmp_path, "esc.yaml", text)
    status, out, _ = run_cli("check", path)
    assert status == 0
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b[2J\\x1b]0;pwned\\x07 \\u202egnp.exe" in out
    status, out, _ = run_cli("check", "--json", path)
    assert json.loads(out)["results"][0]["title"] == "\x1b[2J\x1b]0;pwned\x07 \u202egnp.exe"


def test_a_closed_pipe_ends_quietly(many):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "ptcg_asp", "resolve", many], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipeError" not in err


def test_limit_while_listing_actions_names_the_actions_cut_short(tmp_path):
    path = write(tmp_path, "actions.yaml", FEW.replace("  play: Nest Ball\n", "  actions: {}\n"))
    status, out, err = run_cli("check", path, "--max-resolutions", "1")
    assert status == 3
    assert "a limit was reached while judging" in err and "play Nest Ball" in err
    status, out, err = run_cli("check", path)
    assert status == 0 and err == ""


def test_the_timeout_bounds_a_whole_actions_listing(capsys):
    """`actions: {}` judges many candidate actions; --timeout is one budget for all of them, and
    running out is reported as incomplete (exit 3), never as a verdict."""
    from ptcg_asp.cli.commands import main
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scenarios",
                        "actions-every-kind-of-action.yaml")
    assert main(["check", "--why-not", "--timeout", "0.001", path]) == 3
    assert "not judged: the time limit was reached" in capsys.readouterr().out


def test_audit_output_does_not_depend_on_the_number_of_workers(tmp_path):
    """`audit --jobs N` spreads scenarios over N processes; the table and the JSON are the same
    bytes for every N (the elapsed time goes to stderr)."""
    folder = _corpus(tmp_path, "pass", "fail", "limit", "invalid")
    outputs = []
    for jobs in ("1", "2", "3"):
        for extra in ((), ("--json",)):
            status, out, err = run_cli("audit", folder, "--jobs", jobs, "--max-resolutions", "50", *extra)
            assert " scenarios in " in err and " scenarios in " not in out
            outputs.append((status, out))
    assert outputs[0] == outputs[2] == outputs[4]
    assert outputs[1] == outputs[3] == outputs[5]
    assert outputs[0][0] == 2 and "a-pass" in outputs[0][1]
    assert outputs[0][1].rstrip().endswith("audit: 1 passed, 1 failed, 1 incomplete, 1 invalid, "
                                           "0 unchecked (no expectation)")
    counts = json.loads(outputs[1][1])["summary"]
    assert [counts[k] for k in ("passed", "failed", "incomplete", "invalid", "unchecked", "internal")] == \
        [1, 1, 1, 1, 0, 0]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_audit_shows_progress_on_a_terminal_and_stdout_does_not_change(tmp_path, monkeypatch):
    """Past a second (here: at once), `audit` writes one overwritten progress line to a terminal's
    stderr and erases it at the end; stdout is the same bytes as without it."""
    folder = _corpus(tmp_path, "pass", "limit")     # two actions: two batches
    plain = run_cli("audit", folder, "--jobs", "1", "--max-resolutions", "50")
    real = cli.Progress.__init__
    monkeypatch.setattr(cli.Progress, "__init__", lambda self, stream, delay=1.0: real(self, stream, 0.0))
    out, err = io.StringIO(), _Terminal()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["audit", folder, "--jobs", "1", "--max-resolutions", "50"])
    assert (status, out.getvalue()) == plain[:2]
    assert "\raudit: 1/2 scenarios checked" in err.getvalue() and "\raudit: 2/2 scenarios checked" in err.getvalue()
    assert err.getvalue().count("\r\x1b[K") == 1
    assert "audit: " not in plain[2]       # not a terminal: no progress line at all


@pytest.mark.parametrize("jobs", ["0", "-1", "1000"])
def test_audit_refuses_a_bad_number_of_jobs(jobs, tmp_path):
    status, out, err = run_cli("audit", str(tmp_path), "--jobs", jobs)
    assert status == 2 and "--jobs: expected a whole number from 1 to 256" in err


def test_the_readme_shows_real_output(monkeypatch):
    """Every `$ ptcg-asp ...` block in the README is what the command prints today."""
    import re
    import shlex

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "README.md"), encoding="utf-8") as fh:
        blocks = re.findall(r"```text\n\$ (ptcg-asp [^\n]*)\n(.*?)```", fh.read(), re.S)
    assert len(blocks) >= 3
    monkeypatch.chdir(root)
    for command, shown in blocks:
        status, out, err = run_cli(*shlex.split(command)[1:])
        assert (out + err).strip() == shown.strip(), command


@pytest.mark.parametrize("name", ["quick-ball-resolution-count", "welder-1-fire-energy-deck-1",
                                  "checkup-burned-modern", "nest-ball-full-bench"])
def test_the_readme_bare_clingo_line_gives_the_answer_sets_resolve_counts(name, tmp_path):
    """`ptcg-asp facts FILE > f.lp && python -m clingo "$(ptcg-asp encodings)/ptcg.lp" f.lp 0
    --project=show` (the README's line; `python -m clingo` is what the clingo package installs):
    as many answer sets as `resolve` lists outcomes over its resolutions (an illegal action: none),
    and not one message from clingo, whose warnings are on."""
    path = os.path.join(ROOT, "scenarios", name + ".yaml")
    status, facts, _ = run_cli("facts", path)
    assert status == 0
    lp = tmp_path / "f.lp"
    lp.write_text(facts, encoding="utf-8")
    status, where, _ = run_cli("encodings")
    assert status == 0 and os.path.isfile(os.path.join(where.strip(), "ptcg.lp"))
    bare = subprocess.run([sys.executable, "-m", "clingo", os.path.join(where.strip(), "ptcg.lp"), str(lp), "0",
                           "--project=show"], capture_output=True, text=True)
    assert bare.returncode == 0 and bare.stderr == "", bare.stderr
    assert {"SATISFIABLE", "UNSATISFIABLE"} & set(bare.stdout.splitlines())   # the search was exhausted
    models = int(next(line for line in bare.stdout.splitlines() if line.startswith("Models")).split(":")[1].split()[0])
    status, out, _ = run_cli("resolve", "--json", path)
    report = json.loads(out)["results"][0]
    assert report["complete"]
    assert models == sum(len(r["outcomes"]) for r in report["resolutions"])
    assert (models > 0) == (report["verdict"] == "legal")


def test_a_corpus_walk_skips_tool_output_environments_and_marked_directories(tmp_path):
    """`audit DIR` walks the YAML files under DIR past the directories that hold no scenarios by
    construction (docs/scenario-format.md, "Corpora"); a file named on its own is always taken."""
    from ptcg_asp.read.loader import IGNORE_MARKER, find_scenarios

    for folder in ("scenarios", "build/lib", "dist", "ptcg_asp.egg-info", ".git", "__pycache__", "env", "fixtures",
                   "fixtures/deeper"):
        os.makedirs(tmp_path / folder, exist_ok=True)
        write(tmp_path / folder, "s.yaml", FEW)
    write(tmp_path / "env", "pyvenv.cfg", "home = /usr/bin\n")
    write(tmp_path / "fixtures", IGNORE_MARKER, "not scenarios\n")
    assert find_scenarios(str(tmp_path)) == [str(tmp_path / "scenarios" / "s.yaml")]
    assert find_scenarios(str(tmp_path / "fixtures" / "s.yaml")) == [str(tmp_path / "fixtures" / "s.yaml")]


def test_audit_of_the_checkout_walks_only_scenarios():
    """`ptcg-asp audit .` in a checkout: the corpus and the documented example, every one a valid
    scenario; not the card library, the hostile-input fixtures or build output."""
    from ptcg_asp.cards.library import load_library
    from ptcg_asp.read.loader import find_scenarios, load_scenario

    walked = find_scenarios(ROOT)
    corpus = find_scenarios(os.path.join(ROOT, "scenarios"))
    assert set(corpus) <= set(walked)
    assert {os.path.relpath(p, ROOT).split(os.sep)[0] for p in walked} == {"scenarios", "docs"}
    library = load_library()
    for path in set(walked) - set(corpus):
        load_scenario(path, library)


def test_gitignore_hides_no_tracked_file():
    """The ignore patterns match tool output only: no tracked file (a doc, a scenario) is ignored."""
    if shutil.which("git") is None or not os.path.exists(os.path.join(ROOT, ".git")):
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files", "-i", "-c", "--exclude-standard"], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout == ""


def test_a_known_divergence_is_reported_apart_and_a_stale_mark_passes(tmp_path):
    """`known_divergence`: the expectation is the rules', ptcg-asp is known to answer otherwise: DIVERGENT
    (exit 0, counted apart by audit), never FAIL; when the expectation holds after all, PASS."""
    diverging = FEW.replace('source: "ptcg-asp tests: exit statuses"',
                            'source: "ptcg-asp tests: exit statuses"\nknown_divergence: "a test mark"')
    path = write(tmp_path, "d.yaml", diverging + "expect:\n  resolutions: 7\n")
    status, out, _ = run_cli("check", path)
    assert status == 0 and "[DIVERGENT]" in out and "known divergence: a test mark" in out
    status, out, _ = run_cli("audit", str(tmp_path))
    assert status == 0 and "1 known divergences" in out
    stale = write(tmp_path, "d.yaml", diverging + "expect:\n  legal: true\n")
    status, out, _ = run_cli("check", stale)
    assert status == 0 and "[PASS]" in out
    empty = write(tmp_path, "d.yaml", FEW.replace('source: "ptcg-asp tests: exit statuses"',
                                                  'source: "ptcg-asp tests: exit statuses"\nknown_divergence: " "'))
    status, _, err = run_cli("check", empty)
    assert status == 2 and "known_divergence" in err
