"""A pytest plugin: a folder of scenario files (or cases in JSON) run as test cases.

Enable it with `pytest -p ptcg_asp.tell.pytest_plugin` (or `pytest_plugins = ["ptcg_asp.tell.pytest_plugin"]`
in the top-level conftest.py) and give `--ptcg-asp`:

    pytest -p ptcg_asp.tell.pytest_plugin --ptcg-asp rulings/

Every `.yaml` / `.yml` file pytest visits whose top level has `state:` and `action:` (or that is not
YAML the loader accepts: it fails with the error), and every `.json` file with `format_version` and
`action`, is one test item named after the file. It
is checked by ptcg-asp (one card library and session for the whole run) against its own `expect:`:

* PASS: passes;
* DIVERGENT (a `known_divergence`: the rules expect it, ptcg-asp answers otherwise): xfail, with
  the divergence as the reason;
* FAIL: fails, listing each expectation that does not hold (expected, ptcg-asp's value, its line);
* UNCHECKED (no `expect:`): skipped, saying so;
* INCOMPLETE (a limit was reached), UNSUPPORTED (card text the vocabulary does not express) and
  invalid input: fail, with the reason (file, line, field), never a traceback.

`--ptcg-asp-timeout SECONDS` sets the time limit per solve (default 20). The fixture `ptcg_checker`
(session scope) is the `ptcg_asp.Checker` the items use, for tests of one's own
(`ptcg_checker.check(text, path=...)`). Without `--ptcg-asp` nothing is collected.
"""
from __future__ import annotations

import json

import pytest

from ..read.errors import InputError
from ..read.yamlsrc import parse, YMap

_CHECKER_KEY = pytest.StashKey()


def pytest_addoption(parser) -> None:
    group = parser.getgroup("ptcg-asp", "ptcg-asp scenario files as test cases")
    group.addoption("--ptcg-asp", action="store_true", default=False,
                    help="collect scenario files (.yaml with state: and action:) and cases (.json) as tests")
    group.addoption("--ptcg-asp-timeout", type=float, default=20.0, metavar="SECONDS",
                    help="ptcg-asp's time limit per solve (default 20)")


def _checker(config):
    checker = config.stash.get(_CHECKER_KEY, None)
    if checker is None:
        from .api import Checker
        checker = Checker(timeout=config.getoption("--ptcg-asp-timeout"))
        config.stash[_CHECKER_KEY] = checker
    return checker


@pytest.fixture(scope="session")
def ptcg_checker(request):
    """The `ptcg_asp.Checker` of this run (one card library and session)."""
    return _checker(request.config)


def _is_scenario(path) -> bool:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if path.suffix == ".json":
        try:
            value = json.loads(text)
        except ValueError:
            return False
        return isinstance(value, dict) and "format_version" in value and "action" in value
    try:
        root = parse(text, str(path))
    except InputError:
        return True     # YAML the loader refuses: collected, and the item fails with the error (never left out)
    return isinstance(root, YMap) and {"state", "action"} <= set(root.keys())


def pytest_collect_file(parent, file_path):
    if not parent.config.getoption("--ptcg-asp"):
        return None
    if file_path.suffix in (".yaml", ".yml", ".json") and _is_scenario(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    """An expectation of the scenario does not hold, or it could not be judged."""


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        checker = _checker(self.config)
        try:
            result = checker.check(self.path.read_text(encoding="utf-8"), path=str(self.path))
        except InputError as exc:   # UnsupportedError too: the sentence quoted
            raise ScenarioFailed(str(exc)) from None
        if result.status == "PASS":
            return
        if result.status == "DIVERGENT":
            pytest.xfail(f"known divergence: {result.data.get('known_divergence')}")
        if result.status == "UNCHECKED":
            pytest.skip("the scenario states no expectation (expect:)")
        if result.status == "INCOMPLETE":
            raise ScenarioFailed(f"no verdict: the {result.limit or 'a'} limit was reached")
        lines = [f"{self.path}:{e.line or ''}: expect {e.key}: expected {json.dumps(e.expected, ensure_ascii=False)}, "
                 f"ptcg-asp gives {json.dumps(e.actual, ensure_ascii=False)}" for e in result.expectations if not e.ok]
        reasons = [f"  {b.principle}: {b.detail}" for b in result.because]
        raise ScenarioFailed("\n".join([f"{result.status}: verdict {result.verdict}"] + lines + ["ptcg-asp's reasons:"]
                                       + reasons))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"ptcg-asp scenario {self.name}"
