"""The Python API: check a case in process and get typed results (docs/interchange.md, "Python").

    import ptcg_asp
    result = ptcg_asp.check(yaml_text_or_case_dict)
    result.verdict, result.because, result.resolutions[0].choices[0].cards

A case is a dict (a case of the interchange format, or a scenario's content as `yaml.safe_load`
gives it), or text (a scenario in YAML, or a case in JSON). `Checker` keeps the card library and
the solving session between calls (the encodings are parsed once); `check` makes one per call.
The results are the interchange format's (`interchange.result_dict`, what `--json` prints) as
frozen dataclasses; `Result.data` is the same result as plain JSON data. Bad input raises
`InputError` (file, line, field, what was expected), card text the vocabulary does not express
`UnsupportedError`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional, Sequence, Union

from ..read.errors import InputError, UnsupportedError
from ..read.jsoncase import FORMAT_VERSION, parse_json
from ..read.loader import load_case_text
from .interchange import case_dict, result_dict
from ..read.model import Scenario

__all__ = ["Checker", "check", "resolve", "load_case", "Result", "Resolution", "Choice", "Outcome", "Event",
           "Cards", "Reason", "Principle", "Expectation", "InputError", "UnsupportedError"]

Source = Union[dict, str]


@dataclass(frozen=True)
class Cards:
    name: str
    count: int


@dataclass(frozen=True)
class Reason:
    principle: str      # a principle ID (docs/principles.md)
    detail: str         # what in the state triggered it
    term: str           # the reason's name in the encodings


@dataclass(frozen=True)
class Principle:
    id: str
    statement: str


@dataclass(frozen=True)
class Choice:
    """One choice of a resolution: `kind` take, target, attach, optional, opponent_choice, draw_amount,
    ko_search, react_discard, react_return, react_move, ko_move, retreat_pay, evolve, end_of_turn_attach, bench_discard
    (docs/interchange.md)."""

    step: Optional[int]
    kind: str
    cards: tuple        # Cards
    targets: tuple      # positions
    text: str
    op: str = ""
    role: str = ""
    player: str = ""
    source: str = ""    # `from` in the JSON
    target: str = ""    # `to` in the JSON
    part: Optional[int] = None
    amount: Optional[int] = None


@dataclass(frozen=True)
class Event:
    """What chance decided: a coin (`coin`, `result`) or cards drawn at random (`step`, `cards`)."""

    kind: str
    coin: str = ""
    result: str = ""
    step: Optional[int] = None
    cards: tuple = ()


@dataclass(frozen=True)
class Outcome:
    events: tuple
    probability: Fraction
    moved: dict
    damage: dict
    damage_steps: tuple     # ((step, value), ...)
    knocked_out: tuple      # ((position, prize cards), ...)
    healed: tuple           # ((position, HP), ...)
    conditions: tuple       # ((position, (condition, ...)), ...)


@dataclass(frozen=True)
class Resolution:
    choices: tuple
    outcomes: tuple


@dataclass(frozen=True)
class Expectation:
    key: str
    expected: object
    actual: object
    ok: bool
    line: Optional[int]


@dataclass(frozen=True)
class Result:
    """ptcg-asp's answer for one case (schemas/result.schema.json, `$defs/result`)."""

    id: str
    verdict: str                 # legal, illegal, unknown
    status: str                  # PASS, FAIL, DIVERGENT, UNCHECKED, INCOMPLETE, UNSUPPORTED
    complete: bool
    limit: Optional[str]
    because: tuple               # Reason
    principles: tuple            # Principle
    resolution_count: int
    moved: dict
    damage: dict
    damage_computable: bool
    prizes_taken: dict
    game_result: Optional[str]
    resolutions: tuple           # Resolution
    expectations: tuple          # Expectation
    data: dict                   # the same result as JSON data

    @property
    def legal(self) -> Optional[bool]:
        """True or False; None when a limit left the verdict unknown."""
        return None if self.verdict == "unknown" else self.verdict == "legal"


def _cards(items: list) -> tuple:
    return tuple(Cards(c["name"], c["count"]) for c in items)


