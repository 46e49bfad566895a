"""`ptcg-asp export [DIR]`: a folder of scenarios as JSON Lines of cases with ptcg-asp's results.

Each line is `{"format_version": 1, "id", "case", "result"}` (schemas/export.schema.json): the case
in its canonical form and the full result (every resolution). Lines are sorted by id and the
result's `file` is relative to DIR, so the same corpus gives the same bytes wherever it lies: a
conformance suite another engine loads with no YAML and no clingo (docs/interchange.md).
"""
from __future__ import annotations

import os

from ..read.errors import InputError, InternalError
from ..read.jsoncase import FORMAT_VERSION
from .interchange import case_dict, error_dict, result_dict, to_line


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
    from ..solve.workers import run_ordered
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
