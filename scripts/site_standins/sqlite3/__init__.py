"""A stand-in for Pyodide's ``sqlite3`` module on the static site.

The Pyodide kernel installs ``sqlite3`` when it starts; its WebAssembly build is only on the Pyodide
CDN.  Importing this stand-in fails as if the module were missing, which IPython handles (it keeps no
command history), exactly as it does where SQLite is not built in.  The dashboard's page loads it, and
so does a self-hosted site built where the CDN cannot be reached.
"""

raise ModuleNotFoundError("this site's Python has no sqlite3", name="sqlite3")
