"""Safe YAML reading that keeps line numbers and rejects what YAML would silently accept.

`parse(text, path)` reads the parser's events of the document once (PyYAML's safe loader: no
constructor runs, so no `!!python` object is ever built) and builds from them a tree of `YMap`,
`YList` and `YScalar` nodes, each with its line, as PyYAML's composer would compose it.
Duplicate keys, tags other than YAML's core ones, anchors and aliases (billion-laughs) are
errors, and so is nesting deeper than `MAX_DEPTH` (the builder is recursive). The `want_*` helpers read a node as the type a field
needs and raise `InputError` naming the file, line, field and what was expected. Scalars are
read by their text, so YAML 1.1 surprises (`no` as false, `010` as octal, `1:30` as a
sexagesimal number) never pass as booleans or numbers.
"""
from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from typing import Iterator, Optional, Union

from .errors import InputError

# PyYAML is imported by the functions that parse (`import yaml` in each: start-up time, a command
# whose YAML comes from the disk cache never imports it). LOADER: the parser to use first; None is
# libyaml's when PyYAML was built with it (the wheels are), else the pure-Python one.
LOADER = None

_CORE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:value",
}
_INT = re.compile(r"^-?(0|[1-9][0-9]*)$")
MAX_INPUT_BYTES = 2_000_000
MAX_DEPTH = 40  # nested mappings and lists; the deepest card effect needs about 20


@dataclass
class YScalar:
    value: Optional[str]  # the text as written; None for an empty value or null/~
    line: int
    quoted: bool


@dataclass
class YList:
    items: list
    line: int


@dataclass
class YMap:
    pairs: list  # [(key: str, key_line: int, value: Node)]
    line: int

    def keys(self) -> list:
        return [k for k, _, _ in self.pairs]

    def get(self, key: str) -> Optional["Node"]:
        for k, _, v in self.pairs:
            if k == key:
                return v
        return None

    def key_line(self, key: str) -> int:
        for k, line, _ in self.pairs:
            if k == key:
                return line
        return self.line

    def __iter__(self) -> Iterator:
        return iter(self.pairs)


Node = Union[YScalar, YList, YMap]


