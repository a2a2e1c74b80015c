"""A stand-in for Pillow on the static site: it is not Pillow.

``ipycanvas`` imports ``PIL.Image`` for pictures drawn from files; the dashboard draws none, so the
stand-in only has to import.  The dashboard's page loads it instead of Pillow, and so does a
self-hosted site built where the Pyodide CDN (the only source of Pillow's WebAssembly build) cannot be
reached: there, pictures from files cannot be drawn on a canvas.
"""

__version__ = "0.0-stand-in"
