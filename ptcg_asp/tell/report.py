"""Render reports as text (JSON: interchange.py): sorted and stable, the same bytes for the same input."""
from __future__ import annotations

import json
from typing import Optional

from .check import Report
from .principles import catalogue
from ..read.errors import one_line
from ..read.model import DEFAULT_READING
from ..solve.verdict import Verdict


def _fraction(p) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def verdict_lines(v: Verdict, kind: str = "", words: Optional["Lines"] = None, winner: bool = True) -> list:
    """The verdict, its reasons, the resolutions' count and totals (`kind`: the action's; `winner`: a decided
    `game_over` says who wins, as `check` does, not legal / illegal)."""
    w = words or Lines()
    if kind == "game_over" and v.decided and winner:
        verdict = w.game_result(v.game_result or "")
    else:
        verdict = w.verdict_word(v.word, kind)
    lines = [f"  {w.pair('verdict', verdict)}" + ("" if v.complete else w.incomplete(v.limit))]
    if v.reasons:
        lines.append(f"  {w.head('because')}")
        lines.extend(f"    {r.line()}" for r in v.reasons)
    if v.legal:
        lines.append(f"  {w.pair('resolutions', len(v.resolutions))}")
        for key, values in v.moved.items():
            lines.append(f"  {w.moved_line(key, values)}")
        for key, values in v.damage.items():
            lines.append(f"  {w.damage_line(key, values)}")
    return lines


# The fixed words of the text reports (check, resolve, explain); other languages: the `report:` section of
# ptcg_asp/data/lang/<lang>.yaml, with the same keys (tests/test_wording.py).
REPORT_WORDS = {
    "verdict": "verdict", "because": "because", "resolutions": "resolutions", "legal_actions": "legal actions",
    "illegal_actions": "illegal actions", "reading": "reading",
    "not_judged": "not judged (card text the vocabulary does not express)",
    "colon": ": ", "incomplete": "  (INCOMPLETE: the {limit} limit was reached)",
    "moved": "moved {route}: {values}", "damage": "damage {pos}: {values}",
    "game_none": "the game goes on", "game_sudden_death": "Sudden Death", "game_wins": "{who} wins",
    "no_reason": "no reason found", "reasons_joiner": "; ", "ids_joiner": ", ", "reason": "{ids}: {detail}",
    "action_reasons": "{line}  -- {why}",
    "nothing_checked_reading": "nothing checked: no expectation under the reading {active} (the plain expect: is "
                               "for {plain}; expect.readings has none for it)",
    "nothing_checked": "nothing checked: the scenario states no expectation (expect:)",
    "known_divergence": "known divergence: {text}",
    "finding": "{mark} {key}: {detail}{where}", "where": " (line {n})",
    "expected_not_judged": "expected {expected}, not judged (the result is incomplete)",
    "expected_got": "expected {expected}, got {actual}",
    "note_actions": "incomplete: {path}: a limit was reached while judging {n} of {of} candidate actions; each is "
                    "listed as far as it was judged: {cut} (raise --timeout or --max-resolutions)",
    "note": "incomplete: {path}: {limit} was reached: {what} (raise --timeout or --max-resolutions)",
    "note_some": "the {n} resolution(s) shown were found before it; there may be more, so the action is legal, but "
                 "the count and the moved totals cover only those",
    "note_reasons": "no resolution exists, but the reasons shown are those found before it",
    "note_none": "no resolution was found before it, so whether the action is legal is unknown",
    "limit": "the {limit} limit", "a_limit": "a limit",
}


