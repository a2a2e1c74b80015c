"""The Voila server of ``./run dashboard``: the dashboard at ``/`` as always, and the class page at ``/class``.

Voila serves either one notebook (at ``/``, with a pool of preheated kernels) or a folder (a file list at
``/`` and every notebook under ``/voila/render/``).  The students' address must stay ``/`` and the class
page must not cost them a preheated kernel, so :class:`AtonVoila` is Voila serving the dashboard alone,
plus one route: ``/class`` renders ``notebooks/class.ipynb`` (the folder of the dashboard) in a kernel
started for that page only.  The teacher's code reaches that kernel through the server's environment
(``ATON_TEACHER_CODE``: Voila gives every kernel it starts on demand the server's environment).

``python -m aton.serving.server notebooks/aton.ipynb [voila options]`` runs it; every Voila option and
``voila.json`` apply as to ``voila``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

__all__ = ["CLASS_NOTEBOOK", "CLASS_PATH", "AtonVoila", "main"]

CLASS_PATH = "/class"
"""Where the class page is served, next to the dashboard at ``/``."""
CLASS_NOTEBOOK = "class.ipynb"
"""The class page's notebook, in the dashboard's folder."""


class AtonVoila(Voila):  # type: ignore[misc]
    """Voila serving one notebook at ``/``, and the class page at ``/class`` when its notebook is beside it."""

    def init_handlers(self) -> list[Any]:
        """Voila's routes, with ``/class`` put before the notebook's catch-all route."""
        handlers: list[Any] = list(super().init_handlers())
        if not self.notebook_path or not (Path(self.root_dir) / CLASS_NOTEBOOK).is_file():
            return handlers
        route = (
            url_path_join(self.server_url, CLASS_PATH + "/?"),
            TornadoVoilaHandler,
            {
                "notebook_path": CLASS_NOTEBOOK,
                "template_paths": self.template_paths,
                "config": self.config,
                "voila_configuration": self.voila_configuration,
            },
        )
        return [*handlers[:-1], route, handlers[-1]]


def main() -> None:
    """Start the server (the command line is Voila's)."""
    AtonVoila.launch_instance()


if __name__ == "__main__":
    main()
