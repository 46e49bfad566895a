"""A solve in the calling thread under a time limit: a watchdog thread interrupts it at its deadline."""
from __future__ import annotations

import os
import threading
import time
from typing import Optional, Sequence

import clingo

from .solver import Limits, ModelCollector, SolveOutput, shown_reader

class _Watchdog:
    """Interrupts a synchronous solve that runs past its deadline (one thread per process).

    `solver._run` enforces the time limit with an asynchronous solve and `wait(timeout)`; that
    hands every solve to another thread, which costs about a millisecond per solve on a busy
    machine. Here the solve runs in the calling thread and this thread, polling every
    `TICK` seconds, calls `Control.interrupt()` when the deadline passes.
    """

    TICK = 0.02

    def __init__(self):
        self.lock = threading.Lock()
        self.ctl: Optional[clingo.Control] = None
        self.deadline = 0.0
        self.fired = False
        self.pid = os.getpid()
        threading.Thread(target=self._loop, name="ptcg-asp-watchdog", daemon=True).start()

    def _loop(self) -> None:
        while True:
            time.sleep(self.TICK)
            with self.lock:
                if self.ctl is not None and time.monotonic() > self.deadline:
                    self.ctl.interrupt()
                    self.fired = True
                    self.ctl = None

    def arm(self, ctl: clingo.Control, timeout: float) -> None:
        with self.lock:
            self.fired = False
            self.deadline = time.monotonic() + timeout
            self.ctl = ctl

    def disarm(self) -> bool:
        """Stop watching; True if the deadline had passed (the solve was interrupted)."""
        with self.lock:
            self.ctl = None
            return self.fired


_WATCHDOG: Optional[_Watchdog] = None


def _watchdog() -> _Watchdog:
    global _WATCHDOG
    if _WATCHDOG is None or _WATCHDOG.pid != os.getpid():   # threads do not survive a fork
        _WATCHDOG = _Watchdog()
    return _WATCHDOG


def solve_limited(ctl: clingo.Control, limits: Limits, optimize: bool = False,
                  assumptions: Sequence = ()) -> SolveOutput:
    """`solver._run`'s contract (time limit, model cap, `complete`), with the solve in this thread."""
    collect = ModelCollector(limits, optimize, shown_reader(len(ctl.symbolic_atoms)))
    watchdog = _watchdog()
    start = time.perf_counter()
    watchdog.arm(ctl, limits.timeout)
    try:
        result = ctl.solve(on_model=collect, assumptions=list(assumptions))
    finally:
        timed_out = watchdog.disarm()
    spent = time.perf_counter() - start
    # The watchdog looks every TICK seconds; a solve that outlived its limit between two looks is
    # reported as cut short too, as `solver._run` (which stops waiting at the limit) reports it.
    return collect.output(timed_out or result.interrupted or spent > limits.timeout, result, {"solve": spent})
