"""The static site's build steps that need no network: notebooks for the browser, stand-in wheels, the lock."""

from __future__ import annotations

import base64
import hashlib
import html
import importlib.util
import json
import re
import sys
import urllib.parse
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402 - a script, not a package


def test_notebooks_get_the_browser_kernel_and_an_install_cell_only_for_what_the_kernel_does_not_load(
    tmp_path: Path,
) -> None:
    build_site.contents(tmp_path)
    notebooks = sorted(tmp_path.rglob("*.ipynb"))
    english = len(list((ROOT / "tutorials").glob("*.ipynb")))
    french = len(list((ROOT / "tutorials" / "fr").glob("*.ipynb")))
    assert len(notebooks) == 4 + english + french  # the dashboard, Practise, the lab, the widget gallery, tutorials
    assert "class.ipynb" not in {path.name for path in notebooks}  # the class page needs the server
    for path in notebooks:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        assert notebook["metadata"]["kernelspec"]["name"] == "python"
        installs = [cell for cell in notebook["cells"] if cell.get("id") == build_site.INSTALL_CELL_ID]
        if path.name == "simulation-lab.ipynb":  # matplotlib: not loaded with the kernel
            assert notebook["cells"][0] is installs[0] and installs[0]["metadata"]["jupyter"]["source_hidden"]
            assert "".join(installs[0]["source"]).splitlines()[-1] == "%pip install -q matplotlib"
        else:  # the project and the widgets come with the kernel
            assert installs == [], path
    # the notebooks of the repository stay as they are
    original = json.loads((ROOT / "notebooks" / "simulation-lab.ipynb").read_text(encoding="utf-8"))
    assert original["cells"][0].get("id") != build_site.INSTALL_CELL_ID


def test_a_site_without_matplotlib_gives_the_lab_no_install_cell_that_would_fail(tmp_path: Path) -> None:
    build_site.contents(tmp_path, missing=["matplotlib"])
    lab = json.loads((tmp_path / "simulation-lab.ipynb").read_text(encoding="utf-8"))
    assert [cell for cell in lab["cells"] if cell.get("id") == build_site.INSTALL_CELL_ID] == []


