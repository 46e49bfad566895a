"""The declared input: the predicates (name, arity) the compiler may emit as facts.

The one list is the `#defined` statements of `encodings/input.lp`: clingo reads them there (an
input predicate with no facts in a problem is then declared, not a warning), and this module
reads the same statements (clingo's parser, once per process and directory) so that the
compiler can refuse a fact whose predicate the encodings do not declare.
"""
from __future__ import annotations

import os
from typing import Iterable, Optional

from clingo import Symbol, ast

from .solver import encodings_dir

INPUT_FILE = "input.lp"

_DECLARED: dict = {}   # encodings directory -> frozenset of (name, arity)


def declared_inputs(directory: Optional[str] = None) -> frozenset:
    """(name, arity) of every `#defined` statement in the encodings' input.lp."""
    directory = directory or encodings_dir()
    found = _DECLARED.get(directory)
    if found is None:
        from ..read import diskcache
        path = os.path.join(directory, INPUT_FILE)
        names: set = set()

        def visit(stm) -> None:
            if stm.ast_type == ast.ASTType.Defined:
                names.add((stm.name, stm.arity))

        def parse() -> frozenset:
            ast.parse_files([path], visit)
            return frozenset(names)
        with open(path, "rb") as fh:
            # Start-up time: read from the disk cache while input.lp and this module are unchanged.
            found = _DECLARED[directory] = diskcache.cached("inputs", [diskcache.source_of(__file__), fh.read()], parse)
    return found


class UndeclaredFact(Exception):
    """The compiler built a fact whose predicate input.lp does not declare (a bug in ptcg-asp)."""


def check_declared(signatures: Iterable[tuple], directory: Optional[str] = None) -> None:
    """Raise UndeclaredFact unless every (name, arity) is declared in input.lp."""
    missing = set(signatures) - declared_inputs(directory)
    if missing:
        listed = ", ".join(f"{n}/{a}" for n, a in sorted(missing))
        raise UndeclaredFact(f"facts of predicates not declared in encodings/{INPUT_FILE} (`#defined`): {listed}")


def signatures(facts: Iterable[Symbol]) -> set:
    """(name, arity) of each fact."""
    return {(f.name, len(f.arguments)) for f in facts}
