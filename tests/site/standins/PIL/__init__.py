"""A stand-in for Pillow, for the static-site browser test only: it is not Pillow.

``ipycanvas`` imports ``PIL.Image`` for pictures drawn from files; the dashboard draws none, so the
stand-in only has to import.  The real Pillow comes from the Pyodide CDN.
"""

__version__ = "0.0-stand-in"
