"""A cache on disk for what every command derives the same way from files that rarely change (the
hand-written card library, the encodings' rule index): start-up time, not results.

An entry is keyed by a hash of everything it is derived from (the data files' bytes and the source of
the modules that derive it), so a change to either makes a new entry; a missing, unreadable or
stale entry is rebuilt, never an error. The directory is `$PTCG_ASP_CACHE`, else
`$XDG_CACHE_HOME/ptcg-asp` (`~/.cache/ptcg-asp`); `PTCG_ASP_CACHE=off` turns the cache off.
Entries are pickles the user's own runs wrote (as trusted as the user's files).
"""
from __future__ import annotations

import os
import pickle
import sys
from typing import Callable, Optional, Sequence

try:    # the built-in SHA-256 (no OpenSSL library to load at start-up); the same digests as hashlib's
    from _sha256 import sha256
except ImportError:   # pragma: no cover - another Python
    from hashlib import sha256

from .. import __version__

FORMAT = 1


def cache_dir() -> Optional[str]:
    where = os.environ.get("PTCG_ASP_CACHE")
    if where is not None:
        return None if where.strip().lower() in ("", "0", "off", "no", "false") else where
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ptcg-asp")


def source_of(module_file: str) -> bytes:
    """A module's source bytes (a cache key part: a code change makes a new entry)."""
    path = module_file[:-1] if module_file.endswith(".pyc") else module_file
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError:
        return module_file.encode()


def cached(kind: str, parts: Sequence[bytes], build: Callable):
    """`build()`, or the value an earlier run stored for the same `parts`."""
    directory = cache_dir()
    if directory is None:
        return build()
    h = sha256(f"{FORMAT}|{__version__}|{sys.version}".encode())
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    path = os.path.join(directory, f"{kind}-{h.hexdigest()[:40]}.pickle")
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except Exception:  # noqa: BLE001 - missing, unreadable or from another version: rebuild
        pass
    value = build()
    try:
        os.makedirs(directory, exist_ok=True)
        import tempfile     # only when an entry is written (start-up time)
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{kind}-")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except Exception:  # noqa: BLE001 - a read-only home: no cache, same results
        pass
    return value
