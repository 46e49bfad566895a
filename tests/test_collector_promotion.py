"""`batch.collector_paused` on leaving: the collector on again as it was, nothing left frozen (a cycle made in the
stretch is still collectable), and a full collection once the promoted objects pass `_PROMOTED_MAX`."""
import gc
import weakref

from ptcg_asp.solve import batch


class _Node:
    pass


def _cycle():
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_nothing_stays_frozen_and_a_cycle_is_still_collected():
    assert gc.isenabled()
    with batch.collector_paused():
        assert not gc.isenabled()
        gone = _cycle()
        kept = [[i] for i in range(1000)]
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert gone() is None
    assert len(kept) == 1000 and kept[-1] == [999]


def test_nested_uses_leave_it_to_the_outermost():
    with batch.collector_paused():
        with batch.collector_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_full_collection_past_the_bound(monkeypatch):
    monkeypatch.setattr(batch, "_PROMOTED_MAX", 10)
    monkeypatch.setattr(batch, "_promoted", 0)
    with batch.collector_paused():
        gone = _cycle()
        _ = [[i] for i in range(100)]
    assert gone() is None           # collected on leaving: more than 10 objects were promoted
    assert batch._promoted == 0


def test_a_collector_off_before_stays_off():
    gc.disable()
    try:
        with batch.collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
