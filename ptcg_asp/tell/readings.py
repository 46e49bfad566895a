"""One scenario under several readings, side by side (`check --readings all FILE`, docs/readings.md):
per reading the verdict, the resolution count, the principles and the status, with the columns that
differ from the first reading marked."""
from __future__ import annotations

from typing import Sequence

from ..read.loader import load_scenario
from ..solve.readings import with_reading
from ..solve.session import Session
from .check import Report, run_scenario
from .report import finding_lines

# The status of a scenario checked under several readings: the first of these that some reading has.
_PRECEDENCE = ("UNSUPPORTED", "INCOMPLETE", "FAIL", "DIVERGENT", "PASS", "UNCHECKED")


def side_by_side(path: str, library, session: Session, names: Sequence[str]) -> list:
    """The scenario at `path` solved under each reading of `names`, in that order (one report each)."""
    scenario = load_scenario(path, library)
    return [run_scenario(with_reading(scenario, name), session) for name in names]


def combined_status(reports: Sequence[Report]) -> str:
    """FAIL if an expectation fails under some reading; PASS if every checked one holds; and so on."""
    statuses = {r.status for r in reports}
    return next(s for s in _PRECEDENCE if s in statuses)


def _row(r: Report) -> tuple:
    v = r.verdict
    return (v.word, str(len(v.resolutions)), ",".join(v.principles()) or "-")


def side_by_side_text(reports: Sequence[Report]) -> str:
    """The table of one scenario's readings, then each reading's expectations."""
    s = reports[0].scenario
    lines = [f"{s.path}  [{combined_status(reports)}]  {s.id}", f"  {s.title}"]
    rows = [(r.scenario.active_reading,) + _row(r) + (r.status,) for r in reports]
    heads = ("reading", "verdict", "res", "principles", "status")
    widths = [max(len(x[i]) for x in rows + [heads]) for i in range(len(heads))]
    first = rows[0]

    def cells(row: tuple) -> str:
        return "  ".join(c.rjust(w) if i == 2 else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()

    lines.append("  " + cells(heads))
    for row in rows:
        differs = [("verdict", "resolutions", "principles")[i - 1] for i in (1, 2, 3) if row[i] != first[i]]
        mark = f"   <- differs from {first[0]}: {', '.join(differs)}" if differs else ""
        lines.append("  " + cells(row) + mark)
    if all(row[1:4] == first[1:4] for row in rows):
        lines.append("  the readings agree")
    for r in reports:
        found = finding_lines(r)
        if found:
            lines.append(f"  under {r.scenario.active_reading}:")
            lines.extend("  " + line for line in found)
    return "\n".join(lines)
