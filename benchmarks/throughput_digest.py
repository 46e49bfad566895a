"""The results of issue 17's generated states as bytes, for checking that a speed change changes nothing.

For each card of `benchmarks/run.py --part throughput` (Nest Ball, Ultra Ball, Iono), the 2,000 states
drawn with seed 1 are solved in process (`generate.solve`, full results) and each state's result (the
export's `result` object, keys sorted, its `file` relative to the checkout) is written one per line, in state-id order; the SHA-256 of
those bytes is printed per card. Run it on two checkouts and compare the digests (or `--out PREFIX`
writes the bytes to PREFIX.CARD, to `cmp` them).

Usage: python benchmarks/throughput_digest.py [--n N] [--seed S] [--out PREFIX]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

import run as bench  # noqa: E402
from ptcg_asp.solve.session import Session  # noqa: E402
from ptcg_asp.tell import generate as gen  # noqa: E402


def _here(result: dict) -> dict:
    """The result with its scenario's path relative to the checkout (two checkouts give the same bytes)."""
    return {**result, "file": os.path.relpath(result["file"], ROOT)} if result.get("file") else result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", help="also write each card's bytes to OUT.CARD")
    args = p.parse_args()
    library = bench.load_library()
    session = Session(bench.LIMITS)
    for card, base_file, bounds in bench.THROUGHPUT_CASES:
        base = bench.load_scenario(os.path.join(bench.CORPUS, base_file), library)
        fields = gen.parse_fields(bounds, base)
        states = gen.generate(base, fields, gen.numbers_random(fields, args.n, args.seed), f"--n {args.n} --seed {args.seed}")
        refs = gen.references(gen.solve(states, session))
        blob = "\n".join(json.dumps(_here(refs[k].result), sort_keys=True, ensure_ascii=False, default=str)
                         for k in sorted(refs)).encode()
        if args.out:
            with open(f"{args.out}.{card.replace(' ', '_')}", "wb") as fh:
                fh.write(blob)
        print(f"{card}: {len(refs)} states, {len(blob)} bytes, sha256 {hashlib.sha256(blob).hexdigest()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
