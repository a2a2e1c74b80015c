"""The shape of the code: imports go one way.

Every module of ``aton/`` is read with :mod:`ast` (nothing is imported), and
each ``import`` is an edge of the import graph: at the top of the module and
inside functions, absolute (``import aton.game``) and relative
(``from ..game import Game``).  Imports under ``if TYPE_CHECKING:`` are not
counted: they run only for the type checker.  The tree is walked, so a
package added later is checked too.

- No circle: a module never needs, even inside a function, a module that
  needs it.
- The engine and the bots never import the notebook stack (ipywidgets,
  ipycanvas, IPython, traitlets, Voila, Jupyter); only the widgets, the apps
  and the serving code may.
- No widget class is past a few hundred lines (:data:`MAX_WIDGET_LINES`): a
  class deriving from an ipywidgets or ipycanvas widget, directly or through
  another class of the package, shows a plain object's state and forwards
  choices; the flow lives in plain objects tested without a browser.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "aton"
NOTEBOOK_STACK = ("ipywidgets", "ipycanvas", "IPython", "traitlets", "voila", "jupyter")
"""Top-level names of the notebook stack (``jupyter`` also stands for ``jupyter_server``, ``jupyterlab``...)."""
MAY_USE_NOTEBOOK_STACK = ("aton.widgets", "aton.apps", "aton.serving")
"""Packages whose modules may import the notebook stack (present or not)."""
WIDGET_PACKAGES = ("ipywidgets", "ipycanvas")
"""Where the widget classes come from: a class deriving from one of theirs is a widget."""
MAX_WIDGET_LINES = 350
"""The most lines a widget class may have (from ``class`` to its last line, docstring included)."""


def module_name(path: Path) -> str:
    """``aton/widgets/board.py`` -> ``aton.widgets.board``; a package's ``__init__.py`` is the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py")) if "locale" not in path.parts}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _absolute(node: ast.ImportFrom, package: list[str]) -> str:
    """The dotted module a ``from ... import`` reads, a relative one resolved against ``package``."""
    if not node.level:
        return node.module or ""
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imported_names(name: str, path: Path) -> set[str]:
    """The dotted names ``path`` imports anywhere (but under ``if TYPE_CHECKING:``), relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, package)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # "from . import data" names a module
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _only_the_parent_of(package: str, names: set[str], known: dict[str, Path]) -> bool:
    """Whether ``package`` is named only as the place of a submodule (``from . import db`` imports ``db``)."""
    return known.get(package, Path()).name == "__init__.py" and any(
        other.startswith(package + ".") and other in known for other in names
    )


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the package it imports (a name imported from a package counts as the package)."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        edges = set()
        names = imported_names(name, path)
        for imported in names:
            if _only_the_parent_of(imported, names, known):
                continue
            while imported and imported not in known:
                imported = imported.rpartition(".")[0]  # "aton.game.Game" -> "aton.game"
            if imported and imported != name and imported != "aton":
                edges.add(imported)
        graph[name] = edges
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each as a path that closes."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return [_closing_path(graph, group) for group in groups]


def _closing_path(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """A shortest path from the group's first module back to itself, through the group."""
    start, members = group[0], set(group)
    paths = {target: [start, target] for target in sorted(graph[start] & members)}
    frontier = list(paths)
    while start not in paths:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & members):
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    return paths[start]


def test_the_walk_finds_the_engine_and_its_imports() -> None:
    graph = import_graph()
    assert {"aton.game", "aton.position", "aton.errors", "aton.actions"} <= set(graph)
    assert "aton.errors" in graph["aton.game"]
    assert "aton.game" in graph["aton.position"]


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert circles(graph) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_relative_imports_inside_functions_are_edges(tmp_path: Path) -> None:
    source = "def f():\n    from ..game import Game\n    from . import scene\nif TYPE_CHECKING:\n    import aton.lab\n"
    (tmp_path / "board.py").write_text(source)
    names = imported_names("aton.widgets.board", tmp_path / "board.py")
    assert {"aton.game", "aton.game.Game", "aton.widgets", "aton.widgets.scene"} <= names
    assert "aton.lab" not in names


