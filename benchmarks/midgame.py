"""Issue 14: time of `check` on the mid-game `actions: {}` state(s), in process and as a command, with the
number of candidate actions and how many were judged legal / illegal / not judged.

Run from the repository root: `PYTHONPATH=$PWD python benchmarks/midgame.py`.
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ptcg_asp.cards.library import load_library  # noqa: E402
from ptcg_asp.read.loader import load_scenario  # noqa: E402
from ptcg_asp.solve.session import Session  # noqa: E402
from ptcg_asp.solve.solver import Limits  # noqa: E402
from ptcg_asp.tell.check import run_scenario  # noqa: E402

STATES = ["scenarios/actions-midgame-ethans-fire-against-ionos-lightning.yaml",
          "scenarios/actions-midgame-ionos-lightning-after-supporter-and-energy.yaml"]


def main() -> None:
    """Print one line per state."""
    for path in STATES:
        t0 = time.perf_counter()
        report = run_scenario(load_scenario(path, load_library()), Session(Limits()))
        inproc = time.perf_counter() - t0
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "ptcg_asp", "check", path], capture_output=True, check=False)
        command = time.perf_counter() - t0
        words = [j.word for j in report.actions]
        print(f"{path}: {report.status}; {len(words)} candidate actions: {words.count('legal')} legal, "
              f"{words.count('illegal')} illegal, {len(words) - words.count('legal') - words.count('illegal')} "
              f"not judged; check in process {inproc:.2f} s, as a command {command:.2f} s")


if __name__ == "__main__":
    main()
