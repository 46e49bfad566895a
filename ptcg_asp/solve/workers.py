"""Work spread over worker processes (fork), the results in input order, so the output does not
depend on the number of workers (`audit`, `table`).
"""
from __future__ import annotations

import os
from typing import Callable, Optional, Sequence

_WORK: dict = {}


def _call(index: int):
    return _WORK["fn"](_WORK["items"][index])


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def run_ordered(fn: Callable, items: Sequence, jobs: int = 1,
                done: Optional[Callable[[int], None]] = None) -> list:
    """[fn(item) for item in items], on `jobs` worker processes, results in input order.

    Workers are forked, so `fn` and `items` need not be picklable (the results must be). Where
    fork is unavailable, or with one job or one item, everything runs in this process.
    `done(i)` is called as the result of item i arrives (in input order), e.g. to show progress.
    """
    jobs = max(1, min(jobs, len(items)))
    import multiprocessing    # here, not at the top: a one-file command never needs it (start-up time)
    if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [_noted(fn(item), i, done) for i, item in enumerate(items)]
    _WORK.update(fn=fn, items=items)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return [_noted(r, i, done) for i, r in enumerate(pool.imap(_call, range(len(items)), chunksize=1))]
    finally:
        _WORK.clear()


def _noted(result, index: int, done: Optional[Callable[[int], None]]):
    if done is not None:
        done(index)
    return result
