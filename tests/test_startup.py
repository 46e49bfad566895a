"""Start-up caches (ptcg_asp/read/diskcache.py): the same results from a cold and a warm cache."""
import os
import subprocess
import sys

import pytest
from clingo import ast

from ptcg_asp.solve.compiler import compile_scenario, fact_pattern
from ptcg_asp.cards.library import load_library
from ptcg_asp.read.loader import find_scenarios, load_scenario
from ptcg_asp.solve.relevance import RuleIndex
from ptcg_asp.solve.solver import ENCODING, encodings_dir

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _parse() -> list:
    main: list = []
    ast.parse_files([os.path.join(encodings_dir(), ENCODING)],
                    lambda s: main.append(s) if s.ast_type != ast.ASTType.Comment else None, logger=lambda c, m: None)
    return main


@pytest.mark.slow
def test_a_cached_rule_index_keeps_the_same_statements_as_a_fresh_one(tmp_path, monkeypatch):
    monkeypatch.setenv("PTCG_ASP_CACHE", str(tmp_path))
    fresh = RuleIndex(_parse())
    RuleIndex.cached(encodings_dir(), _parse)                   # cold: builds and stores
    warm = RuleIndex.cached(encodings_dir(), _parse)            # warm: from the disk, nothing parsed
    assert warm.statements is None
    library = load_library()
    for path in find_scenarios(os.path.join(ROOT, "scenarios"))[::7]:
        scenario = load_scenario(path, library)
        if scenario.action.kind == "actions":
            continue
        try:
            facts = compile_scenario(scenario).facts
        except Exception:  # noqa: BLE001 - an action the compiler refuses is not this test's concern
            continue
        given = frozenset(fact_pattern(s) for s in facts) | {("relax", 0, ())}
        assert [str(s) for s in warm.live(given)] == [str(s) for s in fresh.live(given)], path


def test_commands_give_the_same_verdict_with_a_cold_and_a_warm_cache(tmp_path):
    """Across processes too: a clingo symbol's internal number differs between processes, so the
    cache stores constants as text (relevance.py)."""
    env = dict(os.environ, PTCG_ASP_CACHE=str(tmp_path), PYTHONPATH=ROOT)
    scenario = os.path.join(ROOT, "scenarios", "quick-ball-resolution-count.yaml")
    runs = [subprocess.run([sys.executable, "-m", "ptcg_asp", "check", scenario], env=env, capture_output=True,
                           text=True) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[1].stdout + runs[1].stderr
    assert runs[0].stdout == runs[1].stdout and "[PASS]" in runs[1].stdout
    assert any(n.startswith("relevance-") for n in os.listdir(tmp_path))
    assert any(n.startswith("library-") for n in os.listdir(tmp_path))


_MODULES = ("import sys, io, contextlib\n"
            "from ptcg_asp.cli.commands import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    code = main(['resolve', sys.argv[1]])\n"
            "print(code, sorted(m for m in ('yaml', 'ptcg_asp.tell.interchange', 'ptcg_asp.tell.audit', "
            "'ptcg_asp.tell.table', 'ptcg_asp.tell.compare') if m in sys.modules))\n"
            "print(out.getvalue())\n")


def test_a_warm_one_scenario_command_imports_no_yaml_parser_and_no_other_commands_machinery(tmp_path):
    """Start-up time (issue 13): the scenario's tree and the pool cards it reads come from the disk
    cache, and `resolve` imports neither PyYAML nor the audit, table or interchange modules."""
    env = dict(os.environ, PTCG_ASP_CACHE=str(tmp_path / "cache"), PYTHONPATH=ROOT)
    # imported cards: Breloom and Charmeleon are read from the bundled pool
    scenario = os.path.join(ROOT, "scenarios", "breloom-damage-rush-adds-50-for-each-heads-until-tails.yaml")
    cold, warm = [subprocess.run([sys.executable, "-c", _MODULES, scenario], env=env, capture_output=True, text=True)
                  for _ in range(2)]
    assert cold.stdout.splitlines()[0] == "0 ['yaml']", cold.stdout + cold.stderr
    assert warm.stdout.splitlines()[0] == "0 []", warm.stdout + warm.stderr
    assert cold.stdout.splitlines()[1:] == warm.stdout.splitlines()[1:]
    names = os.listdir(tmp_path / "cache")
    assert any(n.startswith("yaml-") for n in names) and any(n.startswith("card-") for n in names)


def test_a_changed_scenario_file_is_read_again_not_taken_from_the_cache(tmp_path):
    """The cached tree is keyed by the file's text: an edit is parsed anew."""
    env = dict(os.environ, PTCG_ASP_CACHE=str(tmp_path / "cache"), PYTHONPATH=ROOT)
    with open(os.path.join(ROOT, "scenarios", "quick-ball-resolution-count.yaml"), encoding="utf-8") as fh:
        text = fh.read()
    path = tmp_path / "s.yaml"
    outs = []
    for title in ("first title", "second title"):
        path.write_text("\n".join(f"title: {title}" if line.startswith("title:") else line for line in text.split("\n")),
                        encoding="utf-8")
        run = subprocess.run([sys.executable, "-m", "ptcg_asp", "resolve", str(path)], env=env, capture_output=True,
                             text=True)
        assert run.returncode == 0, run.stderr
        outs.append(run.stdout)
    assert "first title" in outs[0] and "second title" in outs[1] and "first title" not in outs[1]
