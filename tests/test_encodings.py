"""The encodings themselves: documented, layered, and each principle cited where it is applied."""
import glob
import os
import re

import clingo
import pytest
from clingo import ast

from ptcg_asp.solve.solver import encodings_dir

LP_FILES = sorted(glob.glob(os.path.join(encodings_dir(), "*.lp")))
RULES_MD_IDS = re.compile(r'"([A-Z]+[0-9]+)"')


def _head_predicates(path):
    """Names of predicates that occur in rule heads of one file."""
    names = set()

    def visit(node):
        if node.ast_type == ast.ASTType.Rule:
            for sub in _walk(node.head):
                if sub.ast_type == ast.ASTType.SymbolicAtom and sub.symbol.ast_type == ast.ASTType.Function:
                    names.add(sub.symbol.name)

    ast.parse_files([path], visit)
    return names


def _walk(node):
    yield node
    for key in node.child_keys:
        child = getattr(node, key)
        if child is None:
            continue
        for c in (child if isinstance(child, (list, ast.ASTSequence)) else [child]):
            if isinstance(c, ast.AST):
                yield from _walk(c)


def _docstrings():
    documented = set()
    for path in LP_FILES:
        with open(path, encoding="utf-8") as fh:
            documented.update(re.findall(r"%\*\s*([a-z_][A-Za-z0-9_]*)[(:]", fh.read()))
    return documented


def test_aggregator_only_includes():
    with open(os.path.join(encodings_dir(), "ptcg.lp"), encoding="utf-8") as fh:
        lines = [l.strip() for l in fh if l.strip() and not l.strip().startswith("%")]
    assert lines and all(l.startswith("#include") for l in lines)
    included = {re.search(r'"(.+)"', l).group(1) for l in lines}
    assert included == {os.path.basename(p) for p in LP_FILES} - {"ptcg.lp"}


def test_every_derived_predicate_has_a_docstring():
    documented = _docstrings()
    missing = {}
    for path in LP_FILES:
        for name in _head_predicates(path) - documented:
            missing.setdefault(name, os.path.basename(path))
    assert not missing, f"predicates without a %* docstring: {missing}"


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOGUE = os.path.join(ROOT, "docs", "principles.md")
# The leading citation of an intent comment: `% A4, K3: ...`, `% SC4 (card text ...)`.
CITATION = re.compile(r"^\s*%+\s*((?:[A-Z]+[0-9]+)(?:\s*(?:,|and|/)\s*[A-Z]+[0-9]+)*)\s*[:(,]", re.M)


def _catalogue() -> dict:
    """ID -> its entry's text, from docs/principles.md (an entry starts `**ID**` on its own line)."""
    with open(CATALOGUE, encoding="utf-8") as fh:
        text = fh.read()
    parts = re.split(r"^\*\*([A-Z]+[0-9]+)\*\* ", text, flags=re.M)
    return {parts[i]: parts[i + 1].split("\n\n")[0] for i in range(1, len(parts), 2)}


def _cited() -> dict:
    """ID -> the files that cite it: a reason `"ID"` the encodings derive, an ID string in the
    package's code, or the leading citation of an encoding's intent comment."""
    cited: dict = {}
    sources = LP_FILES + sorted(glob.glob(os.path.join(ROOT, "ptcg_asp", "*.py")))
    for path in sources:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        found = set(RULES_MD_IDS.findall(text))
        if path.endswith(".py"):
            # Python modules also hold other codes in quotes (set abbreviations such as "FUT20"):
            # there, an ID counts when its family (its letters) is one the catalogue defines.
            families = {re.match(r"[A-Z]+", i).group(0) for i in _catalogue()}
            found = {i for i in found if re.match(r"[A-Z]+", i).group(0) in families}
        if path.endswith(".lp"):
            for m in CITATION.finditer(text):
                found.update(re.findall(r"[A-Z]+[0-9]+", m.group(1)))
        for i in found:
            cited.setdefault(i, set()).add(os.path.basename(path))
    return cited


def test_the_catalogue_defines_each_id_once_with_a_statement_and_a_source():
    with open(CATALOGUE, encoding="utf-8") as fh:
        heads = re.findall(r"^\*\*([A-Z]+[0-9]+)\*\* ", fh.read(), re.M)
    assert len(heads) == len(set(heads)) >= 50
    for pid, entry in _catalogue().items():
        assert "*Source:* seed 00" in entry, pid


