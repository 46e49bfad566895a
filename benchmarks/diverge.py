"""`diverge` and `prove` over a space of at least 100,000 states, against `table` on the same states.

    python benchmarks/diverge.py [--no-table]

Issue 15's target: diverge and prove answer over >= 100,000 states in one solve in under 10 s on this
machine. Prints each phase's time (factorise: compiling the fields' values and checking the factorisation;
ground; solve: the projected enumeration of the legal states, once per reading) and, unless --no-table, the
time `table` needs to solve the same states one by one (its blocks of neighbouring states, all workers), as
the ratio.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ptcg_asp.cards.library import load_library  # noqa: E402
from ptcg_asp.read.loader import load_scenario  # noqa: E402
from ptcg_asp.solve.readings import with_reading  # noqa: E402
from ptcg_asp.tell.diverge import diverge, prove  # noqa: E402
from ptcg_asp.tell.table import build_table, parse_varies  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KUKUI = os.path.join(ROOT, "scenarios", "english-rulebook-professor-kukui-with-a-deck.yaml")
NEST = os.path.join(ROOT, "scenarios", "nest-ball-open-bench.yaml")
KUKUI_BOUNDS = ["me.deck=0..20", "me.hand=0..10", "opp.hand=0..20", "me.discard=0..20"]
NEST_BOUNDS = ["me.deck=0..20", "me.hand=0..10", "opp.hand=0..20", "me.bench=0..5", "me.discard=0..5"]


def halves(bounds: list) -> list:
    """The same states as two tables: the first bound's range split in two."""
    field, rng = bounds[0].split("=")
    low, high = (int(x) for x in rng.split(".."))
    mid = (low + high) // 2
    return [[f"{field}={low}..{mid}"] + bounds[1:], [f"{field}={mid + 1}..{high}"] + bounds[1:]]


def report(name: str, answer, wall: float) -> None:
    t = answer.timings
    print(f"{name}: {answer.size} states, {answer.groups} groups; legal {answer.legal_counts}; found {answer.found_count}; "
          f"{'complete' if answer.complete else 'INCOMPLETE'}")
    print(f"   wall {wall:.2f} s = factorise {t['factorise']:.2f} + build {t['build']:.2f} + ground {t['ground']:.2f} + "
          f"solve {t['solve']:.2f} (+ the rest: decoding, the smallest states found)")
    print(f"   target: >= 100,000 states in < 10 s: {'MET' if answer.size >= 100_000 and wall < 10 else 'MISSED'}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-table", action="store_true")
    args = ap.parse_args()
    library = load_library()
    kukui, nest = load_scenario(KUKUI, library), load_scenario(NEST, library)
    kv, nv = parse_varies(KUKUI_BOUNDS, kukui), parse_varies(NEST_BOUNDS, nest)
    t = time.perf_counter()
    d = diverge(kukui, kv, ("seed-000", "english-rulebook"))
    dw = time.perf_counter() - t
    report("diverge Professor Kukui, seed-000 vs english-rulebook", d, dw)
    t = time.perf_counter()
    p = prove(nest, nv, "legal")
    pw = time.perf_counter() - t
    report("prove Nest Ball legal", p, pw)
    if not args.no_table:
        for name, scn, bounds, wall, readings in (("Professor Kukui", kukui, KUKUI_BOUNDS, dw,
                                                   ("seed-000", "english-rulebook")),
                                                  ("Nest Ball", nest, NEST_BOUNDS, pw, ("seed-000",))):
            t = time.perf_counter()
            for r in readings:
                for part in halves(bounds):    # a table holds at most 100,000 states (table.MAX_STATES)
                    build_table(with_reading(scn, r), parse_varies(part, scn))
            tt = time.perf_counter() - t
            print(f"table, {name}, the same states one by one under {len(readings)} reading(s): {tt:.1f} s "
                  f"-> {tt / wall:.1f}x the one-solve answer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
