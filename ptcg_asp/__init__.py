"""ptcg-asp: a Pokémon TCG rulings verifier built on answer set programming (clingo).

The Python API (docs/interchange.md, "Python"): `ptcg_asp.check(case)` -> a typed `Result`;
`ptcg_asp.Checker` to check many cases on one session. Loaded on first use (start-up time).
"""

__version__ = "0.1.0"

_API = ("Checker", "check", "resolve", "load_case", "Result", "Resolution", "Choice", "Outcome", "Event", "Cards",
        "Reason", "Principle", "Expectation", "InputError", "UnsupportedError")


def __getattr__(name: str):
    if name in _API:
        from .tell import api
        return getattr(api, name)
    raise AttributeError(f"module 'ptcg_asp' has no attribute {name!r}")