def test_every_principle_id_the_encodings_cite_is_in_the_catalogue():
    cited, known = _cited(), set(_catalogue())
    assert {"A1", "A3", "A4", "A5", "A6", "A7", "A8", "W1", "W2", "W3", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6",
            "T1", "T2", "G1", "K1", "K3", "X1", "X2", "X3", "X4"} <= set(cited)
    unknown = {i: sorted(files) for i, files in cited.items() if i not in known}
    assert not unknown, f"cited but not in docs/principles.md: {unknown}"


def test_every_catalogue_id_is_cited_by_the_encodings_or_marked_not_encoded():
    cited = _cited()
    idle = [i for i, entry in _catalogue().items()
            if not any(f.endswith(".lp") for f in cited.get(i, ())) and "*Not encoded:*" not in entry]
    assert not idle, f"in docs/principles.md, cited by no encoding and not marked `*Not encoded:*`: {idle}"


def test_the_docs_and_the_package_point_nowhere_outside_the_repository():
    """No link or path out of the checkout (`../`), no machine path, and no document that is not in
    the repository (the principles and the scenario format are docs/principles.md and
    docs/scenario-format.md), in the README, the docs, the package (code, cards, encodings) or
    the scenarios."""
    outside = re.compile(r"\.\./|/work/|/home/|/tmp/|/Users/|[A-Z]:\\\\|RULES\.md|SCENARIO_FORMAT|seed-cards\.yaml")
    offending = []
    patterns = ["README.md", "docs/**/*", "ptcg_asp/**/*.py", "ptcg_asp/data/cards/*.yaml", "encodings/*.lp",
                "scenarios/*.yaml", "pyproject.toml"]
    for pattern in patterns:
        for path in glob.glob(os.path.join(ROOT, pattern), recursive=True):
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as fh:
                    for n, line in enumerate(fh, 1):
                        if outside.search(line):
                            offending.append(f"{os.path.relpath(path, ROOT)}:{n}")
    assert not offending


def test_encodings_ground_without_input_and_without_a_warning():
    """Warnings on: every input predicate is declared (`#defined` in input.lp), so an empty input
    is meant, not an undefined atom."""
    messages = []
    ctl = clingo.Control([], logger=lambda code, msg: messages.append(msg))
    ctl.load(os.path.join(encodings_dir(), "ptcg.lp"))
    ctl.ground([("base", [])])
    assert ctl.solve().satisfiable
    assert messages == []


def _bad_inputs(facts):
    """The `bad_input` atoms the encodings derive from these facts (they are facts after grounding)."""
    ctl = clingo.Control([])
    with ctl.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
    ctl.load(os.path.join(encodings_dir(), "ptcg.lp"))
    ctl.ground([("base", [])])
    return {str(a.symbol.arguments[0].string) for a in ctl.symbolic_atoms.by_signature("bad_input", 2)}


def test_a_pile_size_that_is_not_the_sum_of_its_cards_is_bad_input(library):
    """The compiler states each non-empty pile's size (init_size) beside its cards (init_pile);
    the input checks catch a size that disagrees with the cards, or a missing one."""
    from ptcg_asp.solve.compiler import compile_scenario
    from ptcg_asp.read.loader import load_scenario

    from .conftest import SCENARIOS

    facts = compile_scenario(load_scenario(os.path.join(SCENARIOS, "welder-1-fire-energy-deck-1.yaml"), library)).facts
    assert _bad_inputs(facts) == set()
    deck = next(f for f in facts if f.name == "init_size" and str(f.arguments[1]) == "deck")
    wrong = clingo.Function("init_size", [*deck.arguments[:2], clingo.Number(deck.arguments[2].number + 1)])
    assert _bad_inputs([f for f in facts if f != deck] + [wrong]) == {"pile size is not the sum of its cards"}
    assert _bad_inputs([f for f in facts if f != deck]) == {"pile size missing"}


# ---- the declared input (`#defined` in input.lp) ---------------------------------------------

