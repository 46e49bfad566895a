"""Stage 5, the command line: `ptcg-asp` (commands.py) and its `cards` commands (cards.py)."""
