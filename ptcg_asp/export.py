"""`ptcg-asp export [DIR]`: a folder of scenarios as JSON Lines of cases with ptcg-asp's results.

Each line is `{"format_version": 1, "id", "case", "result"}` (schemas/export.schema.json): the case
in its canonical form and the full result (every resolution). Lines are sorted by id and the
result's `file` is relative to DIR, so the same corpus gives the same bytes wherever it lies: a
conformance suite another engine loads with no YAML and no clingo (docs/interchange.md).
"""
from __future__ import annotations

import os
import sys
from typing import Optional

from .errors import InputError, InternalError, UnsupportedError
from .interchange import FORMAT_VERSION, case_dict, error_dict, result_dict, to_line


def export_record(report, relative: str) -> dict:
    """One line of an export: the case and ptcg-asp's result for it (`file` relative to the corpus)."""
    result = result_dict(report)
    result["file"] = relative
    return {"format_version": FORMAT_VERSION, "id": report.scenario.id, "case": case_dict(report.scenario),
            "result": result}


def _one(path: str, root: str, library, session) -> tuple:
    """("ok", id, line text) or ("error", error dict): plain data (it crosses from the workers)."""
    from .check import run
    try:
        report = run(path, library, session.limits, session)
        return ("ok", report.scenario.id, to_line(export_record(report, _relative(path, root))), report.status)
    except InputError as exc:
        return ("error", error_dict(exc))
    except Exception as exc:  # noqa: BLE001 - reported as an internal error, never a traceback
        return ("error", error_dict(InternalError(path, exc)))


def _relative(path: str, root: str) -> str:
    if os.path.isfile(root):
        return os.path.basename(path)
    return os.path.relpath(path, root).replace(os.sep, "/")


def export(files: list, root: str, library, session, jobs: int = 1) -> tuple:
    """(the lines sorted by id, the errors, the statuses): every file solved in full."""
    from .session import run_ordered
    outputs = run_ordered(lambda path: _one(path, root, library, session), files, jobs)
    lines, errors, statuses, seen = {}, [], [], {}
    for path, out in zip(files, outputs):
        if out[0] == "error":
            errors.append(out[1])
            continue
        _, sid, line, status = out
        if sid in seen:
            dup = InputError(path, 1, "id", f"an id unique in the corpus (also in {seen[sid]})", repr(sid))
            errors.append(error_dict(dup))
            continue
        seen[sid] = path
        lines[sid] = line
        statuses.append(status)
    return [lines[k] for k in sorted(lines)], errors, statuses


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
    from .cli import EXIT_INPUT, EXIT_INTERNAL, EXIT_LIMIT, EXIT_OK, EXIT_UNSUPPORTED, _jobs, _library, _limits, corpus_dir
    from .loader import find_scenarios
    from .session import Session

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
