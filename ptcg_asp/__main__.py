"""`python -m ptcg_asp` is the `ptcg-asp` command."""
import sys

from .cli import main

sys.exit(main())
