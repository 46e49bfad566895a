"""A whole corpus checked (`ptcg-asp audit`): each scenario loaded, compiled, solved (similar
scenarios a batch at a time on one grounding) and compared with its expectations, one row each.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from ..read.errors import InputError, InternalError, UnsupportedError
from ..read.loader import load_scenario
from ..solve.batch import BatchStats
from ..solve.compiler import compile_scenario
from ..solve.readings import with_reading
from ..solve.session import Session
from ..solve.solver import Limits
from ..solve.workers import run_ordered
from .interchange import error_dict, result_dict
from .report import incomplete_note


@dataclass
class AuditRow:
    """One scenario of an audit: what `ptcg-asp audit` prints for it (plain data: it crosses
    from the worker processes)."""

    path: str
    id: str = "-"
    verdict: str = "-"         # legal, illegal, unknown (`Verdict.word`)
    principles: tuple = ()
    resolutions: int = 0
    status: str = "ERROR"      # PASS, FAIL, INCOMPLETE, UNCHECKED, UNSUPPORTED (`Report.status`); INVALID; ERROR
    failed: tuple = ()
    error: str = ""            # INVALID, ERROR: the message (file, line, field, what was expected)
    internal: bool = False     # ERROR: a bug in ptcg-asp rather than invalid input (INVALID)
    seconds: float = 0.0
    timings: dict = field(default_factory=dict)
    summary: Optional[dict] = None   # `interchange.result_dict` without the resolutions (for --json)
    note: str = ""             # INCOMPLETE: what the partial result means (`report.incomplete_note`)
    error_data: Optional[dict] = None   # INVALID, ERROR, UNSUPPORTED: the error as data (`interchange.error_dict`)


def _row(path: str, report, seconds: float, timings: dict) -> AuditRow:
    v = report.verdict
    return AuditRow(path, report.scenario.id, v.word, tuple(v.principles()), len(v.resolutions), report.status,
                    tuple(f.key for f in report.findings if not f.ok), "", False, seconds, timings,
                    result_dict(report, with_resolutions=False), incomplete_note(report) or "")


def _error_row(path: str, exc: BaseException, seconds: float) -> AuditRow:
    """An INVALID row (invalid input: InputError), an UNSUPPORTED row (the action needs card text the
    vocabulary does not express) or, for any other exception, an ERROR row (internal)."""
    if isinstance(exc, UnsupportedError):     # no verdict: the action needs unexpressed card text
        return AuditRow(path, status="UNSUPPORTED", error=exc.render(), seconds=seconds, error_data=error_dict(exc))
    if isinstance(exc, InputError):
        return AuditRow(path, status="INVALID", error=exc.render(), seconds=seconds, error_data=error_dict(exc))
    internal = InternalError(path, exc)
    return AuditRow(path, error=internal.render(), internal=True, seconds=seconds, error_data=error_dict(internal))


def check_one(path: str, library, session: Session, reading: str = "") -> AuditRow:
    """Load, compile and analyse one scenario on the session; compare its expectations."""
    return check_batch([path], library, session, reading)[0]


def check_batch(paths: Sequence[str], library, session: Session, reading: str = "") -> list:
    """Load and compile each scenario, analyse them all on one grounding, compare expectations.

    A scenario that lists every action (`actions: {}`) is judged action by action. An invalid
    file becomes an ERROR row, and so does any failure inside ptcg-asp (never a crash). `reading`:
    every scenario solved under that reading (`--reading`, docs/readings.md).
    """
    from .check import Report, compare, run_scenario   # looked up at each call (tests replace `compare`)

    rows: list = [None] * len(paths)
    todo = []   # (index, scenario, problem, load seconds, compile seconds)
    for i, path in enumerate(paths):
        start = time.perf_counter()
        try:
            scenario = load_scenario(path, library)
            if reading:
                scenario = with_reading(scenario, reading)
            t1 = time.perf_counter()
            if scenario.action.kind == "actions":
                report = run_scenario(scenario, session)
                rows[i] = _row(path, report, time.perf_counter() - start, {"load": t1 - start})
                continue
            problem = compile_scenario(scenario)
            todo.append((i, scenario, problem, t1 - start, time.perf_counter() - t1))
        except Exception as exc:  # noqa: BLE001 - reported as a row, never a traceback
            rows[i] = _error_row(path, exc, time.perf_counter() - start)
    try:
        if len(todo) == 1:
            i, scenario, problem, load, comp = todo[0]
            report = run_scenario(scenario, session, problem)
            timings = {"load": load, "compile": comp, **report.verdict.timings}
            rows[i] = _row(paths[i], report, load + comp + sum(report.verdict.timings.values()), timings)
        elif todo:
            stats = BatchStats()
            t = time.perf_counter()
            verdicts = session.analyse_batch([x[2] for x in todo], stats)
            share = (time.perf_counter() - t) / len(todo)    # the grounding is shared: split evenly
            for (i, scenario, problem, load, comp), verdict in zip(todo, verdicts):
                timings = {"load": load, "compile": comp, "batch": share}
                rows[i] = _row(paths[i], Report(scenario, problem, verdict, compare(scenario, verdict)),
                               load + comp + share, timings)
    except Exception as exc:  # noqa: BLE001 - a failure while solving: every row of the batch says so
        for i, *_ in todo:
            if rows[i] is None:
                rows[i] = _error_row(paths[i], exc, 0.0)
    return rows


_ACTION_RE = re.compile(r"^action:[ \t]*(?:#.*)?\n[ \t]+(.*?)[ \t]*$|^action:[ \t]*(\S.*?)[ \t]*$", re.M)


def similarity_key(path: str) -> str:
    """A cheap guess of what a scenario does (its action line), to batch similar scenarios.

    Only speed depends on it: a batch of unrelated scenarios is still solved exactly.
    """
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            m = _ACTION_RE.search(f.read())
    except OSError:
        m = None
    return (m.group(1) or m.group(2)) if m else ""


def batches(files: Sequence[str], size: int) -> list:
    """Indices of `files` in groups of at most `size` with the same similarity key (deterministic)."""
    groups: dict = {}
    for i, f in enumerate(files):
        groups.setdefault(similarity_key(f) if size > 1 else str(i), []).append(i)
    out = []
    for key in sorted(groups, key=lambda k: groups[k][0]):
        idx = groups[key]
        out.extend(idx[j:j + size] for j in range(0, len(idx), size))
    return out


DEFAULT_BATCH = 8


def audit(files: Sequence[str], library, limits: Optional[Limits] = None, jobs: int = 1,
          batch: int = DEFAULT_BATCH, progress: Optional[Callable[[int, int], None]] = None,
          reading: str = "") -> list:
    """Every scenario file checked on `jobs` worker processes; rows in the order of `files`.

    Scenarios that do the same action are solved `batch` at a time on one grounding (batch=1:
    one grounding each); the verdicts are the same either way. `progress(done, total)` is called
    as files are checked (the rows do not depend on it). `reading`: solve every scenario under it.
    """
    session = Session(limits)
    files = list(files)
    groups = batches(files, max(1, batch))
    count = [0]

    def done(i: int) -> None:
        count[0] += len(groups[i])
        if progress is not None:
            progress(count[0], len(files))

    results = run_ordered(lambda idx: check_batch([files[i] for i in idx], library, session, reading), groups, jobs,
                          done)
    rows: list = [None] * len(files)
    for idx, group_rows in zip(groups, results):
        for i, row in zip(idx, group_rows):
            rows[i] = row
    seen: dict = {}
    for row in rows:
        # a row whose scenario was not read to the end (an UNSUPPORTED action refused on loading) has no id ("-"):
        # nothing to compare
        if row.status not in ("INVALID", "ERROR") and row.id != "-":
            if row.id in seen:
                row.status = "INVALID"
                dup = InputError(row.path, 1, "id", f"an id unique in the corpus (also in {seen[row.id]})", repr(row.id))
                row.error, row.error_data = dup.render(), error_dict(dup)
            else:
                seen[row.id] = row.path
    return rows
