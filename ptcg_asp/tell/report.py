"""Render reports as text (JSON: interchange.py): sorted and stable, the same bytes for the same input."""
from __future__ import annotations

import json
from typing import Optional

from .check import Report
from ..read.errors import one_line
from ..read.model import DEFAULT_READING
from ..solve.verdict import Verdict


def _fraction(p) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def verdict_lines(v: Verdict, kind: str = "") -> list:
    if kind == "game_over" and v.decided:
        verdict = {"none": "the game goes on", "sudden_death": "Sudden Death"}.get(v.game_result or "",
                                                                                     f"{v.game_result} wins")
    else:
        verdict = v.word
    lines = [f"  verdict: {verdict}"
             + ("" if v.complete else f"  (INCOMPLETE: the {v.limit} limit was reached)")]
    if v.reasons:
        lines.append("  because:")
        lines.extend(f"    {r.line()}" for r in v.reasons)
    if v.legal:
        lines.append(f"  resolutions: {len(v.resolutions)}")
        for key, values in v.moved.items():
            lines.append(f"  moved {key}: {values}")
        for key, values in v.damage.items():
            lines.append(f"  damage {key}: {values}")
    return lines


class Lines:
    """The words of the resolution lines; tell/wording.py's `ResolutionWords` says them in another language."""

    def resolution(self, i: int) -> str:
        return f"resolution {i}:"

    def no_choice(self) -> str:
        return "(no choice to make)"

    def choice(self, line: str, data: dict) -> str:
        return line

    def event(self, e: tuple) -> str:
        if e[0] == "coin":
            return f"coin {e[1]}: {e[2]}"
        cards = " + ".join(f"{n} x {c}" for c, n in e[2]) or "none"
        return f"step {e[1]} cards {cards}"

    def outcome(self, events: list, probability: str, moved: list) -> str:
        return f"outcome [{', '.join(events) or 'certain'}] p={probability}: {', '.join(moved) or 'nothing moves'}"

    def moved(self, route: str, n: int) -> str:
        return f"{route} {n}"

    def trace(self, steps: tuple) -> str:
        return "damage: " + " -> ".join(f"{name} {value}" for name, value in steps)

    def takes(self, pos: str, value: int) -> str:
        return f"{pos} takes {value}"

    def heals(self, pos: str, hp: int) -> str:
        return f"{pos} heals {hp}"

    def has(self, pos: str, conds: tuple) -> str:
        return f"{pos} has: {', '.join(conds)}"

    def knocked_out(self, pos: str, prizes: int) -> str:
        return f"{pos} is Knocked Out: {prizes} Prize card(s)"


def resolution_lines(v: Verdict, words: Optional[Lines] = None) -> list:
    """Each resolution: its choices, then each outcome with its probability and what it does."""
    w = words or Lines()
    lines = []
    for i, res in enumerate(v.resolutions, 1):
        lines.append(f"  {w.resolution(i)}")
        data = res.choice_data if len(res.choice_data) == len(res.choices) else ({},) * len(res.choices)
        for c, d in zip(res.choices, data):
            lines.append(f"    - {w.choice(c, d)}")
        if not res.choices:
            lines.append(f"    - {w.no_choice()}")
        for o in res.outcomes:
            moved = [w.moved(k, n) for k, n in sorted(o.moved.items())]
            lines.append(f"    {w.outcome([w.event(e) for e in o.events], _fraction(o.probability), moved)}")
            if o.trace:
                lines.append(f"      {w.trace(o.trace)}")
            for pos, value in sorted(o.damage.items()):
                lines.append(f"      {w.takes(pos, value)}")
            for pos, hp in o.healed:
                lines.append(f"      {w.heals(pos, hp)}")
            for pos, conds in o.conditions:
                lines.append(f"      {w.has(pos, conds)}")
            for pos, prizes in o.knocked_out:
                lines.append(f"      {w.knocked_out(pos, prizes)}")
    return lines


def action_lines(r: Report, why_not: bool = False) -> list:
    lines = ["  legal actions:"]
    lines.extend(f"    {j.line}" for j in r.actions if j.legal)
    if r.unsupported:
        lines.append("  not judged (card text the vocabulary does not express):")
        lines.extend(f"    {j.line}  -- {j.unsupported}" for j in r.unsupported)
    if why_not:
        lines.append("  illegal actions:")
        for j in r.actions:
            if not j.legal and not j.unsupported:
                why = _grouped(j.reasons) or "no reason found"
                lines.append(f"    {j.line}  -- {why}")
    return lines


