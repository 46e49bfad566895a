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
