"""`ptcg-asp diverge` and `ptcg-asp prove`: their options, and the answer printed (tell/diverge.py finds it)."""
from __future__ import annotations

import dataclasses
import sys

from ..read.errors import InputError
from ..read.loader import load_scenario
from ..solve.readings import READINGS, reading_list, with_reading
from ..tell.generate import FIELDS_TEXT, parse_fields
from .options import EXIT_FAIL, EXIT_LIMIT, EXIT_OK, library as _library, limits as _limits


def _common(p) -> None:
    p.add_argument("file", help="the base scenario (its expect: is ignored)")
    p.add_argument("--bound", action="append", default=[], metavar="FIELD=RANGE",
                   help="a field of the state left open and its values, as `generate --vary` takes them: " + FIELDS_TEXT
                        + " (repeat for more fields)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--show", type=int, default=3, metavar="N",
                   help="print the smallest N states found as scenarios (default 3; all are counted)")
    p.add_argument("--timing", action="store_true", help="print the time of each phase to stderr")


def add_diverge_parser(sub, limits) -> None:
    """Register `ptcg-asp diverge` (called by cli/commands.py)."""
    d = sub.add_parser("diverge", help="the states within bounds where two readings give different verdicts",
                       description="Leave the base scenario's state open within the bounds and find, in one grounding "
                                   "and one solve per reading, every state where the readings' verdicts differ, the "
                                   "smallest first, each as a ready-to-run scenario; or prove there is none.")
    _common(d)
    d.add_argument("--readings", default="all", metavar="all|A,B",
                   help="the readings to compare (docs/readings.md); default: all (" + ", ".join(READINGS) + ")")
    d.add_argument("--counts", action="store_true",
                   help="also the states where both readings are legal with different numbers of distinct resolutions")
    limits(d)


def add_prove_parser(sub, limits) -> None:
    """Register `ptcg-asp prove` (called by cli/commands.py)."""
    p = sub.add_parser("prove", help="prove that an action is legal (or illegal) in every state within bounds",
                       description="Leave the base scenario's state open within the bounds and prove, in one grounding "
                                   "and one solve, that the action is legal (or illegal) in every state, or print the "
                                   "smallest counterexample as a ready-to-run scenario.")
    _common(p)
    p.add_argument("--claim", choices=("legal", "illegal"), required=True)
    p.add_argument("--reading", choices=READINGS, default="",
                   help="the reading to judge under (default: the scenario's `reading:`, else seed-000)")
    limits(p)


def _scenario_text(base_id: str):
    from ..tell.compare import scenario_text
    from ..tell.interchange import case_dict

    def text(scn, header: list) -> str:
        k = header[0].split()[1]
        return scenario_text(case_dict(dataclasses.replace(scn, id=f"{base_id}-state-{k}")), header)
    return text


def _run(args, answer) -> int:
    if args.json:
        from ..tell.diverge import answer_dict
        from ..tell.interchange import to_json
        print(to_json(answer_dict(answer)))
    else:
        from ..tell.diverge import text_lines
        print("\n".join(text_lines(answer, _scenario_text(answer.scenario.id))))
    if args.timing:
        t = answer.timings
        print(f"{answer.size} states: factorise {t.get('factorise', 0):.3f} s, build {t.get('build', 0):.3f} s, "
              f"ground {t.get('ground', 0):.3f} s, solve {t.get('solve', 0):.3f} s", file=sys.stderr)
    if not answer.complete:
        return EXIT_LIMIT
    return EXIT_OK if answer.holds else EXIT_FAIL


def _shown(args) -> int:
    if args.show < 0:
        raise InputError("<command line>", None, "--show", "a number of states >= 0", str(args.show))
    return args.show


def _bounds(args, scenario):
    if not args.bound:
        raise InputError("<command line>", None, "--bound", "at least one FIELD=RANGE", "none")
    return parse_fields(args.bound, scenario)


def cmd_diverge(args) -> int:
    from ..tell.diverge import diverge
    scenario = load_scenario(args.file, _library(args))
    names = reading_list(args.readings)
    if len(names) < 2:
        raise InputError("<command line>", None, "--readings", "at least two readings", args.readings)
    return _run(args, diverge(scenario, _bounds(args, scenario), names, _limits(args), _shown(args), args.counts))


def cmd_prove(args) -> int:
    from ..tell.diverge import prove
    scenario = load_scenario(args.file, _library(args))
    if args.reading:
        scenario = with_reading(scenario, args.reading)
    return _run(args, prove(scenario, _bounds(args, scenario), args.claim, _limits(args), _shown(args)))
