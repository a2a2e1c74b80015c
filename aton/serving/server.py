"""The Voila server of ``./run dashboard``: the dashboard at ``/`` as always, and the class page at ``/class``.

Voila serves either one notebook (at ``/``, with a pool of preheated kernels) or a folder (a file list at
``/`` and every notebook under ``/voila/render/``).  The students' address must stay ``/`` and the class
page must not cost them a preheated kernel, so :class:`AtonVoila` is Voila serving the dashboard alone,
plus one route: ``/class`` renders ``notebooks/class.ipynb`` (the folder of the dashboard) in a kernel
started for that page only.  The teacher's code reaches that kernel through the server's environment
(``ATON_TEACHER_CODE``: Voila gives every kernel it starts on demand the server's environment).

The same server serves the project's tutorials as pages, in every language: ``/tutorials/<file>`` and
``/tutorials/fr/<file>`` render the notebooks of ``tutorials/`` (beside the dashboard's folder) each in a
kernel of its own, with their widgets and exercises working (``?lang=fr`` on one goes to the same tutorial in
French, and keeps that language in the browser), and ``/home`` is a front page linking the dashboard, every
tutorial and the class page (:mod:`aton.serving.front`), in the language the browser chose or kept.  A class
without JupyterHub thus follows the lesson plan from one machine.

The Practise page (``/practise``, ``notebooks/practise.ipynb``) is served the same way as the class page, in a
kernel of its own, and ``/learner/rules`` answers the front page with the rules of the learner whose key the
browser keeps (:mod:`aton.serving.learner_rules`).

A page gone without asking for its kernel's shutdown (a crashed browser) has its kernel shut down once its
connection stayed closed for 15 s (:mod:`aton.serving.orphans`).

``python -m aton.serving.server notebooks/aton.ipynb [voila options]`` runs it; every Voila option and
``voila.json`` apply as to ``voila``.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path
from typing import Any

import nbformat
import tornado.web
from jupyter_server.services.contents.largefilemanager import LargeFileManager
from jupyter_server.utils import url_path_join
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from ..apps.identity import ALIVE_PATH, SERVER_ID_VARIABLE
from ..widgets.touch import TOUCH_MEDIA, touch_targets
from .front import (
    FRONT_PATH,
    TUTORIAL_FILE,
    TUTORIALS_PATH,
    front_page,
    kept_language_page,
    tutorial_in,
    tutorial_titles,
)
from .learner_rules import LEARNER_RULES_PATH, LearnerRulesHandler, opened_store
from .orphans import reap_orphans

__all__ = [
    "CLASS_NOTEBOOK",
    "CLASS_PATH",
    "FRONT_PATH",
    "PRACTISE_NOTEBOOK",
    "PRACTISE_PATH",
    "TUTORIALS_PATH",
    "AliveHandler",
    "AtonVoila",
    "LandmarkHandler",
    "PageHandler",
    "main",
    "trust_notebooks",
    "with_main_landmark",
]

CLASS_PATH = "/class"
"""Where the class page is served, next to the dashboard at ``/``."""
CLASS_NOTEBOOK = "class.ipynb"
"""The class page's notebook, in the dashboard's folder."""
PRACTISE_PATH = "/practise"
"""Where the Practise page is served: the next case for the rule the learner most needs."""
PRACTISE_NOTEBOOK = "practise.ipynb"
"""The Practise page's notebook, in the dashboard's folder."""


def trust_notebooks(contents: Any, paths: list[Path]) -> int:
    """Sign the project's notebooks that are served (the dashboard, the class page, the tutorials) as trusted.

    They are the project's own, committed without outputs; signed, Jupyter no longer warns "Notebook ... is not
    trusted" each time a kernel runs one.  ``contents`` is the server's contents manager (its notary keeps the
    signatures, where ``jupyter trust`` keeps them).  Returns how many were signed now; a notebook that cannot
    be read or signed is left as it was (the warning stays, nothing else changes).
    """
    signed = 0
    notary = contents.notary
    for path in paths:
        if not path.is_file():
            continue
        try:
            notebook = nbformat.read(str(path), as_version=4)  # type: ignore[no-untyped-call]
            if not notary.check_signature(notebook):
                notary.sign(notebook)
                signed += 1
        except Exception as error:  # a broken file or store: Voila says what it says about it later
            contents.log.debug("could not trust %s: %s", path, error)
    return signed


OUTSIDE_STYLE = re.compile(r'[ \t]*<link rel="stylesheet" href="https?://[^"]*"[^>]*>\n?')
"""A style sheet fetched from another server: Voila's template takes Font Awesome from a public CDN.

