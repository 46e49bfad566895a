"""What `explain` costs against `check` on the same scenarios (issue 16's target: at most 2x).

    python benchmarks/explain_cost.py [DIR] [--lang zh-Hans]

In one process, one session (the encodings parsed once, as each command does), for every scenario of the
corpus that has one action (not `actions: {}`): the time of `check`'s solve-and-compare (`run_scenario`)
and of `explain` (the tree; with --lang, worded in that language), each the best of 3 runs. Prints the
per-scenario median ratio, the ratio of the sums and the worst case.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ptcg_asp.cards.library import load_library  # noqa: E402
from ptcg_asp.read.loader import find_scenarios, load_scenario  # noqa: E402
from ptcg_asp.solve.session import Session  # noqa: E402
from ptcg_asp.tell.check import run_scenario  # noqa: E402
from ptcg_asp.tell.explanation import explain, text_lines  # noqa: E402


def best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scenarios"))
    ap.add_argument("--lang", default="en")
    args = ap.parse_args()
    library, session = load_library(), Session()
    say = None
    if args.lang != "en":
        from ptcg_asp.tell.wording import Speaker, card_namer, speaker_say
        say = speaker_say(Speaker(args.lang, card_namer(library, args.lang)))
    rows = []
    for path in find_scenarios(args.dir):
        s = load_scenario(path, library)
        if s.action.kind == "actions":
            continue
        c = best(lambda: run_scenario(s, session))
        e = best(lambda: text_lines(explain(s, session, say)))
        rows.append((e / c, c, e, os.path.basename(path)))
    ratios = [r[0] for r in rows]
    worst = max(rows)
    print(f"{len(rows)} scenarios, language {args.lang}")
    print(f"check:   sum {sum(r[1] for r in rows):.2f} s, median {statistics.median(r[1] for r in rows) * 1000:.1f} ms")
    print(f"explain: sum {sum(r[2] for r in rows):.2f} s, median {statistics.median(r[2] for r in rows) * 1000:.1f} ms")
    print(f"explain / check: median {statistics.median(ratios):.2f}x, sums {sum(r[2] for r in rows) / sum(r[1] for r in rows):.2f}x, "
          f"worst {worst[0]:.2f}x ({worst[3]})")
    print(f"target: explain <= 2x check: {'MET' if statistics.median(ratios) <= 2 else 'MISSED'} (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
