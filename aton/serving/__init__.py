"""Serving the apps: Voila's kernel pool for a class, the static site's pages, and local servers for tests.

- :mod:`~aton.serving.kernels`: a prompt kernel websocket and a kernel pool sized for a class (named in ``voila.json``).
- :mod:`~aton.serving.loading`: what a page shows while its kernel or Pyodide starts.
- :mod:`~aton.serving.site_page`: the static site's front page.
- :mod:`~aton.serving.launch`: finding a browser and a free port, waiting for a server (tests and scripts).
"""
