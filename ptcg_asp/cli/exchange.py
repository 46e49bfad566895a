"""The commands of the interchange format (docs/interchange.md): `ptcg-asp export` (a folder of scenarios as
JSON Lines of cases with ptcg-asp's results) and `ptcg-asp compare` (another engine's answers against them)."""
from __future__ import annotations

import sys

from ..read.errors import InputError
from ..read.loader import find_scenarios
from ..solve.readings import READINGS
from ..solve.session import Session
from ..tell.compare import RENDERERS, compare, load_all, read_answers, read_cases, report_dict, solve_references, \
    write_scenarios
from ..tell.export import export
from .options import (EXIT_FAIL, EXIT_INPUT, EXIT_INTERNAL, EXIT_LIMIT, EXIT_OK, EXIT_UNSUPPORTED, corpus_dir, jobs as _jobs,
                      library as _library, limits as _limits)


def add_export_parser(sub, limits) -> None:
    """Register `ptcg-asp export` (called by cli.py)."""
    e = sub.add_parser("export", help="a folder of scenarios as JSON Lines of cases with ptcg-asp's results",
                       description="Every scenario under DIR (default: the bundled corpus) as one JSON line "
                                   "{format_version, id, case, result}, sorted by id (docs/interchange.md).")
    e.add_argument("dir", nargs="?")
    e.add_argument("--out", metavar="FILE", help="write the lines to FILE instead of stdout")
    e.add_argument("--jobs", type=int, default=None, help="worker processes (default: one per CPU); "
                   "the output does not depend on it")
    limits(e)


def cmd_export(args) -> int:
    root = args.dir or corpus_dir()
    library, session, jobs = _library(args), Session(_limits(args)), _jobs(args)
    files = find_scenarios(root)
    lines, errors, statuses = export(files, root, library, session, jobs)
    text = "".join(line + "\n" for line in lines)
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        except OSError as exc:
            raise InputError(args.out, None, "--out", "a file that can be written", exc.strerror or str(exc)) from None
    else:
        sys.stdout.write(text)
    print(f"export: {len(lines)} cases, {len(errors)} errors", file=sys.stderr)
    for e in errors:
        print(f"error: {e['text']}", file=sys.stderr)
    kinds = {e["kind"] for e in errors}
    if "internal" in kinds:
        return EXIT_INTERNAL
    if "invalid" in kinds:
        return EXIT_INPUT
    if "unsupported" in kinds or "UNSUPPORTED" in statuses:
        return EXIT_UNSUPPORTED
    if "INCOMPLETE" in statuses:
        return EXIT_LIMIT
    return EXIT_OK


def add_compare_parser(sub, limits) -> None:
    """Register `ptcg-asp compare` (called by cli.py)."""
    c = sub.add_parser("compare", help="another engine's answers (JSON Lines) against ptcg-asp's results",
                       description="Compare ANSWERS.jsonl ({id, legal, resolutions?, moved?, damage?} per line) "
                                   "with ptcg-asp's results: from an export (--cases), or solved from the "
                                   "scenarios of --dir (default: the bundled corpus). Exit 1 when they disagree, "
                                   "2 when a line is bad (docs/interchange.md).")
    c.add_argument("answers")
    c.add_argument("--cases", metavar="EXPORT.jsonl", help="ptcg-asp's results from `ptcg-asp export` (no solving)")
    c.add_argument("--dir", help="the scenarios to solve when --cases is not given (default: the bundled corpus)")
    c.add_argument("--format", choices=sorted(RENDERERS), default="text")
    c.add_argument("--write-scenarios", metavar="DIR", help="write each disagreement's case as DIR/ID.yaml")
    c.add_argument("--jobs", type=int, default=None, help="worker processes when solving (default: one per CPU)")
    limits(c)


def cmd_compare(args) -> int:
    if args.cases and args.dir:
        raise InputError("<options>", None, "--dir", "either --cases or --dir, not both", "both")
    if args.cases:
        refs, ref_errors = read_cases(args.cases)
        answers, answer_errors = read_answers(args.answers, refs)
    else:
        limits = _limits(args)
        loaded, ref_errors = load_all(find_scenarios(args.dir or corpus_dir()), _library(args))
        answers, answer_errors = read_answers(args.answers, {s.id: s for _, s in loaded})
        refs, solve_errors = solve_references(loaded, {a.id for a in answers}, Session(limits), _jobs(args))
        ref_errors += solve_errors
    report = compare(answers, refs, args.answers, answer_errors + ref_errors)
    if args.write_scenarios:
        write_scenarios(report, args.write_scenarios)
    data = report_dict(report)
    print(RENDERERS[args.format](data))
    if args.format != "json":
        for e in data["errors"]:
            print(f"error: {e['text']}", file=sys.stderr)
    kinds = {e["kind"] for e in data["errors"]}
    if "internal" in kinds:
        return EXIT_INTERNAL
    if kinds:
        return EXIT_INPUT
    if report.disagreements:
        return EXIT_FAIL
    if data["summary"]["not_compared"]:
        return EXIT_LIMIT
    return EXIT_OK