def read_text(path: str) -> str:
    """Read a UTF-8 file, with a clear error for anything else (never blocks on a pipe or device)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise InputError(path, None, "file", "a readable file", exc.strerror or str(exc)) from None
    if not stat.S_ISREG(mode):
        what = "a directory" if stat.S_ISDIR(mode) else "a pipe, socket or device"
        raise InputError(path, None, "file", "a regular file", what)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise InputError(path, None, "file", "a readable file", exc.strerror or str(exc)) from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(path, None, "file", f"at most {MAX_INPUT_BYTES} bytes", "a larger file")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError(path, 1, "file", "UTF-8 text", "UTF-16 text (a UTF-16 byte-order mark)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise InputError(path, line, "file", "UTF-8 text",
                         f"the byte 0x{data[exc.start]:02x}, which is not UTF-8 (offset {exc.start})") from None


def parse(text: str, path: str) -> Node:
    """Compose one YAML document into a node tree, rejecting anything unsafe or ambiguous."""
    import yaml
    loader = LOADER or getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    parsed = False
    if loader is not yaml.SafeLoader:
        try:
            node, parsed = _compose(text, path, loader), True
        except yaml.YAMLError:
            pass   # parsed again below: the pure-Python parser words the error (the documented messages)
    try:
        if not parsed:
            node = _compose(text, path, yaml.SafeLoader)
    except yaml.reader.ReaderError as exc:
        line = text[:exc.position].count("\n") + 1 if isinstance(exc.position, int) else None
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise InputError(path, line, "document", "characters YAML allows (no control characters)",
                         f"U+{ord(char):04X}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = " ".join(part for part in (exc.context, exc.problem) if part)
        if exc.context_mark and exc.problem_mark and exc.context_mark.line != exc.problem_mark.line:
            problem += f" (the construct began on line {exc.context_mark.line + 1})"
        raise InputError(path, line, "document", "well-formed YAML", problem or str(exc)) from None
    except yaml.YAMLError as exc:
        raise InputError(path, None, "document", "well-formed YAML", str(exc)) from None
    if node is None:
        raise InputError(path, 1, "document", "a YAML mapping", "an empty file")
    return node


def parse_cached(text: str, path: str) -> Node:
    """`parse`, or the tree an earlier run composed from the same text with the same code (the disk
    cache, diskcache.py: a scenario file read again needs no YAML parser). Errors are never cached."""
    from . import diskcache
    return diskcache.cached("yaml", [text.encode("utf-8"), diskcache.source_of(__file__)], lambda: parse(text, path))


def _compose(text: str, path: str, loader) -> Optional[Node]:
    """Parse once: check the parser's events, then build the tree from them (as PyYAML's composer
    would compose it, and checked as it is built)."""
    import yaml
    events = list(yaml.parse(text, Loader=loader))
    _scan_events(events, path)
    return _Builder(events, path).stream()


def _scan_events(events: list, path: str) -> None:
    """Before building: no anchors or aliases, and no nesting deeper than MAX_DEPTH (the parser is
    iterative, the builder recursive)."""
    import yaml
    depth = 0
    for event in events:
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            line = event.start_mark.line + 1
            raise InputError(path, line, "document", "no YAML anchors or aliases", "an anchor or alias")
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(path, event.start_mark.line + 1, "document",
                                 f"lists and mappings nested at most {MAX_DEPTH} deep", "deeper nesting")
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1


_NULL_TAG = "tag:yaml.org,2002:null"
_MERGE_TAG = "tag:yaml.org,2002:merge"


class _Builder:
    """YMap/YList/YScalar from one document's parser events, with what PyYAML's composer does
    (tags resolved from the implicit resolvers, one document in the stream) and the checks of
    plain data (core tags only, plain text keys, each key once)."""

    def __init__(self, events: list, path: str):
        import yaml
        self.yaml = yaml
        self.events = events
        self.at = 0
        self.path = path
        self.resolver = yaml.resolver.Resolver()

    def _next(self):
        event = self.events[self.at]
        self.at += 1
        return event

    def _peek(self):
        return self.events[self.at]

    def _tag(self, event, kind) -> str:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolver.resolve(kind, getattr(event, "value", None), event.implicit)
        return tag

    def stream(self) -> Optional[Node]:
        yaml = self.yaml
        self._next()                                   # the stream's start
        if isinstance(self._peek(), yaml.StreamEndEvent):
            return None
        self._next()                                   # the document's start
        first = self._peek()
        root = self._node("")
        self._next()                                   # the document's end
        if not isinstance(self._peek(), yaml.StreamEndEvent):
            raise yaml.composer.ComposerError("expected a single document in the stream", first.start_mark,
                                              "but found another document", self._next().start_mark)
        return root

    def _node(self, where: str) -> Node:
        """The node whose events start here; `where` is the dotted field, for errors."""
        yaml = self.yaml
        event = self._next()
        line = event.start_mark.line + 1
        here = where or "document"
        if isinstance(event, yaml.ScalarEvent):
            tag = self._tag(event, yaml.ScalarNode)
            self._core(tag, line, f"the tag {tag!r} on {here}")
            # A plain scalar has no style: None from the pure-Python parser, "" from libyaml's. A
            # plain scalar whose tag was written (`!!str 5`) is text, not a number or a boolean.
            empty = tag == _NULL_TAG and not event.style
            quoted = bool(event.style) or tag != self.resolver.resolve(yaml.ScalarNode, event.value, (True, False))
            return YScalar(None if empty and not quoted else event.value, line, quoted)
        if isinstance(event, yaml.SequenceStartEvent):
            tag = self._tag(event, yaml.SequenceNode)
            self._core(tag, line, f"the tag {tag!r} on {here}")
            items: list = []
            while not isinstance(self._peek(), yaml.SequenceEndEvent):
                items.append(self._node(_join(where, str(len(items)))))
            self._next()
            return YList(items, line)
        if isinstance(event, yaml.MappingStartEvent):
            tag = self._tag(event, yaml.MappingNode)
            self._core(tag, line, f"the tag {tag!r} on {here}")
            pairs: list = []
            keys: set = set()
            while not isinstance(self._peek(), yaml.MappingEndEvent):
                key_event = self._peek()
                kline = key_event.start_mark.line + 1
                tag = self._tag(key_event, yaml.ScalarNode) if isinstance(key_event, yaml.ScalarEvent) else None
                if tag is None or tag == _MERGE_TAG:
                    raise InputError(self.path, kline, _join(where, "<key>"), "a plain text key", "a complex or merge key")
                self._core(tag, kline, f"the tag {tag!r} on a key of {here}")
                self._next()
                key = key_event.value
                if key in keys:
                    raise InputError(self.path, kline, _join(where, key), "each key once in a mapping", "a duplicate key")
                keys.add(key)
                pairs.append((key, kline, self._node(_join(where, key))))
            self._next()
            return YMap(pairs, line)
        raise InputError(self.path, line, here, "plain YAML data", type(event).__name__)  # pragma: no cover

    def _core(self, tag: str, line: int, got: str) -> None:
        if tag not in _CORE_TAGS:
            raise InputError(self.path, line, "document", "plain YAML data (no tags)", got)


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def describe(node: Optional[Node]) -> str:
    """How a node looks, for an error message."""
    if node is None:
        return "nothing"
    if isinstance(node, YMap):
        return "a mapping"
    if isinstance(node, YList):
        return "a list"
    if node.value is None:
        return "an empty value"
    return repr(node.value)


# ---- typed reading of fields ----------------------------------------------------------------

def want_map(node: Node, path: str, field: str) -> YMap:
    if not isinstance(node, YMap):
        raise InputError(path, node.line, field, "a mapping", describe(node))
    return node


def want_list(node: Node, path: str, field: str) -> YList:
    if not isinstance(node, YList):
        raise InputError(path, node.line, field, "a list", describe(node))
    return node


def want_str(node: Node, path: str, field: str, allow_empty: bool = False) -> str:
    if not isinstance(node, YScalar) or node.value is None:
        raise InputError(path, node.line, field, "text", describe(node))
    if not node.value.strip() and not allow_empty:
        raise InputError(path, node.line, field, "non-empty text", "an empty string")
    return node.value


def want_int(node: Node, path: str, field: str, low: int = 0, high: int = 10**6) -> int:
    if not isinstance(node, YScalar) or node.value is None or node.quoted or not _INT.match(node.value):
        raise InputError(path, node.line, field, "a whole number written in decimal", describe(node))
    value = int(node.value)
    if not low <= value <= high:
        raise InputError(path, node.line, field, f"a number from {low} to {high}", node.value)
    return value


def want_bool(node: Node, path: str, field: str) -> bool:
    if isinstance(node, YScalar) and not node.quoted and node.value in ("true", "false"):
        return node.value == "true"
    raise InputError(path, node.line, field, "true or false", describe(node))


def is_null(node: Optional[Node]) -> bool:
    return isinstance(node, YScalar) and not node.quoted and node.value in (None, "null", "~")


def check_keys(node: YMap, path: str, field: str, allowed: tuple, required: tuple = ()) -> None:
    """Reject unknown keys and report missing required ones."""
    for key, line, _ in node.pairs:
        if key not in allowed:
            raise InputError(path, line, f"{field}.{key}" if field else key,
                             "one of the known keys: " + ", ".join(allowed), f"the unknown key {key!r}")
    for key in required:
        if node.get(key) is None:
            raise InputError(path, node.line, f"{field}.{key}" if field else key, "this required key", "nothing")


def want_str_list(node: Node, path: str, field: str, unique: bool = False) -> tuple:
    """A list of non-empty texts (`field.N` names the bad entry); `unique` rejects repeats."""
    items = []
    for i, item in enumerate(want_list(node, path, field).items):
        text = want_str(item, path, f"{field}.{i}")
        if unique and text in items:
            raise InputError(path, item.line, f"{field}.{i}", "each entry once", f"{text!r} again")
        items.append(text)
    return tuple(items)


def plain(node: Node):
    """The node as plain Python data: dict, list, str, int, bool or None (for raw card data)."""
    if isinstance(node, YMap):
        return {key: plain(value) for key, _, value in node.pairs}
    if isinstance(node, YList):
        return [plain(item) for item in node.items]
    if is_null(node):
        return None
    if not node.quoted and node.value in ("true", "false"):
        return node.value == "true"
    if not node.quoted and _INT.match(node.value):
        return int(node.value)
    return node.value
