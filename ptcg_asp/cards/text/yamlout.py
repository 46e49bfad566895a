"""Plain data (dict, list, str, int, bool) -> YAML flow text that the project's reader reads back as the same
data: words such as `all` or `deck` stay plain scalars (the vocabulary reads a quoted `'all'` as text)."""
from __future__ import annotations

import json
import re

_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def flow(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if _PLAIN.match(value) and value.lower() not in _RESERVED:
            return value
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    raise TypeError(f"not plain data: {value!r}")
