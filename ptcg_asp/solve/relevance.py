"""The rules a problem can use, found before grounding: an exact pruning of the encodings.

Grounding costs about as much for a rule that never fires as for one that does (the grounder
instantiates every rule), and most of the encodings serve other actions than the one a problem
asks about: the attack and damage rules are idle when a Trainer is played, the rules of a `heal`
step idle when no step heals. A rule whose positive body holds an atom that neither a fact nor a
usable rule can make true never fires, in any answer set: leaving it out changes no answer set.

`RuleIndex.live` finds the usable rules by a fixpoint over an over-approximation of the atoms
that can be true: for each predicate (name and arity), the set of values each argument position
may take (constants, or "anything"). A body atom is possible when its predicate may be true and
each of its constant arguments is among its position's values (`kind(S,heal)` needs a `kind/2`
with `heal` second). A usable rule gives its head's predicate with, per position: the constant
written there; for a variable, the values of the positions where the variable stands alone in a
plain positive body atom (the intersection: it must take a value in each); anything otherwise.
Positions are independent of each other (the approximation is per position, not per tuple), so
the sets only ever over-approximate: no usable rule is ever left out.

Only plain positive body literals count as needs (never negated literals, aggregates or
conditions, which can hold with nothing true). A rule whose head this reader does not know is
always kept, and so are the statements that are not rules (`#minimize`, `#external`, ...), except
`#show p/n.` for a predicate that nothing can make true.

A predicate a left-out rule defines may still be read elsewhere (`not p(X)`, an aggregate), in a
form only the left-out rule's head could give: the pruned program declares the predicate of
every left-out head (`#defined p/n.`, built from the encodings' own heads), so clingo's warnings
stay on and say nothing about atoms that the full encodings define (the full encodings are
checked without pruning).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional, Sequence

import clingo
from clingo import ast

ANY = None         # an argument that is not a constant (a variable, arithmetic, a function term)
OTHER = "<other>"  # any constant the encodings never write (a card name, a count): all alike to them
_LOC = ast.Location(ast.Position("<relevance>", 1, 1), ast.Position("<relevance>", 1, 1))


def symbol_pattern(sym: clingo.Symbol) -> tuple:
    """(name, arity, the arguments' `_rep`s) of a ground atom (clingo symbols are interned)."""
    args = sym.arguments
    return (sym.name, len(args), tuple(a._rep for a in args))


# gringo's lexicon: an identifier is `_*[a-z][A-Za-z0-9_']*`; `_` alone and `_*[A-Z]...` are variables.
_NAME = re.compile(r"(_*[a-z][A-Za-z0-9_']*)(?:\((.*)\))?", re.S)
_CONSTANT = re.compile(r"_*[a-z][A-Za-z0-9_']*|-?[0-9]+|\"(?:[^\"\\]|\\.)*\"", re.S)
_VARIABLE = re.compile(r"_*[A-Z][A-Za-z0-9_']*")


def _split_arguments(text: str) -> Optional[list]:
    """The top-level arguments of `f(...)`'s inside; None if a pool (`;`) splits them or the
    brackets do not balance inside (`p(X): q(X)` is a conditional literal, not `p` of `X): q(X`)."""
    pools, commas = _top_level(text, ";"), _top_level(text, ",")
    if pools is None or pools or commas is None:
        return None
    return _pieces(text, commas)


def _pieces(text: str, cuts: Sequence[int]) -> list:
    """`text` cut at the positions of one-character separators (the separators left out)."""
    starts = [0] + [i + 1 for i in cuts]
    ends = list(cuts) + [len(text)]
    return [text[a:b] for a, b in zip(starts, ends)]


def _text_rep(text: str) -> int:
    return clingo.parse_term(text)._rep


def _rep_text(rep: int) -> str:
    return _CONSTANT_TEXT[rep]


_CONSTANT_TEXT: dict = {}   # rep -> the constant's text, for the constants `_argument` read (a memo, as its cache)


def _portable(rule: "_Rule", conv) -> "_Rule":
    """The rule with every constant's rep passed through `conv` (rep <-> text, for the disk cache)."""
    def arg(a):
        return a if a is ANY or a[0] != "c" else ("c", conv(a[1]))
    return _Rule([(key, tuple((p, conv(c)) for p, c in consts)) for key, consts in rule.needs], rule.binds,
                 [(key, tuple(arg(a) for a in args)) for key, args in rule.gives])


# An argument, as read: ("c", rep) a constant, ("v", name) a variable standing alone, ANY otherwise.
@lru_cache(maxsize=None)
def _argument(text: str):
    text = text.strip()
    if _CONSTANT.fullmatch(text):
        sym = clingo.parse_term(text)
        _CONSTANT_TEXT[sym._rep] = str(sym)
        return ("c", sym._rep)
    if _VARIABLE.fullmatch(text):
        return ("v", text)
    return ANY


def _read_atom(atom) -> Optional[tuple]:
    """(name, arity, arguments as read) of a symbolic atom, or of a body element that is a plain
    positive atom, read from its text (one call into clingo rather than one per attribute); None
    for anything else: a negated literal, a comparison, an aggregate, a conditional literal, a pool."""
    return _read_text(str(atom))


@lru_cache(maxsize=None)
def _read_text(text: str) -> Optional[tuple]:
    """`_read_atom` on the text (the encodings repeat the same atoms often)."""
    m = _NAME.fullmatch(text)
    if m is None:
        return None
    name, inside = m.group(1), m.group(2)
    if inside is None:
        return (name, 0, ())
    args = _split_arguments(inside)
    if args is None:
        return None
    return (name, len(args), tuple(_argument(a) for a in args))


def _rule_text(stm) -> tuple:
    """(head text, body element texts) of a rule, from its text (one call into clingo): clingo
    writes a rule as `HEAD :- B1; B2; ... .`, the elements apart at the top level."""
    text = str(stm)
    cut = _top_level(text, ":-")
    if not cut:
        return text.rstrip(".").strip(), []
    head, body = text[:cut[0]].strip(), text[cut[0] + 2:].strip().rstrip(".")
    return head, [part.strip() for part in _pieces(body, _top_level(body, ";") or ())]


def _top_level(text: str, sep: str) -> Optional[list]:
    """The positions of `sep` outside brackets and strings; None if the brackets do not balance."""
    found, depth, quoted, escaped = [], 0, False, False
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
        elif depth == 0 and text.startswith(sep, i):
            found.append(i)
    return found if depth == 0 and not quoted else None


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


class _Rule:
    """What one rule needs (predicates with constants at some positions) and gives (its heads)."""

    __slots__ = ("needs", "binds", "gives")

    def __init__(self, needs: list, binds: dict, gives: list):
        self.needs = needs     # [((name, arity), ((position, rep), ...))]
        self.binds = binds     # variable -> [((name, arity), position)] where it stands alone in the body
        self.gives = gives     # [((name, arity), (("c", rep) | ("v", variable) | ANY, ...))]


class _Const:
    """A constant's text in the rules stored on disk (`_dump_rules`)."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


def _dump_rules(rules: dict) -> bytes:
    """The rules as a pickle whose constants are persistent ids (their texts): read back by
    `_load_rules` with each constant's rep of this process, with no rule rebuilt (start-up time)."""
    import io
    import pickle

    class Texts(pickle.Pickler):
        def persistent_id(self, obj):
            return obj.text if type(obj) is _Const else None
    out = io.BytesIO()
    Texts(out, protocol=pickle.HIGHEST_PROTOCOL).dump(rules)
    return out.getvalue()


def _load_rules(data: bytes, rep) -> dict:
    import io
    import pickle

    class Reps(pickle.Unpickler):
        def persistent_load(self, pid):
            return rep(pid)
    return Reps(io.BytesIO(data)).load()


class RuleIndex:
    """The statements of the encodings, each rule with what it needs and what it gives."""

    CACHE_SIZE = 4096   # usable-statement lists kept (by the patterns of the facts); then forgotten
    DERIVED = ("always", "rules", "need_keys", "waiting", "constants", "shows", "relevant")

    @classmethod
    def cached(cls, directory: str, parse) -> "RuleIndex":
        """The index of the encodings in `directory` (`parse()` gives their statements), its tables
        and the statements' texts from the disk cache when the encodings and this module are
        unchanged (diskcache.py). From the cache, the encodings are not parsed at all: `live` parses
        only the statements a problem keeps, from their texts (clingo prints a statement as text
        that parses back to the same statement). Start-up time only; the same statements either way."""
        import os
        from ..read import diskcache
        parts = [diskcache.source_of(__file__)]
        # Every encoding file, the reading layers in encodings/readings/ included (they are part of the program).
        for root, dirs, files in sorted(os.walk(directory)):
            dirs.sort()
            for name in sorted(f for f in files if f.endswith(".lp")):
                with open(os.path.join(root, name), "rb") as fh:
                    rel = os.path.relpath(os.path.join(root, name), directory).replace(os.sep, "/")
                    parts.append(rel.encode() + b"\0" + fh.read())
        parsed: list = []

        def build() -> dict:
            parsed.extend(parse())
            index = cls(parsed)
            # Constants are clingo symbols' `_rep`s, which hold only within one process: stored as text.
            return dict({k: getattr(index, k) for k in cls.DERIVED}, texts=tuple(str(s) for s in parsed),
                        constants=sorted(_rep_text(r) for r in index.constants),
                        rules=_dump_rules({i: _portable(rule, lambda r: _Const(_rep_text(r)))
                                           for i, rule in index.rules.items()}))
        derived = diskcache.cached("relevance", parts, build)
        index = cls.__new__(cls)
        index.statements = tuple(parsed) if parsed else None
        index.texts = derived["texts"]
        index.parsed = {}
        index.cache, index.read = {}, {}
        for k in cls.DERIVED:
            setattr(index, k, derived[k])
        reps: dict = {}     # a constant's text -> its rep, parsed once (the rules repeat constants often)

        def rep(text: str) -> int:
            found = reps.get(text)
            return found if found is not None else reps.setdefault(text, _text_rep(text))
        index.constants = {rep(t) for t in derived["constants"]}
        index.rules = _load_rules(derived["rules"], rep)
        index.defined = {}
        return index

    def _statements(self, keep) -> tuple:
        """The statements at the indices `keep`, in order (parsed from their texts when the index
        came from the disk cache)."""
        if self.statements is not None:
            return tuple(self.statements[i] for i in keep)
        missing = [i for i in keep if i not in self.parsed]
        if missing:
            got: list = []
            ast.parse_string("\n".join(self.texts[i] for i in missing), got.append, logger=lambda code, msg: None)
            got = [s for s in got if s.ast_type != ast.ASTType.Comment]
            if len(got) == len(missing) + 1 and got[0].ast_type == ast.ASTType.Program:
                got = got[1:]           # the `#program base.` parse_string puts first
            if len(got) != len(missing):
                raise RuntimeError("the cached encoding texts do not parse back one statement each")
            self.parsed.update(zip(missing, got))
        return tuple(self.parsed[i] for i in keep)

    def __init__(self, statements: Sequence):
        self.statements = tuple(statements)
        self.texts, self.parsed = (), {}
        self.always: list = []            # statement indices kept whatever the problem
        self.rules: dict = {}             # statement index -> _Rule
        self.need_keys: dict = {}         # statement index -> the predicates its body needs
        self.waiting: dict = {}           # (name, arity) -> rule indices that need it
        self.constants: set = set()       # `_rep`s of the constants the rules' atoms write
        self.cache: dict = {}
        self.shows: dict = {}             # statement index of `#show p/n.` -> (p, n)
        for i, stm in enumerate(self.statements):
            if stm.ast_type == ast.ASTType.ShowSignature and stm.positive:
                self.shows[i] = (stm.name, stm.arity)
                continue
            if stm.ast_type != ast.ASTType.Rule:
                self.always.append(i)
                continue
            head_text, body = _rule_text(stm)
            plain = _read_text(head_text)
            if plain is not None:
                heads = [plain]
            else:                               # a choice, a disjunction, `#false`: read the AST
                atoms = _head_atoms(stm.head)
                heads = [_read_atom(a) for a in atoms] if atoms is not None else [None]
            if any(h is None for h in heads):   # a head too complex to read: keep the rule
                self.always.append(i)
                continue
            needs, binds = [], {}
            self.constants.update(a[1] for h in heads for a in h[2] if a is not ANY and a[0] == "c")
            for element in body:
                read = _read_text(element)    # None unless the element is a plain positive atom
                if read is None:
                    continue
                key = read[:2]
                needs.append((key, tuple((p, a[1]) for p, a in enumerate(read[2]) if a is not ANY and a[0] == "c")))
                self.constants.update(c for _, c in needs[-1][1])
                for p, a in enumerate(read[2]):
                    if a is not ANY and a[0] == "v":
                        binds.setdefault(a[1], []).append((key, p))
                self.waiting.setdefault(key, []).append(i)
            self.rules[i] = _Rule(needs, binds, [(h[:2], h[2]) for h in heads])
            self.need_keys[i] = frozenset(key for key, _ in needs)
        self.relevant = self._relevant_positions()   # (predicate, position) pairs whose values matter
        # `#defined p/n.` for the predicates of left-out rules' heads, built when first needed (`_declared`).
        self.defined: dict = {}
        self.read: dict = {}              # a fact's pattern -> as the fixpoint reads it (`_read`)

    def _needless(self) -> tuple:
        """The rules whose body needs no predicate (usable whatever the facts), found once."""
        found = getattr(self, "_needless_rules", None)
        if found is None:
            found = self._needless_rules = tuple(i for i, keys in self.need_keys.items() if not keys)
        return found

    def _givers(self) -> tuple:
        """(predicate, the rules with it in a head) for every predicate a rule's head has, sorted, built once."""
        found = getattr(self, "_head_givers", None)
        if found is None:
            givers: dict = {}
            for i, rule in self.rules.items():
                for key, _ in rule.gives:
                    givers.setdefault(key, set()).add(i)
            found = self._head_givers = tuple((key, frozenset(givers[key])) for key in sorted(givers))
        return found

    def _declared(self, key: tuple):
        """The statement `#defined p/n.` for the predicate `key` = (p, n) (built once)."""
        found = self.defined.get(key)
        if found is None:
            found = self.defined[key] = ast.Defined(_LOC, key[0], key[1], True)
        return found

    def _relevant_positions(self) -> set:
        """The argument positions whose values can decide whether a rule is usable: those a rule
        body writes a constant at, and those a body variable carries into a head position that
        is one of them (a fixpoint over the rules)."""
        relevant = {(key, p) for rule in self.rules.values() for key, consts in rule.needs for p, _ in consts}
        grew = True
        while grew:
            grew = False
            for rule in self.rules.values():
                for key, args in rule.gives:
                    for p, arg in enumerate(args):
                        if arg is not ANY and arg[0] == "v" and (key, p) in relevant:
                            for where in rule.binds.get(arg[1], ()):
                                if where not in relevant:
                                    relevant.add(where)
                                    grew = True
        return relevant

    def live(self, given: frozenset) -> tuple:
        """The statements usable when the atoms of the `given` patterns (`symbol_pattern`) may be
        true, in order.

        Two readings make problems that differ in unimportant values share one fixpoint: a value at
        a position no rule's usability depends on (`_relevant_positions`) is read as anything; a
        constant that no rule writes is only ever compared with other such constants (through a
        variable bound in two places), so each is read as the one constant OTHER. Either only
        widens what may be true: a rule the exact values keep is kept still."""
        read = self.read
        if len(read) >= 16 * self.CACHE_SIZE:
            read.clear()
        given = frozenset([read.get(g) or read.setdefault(g, self._read(g)) for g in given])
        found = self.cache.get(given)
        if found is None:
            if len(self.cache) >= self.CACHE_SIZE:
                self.cache.clear()
            found = self.cache[given] = self._fixpoint(given)
        return found

    def _read(self, pattern: tuple) -> tuple:
        """A fact's pattern as the fixpoint reads it (see `live`)."""
        name, arity, args = pattern
        known, relevant = self.constants, self.relevant
        return (name, arity, tuple((a if a in known else OTHER) if ((name, arity), p) in relevant else ANY
                                   for p, a in enumerate(args)))

    def _fixpoint(self, given: frozenset) -> tuple:
        known: dict = {}    # (name, arity) -> [values of each position]; a set holding ANY: anything
        changed: set = set()

        def add(key: tuple, values: Sequence) -> None:
            slots = known.get(key)
            if slots is None:
                known[key] = [set(v) for v in values]
                changed.add(key)
                return
            for slot, v in zip(slots, values):
                if ANY not in slot and not v <= slot:
                    if ANY in v:
                        slot.clear()
                        slot.add(ANY)
                    else:
                        slot |= v
                    changed.add(key)

        for name, arity, args in given:
            add((name, arity), [{a} for a in args])

        def possible(key: tuple, consts: tuple) -> bool:
            slots = known.get(key)
            if slots is None:
                return False
            return all(ANY in slots[p] or c in slots[p] for p, c in consts)

        def values(rule: _Rule, arg) -> Optional[set]:
            if arg is ANY:
                return {ANY}
            if arg[0] == "c":
                return {arg[1]}
            found = None
            for key, p in rule.binds.get(arg[1], ()):
                slot = known[key][p]
                if ANY not in slot:
                    found = set(slot) if found is None else found & slot
            return {ANY} if found is None else found

        usable = set()
        have = known.keys()
        # the first round: the rules whose every needed predicate is given (a rule needing nothing, or waiting on one)
        todo = sorted({i for key in known for i in self.waiting.get(key, ()) if have >= self.need_keys[i]}
                      .union(self._needless()))
        while todo:
            for i in todo:
                rule = self.rules[i]
                if not (have >= self.need_keys[i] and all(possible(key, consts) for key, consts in rule.needs)):
                    continue
                usable.add(i)
                for key, args in rule.gives:
                    vals = [values(rule, a) for a in args]
                    if all(vals):      # an empty intersection: no atom can be given
                        add(key, vals)
            todo = sorted({i for key in changed for i in self.waiting.get(key, ())})
            changed.clear()
        # `#show p/n.` shows nothing when no p/n can be true; if none is left, all stay (a program
        # without any `#show` would show every atom).
        shows = [i for i, key in self.shows.items() if key in known] or list(self.shows)
        keep = sorted(usable.union(self.always, shows))
        dropped = [key for key, givers in self._givers() if not givers <= usable]
        declare = [self._declared(key) for key in dropped]
        return self._statements(keep) + tuple(declare)
