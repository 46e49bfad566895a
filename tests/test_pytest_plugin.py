"""The pytest plugin (ptcg_asp/tell/pytest_plugin.py): a folder of scenario files run as test cases by
another project's pytest, in a child process as that project would run it."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

from .conftest import SCENARIOS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _write(folder, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


def test_a_folder_of_scenarios_runs_as_test_cases(tmp_path):
    rulings = tmp_path / "rulings"
    rulings.mkdir()
    shutil.copy(os.path.join(SCENARIOS, "nest-ball-full-bench.yaml"), rulings)        # PASS
    open_bench = open(os.path.join(SCENARIOS, "nest-ball-open-bench.yaml"), encoding="utf-8").read()
    shutil.copy(os.path.join(SCENARIOS, "nest-ball-open-bench.yaml"), rulings)        # PASS
    # The same state with a wrong count: FAIL, naming the expectation and its line.
    _write(rulings, "wrong-count.yaml", open_bench.replace("id: nest-ball-open-bench", "id: wrong-count")
           .replace("resolutions: 3", "resolutions: 4"))
    # Marked as a known divergence: xfail with its reason.
    _write(rulings, "marked.yaml", open_bench.replace("id: nest-ball-open-bench", "id: marked\nknown_divergence: "
                                                       "marked for this test").replace("resolutions: 3", "resolutions: 4"))
    # No expectation: skipped.
    _write(rulings, "no-expect.yaml", open_bench.split("\nexpect:")[0].replace("id: nest-ball-open-bench", "id: no-expect") + "\n")
    _write(rulings, "broken.yaml", "id: [unclosed\n")                                 # fails with the error
    _write(rulings, "ci.yaml", "jobs: {}\n")                                          # not a scenario: not collected
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "ptcg_asp.tell.pytest_plugin", "--ptcg-asp",
                           "-p", "no:cacheprovider", "-rA", str(rulings)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    assert re.search(r"2 failed, 2 passed, 1 skipped, 1 xfailed", out), out
    assert "PASSED rulings/nest-ball-full-bench.yaml::nest-ball-full-bench" in out
    assert "PASSED rulings/nest-ball-open-bench.yaml::nest-ball-open-bench" in out
    assert "FAILED rulings/wrong-count.yaml::wrong-count" in out
    assert re.search(r"wrong-count\.yaml:\d+: expect resolutions: expected 4, ptcg-asp gives 3", out), out
    assert "XFAIL rulings/marked.yaml::marked - known divergence: marked for this test" in out
    assert "the scenario states no expectation" in out
    assert re.search(r"broken\.yaml:\d+: document: expected well-formed YAML", out) and "Traceback" not in out
    assert "ci.yaml" not in out


def test_without_the_option_nothing_is_collected(tmp_path):
    shutil.copy(os.path.join(SCENARIOS, "nest-ball-full-bench.yaml"), tmp_path)
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "ptcg_asp.tell.pytest_plugin", "-p", "no:cacheprovider",
                           str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 5 and "no tests ran" in proc.stdout, proc.stdout
