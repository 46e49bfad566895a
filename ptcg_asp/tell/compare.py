"""`ptcg-asp compare ANSWERS.jsonl`: another engine's answers against ptcg-asp's results.

The answers are JSON Lines, one per case: `{"id", "legal"}` and optionally `resolutions`, `moved`,
`damage` (schemas/answer.schema.json). ptcg-asp's side is an export (`--cases export.jsonl`, read
with no solving) or, by default, the scenarios of a folder (`--dir`, default the bundled corpus)
solved for the ids answered. The report groups agreements and disagreements by card and by
principle; each disagreement comes with ptcg-asp's reasons and, with `--write-scenarios DIR`, the
case as a scenario file that reproduces it. A bad answer line (bad JSON, an unknown id or key, a
wrong type) is reported with its line number, never skipped. docs/interchange.md.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Optional

import yaml

from ..read.errors import InputError, InternalError, one_line, shorten
from ..read.jsoncase import FORMAT_VERSION
from .interchange import error_dict, to_json
from .principles import wording

ANSWER_KEYS = ("id", "legal", "resolutions", "moved", "damage", "engine")
TRANSFER_RE = re.compile(r"^(opp\.)?[a-z_]+>(opp\.)?[a-z_]+$")
POSITION_RE = re.compile(r"^(opp\.)?(active|bench\.[0-4])$")
MAX_LINE = 1_000_000          # characters of one JSON line
CASE_KEYS = ("id", "title", "source", "ruleset", "reading", "tags", "known_divergence", "cards", "state", "action", "expect")


@dataclass(frozen=True)
class Answer:
    """One engine answer: what it found for one case (absent keys are not compared)."""

    line: int
    id: str
    legal: bool
    resolutions: Optional[int] = None
    moved: tuple = ()            # ((FROM>TO, (values...)), ...)
    damage: tuple = ()           # ((position, (values...)), ...)
    engine: str = ""


@dataclass(frozen=True)
class Reference:
    """ptcg-asp's side of one case: the case and the result (an export line)."""

    id: str
    case: dict
    result: dict


@dataclass
class Comparison:
    """One answered case: the differences (none: they agree), or why it was not compared."""

    answer: Answer
    reference: Reference
    differences: list = field(default_factory=list)   # [(field, ptcg-asp's value, the engine's, the rules')]
    not_compared: str = ""
    scenario: Optional[str] = None                     # the scenario file written for it

    @property
    def card(self) -> str:
        return card_of(self.reference.case)

    @property
    def principles(self) -> list:
        return sorted({p["id"] for p in self.reference.result.get("principles", [])})


def card_of(case: dict) -> str:
    """What a case is about, for grouping: the card played, attached or evolved into; the
    Pokémon and the attack or Ability; the action's kind otherwise."""
    ((kind, value),) = case["action"].items()
    if kind in ("play", "attach", "evolve"):
        return value if isinstance(value, str) else value["card"]
    me = case.get("state", {}).get("me", {}) or {}
    if kind == "attack":
        active = me.get("active")
        holder = active if isinstance(active, str) else (active or {}).get("card", "?")
        return f"{holder}: {value['name']}"
    if kind == "ability":
        return f"{value['name']} (Ability)"
    return kind


# ---- reading -------------------------------------------------------------------------------------

def _no_duplicates(pairs: list) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} twice")
        out[key] = value
    return out


def _reject_constant(name: str):
    raise ValueError(f"{name}, which is not JSON")


def _json_lines(path: str) -> list:
    """[(line number, decoded value or the InputError of that line)] of a JSON Lines file; blank
    lines carry nothing and are passed over."""
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            text = fh.read()
    except FileNotFoundError:
        raise InputError(path, None, "file", "an existing JSON Lines file", "nothing there") from None
    except UnicodeDecodeError as exc:
        raise InputError(path, None, "file", "UTF-8 text", f"a byte that is not UTF-8 (offset {exc.start})") from None
    except OSError as exc:
        raise InputError(path, None, "file", "a readable file", exc.strerror or str(exc)) from None
    out = []
    for n, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            out.append((n, InputError(path, n, "line", f"at most {MAX_LINE} characters", f"{len(line)}")))
            continue
        try:
            out.append((n, json.loads(line, object_pairs_hook=_no_duplicates, parse_constant=_reject_constant)))
        except (ValueError, RecursionError) as exc:
            out.append((n, InputError(path, n, "document", "one JSON value on the line", shorten(str(exc)))))
    return out


