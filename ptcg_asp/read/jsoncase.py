"""Cases of the interchange format (docs/interchange.md, schemas/case.schema.json) read from JSON text:
the loader's node tree with a line for every node, so a case's errors name the file, the line and the field
as a scenario file's do. A case is a scenario's document with a `format_version`.
"""
from __future__ import annotations

import bisect
import re
from json.decoder import scanstring

from . import yamlsrc as y
from .errors import InputError

FORMAT_VERSION = 1
SUMMARY_KEYS = ("passed", "failed", "incomplete", "invalid", "unchecked", "divergent", "unsupported", "internal")
_STATUS_KEY = {"PASS": "passed", "FAIL": "failed", "INCOMPLETE": "incomplete", "INVALID": "invalid",
               "UNCHECKED": "unchecked", "DIVERGENT": "divergent", "UNSUPPORTED": "unsupported", "ERROR": "internal"}


# ---- JSON text -> the loader's node tree (with lines) ------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_WS = " \t\n\r"


_LOOKS_TYPED = re.compile(r"^\s*[-+.]?[0-9]|^\s*$|^\s*(true|false|null|~)\s*$", re.I)


def _needs_quotes(value: str) -> bool:
    """Whether a JSON string reads as a quoted YAML scalar: when, written plain, it would not be
    text (a number, a boolean, null, nothing). Any other string is a plain scalar, so keywords such
    as `all` or `dealt` (which the vocabulary takes only unquoted) are written as JSON strings."""
    return bool(_LOOKS_TYPED.match(value))


class _JsonReader:
    """Strict JSON (RFC 8259) to `yamlsrc` nodes: numbers, true, false and null are plain
    scalars, strings plain or quoted (`_needs_quotes`), so the loader's typed readers treat values
    as JSON types them (`"5"` is text, never a number; `5` is a number). Duplicate keys and
    nesting deeper than yamlsrc.MAX_DEPTH are errors."""

    def __init__(self, text: str, path: str):
        self.text, self.path = text, path
        self.newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line(self, pos: int) -> int:
        return bisect.bisect_left(self.newlines, pos) + 1

    def fail(self, pos: int, field: str, got: str) -> InputError:
        return InputError(self.path, self.line(pos), field or "document", "well-formed JSON", got)

    def skip(self, pos: int) -> int:
        while pos < len(self.text) and self.text[pos] in _WS:
            pos += 1
        return pos

    def document(self) -> y.Node:
        pos = self.skip(1 if self.text.startswith("\ufeff") else 0)   # a UTF-8 byte-order mark
        if pos == len(self.text):
            raise InputError(self.path, 1, "document", "a JSON object", "an empty file")
        node, pos = self.value(pos, "", 0)
        pos = self.skip(pos)
        if pos != len(self.text):
            raise self.fail(pos, "document", "more text after the JSON value")
        return node

    def _where(self, pos: int) -> str:
        return repr(self.text[pos:pos + 12]) if pos < len(self.text) else "the end of the file"

    def value(self, pos: int, field: str, depth: int) -> tuple:
        text = self.text
        if pos >= len(text):
            raise self.fail(pos, field, "the end of the file where a value was expected")
        ch, line = text[pos], self.line(pos)
        if ch == "{":
            return self._object(pos, field, depth + 1)
        if ch == "[":
            return self._array(pos, field, depth + 1)
        if ch == '"':
            value, end = self._string(pos, field)
            return y.YScalar(value, line, _needs_quotes(value)), end
        for word, value in (("true", "true"), ("false", "false"), ("null", None)):
            if text.startswith(word, pos):
                return y.YScalar(value, line, False), pos + len(word)
        m = _NUMBER.match(text, pos)
        if m:
            return y.YScalar(m.group(0), line, False), m.end()
        raise self.fail(pos, field, f"{self._where(pos)} where a value was expected")

    def _string(self, pos: int, field: str) -> tuple:
        try:
            value, end = scanstring(self.text, pos + 1, True)
        except ValueError as exc:
            raise self.fail(getattr(exc, "pos", pos), field, f"a bad string ({exc.args[0].split(':')[0]})") from None
        if _SURROGATE.search(value):
            raise InputError(self.path, self.line(pos), field or "document", "text that is Unicode (no lone "
                             "surrogate escape such as \\ud800)", "a lone surrogate")
        return value, end

    def _deeper(self, pos: int, depth: int) -> None:
        if depth > y.MAX_DEPTH:
            raise InputError(self.path, self.line(pos), "document",
                             f"lists and mappings nested at most {y.MAX_DEPTH} deep", "deeper nesting")

    def _object(self, pos: int, field: str, depth: int) -> tuple:
        self._deeper(pos, depth)
        node = y.YMap([], self.line(pos))
        keys: set = set()
        pos = self.skip(pos + 1)
        if pos < len(self.text) and self.text[pos] == "}":
            return node, pos + 1
        while True:
            if pos >= len(self.text) or self.text[pos] != '"':
                raise self.fail(pos, field, f"{self._where(pos)} where a quoted key was expected")
            kline = self.line(pos)
            key, pos = self._string(pos, field)
            here = f"{field}.{key}" if field else key
            if key in keys:
                raise InputError(self.path, kline, here, "each key once in a mapping", "a duplicate key")
            keys.add(key)
            pos = self.skip(pos)
            if pos >= len(self.text) or self.text[pos] != ":":
                raise self.fail(pos, here, f"{self._where(pos)} where ':' was expected")
            value, pos = self.value(self.skip(pos + 1), here, depth)
            node.pairs.append((key, kline, value))
            pos = self.skip(pos)
            if pos < len(self.text) and self.text[pos] == ",":
                pos = self.skip(pos + 1)
                continue
            if pos < len(self.text) and self.text[pos] == "}":
                return node, pos + 1
            raise self.fail(pos, field, f"{self._where(pos)} where ',' or '}}' was expected")

    def _array(self, pos: int, field: str, depth: int) -> tuple:
        self._deeper(pos, depth)
        node = y.YList([], self.line(pos))
        pos = self.skip(pos + 1)
        if pos < len(self.text) and self.text[pos] == "]":
            return node, pos + 1
        while True:
            item, pos = self.value(pos, f"{field}.{len(node.items)}" if field else str(len(node.items)), depth)
            node.items.append(item)
            pos = self.skip(pos)
            if pos < len(self.text) and self.text[pos] == ",":
                pos = self.skip(pos + 1)
                continue
            if pos < len(self.text) and self.text[pos] == "]":
                return node, pos + 1
            raise self.fail(pos, field, f"{self._where(pos)} where ',' or ']' was expected")


def parse_json(text: str, path: str) -> y.Node:
    """JSON text -> the node tree the loader reads (each node with its line)."""
    return _JsonReader(text, path).document()


# ---- cases: reading --------------------------------------------------------------------------

def case_root(node: y.Node, path: str) -> y.YMap:
    """A case's object without its `format_version` (checked): the scenario's document."""
    root = y.want_map(node, path, "document")
    version = root.get("format_version")
    if version is None:
        raise InputError(path, root.line, "format_version", f"the interchange format version ({FORMAT_VERSION})",
                         "nothing")
    if version.quoted or version.value != str(FORMAT_VERSION):
        raise InputError(path, version.line, "format_version", f"{FORMAT_VERSION} (the version this ptcg-asp reads)",
                         y.describe(version))
    return y.YMap([p for p in root.pairs if p[0] != "format_version"], root.line)
