"""`python -m ptcg_asp` is the `ptcg-asp` command."""
import sys

from .cli.commands import main

sys.exit(main())
