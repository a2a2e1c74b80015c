"""A stand-in for numpy on the static site: it is not numpy.

``ipycanvas`` imports numpy to pack drawing commands and point lists into binary buffers; this module
does just that much, with plain lists and :mod:`array`.  The dashboard's page loads it instead of numpy
(3 MB it never needs: nobody types code there), and so does a self-hosted site built where the Pyodide
CDN, the only source of numpy's WebAssembly build, cannot be reached (``scripts/build_site.py`` says so).
"""

from __future__ import annotations

import array as _array
from typing import Any

__version__ = "0.0-stand-in"

uint8 = "uint8"
int32 = "int32"
int64 = "int64"
float16 = "float16"
float32 = "float32"
float64 = "float64"
_CODES = {uint8: "B", int32: "i", int64: "q", float16: "f", float32: "f", float64: "d"}


def _flatten(value: Any) -> tuple[list[Any], tuple[int, ...]]:
    if isinstance(value, ndarray):
        return list(value._data), value.shape
    if isinstance(value, (list, tuple)):
        if not value:
            return [], (0,)
        parts = [_flatten(item) for item in value]
        flat = [x for part, _ in parts for x in part]
        return flat, (len(value), *parts[0][1])
    return [value], ()


class ndarray:
    """A C-contiguous array of numbers: its flat data, shape and dtype."""

    def __init__(self, data: list[Any], shape: tuple[int, ...], dtype: str) -> None:
        self._data = data
        self.shape = shape
        self.dtype = dtype
        self.flags = {"C_CONTIGUOUS": True}

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def ravel(self) -> ndarray:
        return ndarray(self._data, (len(self._data),), self.dtype)

    def astype(self, dtype: str) -> ndarray:
        cast = float if dtype.startswith("float") else int
        return ndarray([cast(x) for x in self._data], self.shape, dtype)

    def __len__(self) -> int:
        return self.shape[0] if self.shape else 0

    def __buffer__(self, flags: int) -> memoryview:
        return memoryview(_array.array(_CODES[self.dtype], self._data))

    def tolist(self) -> Any:
        return list(self._data)


def array(value: Any, dtype: str | None = None) -> ndarray:
    """A new array from nested lists of numbers."""
    flat, shape = _flatten(value)
    if dtype is None:
        dtype = (
            value.dtype
            if isinstance(value, ndarray)
            else (float64 if any(isinstance(x, float) for x in flat) else int64)
        )
    cast = float if dtype.startswith("float") else int
    return ndarray([cast(x) for x in flat], shape, dtype)


def asarray(value: Any, dtype: str | None = None) -> ndarray:
    """``value`` itself when it is already an array of that dtype, else a new array."""
    if isinstance(value, ndarray) and dtype in (None, value.dtype):
        return value
    return array(value, dtype)


def require(value: Any, dtype: str | None = None, requirements: Any = None) -> ndarray:
    """An array (every array here is C-contiguous)."""
    return asarray(value, dtype)


ascontiguousarray = asarray


def concatenate(arrays: list[ndarray]) -> ndarray:
    """The arrays one after the other (flat)."""
    parts = [asarray(a) for a in arrays]
    dtype = float64 if any(p.dtype.startswith("float") for p in parts) else int64
    return array([x for p in parts for x in p._data], dtype)


def frombuffer(data: bytes, dtype: str = float64) -> ndarray:
    """An array over the bytes (read as ``dtype``)."""
    values = _array.array(_CODES[dtype])
    values.frombytes(bytes(data))
    return ndarray(list(values), (len(values),), dtype)


def zeros(shape: Any, dtype: str = float64) -> ndarray:
    """An array of zeros."""
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    count = 1
    for n in shape:
        count *= n
    return ndarray([0] * count, shape, dtype)
