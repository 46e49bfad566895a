"""The interchange format (docs/interchange.md, schemas/): cases and results as JSON.

A *case* is a scenario (state, action, and optionally the rules' expectations) as a JSON object
with a `format_version`; it is read by the same validation as a scenario file, so every error
names the file, the line and the field. A *result* is what ptcg-asp answers for a case: the
verdict, the principles cited with their wording, every distinct resolution with its choices and
outcomes as data (exact probabilities as numerator/denominator). `check`, `resolve` and `audit`
`--json` print one document shape: `{format_version, command, results, errors, summary}`.
"""
from __future__ import annotations

import bisect
import json
import re
from json.decoder import scanstring
from typing import Any, Iterable, Optional

from . import yamlsrc as y
from .errors import InputError, InternalError, UnsupportedError, shorten
from .model import Action, CardCount, InPlay, PlayerState, Prize, Scenario
from .principles import wording

FORMAT_VERSION = 1
SUMMARY_KEYS = ("passed", "failed", "incomplete", "invalid", "unchecked", "divergent", "unsupported", "internal")
_STATUS_KEY = {"PASS": "passed", "FAIL": "failed", "INCOMPLETE": "incomplete", "INVALID": "invalid",
               "UNCHECKED": "unchecked", "DIVERGENT": "divergent", "UNSUPPORTED": "unsupported", "ERROR": "internal"}


# ---- JSON text -> the loader's node tree (with lines) ------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_WS = " \t\n\r"


_LOOKS_TYPED = re.compile(r"^\s*[-+.]?[0-9]|^\s*$|^\s*(true|false|null|~)\s*$", re.I)


def _needs_quotes(value: str) -> bool:
    """Whether a JSON string reads as a quoted YAML scalar: when, written plain, it would not be
    text (a number, a boolean, null, nothing). Any other string is a plain scalar, so keywords such
    as `all` or `dealt` (which the vocabulary takes only unquoted) are written as JSON strings."""
    return bool(_LOOKS_TYPED.match(value))


class _JsonReader:
    """Strict JSON (RFC 8259) to `yamlsrc` nodes: numbers, true, false and null are plain
    scalars, strings plain or quoted (`_needs_quotes`), so the loader's typed readers treat values
    as JSON types them (`"5"` is text, never a number; `5` is a number). Duplicate keys and
    nesting deeper than yamlsrc.MAX_DEPTH are errors."""

    def __init__(self, text: str, path: str):
        self.text, self.path = text, path
        self.newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line(self, pos: int) -> int:
        return bisect.bisect_left(self.newlines, pos) + 1

    def fail(self, pos: int, field: str, got: str) -> InputError:
        return InputError(self.path, self.line(pos), field or "document", "well-formed JSON", got)

    def skip(self, pos: int) -> int:
        while pos < len(self.text) and self.text[pos] in _WS:
            pos += 1
        return pos

    def document(self) -> y.Node:
        pos = self.skip(1 if self.text.startswith("\ufeff") else 0)   # a UTF-8 byte-order mark
        if pos == len(self.text):
            raise InputError(self.path, 1, "document", "a JSON object", "an empty file")
        node, pos = self.value(pos, "", 0)
        pos = self.skip(pos)
        if pos != len(self.text):
            raise self.fail(pos, "document", "more text after the JSON value")
        return node

    def _where(self, pos: int) -> str:
        return repr(self.text[pos:pos + 12]) if pos < len(self.text) else "the end of the file"

    def value(self, pos: int, field: str, depth: int) -> tuple:
        text = self.text
        if pos >= len(text):
            raise self.fail(pos, field, "the end of the file where a value was expected")
        ch, line = text[pos], self.line(pos)
        if ch == "{":
            return self._object(pos, field, depth + 1)
        if ch == "[":
            return self._array(pos, field, depth + 1)
        if ch == '"':
            value, end = self._string(pos, field)
            return y.YScalar(value, line, _needs_quotes(value)), end
        for word, value in (("true", "true"), ("false", "false"), ("null", None)):
            if text.startswith(word, pos):
                return y.YScalar(value, line, False), pos + len(word)
        m = _NUMBER.match(text, pos)
        if m:
            return y.YScalar(m.group(0), line, False), m.end()
        raise self.fail(pos, field, f"{self._where(pos)} where a value was expected")

    def _string(self, pos: int, field: str) -> tuple:
        try:
            value, end = scanstring(self.text, pos + 1, True)
        except ValueError as exc:
            raise self.fail(getattr(exc, "pos", pos), field, f"a bad string ({exc.args[0].split(':')[0]})") from None
        if _SURROGATE.search(value):
            raise InputError(self.path, self.line(pos), field or "document", "text that is Unicode (no lone "
                             "surrogate escape such as \\ud800)", "a lone surrogate")
        return value, end

    def _deeper(self, pos: int, depth: int) -> None:
        if depth > y.MAX_DEPTH:
            raise InputError(self.path, self.line(pos), "document",
                             f"lists and mappings nested at most {y.MAX_DEPTH} deep", "deeper nesting")

    def _object(self, pos: int, field: str, depth: int) -> tuple:
        self._deeper(pos, depth)
        node = y.YMap([], self.line(pos))
        keys: set = set()
        pos = self.skip(pos + 1)
        if pos < len(self.text) and self.text[pos] == "}":
            return node, pos + 1
        while True:
            if pos >= len(self.text) or self.text[pos] != '"':
                raise self.fail(pos, field, f"{self._where(pos)} where a quoted key was expected")
            kline = self.line(pos)
            key, pos = self._string(pos, field)
            here = f"{field}.{key}" if field else key
            if key in keys:
                raise InputError(self.path, kline, here, "each key once in a mapping", "a duplicate key")
            keys.add(key)
            pos = self.skip(pos)
            if pos >= len(self.text) or self.text[pos] != ":":
                raise self.fail(pos, here, f"{self._where(pos)} where ':' was expected")
            value, pos = self.value(self.skip(pos + 1), here, depth)
            node.pairs.append((key, kline, value))
            pos = self.skip(pos)
            if pos < len(self.text) and self.text[pos] == ",":
                pos = self.skip(pos + 1)
                continue
            if pos < len(self.text) and self.text[pos] == "}":
                return node, pos + 1
            raise self.fail(pos, field, f"{self._where(pos)} where ',' or '}}' was expected")

    def _array(self, pos: int, field: str, depth: int) -> tuple:
        self._deeper(pos, depth)
        node = y.YList([], self.line(pos))
        pos = self.skip(pos + 1)
        if pos < len(self.text) and self.text[pos] == "]":
            return node, pos + 1
        while True:
            item, pos = self.value(pos, f"{field}.{len(node.items)}" if field else str(len(node.items)), depth)
            node.items.append(item)
            pos = self.skip(pos)
            if pos < len(self.text) and self.text[pos] == ",":
                pos = self.skip(pos + 1)
                continue
            if pos < len(self.text) and self.text[pos] == "]":
                return node, pos + 1
            raise self.fail(pos, field, f"{self._where(pos)} where ',' or ']' was expected")


