"""Readings of the contested rules (docs/readings.md): choosing the one a scenario is solved under.

A reading is a layer of the encodings (encodings/readings.lp, encodings/readings/<name>.lp), switched
on by the fact `reading(R)` the compiler adds; nothing here changes the rules, it only names them.
"""
from __future__ import annotations

import dataclasses

from ..read.errors import InputError
from ..read.model import DEFAULT_READING, READINGS, Scenario

__all__ = ["DEFAULT_READING", "READINGS", "reading_list", "with_reading"]


def with_reading(scenario: Scenario, name: str) -> Scenario:
    """The scenario solved under reading `name` (the option wins over the scenario's `reading:`; the
    plain `expect` is then checked only when `name` is the scenario's own reading)."""
    if name not in READINGS:
        raise InputError("<command line>", None, "--reading", "one of " + ", ".join(READINGS), repr(name))
    return dataclasses.replace(scenario, reading_override=name)


def reading_list(spec: str) -> tuple:
    """`--readings all` (every reading, the default first) or `--readings A,B` (those, in that order)."""
    if spec.strip() == "all":
        return READINGS
    names = tuple(n.strip() for n in spec.split(",") if n.strip())
    bad = [n for n in names if n not in READINGS]
    if bad or not names:
        raise InputError("<command line>", None, "--readings", "all, or readings among " + ", ".join(READINGS),
                         repr(spec))
    return tuple(dict.fromkeys(names))
