"""Read character vectors from an R lazy-load database (``Rdata.rdb`` + ``Rdata.rdx``)
without R: just enough of R's XDR serialization format for data packages.

The ``.rdx`` index is a gzip'd serialized list whose ``variables`` element maps each object
name to ``(offset, length)`` in the ``.rdb`` file; each ``.rdb`` record is a 4-byte
big-endian uncompressed size followed by a zlib stream of the serialized object.
"""

from __future__ import annotations

import gzip
import struct
import zlib
from pathlib import Path
from typing import Any

NIL, SYM, LIST, CHAR, LGL, INT, REAL, STR, VEC, REF = 254, 1, 2, 9, 10, 13, 14, 16, 19, 255
SPECIAL_ENVIRONMENTS = {242, 241, 253, 252, 251, 247}


class RObject(dict):
    """An R value with attributes: ``value`` plus ``attributes`` (a dict)."""


class _Reader:
    def __init__(self, data: bytes) -> None:
        if data[:2] != b"X\n":
            raise ValueError("not an XDR-format R serialization")
        self.data, self.pos, self.refs = data, 2, []
        version = self.int()
        self.int(), self.int()  # writer and minimal reader R versions
        if version == 3:
            size = self.int()
            self.pos += size  # skip the native encoding name

    def int(self) -> int:
        (value,) = struct.unpack_from(">i", self.data, self.pos)
        self.pos += 4
        return value

    def item(self) -> Any:
        flags = self.int()
        kind, has_attr, has_tag = flags & 0xFF, flags & (1 << 9), flags & (1 << 10)
        if kind == NIL or kind in SPECIAL_ENVIRONMENTS:
            return None
        if kind == REF:
            index = flags >> 8 or self.int()
            return self.refs[index - 1]
        if kind == SYM:
            symbol = self.item()
            self.refs.append(symbol)
            return symbol
        if kind == LIST:
            attributes = self.item() if has_attr else None
            tag = self.item() if has_tag else None
            head, tail = self.item(), self.item()
            pairs = [(tag, head), *(tail or [])]
            return pairs if attributes is None else RObject(value=pairs, attributes=attributes)
        if kind == CHAR:
            size = self.int()
            if size == -1:
                return None
            text = self.data[self.pos : self.pos + size].decode("utf-8", errors="replace")
            self.pos += size
            return text
        size = self.int()
        if kind == STR or kind == VEC:
            value: Any = [self.item() for _ in range(size)]
        elif kind in (INT, LGL):
            value = list(struct.unpack_from(f">{size}i", self.data, self.pos))
            self.pos += 4 * size
        elif kind == REAL:
            value = list(struct.unpack_from(f">{size}d", self.data, self.pos))
            self.pos += 8 * size
        else:
            raise ValueError(f"R type {kind} is not supported by this reader")
        if has_attr:
            return RObject(value=value, attributes=dict(self.item()))
        return value


def unserialize(data: bytes) -> Any:
    return _Reader(data).item()


def _plain(value: Any) -> Any:
    return value["value"] if isinstance(value, RObject) else value


def _named(value: Any) -> dict[str, Any]:
    """An R list with a ``names`` attribute as a dict."""
    return dict(zip(value["attributes"]["names"], value["value"]))


def read_lazyload(database: Path) -> dict[str, Any]:
    """All objects of ``<database>.rdb`` (``database`` without suffix), by name."""
    index = _named(unserialize(gzip.decompress(database.with_suffix(".rdx").read_bytes())))
    blob = database.with_suffix(".rdb").read_bytes()
    objects = {}
    for name, location in _named(index["variables"]).items():
        offset, length = _plain(location)
        record = blob[offset : offset + length]
        (size,) = struct.unpack(">i", record[:4])
        payload = zlib.decompress(record[4:])
        if len(payload) != size:
            raise ValueError(f"{name}: expected {size} bytes, got {len(payload)}")
        objects[name] = _plain(unserialize(payload))
    return objects