def parse_json(text: str, path: str) -> y.Node:
    """JSON text -> the node tree the loader reads (each node with its line)."""
    return _JsonReader(text, path).document()


# ---- cases: reading --------------------------------------------------------------------------

def _case_root(node: y.Node, path: str) -> y.YMap:
    """A case's object without its `format_version` (checked): the scenario's document."""
    root = y.want_map(node, path, "document")
    version = root.get("format_version")
    if version is None:
        raise InputError(path, root.line, "format_version", f"the interchange format version ({FORMAT_VERSION})",
                         "nothing")
    if version.quoted or version.value != str(FORMAT_VERSION):
        raise InputError(path, version.line, "format_version", f"{FORMAT_VERSION} (the version this ptcg-asp reads)",
                         y.describe(version))
    return y.YMap([p for p in root.pairs if p[0] != "format_version"], root.line)


def load_case_text(text: str, path: str, library: Any) -> Scenario:
    """A case in JSON -> the same `model.Scenario` its scenario file gives (same validation)."""
    from .loader import load_scenario_node
    return load_scenario_node(_case_root(parse_json(text, path), path), path, library)


# ---- cases: writing ----------------------------------------------------------------------------

def _cards(entries: Iterable[CardCount]) -> list:
    """A card list: `{card, count}` for named cards, a bare number for unspecified ones."""
    return [e.count if e.name is None else {"card": e.name, "count": e.count} for e in entries]


def _prizes(prizes: tuple) -> object:
    """Prize cards: a number when all are face down and unspecified, else a list of runs."""
    if all(p.name is None and not p.face_up for p in prizes):
        return len(prizes)
    runs: list = []
    for p in prizes:
        if runs and runs[-1][0] == p:
            runs[-1][1] += 1
        else:
            runs.append([p, 1])
    out: list = []
    for p, n in runs:
        if p.name is None:
            out.append(n)
        else:
            out.append({"card": p.name, "count": n, **({"face_up": True} if p.face_up else {})})
    return out


