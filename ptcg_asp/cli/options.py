"""The options every command shares: the solve limits (`--timeout`, `--max-resolutions`) and the card
files (`--cards`), and what they make: the Limits and the library of a command."""
from __future__ import annotations

import argparse
import math
import os

from ..cards.library import load_library, with_card_files
from ..read.errors import InputError
from ..solve.solver import Limits
from ..solve.workers import default_jobs

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_LIMIT, EXIT_INTERNAL, EXIT_UNSUPPORTED = 0, 1, 2, 3, 4, 5
MAX_JOBS = 256
DEFAULT_TIMEOUT, MAX_TIMEOUT = 20.0, 86400.0
DEFAULT_MAX_RESOLUTIONS, MAX_MAX_RESOLUTIONS = 10000, 10**7


def add_limits(sp: argparse.ArgumentParser) -> None:
    """Every command that solves takes both limits (bounded work); hitting one exits 3."""
    sp.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                    help=f"seconds per solve (default {DEFAULT_TIMEOUT:g}, at most {MAX_TIMEOUT:g})")
    sp.add_argument("--max-resolutions", type=int, default=DEFAULT_MAX_RESOLUTIONS,
                    help=f"cap on enumerated answer sets (resolutions and their outcomes) per solve "
                         f"(default {DEFAULT_MAX_RESOLUTIONS})")
    add_cards_option(sp)


def add_cards_option(sp: argparse.ArgumentParser) -> None:
    """`--cards FILE|DIR` (repeatable): more cards for the library."""
    sp.add_argument("--cards", action="append", default=[], metavar="FILE|DIR",
                    help="also use the cards of a library file or pool directory (e.g. from `cards import`); "
                         "repeatable; the hand-written cards take precedence, then these, then the bundled pool")


def library(args):
    """The bundled library, with the `--cards` files and directories given."""
    library = load_library()
    library.defaulted.clear()     # the notes of this command only (the library outlives one command in-process)
    return with_card_files(library, args.cards) if getattr(args, "cards", None) else library


def limits(args) -> Limits:
    """The solve limits from the options: a finite time and a cap in range (NaN and inf are refused)."""
    if not (math.isfinite(args.timeout) and 0 < args.timeout <= MAX_TIMEOUT):
        raise InputError("<options>", None, "--timeout", f"a number of seconds above 0 and at most {MAX_TIMEOUT:g}",
                         repr(args.timeout))
    if not 1 <= args.max_resolutions <= MAX_MAX_RESOLUTIONS:
        raise InputError("<options>", None, "--max-resolutions", f"a whole number from 1 to {MAX_MAX_RESOLUTIONS}",
                         str(args.max_resolutions))
    return Limits(timeout=args.timeout, max_models=args.max_resolutions)


def corpus_dir() -> str:
    """The bundled scenario corpus: inside the package, or the checkout's scenarios/."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # the package, above this stage's folder
    for candidate in (os.path.join(here, "scenarios"), os.path.join(os.path.dirname(here), "scenarios")):
        if os.path.isdir(candidate):
            return candidate
    raise InputError("scenarios", None, "corpus", "the bundled scenario corpus", "nothing installed")


def jobs(args) -> int:
    """`--jobs N`: worker processes (default: one per CPU), checked."""
    if args.jobs is None:
        return default_jobs()
    if not 1 <= args.jobs <= MAX_JOBS:
        raise InputError("<options>", None, "--jobs", f"a whole number from 1 to {MAX_JOBS}", str(args.jobs))
    return args.jobs
