"""Contrastive questions: why is this resolution, which the user expected, not one of the legal ones?

A resolution is named by its choice lines, exactly as `resolve` prints them ("step 1 (search, deck ->
bench): 1 x Pikachu"). Every choice atom the grounding holds is fixed by an assumption (true when the
user named it, false otherwise: the resolution is the whole set of choices), the resolutions are
enumerated under those assumptions, and, when there is none, the diagnosis (`relax`, the same
optimisation as for an illegal action) says which principles rule the resolution out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import clingo

from ..read.errors import InputError
from .compiler import Problem
from .verdict import CHOICE_PREDICATES, choice_line, common_violations

# The choice predicates with their arities, as output.lp and the step encodings show them.
_ARITIES = {"take": 3, "aim": 2, "put": 4, "chosen": 1, "evolve_with": 2, "retreat_pay": 2, "drawn_amount": 2,
            "cnt_on": 3, "take_off": 4, "ko_found": 2, "react_lose": 3, "react_bounce": 2, "react_shift_on": 3,
            "eot_attached": 3, "bench_cut": 3, "down_cut": 2,
            "down_pick": 3, "swap_with": 2, "ko_move_on": 3}
assert set(_ARITIES) == CHOICE_PREDICATES


def normal(line: str) -> str:
    """A choice line compared with single spaces."""
    return " ".join(line.split())


@dataclass
class Contrast:
    """The answer to `--why-not`: `legal` (the resolution is one of the legal ones), else the
    violations that rule it out (`violations`: symbols violation(ID,X,Why) of every optimal diagnosis),
    or `impossible` (no assignment of the effect makes these choices together, even with the
    principles relaxed: the card's own structure excludes it)."""

    legal: bool
    violations: list
    impossible: bool
    complete: bool
    choices: tuple          # the user's choice lines, as matched


def choice_atoms(ctl: clingo.Control, problem: Problem) -> dict:
    """Every choice the grounding can make: its line (as `resolve` prints it) -> the atom's symbols."""
    out: dict = {}
    for name, arity in sorted(_ARITIES.items()):
        for sa in ctl.symbolic_atoms.by_signature(name, arity):
            if sa.is_fact:
                continue
            line = choice_line(sa.symbol, problem)
            if line is not None:
                out.setdefault(normal(line), []).append(sa.symbol)
    return out


def why_not(problem: Problem, session, lines: Sequence[str], where: str = "--why-not") -> Contrast:
    """Judge the resolution the `lines` name (docs/explanations.md). An unknown line is an input error
    that lists the choices this state offers."""
    ctl, _, _ = session.grounded(problem.facts)
    atoms = choice_atoms(ctl, problem)
    wanted = [normal(x) for x in lines if normal(x) and normal(x) != "nothing"]
    unknown = [x for x in wanted if x not in atoms]
    if unknown:
        offered = "; ".join(sorted(atoms)) or "none (the action makes no choice)"
        raise InputError("<command line>", None, where,
                         f"choice lines as `resolve` prints them, separated by ';' (offered here: {offered})",
                         unknown[0])
    chosen = set(wanted)
    assumptions = [(sym, line in chosen) for line, syms in sorted(atoms.items()) for sym in syms]
    out = session.enumerate_under(ctl, assumptions)
    if out.models:
        return Contrast(True, [], False, out.complete, tuple(sorted(chosen)))
    if not out.complete:
        return Contrast(False, [], False, False, tuple(sorted(chosen)))
    diag = session.diagnose_under(ctl, assumptions, choices=True)
    found = common_violations(diag.models)
    return Contrast(False, found, not diag.models and diag.complete, diag.complete, tuple(sorted(chosen)))
