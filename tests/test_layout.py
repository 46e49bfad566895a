"""The package is laid out as the flow it implements, and imports point only down the flow.

Stages, in order: read (YAML, scenario files, the game model) < cards (vocabulary, library, pool,
importer, text translator) < solve (compiler, solving, verdicts) < tell (checks, reports, tables) <
cli (the command line). A module may import from its own stage and the stages before it, never from a
later one, and no set of modules imports itself round a circle. Every import counts, also one made
inside a function (a deferred import is still a dependency). The package root holds only the version and,
loaded on first use, the Python API (`ptcg_asp.check`: tell/api.py), the one import it may make.
"""
import ast
import os

import pytest

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ptcg_asp")
STAGES = ("read", "cards", "solve", "tell", "cli")


def _modules() -> dict:
    """{dotted module name: (file, is a package's __init__)} for every .py file of the package."""
    out = {}
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "data"))
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                parts = ["ptcg_asp"] + os.path.relpath(path, ROOT)[:-3].split(os.sep)
                is_pkg = parts[-1] == "__init__"
                out[".".join(parts[:-1] if is_pkg else parts)] = (path, is_pkg)
    return out


MODULES = _modules()


def stage(module: str) -> int:
    """0 for the package root, 1..5 for read..cli; `__main__` runs the command line."""
    parts = module.split(".")
    if len(parts) == 1:
        return 0
    if parts[1] == "__main__":
        return len(STAGES)
    return STAGES.index(parts[1]) + 1


def imports(module: str) -> set:
    """The package's modules that `module` imports (anywhere in its file)."""
    path, is_pkg = MODULES[module]
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    package = module if is_pkg else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "ptcg_asp")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.split(".")[0] == "ptcg_asp":
                target = node.module
            else:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    found.discard(module)
    return found


GRAPH = {m: imports(m) for m in MODULES}


def test_every_module_is_in_a_stage_folder():
    loose = [m for m, (_, is_pkg) in MODULES.items() if len(m.split(".")) == 2 and not is_pkg
             and m != "ptcg_asp.__main__"]
    assert loose == [], "modules outside the stage folders (read/ cards/ solve/ tell/ cli/)"
    assert all(m == "ptcg_asp" or m == "ptcg_asp.__main__" or m.split(".")[1] in STAGES for m in MODULES)


# The package root's attribute access (`ptcg_asp.check`, docs/interchange.md "Python") loads the API on first use.
FACADE = {"ptcg_asp": {"ptcg_asp.tell.api"}}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_only_down_the_flow(module):
    later = sorted(t for t in GRAPH[module] if t in MODULES and stage(t) > stage(module)
                   and t not in FACADE.get(module, ()))
    assert later == [], f"{module} ({STAGES[stage(module) - 1] if stage(module) else 'root'}) imports a later stage"


def test_no_import_circle():
    """Tarjan's strongly connected components: each must be a single module."""
    index: dict = {}
    low: dict = {}
    on_stack: set = set()
    stack: list = []
    circles: list = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v]):
            if w not in MODULES or w in FACADE.get(v, ()):   # the root's API on first use is no dependency of it
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for m in sorted(MODULES):
        if m not in index:
            visit(m)
    assert circles == [], "modules that import each other round a circle"


def test_the_checker_sees_imports():
    """The test is not vacuous: it finds the imports it is meant to judge."""
    assert "ptcg_asp.read.errors" in GRAPH["ptcg_asp.read.yamlsrc"]
    assert "ptcg_asp.solve.compiler" in GRAPH["ptcg_asp.cli.commands"]
    assert len(MODULES) > 30
