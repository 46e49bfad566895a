"""Shared fixtures: the bundled card library and generous solve limits."""
import json
import os
import tempfile

import pytest

# The start-up cache (ptcg_asp/read/diskcache.py) goes to a directory of this test run, not the user's.
os.environ.setdefault("PTCG_ASP_CACHE", tempfile.mkdtemp(prefix="ptcg-asp-test-cache-"))

from ptcg_asp.cards.library import load_library
from ptcg_asp.solve.solver import Limits

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = os.path.join(ROOT, "scenarios")


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture(scope="session")
def limits():
    return Limits(timeout=60.0, max_models=20000)


@pytest.fixture(scope="session")
def corpus_chinese() -> dict:
    """path -> (scenario, what `check` and `resolve` print in Simplified and Traditional Chinese), filled by
    tests/test_scenarios.py's `test_ruling` from its solve (tests/test_wording.py reads them: no second pass)."""
    return {}


def order_free(data, replacements: dict):
    """A JSON value with strings rewritten by `replacements` (old -> new, in order) and every list
    sorted, so that two reports compare equal when they differ only in names and list order."""
    def walk(x):
        if isinstance(x, dict):
            return {walk(k): walk(v) for k, v in x.items()}
        if isinstance(x, list):
            return sorted((walk(i) for i in x), key=lambda i: json.dumps(i, sort_keys=True))
        if isinstance(x, str):
            for old, new in replacements.items():
                x = x.replace(old, new)
            return x
        return x

    return walk(data)