class Lines:
    """The words of the text reports (the verdict, the findings, the `actions` listing, the resolution lines), in
    English; tell/wording.py's `ResolutionWords` says them in another language."""

    words = REPORT_WORDS

    # ---- the report's fixed words ---------------------------------------------------------------------
    def head(self, key: str) -> str:
        """A heading ending in a colon: `because:`."""
        return self.words[key] + self.words["colon"].rstrip()

    def pair(self, key: str, value) -> str:
        """`resolutions: 2`."""
        return self.pair_word(self.words[key], value)

    def pair_word(self, label: str, value) -> str:
        return f"{label}{self.words['colon']}{value}"

    def status(self, status: str) -> str:
        return status

    def verdict_word(self, word: str, kind: str = "") -> str:
        """legal / illegal / unknown (`kind`: the action's kind)."""
        return word

    def game_result(self, result: str) -> str:
        if result in ("none", "sudden_death"):
            return self.words[f"game_{result}"]
        return self.words["game_wins"].format(who=result)

    def incomplete(self, limit) -> str:
        return self.words["incomplete"].format(limit=limit)

    def limit(self, limit) -> str:
        """`the timeout limit` (a limit the solving reached), `a limit` when it is not known which."""
        return self.words["limit"].format(limit=limit) if limit else self.words["a_limit"]

    def moved_line(self, route: str, values) -> str:
        return self.words["moved"].format(route=self.route_key(route), values=values)

    def damage_line(self, pos: str, values) -> str:
        return self.words["damage"].format(pos=self.pos(pos), values=values)

    def route_key(self, route: str) -> str:
        """A `moved` key (deck>hand)."""
        return route

    def pos(self, pos: str) -> str:
        """A position (active, opp.bench.1)."""
        return pos

    def action(self, judged) -> str:
        """A candidate action of an `actions` listing (solve/actions.Judged)."""
        return judged.line

    def scenario_action(self, a) -> str:
        """A scenario's one action (read/model.Action) in a few words: "play Nest Ball", "attack Surf"."""
        what = " ".join(x for x in (a.card, a.name) if x)
        extra = " ".join(f"{k} {v}" for k, v in (("to", a.to), ("onto", a.onto), ("by", a.pokemon)) if v)
        return " ".join(x for x in (a.kind, what, extra) if x)

    def unsupported(self, judged) -> str:
        """Why an action was not judged (`unsupported: CARD: 'sentence'`)."""
        return judged.unsupported

    def reason_detail(self, reason) -> str:
        """A reason's words (its detail: already in the report's language, see wording.localize_report)."""
        return reason.detail

    def reading_name(self, name: str) -> str:
        """A reading's name (docs/readings.md)."""
        return name

    def mark(self, ok: Optional[bool]) -> str:
        """ok, FAIL, or `--` (not judged: the result is incomplete)."""
        return "--  " if ok is None else _MARKS[ok]

    def finding_key(self, key: str, report) -> str:
        return key

    def principle(self, pid: str) -> dict:
        """A principle's statement and source (the catalogue, docs/principles.md)."""
        return catalogue().get(pid, {})

    def shown(self, x) -> str:
        """An expected or actual value as text: a list of principles without quotes (A4, A6)."""
        return _shown(x)

    # ---- the resolution lines -------------------------------------------------------------------------

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


def resolve_text(r: Report, words: Optional[Lines] = None) -> str:
    """What `ptcg-asp resolve` prints: the verdict and every resolution (`words`: the language)."""
    s = r.scenario
    w = words or Lines()
    return "\n".join([f"{s.path}  {s.id}", f"  {s.title}"] + reading_lines(s, w) + verdict_lines(r.verdict, s.action.kind, w, winner=False)
                     + resolution_lines(r.verdict, w))


def action_lines(r: Report, why_not: bool = False, words: Optional[Lines] = None) -> list:
    w = words or Lines()
    lines = [f"  {w.head('legal_actions')}"]
    lines.extend(f"    {w.action(j)}" for j in r.actions if j.legal)
    if r.unsupported:
        lines.append(f"  {w.head('not_judged')}")
        lines.extend("    " + w.words["action_reasons"].format(line=w.action(j), why=w.unsupported(j))
                     for j in r.unsupported)
    if why_not:
        lines.append(f"  {w.head('illegal_actions')}")
        for j in r.actions:
            if not j.legal and not j.unsupported:
                why = _grouped(j.reasons, w) or w.words["no_reason"]
                lines.append("    " + w.words["action_reasons"].format(line=w.action(j), why=why))
    return lines