A school network without the internet waits for it in vain, and every page would tell that server who
opens it.  Voila's own scripts already bring Font Awesome 5 (its fonts served by this server), so the
link is dropped from every page.
"""


class PageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page, with the ``_xsrf`` cookie set, so that closing the page shuts its kernel down, and no
    style sheet from the internet (:data:`OUTSIDE_STYLE`).

    On ``beforeunload`` Voila's page posts ``/voila/api/shutdown/<kernel>`` with the value of its ``_xsrf``
    cookie, and the server refuses any post without it (403).  Voila renders its pages without ever asking
    for the token, so no cookie was set and every closed or reloaded page left its kernel running (and its
    room seat "here") until the cull.  Asking for the token sets the cookie.
    """

    async def get(self, path: str | None = None) -> None:
        """Set the ``_xsrf`` cookie, then render the page as Voila does."""
        _ = self.xsrf_token
        await super().get(path)

    def write(self, chunk: str | bytes | dict[str, Any]) -> None:
        """Write a piece of the page, without the style sheets Voila's template fetches from the internet."""
        if isinstance(chunk, str) and OUTSIDE_STYLE.search(chunk):
            chunk = OUTSIDE_STYLE.sub("", chunk)
        super().write(chunk)


RENDERED_CELLS = '<div id="rendered_cells"'
"""Where Voila's page template opens the notebook's content."""


LINKS_STYLE = "<style>#rendered_cells .jp-RenderedHTMLCommon a { text-decoration: underline !important; }</style>"
"""Links in a notebook's text are underlined: told apart from the words around them by more than their colour."""
TOUCH_STYLE = f"<style>@media {TOUCH_MEDIA} {{\n{touch_targets('#rendered_cells .jp-OutputArea')}\n}}</style>"
"""On a touch layout the widgets of a notebook's page (a tutorial's buttons, cards, exercises, step-through; the
class page's) have targets a finger can hit; the lesson's own text is left as it is (its links are words)."""


def with_main_landmark(chunk: Any) -> Any:
    """A piece of a page Voila renders, its content made the page's main landmark (for screen readers, and
    axe-core's "content outside landmarks"), its links underlined and its widgets finger-sized on a touch layout
    (:data:`TOUCH_STYLE`); any other piece as it is.

    >>> with_main_landmark('<body><div id="rendered_cells" style="display: none">').endswith(
    ...     '<div id="rendered_cells" role="main" style="display: none">')
    True
    >>> with_main_landmark(b"bytes"), with_main_landmark("<p>a cell</p>")
    (b'bytes', '<p>a cell</p>')
    """
    if isinstance(chunk, str) and RENDERED_CELLS in chunk and RENDERED_CELLS + ' role="main"' not in chunk:
        return chunk.replace(RENDERED_CELLS, LINKS_STYLE + TOUCH_STYLE + RENDERED_CELLS + ' role="main"', 1)
    return chunk


class LandmarkHandler(PageHandler):
    """A page of a notebook whose content is the page's main landmark (the class page, the tutorials)."""

    def write(self, chunk: str | bytes | dict[str, Any]) -> None:
        """Send ``chunk`` of the page, the notebook's content marked as the main landmark."""
        super().write(with_main_landmark(chunk))


class TutorialHandler(LandmarkHandler):
    """A tutorial rendered as a page: the notebook is read from the tutorials' folder, not the dashboard's."""

    def initialize(self, **kwargs: Any) -> None:
        """Voila's handler, reading notebooks from ``tutorials`` (a contents manager)."""
        self._tutorials: LargeFileManager = kwargs.pop("tutorials")
        super().initialize(**kwargs)

    @property
    def contents_manager(self) -> LargeFileManager:
        """The tutorials' folder (Voila reads the notebook to render through this)."""
        return self._tutorials

    async def get(self, path: str | None = None) -> None:
        """Render the tutorial ``path`` (``01-the-board.ipynb``, ``fr/01-le-plateau.ipynb``); anything else: 404."""
        if path is None or not TUTORIAL_FILE.fullmatch(path) or not self._tutorials.file_exists(path):
            raise tornado.web.HTTPError(404)
        asked = self.get_query_argument("lang", "")
        if asked:  # ?lang=fr: the same tutorial in that language, and the language kept by the browser
            target = tutorial_in(Path(self._tutorials.root_dir).parent, path, asked)
            if target is not None:
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-cache")
                base = url_path_join(self.base_url, TUTORIALS_PATH, target)
                self.finish(kept_language_page(asked, base))
                return
        await super().get(path)


