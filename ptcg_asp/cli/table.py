"""`ptcg-asp table`: its options, and the table of a base scenario printed (tell/table.py builds it)."""
from __future__ import annotations

import sys

from ..read.errors import InputError
from ..read.loader import load_scenario
from ..solve.readings import READINGS, with_reading
from ..tell.table import FIELDS_TEXT, RENDERERS, SERIAL_UP_TO, build_table, parse_varies
from .options import library as _library, limits as _limits


def add_table_parser(sub, limits) -> None:
    """Register `ptcg-asp table` (called by cli/commands.py)."""
    t = sub.add_parser("table", help="verdicts for every combination of varied state fields",
                       description="Vary fields of a base scenario's state over ranges and print the "
                                   "verdict, the principles and the number of resolutions for every "
                                   "combination. Fields: " + FIELDS_TEXT + "; RANGE: N, A..B, or a "
                                   "comma-separated list (e.g. 0,1,20).")
    t.add_argument("file", help="the base scenario (its expect: is ignored)")
    t.add_argument("--vary", action="append", default=[], metavar="FIELD=RANGE",
                   help="a field and its values, e.g. 'me.hand.Basic Fire Energy=0..3' or me.deck=0,1,20 "
                        "(repeat for more fields)")
    t.add_argument("--format", choices=sorted(RENDERERS), default="text")
    t.add_argument("--jobs", type=int, default=None,
                   help=f"worker processes (default: one per CPU above {SERIAL_UP_TO} states, else 1)")
    t.add_argument("--timing", action="store_true", help="print time and states/s to stderr")
    t.add_argument("--reading", choices=READINGS, default="",
                   help="the reading to judge every state under (docs/readings.md); default: the scenario's `reading:`")
    limits(t)


def cmd_table(args) -> int:
    limits = _limits(args)
    if args.jobs is not None and args.jobs < 1:
        raise InputError("<options>", None, "--jobs", "a number of worker processes >= 1", str(args.jobs))
    scenario = load_scenario(args.file, _library(args))
    if args.reading:
        scenario = with_reading(scenario, args.reading)
    varies = parse_varies(args.vary, scenario)
    table = build_table(scenario, varies, limits, args.jobs)
    print(RENDERERS[args.format](table))
    if args.timing:
        n = len(table.cells)
        print(f"{n} states in {table.seconds:.3f} s ({n / table.seconds:.0f} states/s); "
              f"{table.stats.groundings} groundings", file=sys.stderr)
    return 0 if table.complete else 3