def _grouped(reasons: list, w: Optional[Lines] = None) -> str:
    """Reasons with the same detail share one line: "A3, A6: there is no Pokémon ..."."""
    w = w or Lines()
    by_detail: dict = {}
    for r in reasons:
        by_detail.setdefault(w.reason_detail(r), []).append(r.principle)
    return w.words["reasons_joiner"].join(
        w.words["reason"].format(ids=w.words["ids_joiner"].join(sorted(set(ids))), detail=d)
        for d, ids in sorted(by_detail.items(), key=lambda kv: sorted(kv[1])))


_MARKS = {True: "ok  ", False: "FAIL"}


def text_report(r: Report, with_resolutions: bool = False, why_not: bool = False,
                words: Optional[Lines] = None) -> str:
    """A report as text: `[STATUS]` (PASS, FAIL, INCOMPLETE, UNCHECKED, DIVERGENT, UNSUPPORTED), the
    verdict, each expectation (`words`: the language, English by default)."""
    w = words or Lines()
    s = r.scenario
    lines = [f"{s.path}  [{w.status(r.status)}]  {s.id}", f"  {s.title}"] + reading_lines(s, w)
    if s.action.kind == "actions":
        lines.extend(action_lines(r, why_not, w))
    else:
        lines.extend(verdict_lines(r.verdict, s.action.kind, w))
    if with_resolutions:
        lines.extend(resolution_lines(r.verdict, w))
    if r.status == "UNCHECKED" and s.active_reading != s.reading and s.expect is not None:
        lines.append("  " + w.words["nothing_checked_reading"].format(active=s.active_reading, plain=s.reading))
    elif r.status == "UNCHECKED":
        lines.append("  " + w.words["nothing_checked"])
    if s.known_divergence:
        lines.append("  " + w.words["known_divergence"].format(text=s.known_divergence))
    lines.extend(finding_lines(r, w))
    return "\n".join(lines)


def reading_lines(s, words: Optional[Lines] = None) -> list:
    """`reading: NAME` when the action is judged under a reading other than the default (docs/readings.md)."""
    w = words or Lines()
    return [] if s.active_reading == DEFAULT_READING else [f"  {w.pair('reading', w.reading_name(s.active_reading))}"]


def finding_lines(r: Report, words: Optional[Lines] = None) -> list:
    """One line per expectation: `ok`, `FAIL`, or `--` when the result is incomplete."""
    w = words or Lines()
    lines = []
    complete = r.verdict.complete
    for f in r.findings:
        # On an incomplete result an expectation is neither met nor failed: it is not judged.
        mark = w.mark(f.ok if complete else None)
        where = w.words["where"].format(n=f.line) if f.line else ""
        if not complete:
            detail = w.words["expected_not_judged"].format(expected=w.shown(f.expected))
        elif f.ok:
            detail = w.shown(f.expected)
        else:
            detail = w.words["expected_got"].format(expected=w.shown(f.expected), actual=w.shown(f.actual))
        lines.append("  " + w.words["finding"].format(mark=mark, key=w.finding_key(f.key, r), detail=detail,
                                                      where=where))
    return lines


def _shown(x) -> str:
    """An expected or actual value as text: a list of principles without quotes (A4, A6)."""
    if isinstance(x, (list, tuple)) and all(isinstance(i, str) for i in x):
        return "[" + ", ".join(x) + "]"
    return str(x)


def incomplete_note(r: Report, words: Optional[Lines] = None) -> Optional[str]:
    """For a partial result (a limit was reached): one line saying what the partial result means."""
    w = words or Lines()
    v = r.verdict
    if v.complete:
        return None
    if r.scenario.action.kind == "actions":
        cut = [w.action(j) for j in r.actions if not j.complete]
        return one_line(w.words["note_actions"].format(path=r.scenario.path, n=len(cut), of=len(r.actions),
                                                       cut=w.words["reasons_joiner"].join(cut)))
    if v.resolutions:
        what = w.words["note_some"].format(n=len(v.resolutions))
    elif v.reasons:
        # Only a finished search for resolutions leads to a diagnosis (the reasons).
        what = w.words["note_reasons"]
    else:
        what = w.words["note_none"]
    return one_line(w.words["note"].format(path=r.scenario.path, limit=w.limit(v.limit), what=what))


def to_json(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=True)
