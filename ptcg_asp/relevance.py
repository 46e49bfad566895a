"""The rules a problem can use, found before grounding: an exact pruning of the encodings.

Grounding costs about as much for a rule that never fires as for one that does (the grounder
instantiates every rule), and most of the encodings serve other actions than the one a problem
asks about: the attack and damage rules are idle when a Trainer is played. A rule whose positive
body holds an atom that neither a fact nor a usable rule can make true never fires, in any answer
set: leaving it out changes no answer set. `RuleIndex.live` finds the usable rules by a fixpoint
over *patterns*: a predicate name, its arity, and its first argument when that is a constant
(`action(attack, A)` needs an `action` fact or head whose first argument is `attack` or unknown).

Only plain positive body literals count as needs (never negated literals, aggregates or
conditions, which can hold with nothing true); every atom a head can make true counts as given,
with its first argument unknown unless it is a constant. A rule whose head this reader does not
know is always kept, and so are the statements that are not rules (`#show`, `#minimize`,
`#external`, ...).
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

import clingo
from clingo import ast

NO_ARGUMENT = -1   # the "first argument" of an atom without arguments
ANY = None         # a first argument that is not a constant (a variable, arithmetic, a pool)


def symbol_pattern(sym: clingo.Symbol) -> tuple:
    """(name, arity, first argument's `_rep`) of a ground atom (clingo symbols are interned)."""
    args = sym.arguments
    return (sym.name, len(args), args[0]._rep if args else NO_ARGUMENT)


# gringo's lexicon: an identifier is `_*[a-z][A-Za-z0-9_']*`; `_` alone and `_*[A-Z]...` are variables.
_NAME = re.compile(r"(_*[a-z][A-Za-z0-9_']*)(?:\((.*)\))?", re.S)
_CONSTANT = re.compile(r"_*[a-z][A-Za-z0-9_']*|-?[0-9]+|\"(?:[^\"\\]|\\.)*\"", re.S)


def _split_arguments(text: str) -> Optional[list]:
    """The top-level arguments of `f(...)`'s inside; None if a pool (`;`) splits them or the
    brackets do not balance inside (`p(X): q(X)` is a conditional literal, not `p` of `X): q(X`)."""
    parts, depth, start, quoted, escaped = [], 0, 0, False, False
    for i, ch in enumerate(text):
        if quoted:
            escaped, quoted = (not escaped and ch == "\\"), quoted and (escaped or ch != '"')
        elif ch == '"':
            quoted = True
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0 and ch == ",":
            parts.append(text[start:i])
            start = i + 1
        elif depth == 0 and ch == ";":
            return None
    if depth != 0 or quoted:
        return None
    parts.append(text[start:])
    return parts


def _atom_pattern(atom) -> Optional[tuple]:
    """The pattern of a symbolic atom, or of a body element that is a plain positive atom, read
    from its text (one call into clingo rather than one per attribute); None for anything else: a
    negated literal, a comparison, an aggregate, a conditional literal, a pool."""
    m = _NAME.fullmatch(str(atom))
    if m is None:
        return None
    name, inside = m.group(1), m.group(2)
    if inside is None:
        return (name, 0, NO_ARGUMENT)
    args = _split_arguments(inside)
    if args is None:
        return None
    first = args[0].strip()
    constant = clingo.parse_term(first)._rep if _CONSTANT.fullmatch(first) else ANY
    return (name, len(args), constant)


def _head_atoms(head) -> Optional[list]:
    """The symbolic atoms a rule head can make true; None for a head this reader does not know
    (the rule is then always kept). Conditions (`{ p(X) : q(X) }`) are not among them."""
    kind = head.ast_type
    if kind == ast.ASTType.Literal:
        atom = head.atom
        if atom.ast_type == ast.ASTType.BooleanConstant:
            return []
        return [atom] if atom.ast_type == ast.ASTType.SymbolicAtom else None
    if kind in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        literals = [e.literal for e in head.elements]
    elif kind == ast.ASTType.HeadAggregate:
        literals = [e.condition.literal for e in head.elements]
    else:
        return None
    atoms = [lit.atom for lit in literals]
    return atoms if all(a.ast_type == ast.ASTType.SymbolicAtom for a in atoms) else None


class RuleIndex:
    """The statements of the encodings, each rule with what it needs and what it gives."""

    CACHE_SIZE = 4096   # usable-statement lists kept (by the patterns of the facts); then forgotten

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
                pattern = _atom_pattern(lit)    # None unless the element is a plain positive atom
                if pattern is not None:
                    needs.append(pattern)
            atoms = _head_atoms(stm.head)
            gives = [_atom_pattern(a) for a in atoms] if atoms is not None else [None]
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
            if len(self.cache) >= self.CACHE_SIZE:
                self.cache.clear()
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