def _mon(m: InPlay) -> dict:
    out: dict = {"card": m.card}
    if m.evolved_from:
        out["evolved_from"] = list(m.evolved_from)
    if m.evolved_this_turn:
        out["evolved_this_turn"] = True
    if m.damage:
        out["damage"] = m.damage
    if m.energy:
        out["energy"] = _cards(m.energy)
    if m.tool:
        out["tool"] = m.tool
    if m.conditions:
        out["conditions"] = list(m.conditions)
    if m.new_this_turn:
        out["new_this_turn"] = True
    if m.effects:
        out["effects"] = list(m.effects)
    if m.type_change:
        out["type_change"] = list(m.type_change)
    if m.damaged_last_turn:
        out["damaged_last_turn"] = m.damaged_last_turn
    if m.abilities_used:
        out["abilities_used"] = list(m.abilities_used)
    return out


def _player(p: PlayerState) -> dict:
    out: dict = {"active": None if p.active is None else _mon(p.active), "bench": [_mon(m) for m in p.bench]}
    for zone in ("hand", "deck", "discard", "lost_zone"):
        out[zone] = _cards(getattr(p, zone))
    out["prizes"] = _prizes(p.prizes)
    if p.used_this_turn:
        out["used_this_turn"] = list(p.used_this_turn)
    if p.first_turn is not None:
        out["first_turn"] = p.first_turn
    for key in ("knocked_out_last_turn", "knocked_out_other_last_turn", "used_once_per_game"):
        if getattr(p, key):
            out[key] = _cards(getattr(p, key))
    return out


def action_dict(a: Action) -> dict:
    """The action as the scenario format writes it (one key)."""
    if a.kind == "play":
        return {"play": {"card": a.card, **({"to": a.to} if a.to else {})}}
    if a.kind == "ability":
        return {"ability": {"pokemon": a.pokemon, "name": a.name}}
    if a.kind == "attach":
        return {"attach": {"card": a.card, "to": a.to}}
    if a.kind == "evolve":
        return {"evolve": {"card": a.card, "onto": a.onto}}
    if a.kind == "retreat":
        return {"retreat": {"to": a.to}}
    if a.kind == "attack":
        return {"attack": {"name": a.name}}
    if a.kind == "validate_deck":
        return {"validate_deck": _cards(a.deck)}
    if a.kind == "setup":
        return {"setup": {"mulligans": {"me": a.mulligans[0], "opp": a.mulligans[1]}}}
    return {a.kind: {}}


def _expect(scn: Scenario) -> Optional[dict]:
    e = scn.expect
    if e is None:
        return None
    out: dict = {}
    if e.legal is not None:
        out["legal"] = e.legal
    if e.because:
        out["because"] = list(e.because)
    if e.moved:
        out["moved"] = {k: list(v) for k, v in e.moved}
    if e.resolutions is not None:
        out["resolutions"] = e.resolutions
    if e.damage:
        out["damage"] = {k: list(v) for k, v in e.damage}
    if e.prizes_taken:
        out["prizes_taken"] = {k: list(v) for k, v in e.prizes_taken}
    if e.allowed:
        out["allowed"] = list(e.allowed)
    if e.forbidden:
        out["forbidden"] = list(e.forbidden)
    if e.valid is not None:
        out["valid"] = e.valid
    if e.winner is not None:
        out["winner"] = e.winner
    return out


def case_dict(scn: Scenario) -> dict:
    """A loaded scenario as a case: the same content, every card by its library name, every
    default written out (turn, the zones), so that reading it back gives the same scenario."""
    st = scn.state
    out: dict = {"format_version": FORMAT_VERSION, "id": scn.id, "title": scn.title, "source": scn.source,
                 "ruleset": scn.ruleset, "tags": list(scn.tags)}
    if scn.known_divergence:
        out["known_divergence"] = scn.known_divergence
    if scn.cards:
        out["cards"] = [dict(c) if isinstance(c, dict) else c for c in scn.cards]
    out["state"] = {"turn": st.turn, "me": _player(st.me), "opp": _player(st.opp),
                    "stadium": None if st.stadium is None else {"card": st.stadium.card, "owner": st.stadium.owner}}
    out["action"] = action_dict(scn.action)
    expect = _expect(scn)
    if expect is not None:
        out["expect"] = expect
    return out


# ---- results -----------------------------------------------------------------------------------

def _fraction(p) -> dict:
    return {"numerator": p.numerator, "denominator": p.denominator}


def _reason(r) -> dict:
    return {"principle": r.principle, "detail": r.detail, "term": r.term}


def _event(e: tuple) -> dict:
    if e[0] == "coin":
        return {"kind": "coin", "coin": e[1], "result": e[2]}
    return {"kind": "cards", "step": int(e[1]), "cards": [{"name": c, "count": n} for c, n in e[2]]}


