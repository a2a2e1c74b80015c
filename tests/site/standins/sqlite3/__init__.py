"""A stand-in for Pyodide's ``sqlite3`` module, for the static-site browser test only.

The Pyodide kernel installs ``sqlite3`` when it starts; its WebAssembly build is only on the Pyodide
CDN.  Importing this stand-in fails as if the module were missing, which IPython handles (it keeps no
command history), exactly as it does where SQLite is not built in.
"""

raise ModuleNotFoundError("sqlite3 is not part of the site test's self-hosted Pyodide", name="sqlite3")
