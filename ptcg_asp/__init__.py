"""ptcg-asp: a Pokémon TCG rulings verifier built on answer set programming (clingo)."""

__version__ = "0.1.0"
