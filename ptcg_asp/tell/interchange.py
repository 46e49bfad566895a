"""The interchange format (docs/interchange.md, schemas/): cases and results as JSON.

A *case* is a scenario (state, action, and optionally the rules' expectations) as a JSON object
with a `format_version`; it is read by the same validation as a scenario file, so every error
names the file, the line and the field. A *result* is what ptcg-asp answers for a case: the
verdict, the principles cited with their wording, every distinct resolution with its choices and
outcomes as data (exact probabilities as numerator/denominator). `check`, `resolve` and `audit`
`--json` print one document shape: `{format_version, command, results, errors, summary}`.
"""
from __future__ import annotations

import json
from typing import Iterable, Optional

from ..read.errors import InputError, InternalError, UnsupportedError, shorten
from ..read.jsoncase import FORMAT_VERSION
from ..read.model import DEFAULT_READING, Action, CardCount, InPlay, PlayerState, Scenario
from .principles import wording

SUMMARY_KEYS = ("passed", "failed", "incomplete", "invalid", "unchecked", "divergent", "unsupported", "internal")
_STATUS_KEY = {"PASS": "passed", "FAIL": "failed", "INCOMPLETE": "incomplete", "INVALID": "invalid",
               "UNCHECKED": "unchecked", "DIVERGENT": "divergent", "UNSUPPORTED": "unsupported", "ERROR": "internal"}


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
    if m.devolved_this_turn:
        out["devolved_this_turn"] = True
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
    if m.moved_to_active_this_turn:
        out["moved_to_active_this_turn"] = True
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
    for key in ("knocked_out_last_turn", "knocked_out_other_last_turn", "used_once_per_game", "played_this_turn"):
        if getattr(p, key):
            out[key] = _cards(getattr(p, key))
    if p.effects:
        out["effects"] = list(p.effects)
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
    if a.kind == "bench":
        return {"bench": {"card": a.card}}
    if a.kind == "use_stadium":
        return {"use_stadium": a.card}
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
    if e.readings:
        out["readings"] = {name: _reading_expect(one) for name, one in e.readings}
    if e.valid is not None:
        out["valid"] = e.valid
    if e.winner is not None:
        out["winner"] = e.winner
    return out


def _reading_expect(e) -> dict:
    """One reading's expectation (`expect.readings.NAME`, docs/readings.md)."""
    out: dict = {}
    if e.legal is not None:
        out["legal"] = e.legal
    if e.resolutions is not None:
        out["resolutions"] = e.resolutions
    if e.because:
        out["because"] = list(e.because)
    return out


def case_dict(scn: Scenario) -> dict:
    """A loaded scenario as a case: the same content, every card by its library name, every
    default written out (turn, the zones), so that reading it back gives the same scenario."""
    st = scn.state
    out: dict = {"format_version": FORMAT_VERSION, "id": scn.id, "title": scn.title, "source": scn.source,
                 "ruleset": scn.ruleset, "tags": list(scn.tags)}
    if scn.reading != DEFAULT_READING:
        out["reading"] = scn.reading
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
    if s.active_reading != DEFAULT_READING:
        out["reading"] = s.active_reading
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
