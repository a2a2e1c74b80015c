"""Stand-in for ``PIL.Image`` (test only): opening or writing a picture says it is not available."""

from typing import Any


def open(*args: Any, **kwargs: Any) -> Any:
    """Not available in the stand-in."""
    raise NotImplementedError("the Pillow stand-in of the site test cannot read pictures")


def fromarray(*args: Any, **kwargs: Any) -> Any:
    """Not available in the stand-in."""
    raise NotImplementedError("the Pillow stand-in of the site test cannot write pictures")