def test_a_submodule_imported_from_its_package_is_an_edge_to_the_submodule_only() -> None:
    known = {"aton.rooms": Path("__init__.py"), "aton.rooms.db": Path("db.py"), "aton.game": Path("game.py")}
    assert _only_the_parent_of("aton.rooms", {"aton.rooms", "aton.rooms.db"}, known)
    assert not _only_the_parent_of("aton.rooms", {"aton.rooms", "aton.rooms.RoomError"}, known)
    assert not _only_the_parent_of("aton.game", {"aton.game", "aton.game.Game"}, known)


def test_no_import_circle() -> None:
    found = circles(import_graph())
    assert not found, "import circles: " + "; ".join(" -> ".join(path) for path in found)


@pytest.mark.parametrize("name", sorted(modules()))
def test_only_the_widgets_apps_and_serving_import_the_notebook_stack(name: str) -> None:
    if name.startswith(MAY_USE_NOTEBOOK_STACK):
        return
    stack = sorted(
        imported
        for imported in imported_names(name, modules()[name])
        if imported.split(".")[0].startswith(NOTEBOOK_STACK)
    )
    assert not stack, f"{name} imports {stack}; the notebook stack belongs in {', '.join(MAY_USE_NOTEBOOK_STACK)}"


def local_names(name: str, tree: ast.Module, is_package: bool) -> dict[str, str]:
    """Names bound by the module's imports (anywhere in it) -> the dotted names they stand for."""
    package = name.split(".") if is_package else name.split(".")[:-1]
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, package)
            for alias in node.names:
                found[alias.asname or alias.name] = f"{module}.{alias.name}"
    return found


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return None if head is None else f"{head}.{node.attr}"
    if isinstance(node, ast.Subscript):  # Generic[T]-style bases
        return _dotted(node.value)
    return None


def widget_classes(sources: dict[str, tuple[str, bool]]) -> dict[str, int]:
    """The widget classes of ``sources`` (module -> (text, is a package)), by dotted name, with their lengths.

    A class is a widget when a base names a class of :data:`WIDGET_PACKAGES`, or a widget class of the
    package (imported from its module, or defined in the same one); bases are followed until nothing new.
    """
    classes: dict[str, tuple[list[str], int]] = {}
    for module, (text, is_package) in sources.items():
        tree = ast.parse(text)
        names = local_names(module, tree, is_package)
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = []
            for base in node.bases:
                dotted = _dotted(base)
                if dotted is None:
                    continue
                head, _, rest = dotted.partition(".")
                resolved = names.get(head, f"{module}.{head}")
                bases.append(f"{resolved}.{rest}" if rest else resolved)
            classes[f"{module}.{node.name}"] = (bases, (node.end_lineno or node.lineno) - node.lineno + 1)
    widgets: set[str] = set()
    grown = True
    while grown:
        grown = False
        for qualified, (bases, _lines) in classes.items():
            if qualified not in widgets and any(
                base.split(".")[0] in WIDGET_PACKAGES or base in widgets for base in bases
            ):
                widgets.add(qualified)
                grown = True
    return {qualified: classes[qualified][1] for qualified in sorted(widgets)}


def test_the_widget_finder_follows_bases_through_the_package() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_WIDGET_LINES))
    sources = {
        "aton.widgets.a": ("import ipywidgets as widgets\nclass A(widgets.VBox):\n    pass\n", False),
        "aton.widgets.b": (f"from .a import A\nclass B(A):\n{body}\nclass Plain:\n{body}\n", False),
        "aton.apps.c": ("from ipycanvas import Canvas\nclass C(Canvas):\n    pass\nclass D(C):\n    pass\n", False),
    }
    found = widget_classes(sources)
    assert set(found) == {"aton.widgets.a.A", "aton.widgets.b.B", "aton.apps.c.C", "aton.apps.c.D"}
    assert found["aton.widgets.b.B"] == MAX_WIDGET_LINES + 1 and found["aton.widgets.a.A"] == 2


def test_no_widget_class_is_past_a_few_hundred_lines() -> None:
    sources = {name: (path.read_text(encoding="utf-8"), path.name == "__init__.py") for name, path in modules().items()}
    found = widget_classes(sources)
    assert "aton.widgets.board.BoardView" in found and "aton.apps.dashboard.app.Dashboard" in found
    long = {name: lines for name, lines in found.items() if lines > MAX_WIDGET_LINES}
    assert not long, f"widget classes past {MAX_WIDGET_LINES} lines (move the flow to plain objects): {long}"
