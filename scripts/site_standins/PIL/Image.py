"""Stand-in for ``PIL.Image``: opening or writing a picture says it is not available."""

from typing import Any


def open(*args: Any, **kwargs: Any) -> Any:
    """Not available in the stand-in."""
    raise NotImplementedError("this site's Python has no Pillow: it cannot read pictures")


def fromarray(*args: Any, **kwargs: Any) -> Any:
    """Not available in the stand-in."""
    raise NotImplementedError("this site's Python has no Pillow: it cannot write pictures")
