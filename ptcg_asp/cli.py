"""The `ptcg-asp` command: check, resolve, facts, audit.

Exit status: 0 every expectation holds; 1 an expectation does not hold; 2 invalid input;
3 a time limit or the resolution cap was reached (the result is incomplete, not a verdict).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Optional

from . import __version__
from .check import run
from .compiler import compile_scenario
from .errors import InputError
from .library import load_library
from .loader import find_scenarios, load_scenario
from .report import report_dict, resolution_lines, text_report, to_json, verdict_lines
from .solver import Limits

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_LIMIT = 0, 1, 2, 3


def corpus_dir() -> str:
    """The bundled scenario corpus: inside the package, or the checkout's scenarios/."""
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.path.join(here, "scenarios"), os.path.join(os.path.dirname(here), "scenarios")):
        if os.path.isdir(candidate):
            return candidate
    raise InputError("scenarios", None, "corpus", "the bundled scenario corpus", "nothing installed")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ptcg-asp", description="Pokémon TCG rulings verifier (clingo).")
    p.add_argument("--version", action="version", version=f"ptcg-asp {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    def limits(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--timeout", type=float, default=20.0, help="seconds per solve (default 20)")
        sp.add_argument("--max-resolutions", type=int, default=10000,
                        help="cap on enumerated resolutions per solve (default 10000)")

    c = sub.add_parser("check", help="check scenarios against their expectations")
    c.add_argument("files", nargs="+")
    c.add_argument("--json", action="store_true")
    c.add_argument("--why-not", action="store_true", help="with `actions: {}`: also list the actions that are "
                   "not legal, with the principle that forbids each")
    limits(c)
    r = sub.add_parser("resolve", help="list every legal resolution of a scenario's action")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    limits(r)
    f = sub.add_parser("facts", help="print the compiled facts (run clingo on them with encodings/ptcg.lp)")
    f.add_argument("file")
    a = sub.add_parser("audit", help="check a whole corpus (default: the bundled one) and print a table")
    a.add_argument("dir", nargs="?")
    a.add_argument("--json", action="store_true")
    limits(a)
    return p


def _limits(args) -> Limits:
    if args.timeout <= 0 or args.max_resolutions < 1:
        raise InputError("<options>", None, "--timeout/--max-resolutions", "a positive time and cap",
                         f"{args.timeout}/{args.max_resolutions}")
    return Limits(timeout=args.timeout, max_models=args.max_resolutions)


def _status(reports: list, errors: list) -> int:
    if errors:
        return EXIT_INPUT
    if any(not r.verdict.complete for r in reports):
        return EXIT_LIMIT
    return EXIT_OK if all(r.passed for r in reports) else EXIT_FAIL


def _run_all(files: list, args) -> tuple:
    """Run every file; invalid ones become errors (reported, never a crash)."""
    library, limits = load_library(), _limits(args)
    reports, errors = [], []
    for f in files:
        try:
            reports.append(run(f, library, limits))
        except InputError as exc:
            errors.append(exc)
    return reports, errors


def cmd_check(args) -> int:
    files = [f for target in args.files for f in find_scenarios(target)]
    reports, errors = _run_all(files, args)
    if args.json:
        print(to_json({"reports": [report_dict(r) for r in reports],
                       "errors": [e.render() for e in errors]}))
    else:
        print("\n\n".join(text_report(r, why_not=args.why_not) for r in reports))
    for e in errors:
        print(f"error: {e.render()}", file=sys.stderr)
    return _status(reports, errors)


def cmd_resolve(args) -> int:
    library, limits = load_library(), _limits(args)
    report = run(args.file, library, limits)
    if args.json:
        print(to_json(report_dict(report)))
    else:
        s = report.scenario
        print("\n".join([f"{s.path}  {s.id}", f"  {s.title}"] + verdict_lines(report.verdict)
                        + resolution_lines(report.verdict)))
    return _status([report], []) if not report.verdict.complete else EXIT_OK


def cmd_facts(args) -> int:
    scenario = load_scenario(args.file, load_library())
    problem = compile_scenario(scenario)
    print("\n".join(f"{sym}." for sym in problem.facts))
    return EXIT_OK


def cmd_audit(args) -> int:
    library, limits = load_library(), _limits(args)
    files = find_scenarios(args.dir or corpus_dir())
    reports: list = []
    errors: list = []
    rows = []
    ids: dict = {}
    start = time.perf_counter()
    for f in files:
        t0 = time.perf_counter()
        try:
            r = run(f, library, limits)
            if r.scenario.id in ids:
                raise InputError(f, 1, "id", f"an id unique in the corpus (also in {ids[r.scenario.id]})",
                                 repr(r.scenario.id))
        except InputError as exc:
            errors.append(exc)
            rows.append((os.path.basename(f), "-", "-", "-", "ERROR", exc.render(), time.perf_counter() - t0))
            continue
        ids[r.scenario.id] = f
        reports.append(r)
        failed = [x.key for x in r.findings if not x.ok]
        status = "PASS" if r.passed else ("LIMIT" if not r.verdict.complete else "FAIL")
        rows.append((r.scenario.id, "legal" if r.verdict.legal else "illegal", ",".join(r.verdict.principles()) or "-",
                     str(len(r.verdict.resolutions)), status, ", ".join(failed), time.perf_counter() - t0))
    elapsed = time.perf_counter() - start
    passed = sum(1 for r in reports if r.passed)
    failed = len(files) - passed
    if args.json:
        print(to_json({"passed": passed, "failed": failed, "errors": [e.render() for e in errors],
                       "scenarios": [report_dict(r, with_resolutions=False) for r in reports]}))
    else:
        width = max([len(r[0]) for r in rows] + [8])
        print(f"{'scenario':<{width}}  {'verdict':<7}  {'res':>5}  {'status':<5}  principles")
        for sid, verdict, principles, nres, status, failures, _ in rows:
            extra = f"  [failed: {failures}]" if failures else ""
            print(f"{sid:<{width}}  {verdict:<7}  {nres:>5}  {status:<5}  {principles}{extra}")
        print(f"\n{len(files)} scenarios in {elapsed:.1f} s")
        print(f"audit: {passed} passed, {failed} failed")
    return _status(reports, errors)


COMMANDS = {"check": cmd_check, "resolve": cmd_resolve, "facts": cmd_facts, "audit": cmd_audit}


def main(argv: Optional[list] = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except InputError as exc:
        print(f"error: {exc.render()}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