def _read_without_a_head():
    """(name, arity) of the atoms the encodings read that no rule head, external or fact gives."""
    heads, read = set(), set()

    def sig(atom):
        term = atom.symbol
        if term.ast_type == ast.ASTType.Function:
            return term.name, len(term.arguments)
        if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
            return term.symbol.name, len(term.symbol.arguments)
        return None

    def visit(stm):
        if stm.ast_type == ast.ASTType.Rule:
            heads.update(sig(n) for n in _walk(stm.head) if n.ast_type == ast.ASTType.SymbolicAtom)
        if stm.ast_type == ast.ASTType.External:
            heads.add(sig(stm.atom))
        read.update(sig(n) for n in _walk(stm) if n.ast_type == ast.ASTType.SymbolicAtom)

    ast.parse_files([os.path.join(encodings_dir(), "ptcg.lp")], visit)
    return (read - heads) - {None}


def test_every_predicate_the_encodings_read_but_never_derive_is_a_declared_input():
    from ptcg_asp.solve.inputs import declared_inputs

    missing = _read_without_a_head() - declared_inputs()
    assert not missing, f"read by the encodings, derived by no rule, not declared in input.lp: {sorted(missing)}"


def test_every_declared_input_has_a_docstring():
    from ptcg_asp.solve.inputs import declared_inputs

    text = ""
    for path in LP_FILES:
        with open(path, encoding="utf-8") as fh:
            text += fh.read()
    # `%* name(...)` or, for the `_alt` / `_not` forms of a filter, mentioned in the docstring beside it.
    docs = " ".join(re.findall(r"%\*(.*?)\*%", text, re.S))
    undocumented = sorted(f"{n}/{a}" for n, a in declared_inputs() if not re.search(rf"\b{n}\b", docs))
    assert not undocumented


def test_the_compiler_refuses_to_emit_a_fact_the_encodings_do_not_declare(library, monkeypatch):
    """`compile_scenario` checks every fact it builds against input.lp's `#defined` statements, so every corpus
    scenario that compiles (tests/test_scenarios.py compiles them all) emits only declared facts; here one
    scenario's own predicates are taken out of the declaration one at a time and each is then refused."""
    from ptcg_asp.solve import compiler, inputs
    from ptcg_asp.read.loader import load_scenario

    from .conftest import SCENARIOS

    scenario = load_scenario(os.path.join(SCENARIOS, "nest-ball-full-bench.yaml"), library)
    emitted = inputs.signatures(compiler.compile_scenario(scenario).facts)
    assert emitted <= inputs.declared_inputs() and len(emitted) > 10
    for taken in sorted(emitted)[:: max(1, len(emitted) // 8)]:
        monkeypatch.setattr(compiler, "_DECLARED_REPS", set())
        monkeypatch.setattr(inputs, "_DECLARED", {inputs.encodings_dir(): inputs.declared_inputs() - {taken}})
        with pytest.raises(inputs.UndeclaredFact, match=f"{taken[0]}/{taken[1]}"):
            compiler.compile_scenario(scenario)


def test_a_fact_of_an_undeclared_predicate_is_refused():
    from ptcg_asp.solve.inputs import UndeclaredFact, check_declared

    check_declared([("init_pile", 4), ("relax", 0)])
    with pytest.raises(UndeclaredFact, match="init_pile/3"):
        check_declared([("init_pile", 3)])


def test_clingo_reports_nothing_on_batches_and_action_listings(library):
    """Warnings on, over the corpus as `audit` solves it: scenarios that do the same action on one
    grounding (`batch_member`), and `actions: {}` listings (every candidate action). The one-problem
    path and the full encodings are checked on every scenario in tests/test_relevance.py."""
    from ptcg_asp.read.loader import find_scenarios
    from ptcg_asp.solve.session import Session
    from ptcg_asp.tell.audit import batches, check_batch
    from ptcg_asp.solve.solver import Limits

    from .conftest import SCENARIOS

    messages = []
    session = Session(Limits(timeout=60, max_models=100000), logger=lambda code, msg: messages.append(msg))
    paths = find_scenarios(SCENARIOS)
    groups = batches(paths, 8)
    rows = []
    for idx in groups[::3]:      # every third batch (the batches hold scenarios of one action each)
        rows += check_batch([paths[i] for i in idx], library, session)
    assert len(rows) > 100 and any(len(idx) > 1 for idx in groups[::3])
    assert all(r.status != "ERROR" for r in rows)
    assert messages == []