def _values(value, path: str, n: int, where: str) -> tuple:
    if not isinstance(value, list) or not value or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value):
        raise InputError(path, n, where, "a non-empty list of whole numbers 0 or more", shorten(json.dumps(value)))
    if len(set(value)) != len(value):
        raise InputError(path, n, where, "each value once", shorten(json.dumps(value)))
    return tuple(sorted(value))


def _sets(value, path: str, n: int, key: str, pattern: re.Pattern, what: str) -> tuple:
    if not isinstance(value, dict):
        raise InputError(path, n, key, f"an object {what} -> [values]", shorten(json.dumps(value)))
    out = []
    for k in sorted(value):
        if not pattern.match(k):
            raise InputError(path, n, f"{key}.{k}", what, repr(k))
        out.append((k, _values(value[k], path, n, f"{key}.{k}")))
    return tuple(out)


def answer_from(value, path: str, n: int, known: dict, seen: dict) -> Answer:
    """One decoded answer line -> an Answer, or an InputError naming the line and the field."""
    if not isinstance(value, dict):
        raise InputError(path, n, "document", "a JSON object {id, legal, ...}", type(value).__name__)
    for key in value:
        if key not in ANSWER_KEYS:
            raise InputError(path, n, key, "one of the known keys: " + ", ".join(ANSWER_KEYS), f"the unknown key {key!r}")
    sid = value.get("id")
    if not isinstance(sid, str) or not sid:
        raise InputError(path, n, "id", "the id of a case (text)", "nothing" if sid is None else shorten(json.dumps(sid)))
    if sid not in known:
        raise InputError(path, n, "id", f"the id of one of the {len(known)} cases", f"the unknown id {sid!r}")
    if sid in seen:
        raise InputError(path, n, "id", f"each id once (also on line {seen[sid]})", repr(sid))
    legal = value.get("legal")
    if not isinstance(legal, bool):
        raise InputError(path, n, "legal", "true or false", "nothing" if legal is None else shorten(json.dumps(legal)))
    res = value.get("resolutions")
    if res is not None and (isinstance(res, bool) or not isinstance(res, int) or res < 0):
        raise InputError(path, n, "resolutions", "a whole number 0 or more", shorten(json.dumps(res)))
    engine = value.get("engine", "")
    if not isinstance(engine, str):
        raise InputError(path, n, "engine", "text", shorten(json.dumps(engine)))
    moved = _sets(value["moved"], path, n, "moved", TRANSFER_RE, "FROM>TO") if "moved" in value else ()
    damage = _sets(value["damage"], path, n, "damage", POSITION_RE,
                   "a position: active, bench.0-4, opp.active or opp.bench.0-4") if "damage" in value else ()
    return Answer(n, sid, legal, res, moved, damage, engine)


def read_answers(path: str, known: dict) -> tuple:
    """(answers, errors): every line either an answer or an error naming its line."""
    answers, errors, seen = [], [], {}
    for n, value in _json_lines(path):
        try:
            if isinstance(value, InputError):
                raise value
            answer = answer_from(value, path, n, known, seen)
        except InputError as exc:
            errors.append(exc)
            continue
        seen[answer.id] = n
        answers.append(answer)
    return answers, errors


_RESULT_KEYS = ("verdict", "complete", "resolution_count", "moved", "damage", "principles", "because")


def read_cases(path: str) -> tuple:
    """An export (`ptcg-asp export`) -> ({id: Reference}, errors)."""
    refs, errors = {}, []
    for n, value in _json_lines(path):
        try:
            if isinstance(value, InputError):
                raise value
            if not isinstance(value, dict):
                raise InputError(path, n, "document", "an export line {format_version, id, case, result}",
                                 type(value).__name__)
            if value.get("format_version") != FORMAT_VERSION or isinstance(value.get("format_version"), bool):
                raise InputError(path, n, "format_version", str(FORMAT_VERSION), shorten(json.dumps(value.get("format_version"))))
            sid, case, result = value.get("id"), value.get("case"), value.get("result")
            if not isinstance(sid, str) or not sid:
                raise InputError(path, n, "id", "the case id (text)", shorten(json.dumps(sid)))
            if not isinstance(case, dict) or not isinstance(case.get("action"), dict) or len(case["action"]) != 1:
                raise InputError(path, n, "case", "a case with one action (schemas/case.schema.json)", "something else")
            if not isinstance(result, dict) or any(k not in result for k in _RESULT_KEYS):
                raise InputError(path, n, "result", "a result with " + ", ".join(_RESULT_KEYS) +
                                 " (schemas/result.schema.json)", "something else")
            if sid in refs:
                raise InputError(path, n, "id", "each id once", repr(sid))
            refs[sid] = Reference(sid, case, result)
        except InputError as exc:
            errors.append(exc)
    return refs, errors


