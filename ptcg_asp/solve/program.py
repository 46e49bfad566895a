"""The encodings as clingo statements: parsed once per process and directory (`parsed_program`), the
diagnosis objective, and the statements built from symbols (never from text) that a Control adds:
the `relax` external, literals of a symbol.
"""
from __future__ import annotations

import os
from typing import Optional

import clingo
from clingo import ast

from .relevance import RuleIndex
from .solver import ENCODING, encodings_dir

# The diagnosis objective; the same statement `solver.diagnose` adds (tests compare the two paths).
DIAGNOSE_PROGRAM = "#minimize{ 1,ID,X,W : violation(ID,X,W) }."
RELAX = clingo.Function("relax", [])
RELAX_PATTERN = ("relax", 0, ())
# Contrastive diagnosis (`explain --why-not`): the quantity bounds on choices become violations too.
RELAX_CHOICES = clingo.Function("relax_choices", [])
RELAX_CHOICES_PATTERN = ("relax_choices", 0, ())
_LOC = ast.Location(ast.Position("<ptcg-asp>", 1, 1), ast.Position("<ptcg-asp>", 1, 1))


def _atom(sym: clingo.Symbol):
    return ast.SymbolicAtom(ast.SymbolicTerm(_LOC, sym))


def _literal(sym: clingo.Symbol):
    return ast.Literal(_LOC, ast.Sign.NoSign, _atom(sym))


def _external(sym: clingo.Symbol):
    """The statement `#external SYM. [false]`, built from the symbol."""
    return ast.External(_LOC, _atom(sym), [], ast.SymbolicTerm(_LOC, clingo.Function("false")))


_PARSED: dict = {}


def parsed_program(directory: Optional[str] = None) -> tuple:
    """The encodings as parsed statements (once per process and directory), and the diagnosis part."""
    directory = directory or encodings_dir()
    if directory not in _PARSED:
        def parse() -> list:
            main: list = []
            keep = lambda stm: main.append(stm) if stm.ast_type != ast.ASTType.Comment else None  # noqa: E731
            # The `%*` docstrings are parsed as statements too; a Control has no use for them.
            ast.parse_files([os.path.join(directory, ENCODING)], keep)
            return main
        extra: list = []
        ast.parse_string(DIAGNOSE_PROGRAM, extra.append)
        _PARSED[directory] = (RuleIndex.cached(directory, parse), tuple(extra))
    return _PARSED[directory]