def _outcome(o) -> dict:
    return {"events": [_event(e) for e in o.events], "probability": _fraction(o.probability),
            "moved": dict(o.moved), "damage": dict(o.damage),
            "damage_steps": [{"step": name, "value": value} for name, value in o.trace],
            "knocked_out": [{"position": pos, "prizes": n} for pos, n in o.knocked_out],
            "healed": [{"position": pos, "hp": n} for pos, n in o.healed],
            "conditions": [{"position": pos, "conditions": list(c)} for pos, c in o.conditions]}


def _choice(line: str, data: Optional[dict]) -> dict:
    out = dict(data or {"step": None, "kind": "other", "cards": [], "targets": []})
    out["text"] = line
    return out


def _plain(x):
    return [_plain(i) for i in x] if isinstance(x, (list, tuple)) else x


def result_dict(r, with_resolutions: bool = True) -> dict:
    """A `check.Report` as a result (schemas/result.schema.json). `with_resolutions` False: the
    verdict, its reasons and the totals only (what `audit` computes for a whole corpus)."""
    s, v = r.scenario, r.verdict
    cited = ({x.principle for x in v.reasons} | {x.principle for j in r.actions for x in j.reasons}) - {"-"}
    out = {
        "id": s.id,
        "file": s.path,
        "title": s.title,
        "action": action_dict(s.action),
        "status": r.status,
        "known_divergence": s.known_divergence or None,
        "verdict": v.word,
        "game_result": v.game_result,
        "complete": v.complete,
        "limit": v.limit,
        "because": [_reason(x) for x in v.reasons],
        "principles": [{"id": pid, "statement": wording(pid)} for pid in sorted(cited)],
        "resolution_count": len(v.resolutions),
        "moved": dict(v.moved),
        "damage": dict(v.damage),
        "damage_computable": not v.damage_unknown,
        "prizes_taken": dict(v.prizes),
        "actions": [{"action": j.line, "verdict": j.word, "complete": j.complete,
                     "unsupported": j.unsupported or None, "because": [_reason(x) for x in j.reasons]}
                    for j in r.actions],
        "expectations": [{"key": f.key, "expected": _plain(f.expected), "actual": _plain(f.actual), "ok": f.ok,
                          "line": f.line} for f in r.findings],
    }
    if with_resolutions:
        out["resolutions"] = [
            {"choices": [_choice(line, data) for line, data in
                         zip(res.choices, res.choice_data or (None,) * len(res.choices))],
             "outcomes": [_outcome(o) for o in res.outcomes]}
            for res in v.resolutions]
    return out


def error_dict(exc: BaseException) -> dict:
    """An error as data: `{kind, file, line, field, message, text}` (`text`: the one-line form
    stderr shows). kind: invalid (bad input), unsupported (card text the vocabulary does not
    express), internal (a bug in ptcg-asp)."""
    if isinstance(exc, UnsupportedError):
        return {"kind": "unsupported", "file": exc.path, "line": exc.line, "field": "unsupported",
                "message": f"{exc.card}: '{shorten(exc.sentence, 800)}'", "text": exc.render()}
    if isinstance(exc, InputError):
        message = f"expected {shorten(exc.expected, 800)}" + ("" if exc.got is None else f", got {shorten(exc.got)}")
        return {"kind": "invalid", "file": exc.path, "line": exc.line, "field": exc.field, "message": message,
                "text": exc.render()}
    if isinstance(exc, InternalError):
        return {"kind": "internal", "file": exc.path, "line": None, "field": None,
                "message": f"{type(exc.exc).__name__}: {exc.exc}", "text": exc.render()}
    return error_dict(InternalError("<ptcg-asp>", exc))


def summary(statuses: Iterable[str], errors: Iterable[dict] = ()) -> dict:
    """Counts by status (results) and by kind (errors with no result)."""
    counts = dict.fromkeys(SUMMARY_KEYS, 0)
    for status in statuses:
        counts[_STATUS_KEY[status]] += 1
    for e in errors:
        counts[{"invalid": "invalid", "unsupported": "unsupported", "internal": "internal"}[e["kind"]]] += 1
    return counts


def document(command: str, results: list, errors: list, counts: Optional[dict] = None) -> dict:
    """What `check`, `resolve` and `audit` `--json` print (schemas/result.schema.json, `document`)."""
    return {"format_version": FORMAT_VERSION, "command": command, "results": results, "errors": errors,
            "summary": counts if counts is not None else summary([r["status"] for r in results], errors)}


def to_json(obj) -> str:
    """Sorted keys, UTF-8 text: the same bytes for the same data."""
    return json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=True)


def to_line(obj) -> str:
    """One JSON Lines record (no spaces, sorted keys)."""
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