def load_all(files: list, library) -> tuple:
    """([(path, Scenario)], errors): every scenario file loaded (no solving)."""
    from ..read.loader import load_scenario

    loaded, errors = [], []
    for path in files:
        try:
            loaded.append((path, load_scenario(path, library)))
        except InputError as exc:
            errors.append(exc)
        except Exception as exc:  # noqa: BLE001 - never a traceback
            errors.append(InternalError(path, exc))
    return loaded, errors


def solve_references(loaded: list, ids: set, session, jobs: int = 1) -> tuple:
    """({id: Reference}, errors): ptcg-asp's results for the loaded scenarios whose ids are in `ids`."""
    from .check import run_scenario
    from .export import export_record
    from ..solve.workers import run_ordered

    def solve(item):
        path, scn = item
        try:
            return ("ok", export_record(run_scenario(scn, session), path))
        except InputError as exc:
            return ("error", exc)
        except Exception as exc:  # noqa: BLE001
            return ("error", InternalError(path, exc))

    refs, errors = {}, []
    for kind, out in run_ordered(solve, [(p, s) for p, s in loaded if s.id in ids], jobs):
        if kind == "error":
            errors.append(out)
        else:
            refs.setdefault(out["id"], Reference(out["id"], out["case"], out["result"]))
    return refs, errors


# ---- comparing -----------------------------------------------------------------------------------

def compare_one(answer: Answer, ref: Reference) -> Comparison:
    """The engine's answer against ptcg-asp's result for one case."""
    r = ref.result
    c = Comparison(answer, ref)
    if not r["complete"] or r["verdict"] == "unknown":
        c.not_compared = f"ptcg-asp's result is incomplete (the {r.get('limit') or 'a'} limit was reached)"
        return c
    legal = r["verdict"] == "legal"
    expect = ref.case.get("expect") or {}
    if answer.legal != legal:
        c.differences.append(("legal", legal, answer.legal, expect.get("legal")))
        return c
    if not legal:
        return c
    if answer.resolutions is not None and answer.resolutions != r["resolution_count"]:
        c.differences.append(("resolutions", r["resolution_count"], answer.resolutions, expect.get("resolutions")))
    for key, values in answer.moved:
        mine = sorted(r["moved"].get(key, [0]))
        if list(values) != mine:
            c.differences.append((f"moved {key}", mine, list(values), _rule(expect, "moved", key)))
    for pos, values in answer.damage:
        if not r.get("damage_computable", True):
            c.differences.append((f"damage {pos}", "not computable by ptcg-asp (the attack's data does not say "
                                  "what its x/+/- counts)", list(values), _rule(expect, "damage", pos)))
            continue
        mine = sorted(r["damage"].get(pos, [0]))
        if list(values) != mine:
            c.differences.append((f"damage {pos}", mine, list(values), _rule(expect, "damage", pos)))
    return c


def _rule(expect: dict, key: str, sub: str):
    """What the case's `expect` (the rules', derived in its scenario) says of one value, or None."""
    values = (expect.get(key) or {}).get(sub)
    return None if values is None else sorted(values)


@dataclass
class CompareReport:
    answers_path: str
    comparisons: list
    errors: list                 # InputError / InternalError objects: bad answer lines, bad references
    unanswered: list             # ids of cases with no answer
    engines: list = field(default_factory=list)

    @property
    def disagreements(self) -> list:
        return [c for c in self.comparisons if c.differences]

    @property
    def agreements(self) -> list:
        return [c for c in self.comparisons if not c.differences and not c.not_compared]

    def groups(self, key) -> list:
        """[(group, agree, disagree)] sorted by group; a comparison counts in each of its groups."""
        out: dict = {}
        for c in self.comparisons:
            if c.not_compared:
                continue
            for g in key(c):
                row = out.setdefault(g, [0, 0])
                row[1 if c.differences else 0] += 1
        return [(g, a, d) for g, (a, d) in sorted(out.items())]

    def by_card(self) -> list:
        return self.groups(lambda c: [c.card])

    def by_principle(self) -> list:
        return self.groups(lambda c: c.principles or ["(none)"])