def _grouped(reasons: list) -> str:
    """Reasons with the same detail share one line: "A3, A6: there is no Pokémon ..."."""
    by_detail: dict = {}
    for r in reasons:
        by_detail.setdefault(r.detail, []).append(r.principle)
    return "; ".join(f"{', '.join(sorted(set(ids)))}: {d}" for d, ids in sorted(by_detail.items(), key=lambda kv: sorted(kv[1])))


_MARKS = {True: "ok  ", False: "FAIL"}


def text_report(r: Report, with_resolutions: bool = False, why_not: bool = False) -> str:
    """A report as text: `[STATUS]` (PASS, FAIL, INCOMPLETE, UNCHECKED, DIVERGENT, UNSUPPORTED), the
    verdict, each expectation."""
    s = r.scenario
    lines = [f"{s.path}  [{r.status}]  {s.id}", f"  {s.title}"] + reading_lines(s)
    if s.action.kind == "actions":
        lines.extend(action_lines(r, why_not))
    else:
        lines.extend(verdict_lines(r.verdict, s.action.kind))
    if with_resolutions:
        lines.extend(resolution_lines(r.verdict))
    if r.status == "UNCHECKED" and s.active_reading != s.reading and s.expect is not None:
        lines.append(f"  nothing checked: no expectation under the reading {s.active_reading} "
                     f"(the plain expect: is for {s.reading}; expect.readings has none for it)")
    elif r.status == "UNCHECKED":
        lines.append("  nothing checked: the scenario states no expectation (expect:)")
    if s.known_divergence:
        lines.append(f"  known divergence: {s.known_divergence}")
    lines.extend(finding_lines(r))
    return "\n".join(lines)


def reading_lines(s) -> list:
    """`reading: NAME` when the action is judged under a reading other than the default (docs/readings.md)."""
    return [] if s.active_reading == DEFAULT_READING else [f"  reading: {s.active_reading}"]


def finding_lines(r: Report) -> list:
    """One line per expectation: `ok`, `FAIL`, or `--` when the result is incomplete."""
    lines = []
    complete = r.verdict.complete
    for f in r.findings:
        # On an incomplete result an expectation is neither met nor failed: it is not judged.
        mark = _MARKS[f.ok] if complete else "--  "
        where = f" (line {f.line})" if f.line else ""
        if not complete:
            detail = f"expected {_shown(f.expected)}, not judged (the result is incomplete)"
        elif f.ok:
            detail = _shown(f.expected)
        else:
            detail = f"expected {_shown(f.expected)}, got {_shown(f.actual)}"
        lines.append(f"  {mark} {f.key}: {detail}{where}")
    return lines


def _shown(x) -> str:
    """An expected or actual value as text: a list of principles without quotes (A4, A6)."""
    if isinstance(x, (list, tuple)) and all(isinstance(i, str) for i in x):
        return "[" + ", ".join(x) + "]"
    return str(x)


def incomplete_note(r: Report) -> Optional[str]:
    """For a partial result (a limit was reached): one line saying what the partial result means."""
    v = r.verdict
    if v.complete:
        return None
    if r.scenario.action.kind == "actions":
        cut = [j.line for j in r.actions if not j.complete]
        return one_line(f"incomplete: {r.scenario.path}: a limit was reached while judging {len(cut)} of "
                        f"{len(r.actions)} candidate actions; each is listed as far as it was judged: "
                        + "; ".join(cut) + " (raise --timeout or --max-resolutions)")
    if v.resolutions:
        what = (f"the {len(v.resolutions)} resolution(s) shown were found before it; there may be more, "
                "so the action is legal, but the count and the moved totals cover only those")
    elif v.reasons:
        # Only a finished search for resolutions leads to a diagnosis (the reasons).
        what = "no resolution exists, but the reasons shown are those found before it"
    else:
        what = "no resolution was found before it, so whether the action is legal is unknown"
    limit = f"the {v.limit} limit" if v.limit else "a limit"
    return one_line(f"incomplete: {r.scenario.path}: {limit} was reached: {what} "
                    "(raise --timeout or --max-resolutions)")


def to_json(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=True)