def make_wheel(folder: Path, name: str, version: str, requires: list[str], files: dict[str, str]) -> Path:
    """A small wheel with ``Requires-Dist`` lines, as the build finds in the site's indexes."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{version}-py3-none-any.whl"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    metadata += "".join(f"Requires-Dist: {line}\n" for line in requires)
    with zipfile.ZipFile(path, "w") as archive:
        for file_name, text in files.items():
            archive.writestr(file_name, text)
        archive.writestr(f"{name}-{version}.dist-info/METADATA", metadata)
        archive.writestr(f"{name}-{version}.dist-info/RECORD", "")
    return path


def test_the_site_lock_holds_pyodide_packages_and_the_site_wheels_which_win(tmp_path: Path) -> None:
    out = tmp_path / "site"
    pypi = out / "pypi"
    kernel = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    make_wheel(pypi, "aton", "0.1.0", ["babel==2.19.0"], {"aton/__init__.py": ""})
    make_wheel(pypi, "ipycanvas", "0.14.3", ["ipywidgets>=7.6", "numpy", 'pywin32; sys_platform == "win32"'], {})
    make_wheel(
        pypi, "ipywidgets", "8.1.9", ["comm>=0.1.3", "widgetsnbextension~=4.0.14", "pytest; extra == 'test'"], {}
    )
    make_wheel(pypi, "jedi", "0.20.1", ["parso>=0.8"], {"jedi/__init__.py": "", "jedi/api/__init__.py": ""})
    make_wheel(kernel, "widgetsnbextension", "3.6.999", [], {})
    newest = make_wheel(kernel, "widgetsnbextension", "4.0.999", [], {})
    for name in ("piplite", "pyodide_kernel", "ipykernel", "comm"):
        make_wheel(kernel, name, "1.0", [], {f"{name}/__init__.py": ""})
    pyodide = {
        "info": {"version": "0.29.0"},
        "packages": {
            name: {
                "name": name,
                "version": "1",
                "file_name": f"{name}-1-py3-none-any.whl",
                "depends": [],
                "sha256": "0",
            }
            for name in ("micropip", "sqlite3", "ipython", "numpy", "jedi")
        },
    }
    lock = build_site.site_lock(out, pyodide, "../pyodide/")
    assert json.loads((out / build_site.SITE_LOCK).read_text(encoding="utf-8")) == lock
    assert lock["info"] == {"version": "0.29.0"}
    packages = lock["packages"]
    assert packages["numpy"]["file_name"] == "../pyodide/numpy-1-py3-none-any.whl"
    assert packages["jedi"]["version"] == "0.20.1"  # the site's own wheel, not Pyodide's
    assert packages["jedi"]["imports"] == ["jedi"]
    assert packages["widgetsnbextension"]["version"] == "4.0.999"
    assert packages["ipycanvas"]["depends"] == ["ipywidgets", "numpy"]  # no marker for Windows, present only
    assert packages["ipywidgets"]["depends"] == ["comm", "widgetsnbextension"]  # no extra
    assert packages["aton"]["depends"] == []  # babel is not on this little site
    lock_dir = (out / build_site.SITE_LOCK).parent
    for name in ("aton", "jedi", "widgetsnbextension", "pyodide-kernel"):
        wheel = (lock_dir / packages[name]["file_name"]).resolve()
        assert wheel.is_file() and build_site.sha256(wheel) == packages[name]["sha256"]
    assert (lock_dir / packages["widgetsnbextension"]["file_name"]).resolve() == newest.resolve()
    urls = build_site.preloads(lock, local=True)
    assert urls[:4] == [*(f"static/pyodide/{name}" for name in build_site.PYODIDE_CORE), build_site.SITE_LOCK]
    assert "pypi/aton-0.1.0-py3-none-any.whl" in urls and "static/pyodide/numpy-1-py3-none-any.whl" in urls
    for url in urls[4:]:
        assert (out / url).is_file() or url.startswith("static/pyodide/"), url

    (pypi / "aton-0.1.0-py3-none-any.whl").unlink()
    with pytest.raises(SystemExit, match="has no aton"):
        build_site.site_lock(out, pyodide, "../pyodide/")


def test_the_site_leaves_out_babel_locales_it_never_uses_and_jedi_stubs_for_absent_libraries(tmp_path: Path) -> None:
    from aton.i18n import languages

    babel = make_wheel(
        tmp_path,
        "babel",
        "2.19.0",
        [],
        {f"babel/locale-data/{name}.dat": "" for name in ("root", "en", "fr", "de", "en_GB")} | {"babel/core.py": ""},
    )
    dropped = build_site.unused_files(babel)
    assert "babel/locale-data/de.dat" in dropped and "babel/locale-data/en_GB.dat" in dropped
    assert not {f"babel/locale-data/{lang}.dat" for lang in ("root", *languages())} & set(dropped)
    assert "babel/core.py" not in dropped
    jedi = make_wheel(
        tmp_path,
        "jedi",
        "0.20.1",
        [],
        {"jedi/third_party/typeshed/stubs/six/six.pyi": "", "jedi/third_party/typeshed/stdlib/os.pyi": ""},
    )
    assert build_site.unused_files(jedi) == ["jedi/third_party/typeshed/stubs/six/six.pyi"]
    assert build_site.unused_files(make_wheel(tmp_path, "parso", "1", [], {"parso/a.py": ""})) == []


def test_a_repacked_wheel_lists_every_file_with_its_hash(tmp_path: Path) -> None:
    folder = tmp_path / "unpacked"
    (folder / "pkg" / "__pycache__").mkdir(parents=True)
    (folder / "pkg-1.dist-info").mkdir()
    (folder / "pkg" / "__init__.py").write_text("x = 1\n")
    (folder / "pkg" / "__pycache__" / "__init__.cpython-313.pyc").write_bytes(b"\x00bytecode")
    (folder / "pkg-1.dist-info" / "RECORD").write_text("pkg/__init__.py,,\n")
    wheel = tmp_path / "pkg-1-py3-none-any.whl"
    build_site.repack(folder, wheel)
    with zipfile.ZipFile(wheel) as archive:
        names = sorted(archive.namelist())
        record = archive.read("pkg-1.dist-info/RECORD").decode().splitlines()
    assert names == ["pkg-1.dist-info/RECORD", "pkg/__init__.py", "pkg/__pycache__/__init__.cpython-313.pyc"]
    digest = base64.urlsafe_b64encode(hashlib.sha256(b"\x00bytecode").digest()).rstrip(b"=").decode()
    assert f"pkg/__pycache__/__init__.cpython-313.pyc,sha256={digest},9" in record
    assert "pkg-1.dist-info/RECORD,," in record


def test_a_stand_in_wheel_is_named_like_the_package_it_replaces_and_lists_its_files(tmp_path: Path) -> None:
    source = ROOT / "scripts" / "site_standins" / "numpy"
    wheel = build_site.stand_in_wheel(source, "numpy", "2.2.5", tmp_path)
    assert wheel.name == "numpy-2.2.5-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        record = archive.read("numpy-2.2.5.dist-info/RECORD").decode()
    assert "numpy/__init__.py" in names
    assert all(name in record for name in names)


def test_the_lock_closure_follows_dependencies_with_registry_names() -> None:
    packages = {
        "ipython": {"depends": ["Prompt_Toolkit", "traitlets"]},
        "prompt-toolkit": {"depends": ["wcwidth"]},
        "traitlets": {"depends": []},
        "wcwidth": {"depends": []},
        "numpy": {"depends": []},
    }
    assert sorted(build_site.closure(packages, ["IPython", "not-in-the-lock"])) == [
        "ipython",
        "prompt-toolkit",
        "traitlets",
        "wcwidth",
    ]


@pytest.mark.skipif(sys.version_info < (3, 12), reason="a Python class exports a buffer from Python 3.12 on")
def test_the_numpy_stand_in_packs_points_as_ipycanvas_does() -> None:
    path = ROOT / "scripts" / "site_standins" / "numpy" / "__init__.py"
    spec = importlib.util.spec_from_file_location("numpy_stand_in", path)  # not under numpy's own name
    assert spec is not None and spec.loader is not None
    stand_in = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stand_in)
    assert stand_in.__version__ == "0.0-stand-in"
    points = stand_in.require([[1.0, 2.0], [3.0, 4.5]], requirements=["C"])
    assert points.shape == (2, 2) and points.dtype == "float64"
    flat = stand_in.concatenate([points.ravel(), stand_in.asarray([5.0, 6.0])])
    assert memoryview(flat).tolist() == [1.0, 2.0, 3.0, 4.5, 5.0, 6.0]
    assert memoryview(stand_in.frombuffer(b"ab", dtype=stand_in.uint8)).tobytes() == b"ab"


def test_the_front_page_has_a_section_per_language_linking_its_own_tutorials(tmp_path: Path) -> None:
    build_site.contents(tmp_path)
    build_site.front_page(tmp_path, local=False)
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    sections = dict(re.findall(r'<section lang="(\w+)">(.*?)</section>', page, flags=re.S))
    assert set(sections) == {"en", "fr"}
    english = len(list((ROOT / "tutorials").glob("*.ipynb")))
    french = len(list((ROOT / "tutorials" / "fr").glob("*.ipynb")))
    assert f"{english} lessons, from the board" in sections["en"] and "Play" in sections["en"]
    assert f"{french} leçons, du plateau" in sections["fr"] and "Jouer" in sections["fr"]
    assert "from its CDN" in sections["en"] and "servi par son CDN" in sections["fr"]
    compressed, full = build_site.FIRST_OPEN_MEGABYTES
    assert f"about {compressed} MB ({full} MB from a host that does not compress)" in sections["en"]
    assert f"environ {compressed} Mo ({full} Mo" in sections["fr"]
    # the tutorials keep their names as their headings write them, accents included
    assert ">05 · Scoring<" in sections["en"] and ">07 · Stratégie<" in sections["fr"]
    assert ">08 · Le moteur en Python<" in sections["fr"] and "decompte<" not in sections["fr"]
    assert '<link rel="icon" href="data:,">' in page  # no request for /favicon.ico, so no 404
    assert "the teacher's class page need a server (./run dashboard)" in html.unescape(sections["en"])
    assert "page de la classe de l'enseignant, il faut un serveur" in html.unescape(sections["fr"])
    assert "class.ipynb" not in page and "/class" not in page
    for lang, section in sections.items():
        paths = [
            urllib.parse.unquote(path) for path in re.findall(r'href="notebooks/index\.html\?path=([^"]+)"', section)
        ]
        assert all((tmp_path / path).is_file() for path in paths), paths  # every notebook link is on the site
        tutorials = [path for path in paths if path.startswith("tutorials/")]
        assert tutorials[0] == ("tutorials/01-the-board.ipynb" if lang == "en" else "tutorials/fr/01-le-plateau.ipynb")
        # "all of them" / « tous » lead to the list of every tutorial of the language, on this page
        folder = "tutorials" if lang == "en" else "tutorials/fr"
        assert f'<a href="#tutorials-{lang}">' in section and f'<ol id="tutorials-{lang}">' in section
        listed = sorted(f"{folder}/{path.name}" for path in (ROOT / folder).glob("*.ipynb"))
        assert tutorials[1:] == listed
    assert "tree/index.html" not in page  # JupyterLite's apps cannot open a folder from a link
    # the Practise page, in the section's language; the learner's rules from the browser's record, said in each
    assert "Practise</b></a>: a case of the rule you most need" in html.unescape(sections["en"])
    assert "S'entraîner</b></a>" in html.unescape(sections["fr"])
    for lang, section in sections.items():
        assert f'href="voici/render/practise.html?lang={lang}"' in section
        assert (tmp_path / "practise.ipynb").is_file()  # which Voici renders as voici/render/practise.html
    assert "open the Practise page or a tutorial to see your rules here" in html.unescape(sections["en"])
    assert "ouvrez la page S'entraîner ou un tutoriel" in html.unescape(sections["fr"])
    assert 'localStorage.getItem("aton-record")' in page and 'localStorage.getItem("aton-record-rules")' in page


def test_only_a_test_build_exposes_the_application_to_the_page() -> None:
    published = build_site.lite_config(local=False)["jupyter-config-data"]
    assert "exposeAppInBrowser" not in published
    assert build_site.lite_config(local=True, test_hooks=True)["jupyter-config-data"]["exposeAppInBrowser"] is True


def test_the_dashboard_notebook_announces_that_its_cells_run(tmp_path: Path) -> None:
    build_site.contents(tmp_path)
    dashboard = json.loads((tmp_path / "aton.ipynb").read_text(encoding="utf-8"))
    first = dashboard["cells"][0]
    assert first["id"] == "aton-site-progress" and first["metadata"]["jupyter"]["source_hidden"]
    assert f'BroadcastChannel.new("{build_site.PROGRESS_CHANNEL}").postMessage("board")' in "".join(first["source"])
    # the Practise page too, with its own last step ("Opening the page", not "Drawing the board")
    practise = json.loads((tmp_path / "practise.ipynb").read_text(encoding="utf-8"))
    first = practise["cells"][0]
    assert first["id"] == "aton-site-progress" and first["metadata"]["jupyter"]["source_hidden"]
    assert f'BroadcastChannel.new("{build_site.PROGRESS_CHANNEL}").postMessage("page")' in "".join(first["source"])
    assert "practise_page()" in "".join(practise["cells"][1]["source"])  # the page itself follows
    lab = json.loads((tmp_path / "simulation-lab.ipynb").read_text(encoding="utf-8"))
    assert all(cell.get("id") != "aton-site-progress" for cell in lab["cells"])


def test_a_slim_wheel_keeps_the_bytecode_where_python_finds_it_without_sources(tmp_path: Path) -> None:
    wheel = make_wheel(
        tmp_path / "in",
        "pygments",
        "2.19.1",
        [],
        {
            "pygments/__init__.py": "",
            "pygments/__pycache__/__init__.cpython-313.pyc": "bytecode",
            "pygments/lexers/__init__.py": "",
            "pygments/lexers/python.py": "",
            "pygments/lexers/__pycache__/python.cpython-313.pyc": "bytecode",
            "pygments/lexers/lisp.py": "",
            "pygments/lexers/__pycache__/lisp.cpython-313.pyc": "bytecode",
            "pygments/data.txt": "no bytecode: stays",
        },
    )
    slim = build_site.slim_wheel(wheel, tmp_path / "out")
    with zipfile.ZipFile(slim) as archive:
        names = set(archive.namelist())
    assert {"pygments/__init__.pyc", "pygments/lexers/python.pyc", "pygments/data.txt"} <= names
    assert "pygments/lexers/__init__.py" in names  # no bytecode: the source stays
    assert not {"pygments/__init__.py", "pygments/lexers/python.py"} & names
    assert not any("lisp" in name or "__pycache__" in name for name in names)
    assert build_site.slim_wheel(wheel, tmp_path / "again").read_bytes() == slim.read_bytes()  # the same name


def test_the_dashboard_lock_has_stand_ins_and_only_what_the_dashboard_loads(tmp_path: Path) -> None:
    out = tmp_path / "site"
    pypi = out / "pypi"
    kernel = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    make_wheel(pypi, "aton", "0.1.0", ["babel==2.19.0"], {"aton/__init__.py": ""})
    make_wheel(pypi, "ipycanvas", "0.14.3", ["ipywidgets>=7.6", "numpy", "pillow"], {})
    make_wheel(pypi, "ipywidgets", "8.1.9", ["comm>=0.1.3"], {})
    make_wheel(pypi, "jedi", "0.20.1", ["parso>=0.8"], {"jedi/__init__.py": ""})
    make_wheel(pypi, "parso", "0.8.7", [], {"parso/__init__.py": ""})
    make_wheel(pypi, "babel", "2.19.0", [], {"babel/__init__.py": ""})
    for name in ("piplite", "pyodide_kernel", "ipykernel", "comm"):
        make_wheel(kernel, name, "1.0", [], {f"{name}/__init__.py": ""})
    folder = out / "static" / "pyodide"
    pyodide: dict[str, Any] = {"info": {"version": "0.29.0"}, "packages": {}}
    for name, depends in {
        "micropip": [],
        "sqlite3": [],
        "ipython": ["traitlets"],
        "traitlets": [],
        "numpy": [],
        "pillow": [],
        "matplotlib": ["numpy"],
        "matplotlib-inline": ["matplotlib", "traitlets"],
    }.items():
        wheel = make_wheel(folder, name, "1", [], {f"{name}/__init__.py": ""})
        pyodide["packages"][name] = {
            "name": name,
            "version": "1",
            "file_name": wheel.name,
            "depends": depends,
            "imports": [name],
            "sha256": build_site.sha256(wheel),
        }
    lock = build_site.site_lock(out, pyodide, "../pyodide/")
    assert lock["packages"]["matplotlib-inline"]["depends"] == ["traitlets"]  # matplotlib only when used
    dashboard = build_site.dashboard_lock(out, lock)["packages"]
    assert "matplotlib" not in dashboard and "parso" not in dashboard and "matplotlib-inline" not in dashboard
    assert {"aton", "babel", "ipython", "traitlets", "numpy", "pillow", "jedi", "sqlite3"} <= set(dashboard)
    lock_dir = out / "static" / "aton"
    for name in ("numpy", "pillow", "jedi", "sqlite3"):
        with zipfile.ZipFile(lock_dir / dashboard[name]["file_name"]) as archive:
            metadata = archive.read(f"{name}-{dashboard[name]['version']}.dist-info/METADATA").decode()
            assert "Summary: a stand-in on the static site" in metadata, name
    assert dashboard["jedi"]["depends"] == []
    for entry in dashboard.values():
        assert build_site.sha256(lock_dir / entry["file_name"]) == entry["sha256"]

    path = build_site.versioned_lock(out, {**lock, "packages": dashboard})
    assert path.startswith("versioned/") and path.endswith("/pyodide-lock.json")
    written = json.loads((out / path).read_text(encoding="utf-8"))["packages"]
    for entry in written.values():
        wheel = (out / path).parent / entry["file_name"]
        assert entry["file_name"].startswith("../") and build_site.sha256(wheel) == entry["sha256"]
        assert wheel.resolve().parent.name == entry["sha256"][:16]  # each file named by its content
    assert build_site.versioned_lock(out, {**lock, "packages": dashboard}) == path  # the same lock, the same name


def test_hosts_get_cache_rules_by_folder_and_gzip_copies(tmp_path: Path) -> None:
    (tmp_path / "versioned" / "abc").mkdir(parents=True)
    (tmp_path / "versioned" / "abc" / "pyodide-lock.json").write_text("{}" * 2000)
    (tmp_path / "voici").mkdir()
    (tmp_path / "voici" / "page.html").write_text("<p>Aton</p>" * 500)
    (tmp_path / "index.html").write_text("<p>small</p>")
    (tmp_path / "site.whl").write_bytes(bytes(range(256)) * 40)
    build_site.host_files(tmp_path)
    sys.path.insert(0, str(ROOT / "scripts"))
    import serve_site  # a script, not a package

    rules = serve_site.read_headers(tmp_path)
    assert serve_site.headers_for(rules, "/versioned/abc/pyodide-lock.json") == {
        "Cache-Control": "public, max-age=31536000, immutable"
    }
    for path in ("/", "/index.html", "/voici/page.html", "/site.whl"):
        assert serve_site.headers_for(rules, path) == {"Cache-Control": "no-cache"}, path
    assert (tmp_path / "voici" / "page.html.gz").is_file() and (
        tmp_path / "versioned" / "abc" / "pyodide-lock.json.gz"
    ).is_file()
    assert not (tmp_path / "index.html.gz").exists()  # too small to be worth it
    assert not (tmp_path / "site.whl.gz").exists()  # a wheel is compressed already


def test_every_link_inside_every_served_notebook_leads_to_a_file_of_the_site(tmp_path: Path) -> None:
    """Tutorials 06-08 link the dashboard and the lab, the lab the bots' ladder: on the site too."""
    build_site.contents(tmp_path)
    checked = 0
    for path in sorted(tmp_path.rglob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for _, target in build_site.MARKDOWN_LINK.findall("".join(cell["source"])):
                if not build_site.relative_link(target):
                    continue
                file = (path.parent / urllib.parse.unquote(target.partition("#")[0])).resolve()
                assert file.is_file() and file.is_relative_to(tmp_path.resolve()), (path, target)
                checked += 1
    assert checked >= 30  # the tutorials' "previous / next" links and the seven to the dashboard, the lab, the docs
    # the repository's notebooks keep their own links, which work in JupyterLab from the repository
    tutorial = (ROOT / "tutorials" / "fr" / "06-comment-gagner.ipynb").read_text(encoding="utf-8")
    assert "../../notebooks/aton.ipynb" in tutorial
    served = (tmp_path / "tutorials" / "fr" / "06-comment-gagner.ipynb").read_text(encoding="utf-8")
    assert "](../../aton.ipynb)" in served and "notebooks/aton.ipynb)" not in served


def test_a_link_to_a_file_the_site_does_not_hold_stops_the_build() -> None:
    places = {"tutorials/01-the-board.ipynb": "tutorials/01-the-board.ipynb"}
    text = "See [the board](01-the-board.ipynb#top) and [the web](https://example.org/x.md)."
    moved = build_site.site_links(text, "tutorials/02-a-round.ipynb", "tutorials/02-a-round.ipynb", places)
    assert moved == text
    with pytest.raises(SystemExit, match=r"links to \.\./docs/rules\.md"):
        build_site.site_links("[rules](../docs/rules.md)", "tutorials/02-a-round.ipynb", "x/02.ipynb", places)


def test_every_served_notebook_carries_its_version_which_changes_with_its_text(tmp_path: Path) -> None:
    versions = build_site.contents(tmp_path / "one")
    assert len(versions) == len(list((tmp_path / "one").rglob("*.ipynb")))
    for path, version in versions.items():
        notebook = json.loads((tmp_path / "one" / path).read_text(encoding="utf-8"))
        assert notebook["metadata"]["aton"] == {"site_version": version}, path
    assert versions == build_site.contents(tmp_path / "two")  # the same text, the same version
    source = ROOT / "tutorials" / "01-the-board.ipynb"
    changed = tmp_path / "01-the-board.ipynb"
    changed.write_text(source.read_text(encoding="utf-8").replace("The board", "The board (2)", 1), encoding="utf-8")
    assert build_site.site_notebook(changed, tmp_path / "out.ipynb") != versions["tutorials/01-the-board.ipynb"]