def compare(answers: list, refs: dict, answers_path: str, errors: list) -> CompareReport:
    """Every answer against its case's result (an answer whose case gave no result, an error
    reported apart, is not compared). Thousands of comparisons at once: the cyclic collector is paused over
    them (solve/batch.py `collector_paused`)."""
    from ..solve.batch import collector_paused

    with collector_paused():
        comparisons = [compare_one(a, refs[a.id]) if a.id in refs else
                       Comparison(a, Reference(a.id, {"action": {"?": {}}}, {}), not_compared="ptcg-asp gave no result "
                                  "for this case (see the errors)") for a in sorted(answers, key=lambda a: a.id)]
    answered = {a.id for a in answers}
    return CompareReport(answers_path, comparisons, errors, sorted(set(refs) - answered),
                         sorted({a.engine for a in answers if a.engine}))


# ---- scenario files for the disagreements --------------------------------------------------------

class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data) -> bool:   # the loader refuses anchors and aliases
        return True


def scenario_text(case: dict, header: list) -> str:
    """A case as a scenario file (YAML), with `header` lines as comments on top."""
    body = {k: case[k] for k in CASE_KEYS if k in case}
    text = yaml.dump(body, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)
    return "".join(f"# {one_line(h)}\n" for h in header) + text


def write_scenarios(report: CompareReport, folder: str) -> None:
    """Each disagreement's case as `FOLDER/ID.yaml`, with the disagreement in its comments."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise InputError(folder, None, "--write-scenarios", "a folder that can be written", exc.strerror or str(exc)) from None
    for c in report.disagreements:
        header = [f"ptcg-asp compare: {report.answers_path} line {c.answer.line} disagrees with ptcg-asp on {c.answer.id}"]
        header += [f"  {f}: ptcg-asp {_shown(mine)}, the engine {_shown(theirs)}"
                   + ("" if rules is None else f", the rules (expect:) {_shown(rules)}") for f, mine, theirs, rules in c.differences]
        if c.reference.case.get("known_divergence"):
            header.append(f"  known divergence: {c.reference.case['known_divergence']}")
        header += [f"  ptcg-asp: {b['principle']}: {b['detail']}" for b in c.reference.result.get("because", [])]
        header += ["reproduce: ptcg-asp check THIS_FILE (its expect: is the rules' expectation, when the case has one)"]
        path = os.path.join(folder, f"{c.answer.id}.yaml")
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(scenario_text(c.reference.case, header))
        c.scenario = path


# ---- rendering -----------------------------------------------------------------------------------

def _shown(x) -> str:
    if isinstance(x, bool):
        return "legal" if x else "illegal"
    return json.dumps(x, ensure_ascii=False) if not isinstance(x, str) else x


def report_dict(rep: CompareReport) -> dict:
    return {
        "format_version": FORMAT_VERSION,
        "command": "compare",
        "answers": rep.answers_path,
        "engines": rep.engines,
        "summary": {"answers": len(rep.comparisons), "agree": len(rep.agreements),
                    "disagree": len(rep.disagreements),
                    "not_compared": sum(1 for c in rep.comparisons if c.not_compared),
                    "bad_lines": len(rep.errors), "unanswered": len(rep.unanswered)},
        "by_card": [{"card": g, "agree": a, "disagree": d} for g, a, d in rep.by_card()],
        "by_principle": [{"principle": g, "statement": wording(g), "agree": a, "disagree": d}
                         for g, a, d in rep.by_principle()],
        "disagreements": [{
            "id": c.answer.id, "line": c.answer.line, "card": c.card, "principles": c.principles,
            "file": c.reference.result.get("file"), "scenario": c.scenario,
            "known_divergence": c.reference.case.get("known_divergence"),
            "verdict": c.reference.result["verdict"],
            "differences": [{"field": f, "ptcg_asp": mine, "engine": theirs, "rules": rules}
                            for f, mine, theirs, rules in c.differences],
            "because": c.reference.result.get("because", []),
        } for c in rep.disagreements],
        "agreements": [c.answer.id for c in rep.agreements],
        "not_compared": [{"id": c.answer.id, "line": c.answer.line, "reason": c.not_compared}
                         for c in rep.comparisons if c.not_compared],
        "unanswered": rep.unanswered,
        "errors": [error_dict(e) for e in rep.errors],
    }


def _headline(d: dict) -> str:
    s = d["summary"]
    return (f"compare: {s['answers']} answers: {s['agree']} agree, {s['disagree']} disagree, "
            f"{s['not_compared']} not compared; {s['bad_lines']} bad lines; {s['unanswered']} cases unanswered")


def render_text(d: dict) -> str:
    lines = [_headline(d)]
    if d["engines"]:
        lines.append("engine: " + ", ".join(d["engines"]))
    lines.append("")
    lines.append("by card:")
    lines.extend(f"  {g['card']}: {g['agree']} agree, {g['disagree']} disagree" for g in d["by_card"])
    lines.append("by principle:")
    lines.extend(f"  {g['principle']}: {g['agree']} agree, {g['disagree']} disagree" for g in d["by_principle"])
    if d["disagreements"]:
        lines.append("")
        lines.append("disagreements:")
    for x in d["disagreements"]:
        lines.append(f"  {x['id']}  (line {x['line']}; {x['card']}; {', '.join(x['principles']) or 'no principle cited'})")
        for diff in x["differences"]:
            rules = "" if diff["rules"] is None else f", the rules (expect:) {_shown(diff['rules'])}"
            lines.append(f"    {diff['field']}: ptcg-asp {_shown(diff['ptcg_asp'])}, the engine {_shown(diff['engine'])}{rules}")
        if x["known_divergence"]:
            lines.append(f"    known divergence of ptcg-asp: {x['known_divergence']}")
        for b in x["because"]:
            lines.append(f"    ptcg-asp: {b['principle']}: {b['detail']}")
        if x["scenario"]:
            lines.append(f"    reproduce: ptcg-asp check {x['scenario']}")
    for x in d["not_compared"]:
        lines.append(f"  not compared: {x['id']} (line {x['line']}): {x['reason']}")
    if d["errors"]:
        lines.append("")
        lines.append("bad lines:")
        lines.extend(f"  {e['text']}" for e in d["errors"])
    return "\n".join(one_line(line) for line in lines)


def _cell(text: str) -> str:
    return one_line(str(text)).replace("|", "\\|")


def render_markdown(d: dict) -> str:
    lines = [f"# {_cell(_headline(d))}", ""]
    if d["engines"]:
        lines += [f"Engine: {_cell(', '.join(d['engines']))}", ""]
    lines += ["## By card", "", "| card | agree | disagree |", "| --- | ---: | ---: |"]
    lines += [f"| {_cell(g['card'])} | {g['agree']} | {g['disagree']} |" for g in d["by_card"]]
    lines += ["", "## By principle", "", "| principle | agree | disagree | statement |", "| --- | ---: | ---: | --- |"]
    lines += [f"| {g['principle']} | {g['agree']} | {g['disagree']} | {_cell(g['statement'])} |" for g in d["by_principle"]]
    if d["disagreements"]:
        lines += ["", "## Disagreements"]
    for x in d["disagreements"]:
        lines += ["", f"### {_cell(x['id'])}", "",
                  f"{_cell(x['card'])}; answer line {x['line']}; principles: {', '.join(x['principles']) or 'none'}", "",
                  "| field | ptcg-asp | the engine | the rules (expect:) |", "| --- | --- | --- | --- |"]
        lines += [f"| {_cell(f['field'])} | {_cell(_shown(f['ptcg_asp']))} | {_cell(_shown(f['engine']))} | "
                  f"{'-' if f['rules'] is None else _cell(_shown(f['rules']))} |" for f in x["differences"]]
        if x["known_divergence"]:
            lines += ["", f"Known divergence of ptcg-asp: {_cell(x['known_divergence'])}"]
        if x["because"]:
            lines += ["", "ptcg-asp's reasons:", ""]
            lines += [f"* {b['principle']}: {_cell(b['detail'])}" for b in x["because"]]
        if x["scenario"]:
            lines += ["", f"Reproduce: `ptcg-asp check {_cell(x['scenario'])}`"]
    if d["not_compared"]:
        lines += ["", "## Not compared", ""]
        lines += [f"* {_cell(x['id'])} (line {x['line']}): {_cell(x['reason'])}" for x in d["not_compared"]]
    if d["errors"]:
        lines += ["", "## Bad lines", ""]
        lines += [f"* `{_cell(e['text'])}`" for e in d["errors"]]
    return "\n".join(lines)


RENDERERS = {"text": render_text, "markdown": render_markdown, "json": to_json}