class FrontHandler(tornado.web.RequestHandler):
    """The front page (``/home``): the dashboard, every tutorial in every language, the class page."""

    def initialize(self, root: Path, has_class: bool, has_practise: bool = False) -> None:
        """``root``: the project folder (its ``tutorials/``); ``has_class``, ``has_practise``: whether ``/class``
        and ``/practise`` are served."""
        self.root = root
        self.has_class = has_class
        self.has_practise = has_practise

    def get(self) -> None:
        """The page, listing the tutorials found now."""
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(front_page(tutorial_titles(self.root), has_class=self.has_class, has_practise=self.has_practise))


class AliveHandler(tornado.web.RequestHandler):
    """``/aton/alive``: this server start's identity, which a page compares with its kernel's to know whether the
    server that answers is the one holding its kernel (:mod:`aton.apps.dashboard.connection`)."""

    def get(self) -> None:
        """``{"server": "<identity>"}``, never cached."""
        self.set_header("Cache-Control", "no-store")
        self.finish({"server": os.environ.get(SERVER_ID_VARIABLE, "")})


class AtonVoila(Voila):  # type: ignore[misc]
    """Voila serving one notebook at ``/``, the class page at ``/class`` when its notebook is beside it, and the
    tutorials (``/tutorials/...``) with their front page (``/home``) when the project's ``tutorials/`` is there."""

    def init_handlers(self) -> list[Any]:
        """Voila's routes, with ours put before the notebook's catch-all route; the notebooks served, trusted."""
        handlers: list[Any] = list(super().init_handlers())
        if not self.notebook_path:
            return handlers
        root = Path(self.root_dir)
        trust_notebooks(
            self.contents_manager,
            [root / Path(self.notebook_path).name, root / CLASS_NOTEBOOK, root / PRACTISE_NOTEBOOK],
        )
        tutorials_folder = root.parent / "tutorials"
        if tutorials_folder.is_dir():
            served = tutorials_folder.glob("**/*.ipynb")
            trust_notebooks(
                self.contents_manager,
                sorted(
                    path for path in served if TUTORIAL_FILE.fullmatch(path.relative_to(tutorials_folder).as_posix())
                ),
            )
        route, handler, *rest = handlers[-1]
        if handler is TornadoVoilaHandler:  # the dashboard itself, at /
            handlers[-1] = (route, PageHandler, *rest)
        ours: list[Any] = [(url_path_join(self.server_url, ALIVE_PATH), AliveHandler)]
        options = {
            "template_paths": self.template_paths,
            "config": self.config,
            "voila_configuration": self.voila_configuration,
        }
        has_class = (Path(self.root_dir) / CLASS_NOTEBOOK).is_file()
        if has_class:
            route = url_path_join(self.server_url, CLASS_PATH + "/?")
            ours.append((route, LandmarkHandler, {"notebook_path": CLASS_NOTEBOOK, **options}))
        has_practise = (Path(self.root_dir) / PRACTISE_NOTEBOOK).is_file()
        if has_practise:  # a page of its own, in a kernel started for it, as the class page
            route = url_path_join(self.server_url, PRACTISE_PATH + "/?")
            ours.append((route, LandmarkHandler, {"notebook_path": PRACTISE_NOTEBOOK, **options}))
        ours.append(
            (url_path_join(self.server_url, LEARNER_RULES_PATH), LearnerRulesHandler, {"store": opened_store()})
        )
        project = Path(self.root_dir).parent
        tutorials = project / "tutorials"
        if tutorials.is_dir():
            manager = LargeFileManager(parent=self, root_dir=str(tutorials))
            ours += [
                (
                    url_path_join(self.server_url, FRONT_PATH + "/?"),
                    FrontHandler,
                    {"root": project, "has_class": has_class, "has_practise": has_practise},
                ),
                (
                    url_path_join(self.server_url, TUTORIALS_PATH + "/?"),
                    tornado.web.RedirectHandler,
                    {"url": url_path_join(self.server_url, FRONT_PATH)},
                ),
                (
                    url_path_join(self.server_url, TUTORIALS_PATH + "/(.+)"),
                    TutorialHandler,
                    {"notebook_path": None, "tutorials": manager, **options},
                ),
                (  # the tutorials link to the dashboard's notebook: that is the page at /
                    url_path_join(self.server_url, "/notebooks/" + Path(self.notebook_path).name),
                    tornado.web.RedirectHandler,
                    {"url": url_path_join(self.server_url, "/")},
                ),
            ]
        self.orphans = reap_orphans(self.kernel_manager, log=self.log)
        """Shuts down the kernels of pages gone without their close call (:mod:`aton.serving.orphans`)."""
        return [*handlers[:-1], *ours, handlers[-1]]


def main() -> None:
    """Start the server (the command line is Voila's), with an identity of its own that its kernels inherit."""
    os.environ[SERVER_ID_VARIABLE] = secrets.token_hex(8)
    AtonVoila.launch_instance()


if __name__ == "__main__":
    main()
