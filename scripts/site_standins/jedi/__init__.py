"""A stand-in for jedi (code completion) on the static dashboard's page, where nobody types code.

The Pyodide kernel loads jedi as it starts (1.9 MB with parso); importing this stand-in fails as if it
were missing, which IPython handles (it completes without jedi).  The notebooks keep the real jedi.
"""

raise ModuleNotFoundError("the dashboard's Python has no jedi (no code is typed there)", name="jedi")
