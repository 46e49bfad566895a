"""Shared fixtures: the bundled card library and generous solve limits."""
import os

import pytest

from ptcg_asp.library import load_library
from ptcg_asp.solver import Limits

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = os.path.join(ROOT, "scenarios")


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture(scope="session")
def limits():
    return Limits(timeout=60.0, max_models=20000)