def add_generate_parser(sub, limits) -> None:
    """Register `ptcg-asp generate` (called by cli/commands.py)."""
    from ..tell.generate import FIELDS_TEXT
    g = sub.add_parser("generate", help="states around one action, as cases (JSON Lines) or scenario files",
                       description="Vary fields of a base scenario's state within bounds and write the states, "
                                   "around the base's action, as cases (JSON Lines, schemas/case.schema.json) or "
                                   "scenario files: every state (--all) or N different ones drawn with --seed. "
                                   "Fields: " + FIELDS_TEXT + "; RANGE: N, A..B, or a comma-separated list "
                                   "(docs/interchange.md, Generated states).")
    g.add_argument("file", help="the base scenario: the action and the state varied (its expect: is dropped)")
    g.add_argument("--vary", action="append", default=[], metavar="FIELD=RANGE",
                   help="a field and its values, e.g. me.bench=0..5, 'me.deck.Pikachu=0..4', me.active.damage=0..60 "
                        "(repeat for more fields)")
    mode = g.add_mutually_exclusive_group(required=True)
    mode.add_argument("--all", action="store_true", help="every state within the bounds")
    mode.add_argument("--n", type=int, metavar="N", help="N different states drawn at random within the bounds")
    g.add_argument("--seed", type=int, default=0, help="the seed of the draw with --n (default 0)")
    g.add_argument("--out", metavar="FILE", help="write the JSON lines to FILE instead of stdout")
    g.add_argument("--scenarios", metavar="DIR", help="write each state as DIR/ID.yaml (a scenario file) instead")
    g.add_argument("--reading", choices=READINGS, default="",
                   help="the reading the states are judged under (docs/readings.md): written as each case's `reading:`; "
                        "default: the base scenario's")
    g.add_argument("--results", action="store_true",
                   help="solve the states (in batches, one grounding per block) and write export lines "
                        "{format_version, id, case, result} (schemas/export.schema.json), for `compare --cases`")
    limits(g)


def cmd_generate(args) -> int:
    import os

    from ..read.loader import load_scenario
    from ..tell.compare import scenario_text
    from ..tell.generate import case_line, generate, numbers_all, numbers_random, parse_fields, solve
    from ..tell.interchange import result_dict, to_line
    import json

    if args.out and args.scenarios:
        raise InputError("<options>", None, "--scenarios", "either --out or --scenarios, not both", "both")
    if args.results and args.scenarios:
        raise InputError("<options>", None, "--results", "--results with JSON Lines (--out or stdout), not --scenarios",
                         "--scenarios")
    if args.all and args.seed:
        raise InputError("<options>", None, "--seed", "a seed only with --n (--all draws nothing)", str(args.seed))
    base = load_scenario(args.file, _library(args))
    if args.reading:
        import dataclasses
        base = dataclasses.replace(base, reading=args.reading, reading_override="")
    fields = parse_fields(args.vary, base)
    numbers = numbers_all(fields) if args.all else numbers_random(fields, args.n, args.seed)
    how = "every state within the bounds" if args.all else f"--n {args.n} --seed {args.seed}"
    states = generate(base, fields, numbers, how)
    lines = [case_line(g) for g in states]
    statuses: list = []
    if args.results:
        records = []
        for line, report in zip(lines, solve(states, Session(_limits(args)))):
            result = result_dict(report)
            result["file"] = f"generated from {args.file}"
            records.append(to_line({"format_version": 1, "id": report.scenario.id, "case": json.loads(line),
                                    "result": result}))
            statuses.append(report.status)
        lines = records
    if args.scenarios:
        try:
            os.makedirs(args.scenarios, exist_ok=True)
            for line in lines:
                case = json.loads(line)
                header = [case["title"], f"source: {case['source']}", "no expect: the rules' answer is what engines are "
                          "compared on (ptcg-asp check THIS_FILE shows ptcg-asp's)"]
                with open(os.path.join(args.scenarios, case["id"] + ".yaml"), "w", encoding="utf-8", newline="\n") as fh:
                    fh.write(scenario_text(case, header))
        except OSError as exc:
            raise InputError(args.scenarios, None, "--scenarios", "a folder that can be written",
                             exc.strerror or str(exc)) from None
    else:
        text = "".join(line + "\n" for line in lines)
        if args.out:
            try:
                with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
            except OSError as exc:
                raise InputError(args.out, None, "--out", "a file that can be written", exc.strerror or str(exc)) from None
        else:
            sys.stdout.write(text)
    print(f"generate: {len(lines)} states of {base.id}" + (", solved" if args.results else ""), file=sys.stderr)
    return EXIT_LIMIT if "INCOMPLETE" in statuses else EXIT_OK