def _result(d: dict) -> Result:
    resolutions = tuple(
        Resolution(
            tuple(Choice(c["step"], c["kind"], _cards(c["cards"]), tuple(c["targets"]), c["text"], c.get("op", ""),
                         c.get("role", ""), c.get("player", ""), c.get("from", ""), c.get("to", ""), c.get("part"),
                         c.get("amount")) for c in res["choices"]),
            tuple(Outcome(tuple(Event(e["kind"], e.get("coin", ""), e.get("result", ""), e.get("step"),
                                      _cards(e.get("cards", []))) for e in o["events"]),
                          Fraction(o["probability"]["numerator"], o["probability"]["denominator"]),
                          dict(o["moved"]), dict(o["damage"]),
                          tuple((s["step"], s["value"]) for s in o["damage_steps"]),
                          tuple((k["position"], k["prizes"]) for k in o["knocked_out"]),
                          tuple((h["position"], h["hp"]) for h in o["healed"]),
                          tuple((c["position"], tuple(c["conditions"])) for c in o["conditions"]))
                  for o in res["outcomes"]))
        for res in d.get("resolutions", []))
    return Result(
        d["id"], d["verdict"], d["status"], d["complete"], d["limit"],
        tuple(Reason(b["principle"], b["detail"], b["term"]) for b in d["because"]),
        tuple(Principle(p["id"], p["statement"]) for p in d["principles"]),
        d["resolution_count"], d["moved"], d["damage"], d["damage_computable"], d["prizes_taken"], d["game_result"],
        resolutions,
        tuple(Expectation(e["key"], e["expected"], e["actual"], e["ok"], e["line"]) for e in d["expectations"]),
        d)


def _is_case_text(text: str, path: str) -> bool:
    """JSON text whose top-level object has `format_version`: a case (else: YAML)."""
    if not text.lstrip().startswith("{"):
        return False
    try:
        root = parse_json(text, path)
    except InputError:
        return False
    return hasattr(root, "get") and root.get("format_version") is not None


def load_case(source: Source, library, path: str = "<case>") -> Scenario:
    """A dict or text -> the validated scenario (InputError naming `path`, the line and the field)."""
    if isinstance(source, dict):
        value = source if "format_version" in source else {"format_version": FORMAT_VERSION, **source}
        try:
            text = json.dumps(value, ensure_ascii=False, indent=1, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise InputError(path, None, "document", "JSON data (dict, list, str, int, bool, None)", str(exc)) from None
        return load_case_text(text, path, library)
    if not isinstance(source, str):
        raise InputError(path, None, "document", "a dict, YAML text or JSON text", type(source).__name__)
    if _is_case_text(source, path):
        return load_case_text(source, path, library)
    from ..read.loader import load_scenario_text
    return load_scenario_text(source, path, library)


class Checker:
    """A card library and a solving session, kept between checks (parse once, check many)."""

    def __init__(self, timeout: float = 20.0, max_resolutions: int = 10000, cards: Sequence[str] = ()):
        from ..cards.library import load_library, with_card_files
        from ..solve.session import Session
        from ..solve.solver import Limits

        if not (0 < timeout <= 86400.0):
            raise InputError("<api>", None, "timeout", "a number of seconds above 0 and at most 86400", repr(timeout))
        if not 1 <= max_resolutions <= 10**7:
            raise InputError("<api>", None, "max_resolutions", "a whole number from 1 to 10000000", repr(max_resolutions))
        library = load_library()
        self.library = with_card_files(library, list(cards)) if cards else library
        self.session = Session(Limits(timeout=timeout, max_models=max_resolutions))

    def load(self, source: Source, path: str = "<case>") -> Scenario:
        return load_case(source, self.library, path)

    def report(self, source: Source, path: str = "<case>"):
        """The `check.Report` (what the CLI renders) for a case."""
        from .check import run_scenario
        return run_scenario(self.load(source, path), self.session)

    def check(self, source: Source, path: str = "<case>") -> Result:
        """The verdict, reasons, every resolution and the expectations of a case."""
        return _result(result_dict(self.report(source, path)))

    resolve = check

    def case(self, source: Source, path: str = "<case>") -> dict:
        """The case in its canonical form (as `ptcg-asp export` writes it)."""
        return case_dict(self.load(source, path))


def check(source: Source, timeout: float = 20.0, max_resolutions: int = 10000, cards: Sequence[str] = (),
          path: str = "<case>") -> Result:
    """Check one case (a dict or YAML/JSON text) in process; for many, keep a `Checker`."""
    return Checker(timeout, max_resolutions, cards).check(source, path)


resolve = check
