"""The rules a problem can use, found before grounding: an exact pruning of the encodings.

Grounding costs about as much for a rule that never fires as for one that does (the grounder
instantiates every rule), and most of the encodings serve other actions than the one a problem
asks about: the attack and damage rules are idle when a Trainer is played. A rule whose positive
body holds an atom that neither a fact nor a usable rule can make true never fires, in any answer
set: leaving it out changes no answer set. `RuleIndex.live` finds the usable rules by a fixpoint
over *patterns*: a predicate name, its arity, and its first argument when that is a constant
(`action(attack, A)` needs an `action` fact or head whose first argument is `attack` or unknown).

Only plain positive body literals count as needs (never negated literals, aggregates or
conditions, which can hold with nothing true); every atom anywhere in a head, conditions
included, counts as given (an over-approximation, so nothing usable is ever left out). Statements
that are not rules (`#show`, `#minimize`, `#external`, ...) are always kept.
"""
from __future__ import annotations

from typing import Iterable, Optional, Sequence

import clingo
from clingo import ast

NO_ARGUMENT = -1   # the "first argument" of an atom without arguments
ANY = None         # a first argument that is not a constant (a variable, arithmetic, a pool)


def symbol_pattern(sym: clingo.Symbol) -> tuple:
    """(name, arity, first argument's `_rep`) of a ground atom (clingo symbols are interned)."""
    args = sym.arguments
    return (sym.name, len(args), args[0]._rep if args else NO_ARGUMENT)


def _constant(term) -> Optional[int]:
    """The `_rep` of a term that is a constant symbol, else ANY."""
    if term.ast_type == ast.ASTType.SymbolicTerm:
        return term.symbol._rep
    if term.ast_type == ast.ASTType.Function and not term.arguments and not term.external:
        return clingo.Function(term.name)._rep
    return ANY


def _atom_pattern(atom) -> Optional[tuple]:
    """The pattern of a symbolic atom's term; None when it is not a plain atom (a pool, say)."""
    term = atom.symbol
    if term.ast_type == ast.ASTType.Function and not term.external:
        args = term.arguments
        return (term.name, len(args), _constant(args[0]) if args else NO_ARGUMENT)
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return symbol_pattern(term.symbol)
    return None


def _atoms(node) -> Iterable:
    """Every symbolic atom inside an AST node."""
    if node.ast_type == ast.ASTType.SymbolicAtom:
        yield node
        return
    for key in node.child_keys:
        child = getattr(node, key)
        children = child if isinstance(child, (list, tuple, ast.ASTSequence)) else [child]
        for c in children:
            if isinstance(c, ast.AST):
                yield from _atoms(c)


class RuleIndex:
    """The statements of the encodings, each rule with what it needs and what it gives."""

    def __init__(self, statements: Sequence):
        self.statements = tuple(statements)
        self.always: list = []            # statement indices kept whatever the problem
        self.needs: dict = {}             # rule index -> its needed patterns
        self.gives: dict = {}             # rule index -> its head patterns (ANY head: every first argument)
        self.waiting: dict = {}           # (name, arity) -> rule indices that need it
        self.cache: dict = {}
        for i, stm in enumerate(self.statements):
            if stm.ast_type != ast.ASTType.Rule:
                self.always.append(i)
                continue
            needs = []
            for lit in stm.body:
                if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign \
                        and lit.atom.ast_type == ast.ASTType.SymbolicAtom:
                    pattern = _atom_pattern(lit.atom)
                    if pattern is not None:
                        needs.append(pattern)
            gives = [_atom_pattern(a) for a in _atoms(stm.head)]
            if any(g is None for g in gives):   # a head too complex to read: keep the rule
                self.always.append(i)
                continue
            self.needs[i] = needs
            self.gives[i] = gives
            for name, arity, _ in needs:
                self.waiting.setdefault((name, arity), []).append(i)

    def live(self, given: frozenset) -> tuple:
        """The statements usable when the atoms of the `given` patterns may be true, in order."""
        found = self.cache.get(given)
        if found is None:
            found = self.cache[given] = self._fixpoint(given)
        return found

    def _fixpoint(self, given: frozenset) -> tuple:
        known: dict = {}                  # (name, arity) -> first arguments that may be true (ANY: all)

        def holds(pattern: tuple) -> bool:
            firsts = known.get(pattern[:2])
            return firsts is not None and (pattern[2] is ANY or ANY in firsts or pattern[2] in firsts)

        fresh = []

        def add(pattern: tuple) -> None:
            firsts = known.setdefault(pattern[:2], set())
            if pattern[2] not in firsts:
                firsts.add(pattern[2])
                fresh.append(pattern[:2])

        for pattern in given:
            add(pattern)
        usable = set()
        todo = [i for i, needs in self.needs.items() if not needs]
        while todo or fresh:
            for i in todo:
                if i not in usable and all(holds(n) for n in self.needs[i]):
                    usable.add(i)
                    for g in self.gives[i]:
                        add(g)
            todo = [i for key in fresh for i in self.waiting.get(key, ()) if i not in usable]
            fresh = []
        keep = sorted(usable.union(self.always))
        return tuple(self.statements[i] for i in keep)
