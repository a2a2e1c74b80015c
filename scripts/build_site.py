"""Build the static site: the dashboard as a Voici app, the tutorials and the simulation lab in JupyterLite.

    python scripts/build_site.py [--out site] [--pyodide cdn|local] [--stand-ins DIR] [--test-hooks]

Every student's Python then runs in their own browser (Pyodide, Python compiled to WebAssembly); the
output folder is plain files for any web host.  What the build does:

- copies the notebooks (``notebooks/aton.ipynb`` becomes the Voici app, and ``notebooks/practise.ipynb`` the
  Practise page beside it; the tutorials, English and French, the simulation lab and the widget gallery open
  in JupyterLite); a notebook that needs a
  package the kernel does not load at start (the lab's matplotlib) gets a first, hidden cell that
  installs it, so the reader has nothing to install;
- builds the project's wheel from a copy of the tree and puts it, with the pure-Python wheels the
  widgets need (``ipywidgets``, ``ipycanvas``, ``jupyterlab_widgets``, ``comm``, ``jedi``, ``parso``),
  in the site's own package index;
- writes the site's own Pyodide locks (Pyodide's packages and the site's wheels), from which the kernel
  loads everything a page needs in one parallel step as Python starts: one for the notebooks, and a
  lighter one for the dashboard's page (stand-ins for numpy, Pillow, sqlite3 and jedi, which nobody
  needs where no code is typed; bytecode without sources; pygments' Python lexer only);
- names every file of those locks by its content (``versioned/<hash>/``) and writes ``_headers`` (cache
  rules) and gzip copies (``*.gz``) for hosts that use them: a returning student gets a new build at
  once, and a host may keep the versioned files for ever;
- chooses where Pyodide comes from (``--pyodide`` or the ``ATON_PYODIDE`` environment variable):
  ``cdn`` (default) loads it from the Pyodide CDN when the page opens, for a public host; ``local``
  assembles a self-hosted copy from the registries (the npm package ``pyodide`` and the pure-Python
  wheels of its lock from PyPI, whose ``sha256`` are rewritten), for a school network without outside
  access.  The WebAssembly builds of numpy, Pillow, sqlite3 and matplotlib exist only on the Pyodide
  CDN: where it cannot be reached, the build says so, uses stand-ins for the first three and says what
  the site then misses (``NO_OTHER_SOURCE``);
- adds a loading line to the dashboard's page, the Practise page and JupyterLite's notebook pages (the
  tutorials, the lab, JupyterLab) (``scripts/site_progress.js``: the bytes downloaded, Python starting,
  packages loading, the board drawing, the page opening or the notebook's Python ready; what failed and what
  to try, with a retry button), and writes a front page (``index.html``, :mod:`aton.serving.site_page`,
  with the Practise page and the learner's rules read from the browser), both in every language of the
  catalogs.

``--stand-ins DIR`` (tests only) takes stand-ins from ``DIR/<import name>/`` even where the CDN can be
reached.  ``--test-hooks`` (tests only) lets the browser tests drive JupyterLite's notebooks
(``window.jupyterapp``; the dashboard's page never has it); never publish such a build.  Downloads and
compiled files are cached in ``.cache/site/`` (ignored by git).
"""

from __future__ import annotations

import argparse
import base64
import email.parser
import gzip
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.version import Version

from aton.i18n import languages
from aton.serving.loading import site_progress_words, site_update_words
from aton.serving.site_page import front_page_html, tutorial_folder

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "site"
WHEELS = CACHE / "wheels"
COMPILED = CACHE / "compiled"
"""Wheels and standard libraries compiled for the browser, by the SHA-256 of what they were compiled from."""

DASHBOARD = "notebooks/aton.ipynb"
PRACTISE = "notebooks/practise.ipynb"
"""The Practise page: a Voici page like the dashboard, its record kept in the browser (``aton/apps/learner/``)."""
LAB = "notebooks/simulation-lab.ipynb"
GALLERY = "notebooks/widgets.ipynb"
WIDGET_WHEELS = ("ipywidgets", "ipycanvas", "jupyterlab_widgets", "comm", "jedi", "parso")
"""Pure-Python wheels the notebooks need beyond Pyodide's own packages, at the build environment's versions
(so the widgets' Python side matches the front-end extensions the build bundles)."""

STAND_INS = ROOT / "scripts" / "site_standins"
"""Small pure-Python stand-ins (``<import name>/``) for packages the dashboard's page does without: see below."""
STAND_IN_FOR = {"numpy": "numpy", "pillow": "PIL", "sqlite3": "sqlite3", "jedi": "jedi"}
"""Package (as in Pyodide's lock) -> the stand-in's folder in ``STAND_INS``."""
NO_OTHER_SOURCE = {
    "numpy": "the board, the bots and the tutorials' boards work (ipycanvas packs its drawings with the stand-in); "
    "notebook code of your own cannot use numpy arrays",
    "pillow": "no pictures from files on a canvas",
    "sqlite3": "no IPython command history",
    "matplotlib": "no plots in the simulation lab (it plays and reports its games, a note where each plot would be)",
}
"""Packages whose WebAssembly build only the Pyodide CDN has, and what a site built without the CDN misses."""
ROOTS = ("micropip", "ipython", "traitlets", "packaging", "numpy", "pillow", "matplotlib", "sqlite3")
"""What the kernel and the notebooks load from Pyodide's lock; everything they depend on comes too."""

INSTALL_CELL_ID = "aton-site-install"

KERNEL_PACKAGES = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")
"""What the Pyodide kernel installs for itself when it starts, unless its settings load them with Pyodide."""
PRELOADED = (*KERNEL_PACKAGES, "aton", "ipywidgets", "ipycanvas")
"""What every page's kernel loads as Python starts: the kernel's own packages, the project and the widgets."""
SITE_LOCK = "static/aton/pyodide-lock.json"
"""The site's Pyodide lock, in the site: Pyodide's packages and the site's own wheels."""
SITE_STDLIB = "static/aton/python_stdlib.zip"
"""Pyodide's standard library with its bytecode, in the site (Pyodide's own has the sources only)."""


def log(message: str) -> None:
    """Say what the build does, on standard error."""
    print(f"build_site: {message}", file=sys.stderr, flush=True)


def normalize(name: str) -> str:
    """A package name as the registries compare them (``Prompt_Toolkit`` -> ``prompt-toolkit``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    """The file's SHA-256, as hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_version() -> str:
    """The Pyodide release the installed JupyterLite kernel is made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


# ----------------------------------------------------------------- wheels
def project_wheel(dest: Path) -> Path:
    """Build the project's wheel from a copy of the tree (building in place would write into the checkout)."""
    skip = shutil.ignore_patterns(".venv", ".cache", "site", "build", "dist", "*.egg-info", "__pycache__", ".git*")
    with tempfile.TemporaryDirectory(prefix="aton-wheel-") as tmp:
        tree = Path(tmp) / "aton"
        shutil.copytree(ROOT, tree, ignore=skip)
        out = Path(tmp) / "out"
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(tree)],
            check=True,
        )
        (wheel,) = out.glob("aton-*.whl")
        dest.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheel, dest / wheel.name))


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    """A wheel of ``name`` at ``version`` already in ``folder``, if any."""
    for wheel in folder.glob("*.whl"):
        parts = wheel.name.split("-")
        if normalize(parts[0]) == normalize(name) and parts[1] == version:
            return wheel
    return None


def download(requirements: Iterable[tuple[str, str]]) -> dict[str, Path]:
    """Pure-Python wheels (``name``, ``version``) from PyPI, cached in ``.cache/site/wheels``."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    wanted = list(requirements)
    missing = [f"{name}=={version}" for name, version in wanted if find_wheel(WHEELS, name, version) is None]
    if missing:
        log(f"downloading {len(missing)} wheels from PyPI")
        pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:"]
        subprocess.run(
            [*pip, "--python-version", "3.13", "--implementation", "py", "--dest", str(WHEELS), *missing], check=True
        )
    found: dict[str, Path] = {}
    for name, version in wanted:
        wheel = find_wheel(WHEELS, name, version)
        if wheel is None:
            raise SystemExit(f"build_site: PyPI has no pure-Python wheel of {name} {version}")
        found[normalize(name)] = wheel
    return found


def runtime_pins() -> list[tuple[str, str]]:
    """The project's own dependencies (``name==version`` in ``pyproject.toml``): pure-Python wheels it needs."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [tuple(pin.split("==", 1)) for pin in project.get("dependencies", [])]  # type: ignore[misc]


def stand_in_wheel(source: Path, name: str, version: str, dest: Path) -> Path:
    """A wheel of the stand-in package in ``source`` (``STAND_INS``), named like the package it replaces."""
    dist = f"{re.sub(r'[-.]+', '_', name)}-{version}"
    path = dest / f"{dist}-py3-none-any.whl"
    files: dict[str, bytes] = {}
    for file in sorted(source.rglob("*.py")):
        files[f"{source.name}/{file.relative_to(source).as_posix()}"] = file.read_bytes()
    files[f"{dist}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        "Summary: a stand-in on the static site, not the real package\n"
    ).encode()
    files[f"{dist}.dist-info/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = []
    for file_name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{file_name},sha256={digest},{len(data)}")
    record.append(f"{dist}.dist-info/RECORD,,")
    files[f"{dist}.dist-info/RECORD"] = ("\n".join(record) + "\n").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for file_name, data in files.items():
            archive.writestr(zipfile.ZipInfo(file_name, (2020, 1, 1, 0, 0, 0)), data)
    return path


# ----------------------------------------------------------------- Pyodide
def npm_pack(package: str, version: str) -> Path:
    """The npm package ``package`` at ``version``, as a tarball cached in ``.cache/site``."""
    tarball = CACHE / f"{package.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.exists():
        log(f"downloading {package} {version} from npm")
        CACHE.mkdir(parents=True, exist_ok=True)
        command = ["npm", "pack", f"{package}@{version}", "--silent", "--cache", str(CACHE / "npm-cache")]
        subprocess.run([*command, "--pack-destination", str(CACHE)], check=True, stdout=subprocess.DEVNULL)
    return tarball


def npm_pyodide(version: str) -> Path:
    """The npm package ``pyodide`` at ``version``, as a cached tarball."""
    return npm_pack("pyodide", version)


def extract_pyodide(version: str, dest: Path) -> dict[str, Any]:
    """Unpack Pyodide's core files into ``dest``; return its lock."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(npm_pyodide(version)) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and "/" not in name and not name.endswith((".map", ".d.ts", ".html", ".md")):
                source = archive.extractfile(member)
                assert source is not None  # a regular file always has a stream
                (dest / name).write_bytes(source.read())
    lock: dict[str, Any] = json.loads((dest / "pyodide-lock.json").read_text(encoding="utf-8"))
    return lock


def from_cdn(version: str, file_name: str, expected: str, dest: Path) -> Path | None:
    """A file of Pyodide's CDN, checked against the lock's hash (cached), or ``None`` when unreachable."""
    cached = CACHE / "cdn" / version / file_name
    if not cached.exists():
        url = f"https://cdn.jsdelivr.net/pyodide/v{version}/full/{file_name}"
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                data = response.read()
        except OSError as error:
            log(f"cannot download {file_name} from the Pyodide CDN ({error})")
            return None
        if hashlib.sha256(data).hexdigest() != expected:
            raise SystemExit(f"build_site: {url} does not match the hash in Pyodide's lock")
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(data)
    return Path(shutil.copy2(cached, dest / file_name))


def node_pyodide() -> Path:
    """Pyodide's core files, unpacked once into the cache, for running the browser's Python under Node."""
    folder = CACHE / f"node-pyodide-core-{pyodide_version()}"
    if not (folder / "pyodide.mjs").exists():
        extract_pyodide(pyodide_version(), folder)
    return folder


def unused_files(wheel: Path) -> list[str]:
    """The files of ``wheel`` the site never reads, left out of its copy on the site.

    - Babel ships the data of every locale of the world (1,100 files, 30 MB unpacked); the pages
      format numbers and lists in the project's languages only.
    - jedi (the notebooks' completions) ships typeshed's stubs for 4,300 files of third-party
      libraries, none of them on the site; unpacking them took 1.2 s of every page's start.  Its
      standard-library stubs stay.
    """
    name = wheel.name.split("-")[0].lower()
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    if name == "babel":
        from aton.i18n import languages

        kept = {f"babel/locale-data/{lang}.dat" for lang in ("root", *languages())}
        return [n for n in names if n.startswith("babel/locale-data/") and n not in kept]
    if name == "jedi":
        return [n for n in names if n.startswith("jedi/third_party/typeshed/stubs/")]
    return []


def precompile(wheels: list[Path]) -> None:
    """Add the browser's bytecode to pure-Python ``wheels``, in place: a page then imports without compiling.

    Python in the browser compiles every module it imports from source when a wheel has no bytecode
    (IPython alone took 2.5 s); the bytecode must come from the same Python (Pyodide's 3.13), so
    Pyodide compiles it, under Node.  Files the site never reads are left out on the way.  A wheel
    compiled before (the same SHA-256) comes from the cache (``COMPILED``): a rebuild compiles only
    what changed.
    """
    todo = []
    for wheel in wheels:
        cached = COMPILED / sha256(wheel) / wheel.name
        if cached.is_file():
            shutil.copy2(cached, wheel)
        else:
            todo.append((wheel, cached))
    if not todo:
        return
    with tempfile.TemporaryDirectory(prefix="aton-pyc-") as tmp:
        folders = []
        for number, (wheel, _cached) in enumerate(todo):
            folder = Path(tmp) / str(number)
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(folder)
            for name in unused_files(wheel):
                (folder / name).unlink()
            folders.append(folder)
        script = ROOT / "scripts" / "compile_wheels.mjs"
        subprocess.run(["node", str(script), str(node_pyodide()), tmp], check=True)
        for (wheel, cached), folder in zip(todo, folders, strict=True):
            repack(folder, wheel)
            cached.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(wheel, cached)


PROGRESS_CHANNEL = "aton-site-progress"
"""The ``BroadcastChannel`` on which Python in the page's worker tells the page's loading line where it is."""
SITECUSTOMIZE = f'''"""Tell the page's loading line that Python runs and now loads its packages (the static site only).

Python imports this module as it starts, before the ``js`` module exists; the first import after that
posts "packages" on the page's BroadcastChannel, then this hook removes itself.
"""

import sys


class _Announce:
    busy = False

    def find_spec(self, name, path=None, target=None):
        if self.busy:
            return None
        self.busy = True
        try:
            import js
        except ImportError:
            return None
        finally:
            self.busy = False
        sys.meta_path.remove(self)
        try:
            js.BroadcastChannel.new("{PROGRESS_CHANNEL}").postMessage("packages")
        except Exception:
            pass  # no BroadcastChannel here: the line then goes on from what the page sees
        return None


sys.meta_path.insert(0, _Announce())
'''
"""Added to the site's standard library: the moment Python is up is not visible from the page otherwise."""


def compiled_stdlib(out: Path) -> Path:
    """Write Pyodide's standard library with the browser's bytecode into the site (``SITE_STDLIB``); return it.

    Pyodide ships its standard library as sources in a zip file, so a page compiled every module
    it imported from there (150 modules, about a second, for the kernel alone).  The bytecode sits
    beside each module, where the zip importer finds it.  It gains ``sitecustomize`` (``SITECUSTOMIZE``).
    Compiled once per Pyodide release and ``SITECUSTOMIZE`` (``COMPILED``).
    """
    source = node_pyodide() / "python_stdlib.zip"
    key = hashlib.sha256(source.read_bytes() + SITECUSTOMIZE.encode()).hexdigest()
    cached = COMPILED / key / "python_stdlib.zip"
    target = out / SITE_STDLIB
    target.parent.mkdir(parents=True, exist_ok=True)
    if not cached.is_file():
        script = ROOT / "scripts" / "compile_wheels.mjs"
        with tempfile.TemporaryDirectory(prefix="aton-stdlib-") as tmp:
            with zipfile.ZipFile(source) as archive:
                archive.extractall(tmp)
            (Path(tmp) / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
            subprocess.run(["node", str(script), str(node_pyodide()), tmp, "--stdlib"], check=True)
            cached.parent.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(cached, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in sorted(Path(tmp).rglob("*")):  # folders too, as in Pyodide's own zip
                    archive.write(path, path.relative_to(tmp).as_posix())
    return Path(shutil.copy2(cached, target))


def without_sources(stdlib: Path, dest: Path) -> Path:
    """A copy of the compiled standard library ``stdlib`` without the sources of compiled modules, at ``dest``.

    The dashboard's page imports the bytecode only; the sources are 2.4 MB of the download (tracebacks of
    the standard library then show no source lines, which nobody reads on the dashboard).
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as target:
        names = set(source.namelist())
        for info in source.infolist():
            if info.filename.endswith(".py") and info.filename[:-3] + ".pyc" in names:
                continue
            target.writestr(info, source.read(info))
    return dest


def repack(folder: Path, wheel: Path) -> None:
    """Zip the unpacked wheel in ``folder`` back into ``wheel``, its ``RECORD`` listing every file."""
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    (record,) = [path for path in files if path.parent.name.endswith(".dist-info") and path.name == "RECORD"]
    lines = []
    for path in files:
        name = path.relative_to(folder).as_posix()
        if path == record:
            lines.append(f"{name},,")
            continue
        data = path.read_bytes()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{name},sha256={digest},{len(data)}")
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:  # a fixed date: the same files make the same wheel, under the same versioned name
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), (2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)


def closure(packages: dict[str, Any], roots: Iterable[str]) -> list[str]:
    """The names of ``roots`` in Pyodide's lock and of everything they depend on."""
    wanted: list[str] = []
    pending = [normalize(n) for n in roots]
    while pending:
        name = pending.pop()
        if name in wanted or name not in packages:
            continue
        wanted.append(name)
        pending.extend(normalize(d) for d in packages[name]["depends"])
    return wanted


def self_hosted_pyodide(dest: Path, roots: Iterable[str] = ROOTS, stand_ins: Path | None = None) -> list[str]:
    """Assemble Pyodide in ``dest`` from the registries, with ``roots`` and what they need from its lock.

    Packages with a WebAssembly build only on the Pyodide CDN (``NO_OTHER_SOURCE``) come from there when it
    can be reached; otherwise a stand-in (``STAND_INS``) takes the place of those that have one, and the
    others are left out.  The build says which, and what the site then misses.  ``stand_ins`` (tests) takes
    stand-ins from that folder even where the CDN can be reached.  Returns the names of the packages left
    out or replaced by a stand-in.
    """
    version = pyodide_version()
    lock = extract_pyodide(version, dest)
    packages: dict[str, Any] = lock["packages"]
    wanted = closure(packages, roots)
    pure = [n for n in wanted if packages[n]["file_name"].endswith("-none-any.whl")]
    wheels = download((packages[n]["name"], packages[n]["version"]) for n in pure)
    kept: dict[str, Any] = {}
    compiled: list[Path] = []
    cdn_reachable = True
    replaced: list[str] = []
    for name in wanted:
        entry = dict(packages[name])
        wheel: Path | None = None
        folder = STAND_IN_FOR.get(name)
        if name in wheels:
            wheel = Path(shutil.copy2(wheels[name], dest / wheels[name].name))
            compiled.append(wheel)
        elif stand_ins is not None and folder is not None and (stand_ins / folder).is_dir():
            wheel = stand_in_wheel(stand_ins / folder, entry["name"], entry["version"], dest)
            replaced.append(name)
        elif cdn_reachable:
            wheel = from_cdn(version, entry["file_name"], entry["sha256"], dest)
            cdn_reachable = wheel is not None
        if wheel is None and folder is not None and name != "jedi":
            wheel = stand_in_wheel(STAND_INS / folder, entry["name"], entry["version"], dest)
            replaced.append(name)
        if wheel is None:
            continue
        kept[name] = {**entry, "file_name": wheel.name}
    precompile(compiled)
    for entry in kept.values():
        entry["sha256"] = sha256(dest / entry["file_name"])
    left_out = sorted(set(wanted) - set(kept))
    for name in sorted({*replaced, *left_out} & set(NO_OTHER_SOURCE)):
        how = "a small stand-in instead" if name in replaced else "left out"
        log(f"{packages[name]['name']}: no WebAssembly build but the Pyodide CDN's; {how}: {NO_OTHER_SOURCE[name]}")
    others = sorted(set(left_out) - set(NO_OTHER_SOURCE))
    if others:
        log(f"also left out (needed only by the packages above): {', '.join(others)}")
    for entry in kept.values():
        entry["depends"] = [d for d in entry["depends"] if normalize(d) in kept]
    lock["packages"] = kept
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted({*left_out, *replaced})


# ----------------------------------------------------------------- the site's lock
BROWSER_MARKERS = {"python_version": "3.13", "sys_platform": "emscripten", "platform_system": "Emscripten"}
"""What a requirement's environment marker sees in the browser (Pyodide's Python)."""


def wheel_entry(wheel: Path, file_name: str) -> dict[str, Any]:
    """A Pyodide lock entry for a pure-Python wheel, found at ``file_name`` (relative to the lock)."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1]
        headers = email.parser.Parser().parsestr(archive.read(meta).decode("utf-8"), headersonly=True)
    depends = []
    for line in headers.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({**BROWSER_MARKERS, "extra": ""}):
            depends.append(normalize(requirement.name))
    imports = sorted(
        {
            name.split("/")[0].removesuffix(".py")
            for name in names
            if not name.split("/")[0].endswith((".dist-info", ".data")) and name.endswith(".py")
        }
    )
    return {
        "name": headers["Name"],
        "version": headers["Version"],
        "file_name": file_name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


def site_wheels(out: Path) -> list[Path]:
    """The wheels of the site's package indexes (its own and the kernel's), newest release of each name."""
    newest: dict[str, tuple[Version, Path]] = {}
    for wheel in sorted(out.glob("pypi/*.whl")) + sorted(out.glob("extensions/*/*/static/pypi/*.whl")):
        name, version = wheel.name.split("-")[:2]
        key = normalize(name)
        if key not in newest or Version(version) > newest[key][0]:
            newest[key] = (Version(version), wheel)
    return [wheel for _, wheel in newest.values()]


def pyodide_lock(out: Path, local: bool) -> tuple[dict[str, Any], str]:
    """Pyodide's lock as the site uses it, and where its files are, as seen from the site's lock."""
    if local:
        lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
        return lock, posixpath.relpath("static/pyodide", posixpath.dirname(SITE_LOCK)) + "/"
    with tarfile.open(npm_pyodide(pyodide_version())) as archive:
        member = archive.extractfile("package/pyodide-lock.json")
        assert member is not None  # the npm package always has its lock
        return json.loads(member.read()), cdn_base()


def is_url(file_name: str) -> bool:
    """Whether a lock's ``file_name`` is a full address (``https://...``) rather than a path beside the lock."""
    return re.match(r"^[a-z]+://", file_name) is not None


def cdn_base() -> str:
    """The address of Pyodide's files on its CDN, for the release the kernel is made for."""
    return f"https://cdn.jsdelivr.net/pyodide/v{pyodide_version()}/full/"


def site_lock(out: Path, pyodide: dict[str, Any], pyodide_files: str) -> dict[str, Any]:
    """Write the site's lock (``SITE_LOCK``) into the built site ``out``; return it.

    It holds every package of ``pyodide`` (Pyodide's lock), found under ``pyodide_files``, and the
    wheels of the site's indexes (the project, the widgets, the kernel's own), so the kernel can load
    them all with Pyodide as it starts.  Where both have a package (jedi), the site's wheel wins: it
    comes compiled and trimmed, from the site itself.
    """
    lock_dir = posixpath.dirname(SITE_LOCK)
    packages: dict[str, Any] = {}
    for key, entry in pyodide["packages"].items():
        file_name = entry["file_name"]
        packages[normalize(key)] = {**entry, "file_name": file_name if is_url(file_name) else pyodide_files + file_name}
    for wheel in site_wheels(out):
        where = posixpath.relpath(wheel.relative_to(out).as_posix(), lock_dir)
        packages[normalize(wheel.name.split("-")[0])] = wheel_entry(wheel, where)
    for key, entry in packages.items():
        entry["depends"] = [name for name in entry["depends"] if normalize(name) in packages]
        if key == "matplotlib-inline":  # IPython's display hook for matplotlib: it needs matplotlib only when used
            entry["depends"] = [name for name in entry["depends"] if normalize(name) != "matplotlib"]
    missing = [name for name in PRELOADED if normalize(name) not in packages]
    if missing:
        raise SystemExit(f"build_site: the site's lock has no {', '.join(missing)}")
    lock = {**pyodide, "packages": packages}
    target = out / SITE_LOCK
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return lock


# ----------------------------------------------------------------- the dashboard's own start
DASHBOARD_STAND_INS = ("numpy", "pillow", "sqlite3", "jedi")
"""What the dashboard's page loads as stand-ins (``STAND_INS``): nobody types code there, so it needs no
numpy arrays, no pictures from files, no command history and no code completion (4 to 6 MB less)."""
PYGMENTS_LEXERS = ("__init__", "_mapping", "python")
"""The pygments lexers the dashboard's Python uses: IPython highlights Python only (tracebacks, help)."""
VERSIONED = "versioned"
"""The site's folder of files named by their content (``versioned/<hash>/<name>``): a host may keep them for
ever, since a changed file gets a new address; everything that points at them is checked on every visit."""


def slim_wheel(wheel: Path, dest: Path) -> Path:
    """A copy of the compiled ``wheel`` in ``dest`` for the dashboard's page: its bytecode without the sources.

    Where a module has bytecode (``__pycache__/<module>.cpython-313.pyc``), the bytecode moves beside it as
    ``<module>.pyc`` (where Python finds it without the source) and the source goes: the dashboard's page
    downloads and unpacks 40% less of such a wheel.  Of pygments' 250 lexers, only ``PYGMENTS_LEXERS``
    stay (3 MB less).
    """
    with tempfile.TemporaryDirectory(prefix="aton-slim-") as tmp:
        folder = Path(tmp)
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder)
        for compiled in sorted(folder.rglob("__pycache__/*.pyc")):
            source = compiled.parent.parent / (compiled.name.split(".")[0] + ".py")
            if source.is_file():
                compiled.replace(source.with_suffix(".pyc"))
                source.unlink()
        for cache in sorted(folder.rglob("__pycache__"), reverse=True):
            if not any(cache.iterdir()):
                cache.rmdir()
        lexers = folder / "pygments" / "lexers"
        if lexers.is_dir():
            for path in lexers.iterdir():
                if path.is_file() and path.name.split(".")[0] not in PYGMENTS_LEXERS:
                    path.unlink()
        dest.mkdir(parents=True, exist_ok=True)
        target = dest / wheel.name
        repack(folder, target)
        return target


def dashboard_lock(out: Path, lock: dict[str, Any]) -> dict[str, Any]:
    """The dashboard page's own lock: what it loads as Python starts, lighter than the notebooks' ``lock``.

    Only the packages it loads (``PRELOADED`` and their dependencies); ``DASHBOARD_STAND_INS`` as stand-ins;
    the compiled wheels of the site without their sources (:func:`slim_wheel`).  Its wheels are written to
    ``static/aton/dashboard``; file names are relative to the site's lock, as in ``lock``.
    """
    lock_dir = out / posixpath.dirname(SITE_LOCK)
    dest = lock_dir / "dashboard"
    dest.mkdir(parents=True, exist_ok=True)
    packages: dict[str, Any] = {}
    for name, entry in lock["packages"].items():
        entry = dict(entry)
        if name in DASHBOARD_STAND_INS:
            wheel = stand_in_wheel(STAND_INS / STAND_IN_FOR[name], entry["name"], entry["version"], dest)
            entry["depends"] = []
        elif is_url(entry["file_name"]):
            packages[name] = entry
            continue
        else:
            wheel = (lock_dir / entry["file_name"]).resolve()
        entry["file_name"] = posixpath.relpath(wheel.as_posix(), lock_dir.resolve().as_posix())
        packages[name] = entry
    wanted = closure(packages, PRELOADED)
    kept = {name: packages[name] for name in wanted}
    from_pypi = [
        name
        for name, entry in kept.items()
        if is_url(entry["file_name"]) and entry["file_name"].endswith("-none-any.whl")
    ]
    if from_pypi:  # Pyodide's CDN has them as sources only: the same release from PyPI, compiled, on the site
        wheels = download((kept[name]["name"], kept[name]["version"]) for name in from_pypi)
        copies = {name: Path(shutil.copy2(wheels[name], dest / wheels[name].name)) for name in from_pypi}
        precompile(list(copies.values()))
        for name, wheel in copies.items():
            kept[name]["file_name"] = posixpath.relpath(wheel.as_posix(), lock_dir.resolve().as_posix())
    for name, entry in kept.items():
        file_name = entry["file_name"]
        if name in from_pypi or not (is_url(file_name) or name in DASHBOARD_STAND_INS):
            wheel = slim_wheel((lock_dir / file_name).resolve(), dest)
            entry["file_name"] = posixpath.relpath(wheel.as_posix(), lock_dir.resolve().as_posix())
        if not is_url(entry["file_name"]):
            entry["sha256"] = sha256(lock_dir / entry["file_name"])
    return {**lock, "packages": kept}


def versioned(out: Path, source: Path) -> str:
    """Copy ``source`` to ``versioned/<hash of its content>/<its name>`` in the site; return that path."""
    path = f"{VERSIONED}/{sha256(source)[:16]}/{source.name}"
    target = out / path
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    return path


def versioned_lock(out: Path, lock: dict[str, Any]) -> str:
    """Write ``lock`` (file names relative to ``SITE_LOCK``) and its files under ``versioned/``; return its path.

    Pyodide checks each file against the lock's hash: a browser that kept an older file under the same
    name would fail to start, so every file the lock names gets an address of its own content.
    """
    lock_dir = out / posixpath.dirname(SITE_LOCK)
    packages = {}
    for name, entry in lock["packages"].items():
        file_name = entry["file_name"]
        if not is_url(file_name):
            file_name = "../" + versioned(out, (lock_dir / file_name).resolve()).split("/", 1)[1]
        packages[name] = {**entry, "file_name": file_name}
    text = json.dumps({**lock, "packages": packages}, indent=1)
    path = f"{VERSIONED}/{hashlib.sha256(text.encode()).hexdigest()[:16]}/pyodide-lock.json"
    (out / path).parent.mkdir(parents=True, exist_ok=True)
    (out / path).write_text(text, encoding="utf-8")
    return path


# ----------------------------------------------------------------- notebooks
def install_cell(packages: list[str]) -> dict[str, Any]:
    """The hidden first cell that loads the packages a notebook needs beyond what the kernel loads at start."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": INSTALL_CELL_ID,
        "metadata": {"jupyter": {"source_hidden": True}, "tags": ["site-install"]},
        "outputs": [],
        "source": [
            f"# Loads {', '.join(packages)} into this browser tab (nothing is installed on your computer).\n",
            f"%pip install -q {' '.join(packages)}",
        ],
    }


MARKDOWN_LINK = re.compile(r'(\]\(|href=")([^)"\s]+)')
"""A link in a markdown cell: ``[text](target)`` or ``href="target"``."""


def relative_link(target: str) -> bool:
    """Whether ``target`` names a file beside the notebook (not an address, an anchor or a root path)."""
    return not (is_url(target) or target.startswith(("#", "/", "mailto:", "data:")))


def site_links(text: str, source: str, dest: str, places: dict[str, str]) -> str:
    """``text`` (a markdown cell of the notebook at ``source`` in the repository, ``dest`` on the site) with
    its links to the repository's files pointed at their place on the site (``places``: repository path ->
    site path).  A link to a file the site does not hold stops the build: on the site it would do nothing.
    """

    def where(match: re.Match[str]) -> str:
        target = match.group(2)
        if not relative_link(target):
            return match.group(0)
        path, hash_mark, fragment = target.partition("#")
        wanted = posixpath.normpath(posixpath.join(posixpath.dirname(source), urllib.parse.unquote(path)))
        if wanted not in places:
            raise SystemExit(f"build_site: {source} links to {target}, which is not on the site")
        moved = posixpath.relpath(places[wanted], posixpath.dirname(dest) or ".")
        return match.group(1) + urllib.parse.quote(moved) + hash_mark + fragment

    return MARKDOWN_LINK.sub(where, text)


def site_notebook(
    source: Path,
    dest: Path,
    missing: Iterable[str] = (),
    places: dict[str, str] | None = None,
    site: Path | None = None,
) -> str:
    """Copy a notebook for the Pyodide kernel, with an install cell first if it needs more than the kernel loads.

    A package the site does not have (``missing``: a self-hosted Pyodide built without the CDN) gets no
    install cell: the notebook then runs without it (the lab says where its plots would be).  With
    ``places`` (repository path -> site path) and ``site`` (the contents folder), its links to other files
    of the repository point at their place on the site (:func:`site_links`).  Returns the notebook's version on
    the site (a hash of what it holds), also written in its metadata (``aton.site_version``).
    """
    notebook = json.loads(source.read_text(encoding="utf-8"))
    if places is not None and site is not None:
        here = source.relative_to(ROOT).as_posix()
        there = dest.relative_to(site).as_posix()
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                cell["source"] = site_links("".join(cell["source"]), here, there, places).splitlines(keepends=True)
    text = "".join("".join(cell["source"]) for cell in notebook["cells"])
    packages = [name for name in ("matplotlib",) if name in text and name not in (*PRELOADED, *missing)]
    if packages:
        notebook["cells"].insert(0, install_cell(packages))
    if source == ROOT / DASHBOARD:
        notebook["cells"].insert(0, announce_cell(LAST_STEP["dashboard"]))
    elif source == ROOT / PRACTISE:
        notebook["cells"].insert(0, announce_cell(LAST_STEP["practise"]))
    notebook["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    text = json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True)
    version = hashlib.sha256(text.encode()).hexdigest()[:16]
    notebook["metadata"]["aton"] = {"site_version": version}  # a student's copy keeps it: see site_updates.js
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return version


SITE_DOCS = ("docs/bots.md", "docs/img/elo-ladder.svg", "docs/img/calibration.svg")
"""Pages of the documentation a notebook links to (the lab: the bots' ladder), copied beside the notebooks
with the pictures they show; JupyterLite opens them as it opens a notebook."""


def contents(dest: Path, missing: Iterable[str] = ()) -> dict[str, str]:
    """The notebooks of the site: the dashboard, the Practise page, the lab and the widget gallery at the top, the
    tutorials below.

    Their links to each other and to the documentation point at the site's copies, so they work on the
    site as they do in JupyterLab from the repository.  Returns each notebook's version, by its path on the
    site (written as ``notebook-versions.json``).
    """
    places = {notebook: Path(notebook).name for notebook in (DASHBOARD, PRACTISE, LAB, GALLERY)}
    for lang in languages():
        folder = tutorial_folder(lang)
        places |= {f"{folder}/{path.name}": f"{folder}/{path.name}" for path in (ROOT / folder).glob("*.ipynb")}
    for page in SITE_DOCS:
        places[page] = page
        (dest / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / page, dest / page)
    versions = {}
    for notebook, there in places.items():
        if notebook.endswith(".ipynb"):
            versions[there] = site_notebook(ROOT / notebook, dest / there, missing, places, dest)
    return versions


# ----------------------------------------------------------------- the build
def lite_config(local: bool, test_hooks: bool = False) -> dict[str, Any]:
    """``jupyter-lite.json``: the kernel starts Python with the site's lock and finds every package on the site.

    Self-hosted, it looks nowhere else.  The packages it loads with Pyodide, all at once, are the
    ones it would otherwise install one by one (and the notebooks after it).  ``test_hooks`` (the
    browser tests' build only) puts the application in ``window.jupyterapp``, where the tests run a
    notebook's cells; a published site has no such switch (it would hand any student a console
    command that runs code in the page's Python).
    """
    kernel: dict[str, Any] = {
        "disablePyPIFallback": local,
        "loadPyodideOptions": {"lockFileURL": SITE_LOCK, "stdLibURL": SITE_STDLIB, "packages": list(PRELOADED)},
    }
    data: dict[str, Any] = {
        "appName": "Aton",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
    }
    if test_hooks:
        data["exposeAppInBrowser"] = True
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": data}


FONT_AWESOME = "5.15.4"
"""The Font Awesome release the Voici pages' icons come from (the template asks a CDN for ``^5``)."""
FONT_AWESOME_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/"


def font_awesome(dest: Path) -> None:
    """Copy Font Awesome's style sheets and fonts from its npm package into ``dest`` (cached)."""
    with tarfile.open(npm_pack("@fortawesome/fontawesome-free", FONT_AWESOME)) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and (
                name in ("css/all.min.css", "css/v4-shims.min.css") or name.startswith("webfonts/")
            ):
                source = archive.extractfile(member)
                assert source is not None  # a regular file always has a stream
                target = dest / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())


FIRST_OPEN_MEGABYTES = (14, 25)
"""What a first open of the dashboard downloads, as ``scripts/bench_site.py`` measured it (said on the front page):
compressed, as GitHub Pages and the Pyodide CDN send it (13.8 MB), and from a host that does not compress
(24.6 MB)."""


def notebook_title(path: Path) -> str:
    """A notebook's title: its first markdown heading without the ``#`` (``05 · Le tour de comptage``)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return ""


def front_page(out: Path, local: bool) -> None:
    """The site's front page, in every language (JupyterLite's own would go straight to JupyterLab)."""
    tutorials = {
        lang: [path.name for path in sorted((ROOT / tutorial_folder(lang)).glob("*.ipynb"))] for lang in languages()
    }
    titles = {
        f"{tutorial_folder(lang)}/{name}": notebook_title(ROOT / tutorial_folder(lang) / name)
        for lang, names in tutorials.items()
        for name in names
    }
    html = front_page_html(tutorials, megabytes=FIRST_OPEN_MEGABYTES, local=local, titles=titles)
    (out / "index.html").write_text(html, encoding="utf-8")


PYODIDE_CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm")
"""The files of Pyodide's own folder it loads when it starts (the standard library is the site's)."""
KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
STALL_SECONDS = 15
"""The loading line gives up on a file when nothing of it arrived for this long (blocked, or no network)."""
START_SECONDS = 240
"""... and on Python when it has not run the dashboard's first cell this long after the files arrived."""
BOARD_SECONDS = 180
"""... and on the board when it is not drawn this long after the dashboard's first cell started."""


def preloads(
    lock: dict[str, Any], local: bool, lock_path: str = SITE_LOCK, stdlib_path: str | None = None
) -> list[str]:
    """What a page fetches to start Python, as paths in the site or CDN addresses, given the ``lock`` at ``lock_path``.

    Pyodide's core files, the lock (and the standard library), then the wheels of every package loaded as
    Python starts (file names relative to the lock, or addresses).
    """
    packages = lock["packages"]
    core = "static/pyodide/" if local else cdn_base()
    urls = [core + name for name in PYODIDE_CORE] + [lock_path] + ([stdlib_path] if stdlib_path else [])
    lock_dir = posixpath.dirname(lock_path) + "/"
    for name in closure(packages, PRELOADED):
        file_name = packages[name]["file_name"]
        urls.append(file_name if is_url(file_name) else posixpath.normpath(lock_dir + file_name))
    return urls


READY = {"dashboard": ".aton-dashboard canvas", "practise": ".aton-practise-page .aton-learner-practise"}
"""What shows that a Voici page is drawn, for its loading line: the board's canvas, the Practise button."""
LAST_STEP = {"dashboard": "board", "practise": "page"}
"""The loading line's last step on each Voici page (its words: ``site.board``, ``site.page``), which its first
cell announces (:func:`announce_cell`)."""


def start_plan(out: Path, lock_path: str, stdlib_path: str, local: bool, page: str = "dashboard") -> dict[str, Any]:
    """What a Voici page's loading line downloads and how long it waits: files (site paths or addresses) and sizes.

    The page fetches these files itself (:func:`preloads`), a few at a time, each with a time limit, and
    counts their bytes; the Python worker then finds them in the browser's cache.  A size is ``None`` where
    the build cannot know it (a file of the CDN that the build never saw).
    """
    lock = json.loads((out / lock_path).read_text(encoding="utf-8"))
    core = {cdn_base() + name: node_pyodide() / name for name in PYODIDE_CORE}
    files: list[dict[str, Any]] = []
    for url in preloads(lock, local, lock_path, stdlib_path):
        path = core.get(url) or (None if is_url(url) else out / url)
        files.append({"url": url, "bytes": path.stat().st_size if path is not None else None})
    return {
        "page": page,
        "ready": READY.get(page),
        "last": LAST_STEP.get(page),
        "files": files,
        "channel": PROGRESS_CHANNEL,
        "limits": {"stall": STALL_SECONDS, "start": START_SECONDS, "board": BOARD_SECONDS},
    }


def kernel_settings(config: dict[str, Any], lock_path: str, stdlib_path: str, packages: Iterable[str]) -> None:
    """Point a JupyterLite configuration's kernel at ``lock_path`` and ``stdlib_path`` (paths in the site)."""
    kernel = config.setdefault("litePluginSettings", {}).setdefault(KERNEL, {})
    options = kernel.setdefault("loadPyodideOptions", {})
    options.update({"lockFileURL": lock_path, "stdLibURL": stdlib_path, "packages": list(packages)})


NO_APP_HANDLE = (
    "<script>/* the static site: the page keeps no handle to its application (Voici's bundle would put one in "
    "window.jupyterapp, with which one console line runs any Python in the page's kernel) */"
    "Object.defineProperty(window, 'jupyterapp', {configurable: false, enumerable: false, "
    "get: function () { return undefined; }, set: function () {}});</script>"
)
"""Put first in every Voici page (the dashboard): Voici's bundle sets ``window.jupyterapp`` once the page
has started, whatever the settings say; with this the assignment does nothing.  (A student who reads the
page's bundles and Python can still learn what the page holds: ``docs/teaching.md`` says what.)"""


CONFIG_TAG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def announce_cell(step: str = "board") -> dict[str, Any]:
    """A Voici page's hidden first cell on the site: it tells the page's loading line that the cells run now
    (``step``: the line's last step, :data:`LAST_STEP`)."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "aton-site-progress",
        "metadata": {"jupyter": {"source_hidden": True}, "tags": ["site-progress"]},
        "outputs": [],
        "source": [
            "# Tells the page's loading line that Python runs the page's cells now (the static site only).\n",
            "import js\n",
            f'js.BroadcastChannel.new("{PROGRESS_CHANNEL}").postMessage("{step}")',
        ],
    }


NOTEBOOK_VERSIONS = "notebook-versions.json"
"""Each notebook's version on the site, by its path (checked on every visit): see ``scripts/site_updates.js``."""
NOTEBOOK_APPS = ("notebooks", "lab")
"""JupyterLite's apps whose pages start a kernel (``<app>/index.html``): they get the loading line too."""


def finish_pages(out: Path, local: bool, test_hooks: bool = False) -> None:
    """Write the locks and standard libraries under ``versioned/``, point the pages at them, add the loading line.

    The notebooks (JupyterLite) get the site's full lock and standard library; the dashboard's page and the
    Practise page (no code typed on either) their own, lighter ones (:func:`dashboard_lock`,
    :func:`without_sources`).  Those two pages also get the loading line (``scripts/site_progress.js``) with
    what they download, and Voici's own spinner goes.
    """
    lock = site_lock(out, *pyodide_lock(out, local))
    stdlib = compiled_stdlib(out)
    full_lock, full_stdlib = versioned_lock(out, lock), versioned(out, stdlib)
    dash_lock = versioned_lock(out, dashboard_lock(out, lock))
    dash_stdlib = versioned(out, without_sources(stdlib, out / "static" / "aton" / "dashboard" / stdlib.name))
    shutil.rmtree(out / "static" / "aton")
    for path in (out / "static" / "pyodide").glob("*"):  # now under versioned/: the pages load them from there
        if path.suffix == ".whl" or path.name == "python_stdlib.zip":
            path.unlink()
    root = out / "jupyter-lite.json"
    config = json.loads(root.read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    kernel_settings(data, full_lock, full_stdlib, PRELOADED)
    if not test_hooks:
        data.pop("exposeAppInBrowser", None)
    root.write_text(json.dumps(config, indent=2), encoding="utf-8")

    icons = out / "static" / "fontawesome"
    font_awesome(icons)
    words = json.dumps(site_progress_words(), ensure_ascii=False).replace("</", "<\\/")
    source = (ROOT / "scripts" / "site_progress.js").read_text(encoding="utf-8")
    scripts = {}  # the Voici pages with the loading line, by their page
    for name, notebook in (("dashboard", DASHBOARD), ("practise", PRACTISE)):
        plan = json.dumps(start_plan(out, dash_lock, dash_stdlib, local, name)).replace("</", "<\\/")
        page = out / "voici" / "render" / (Path(notebook).stem + ".html")
        scripts[page] = source.replace("ATON_WORDS", words).replace("ATON_PLAN", plan)
    notebook_plan = start_plan(out, full_lock, full_stdlib, local, "notebook")
    notebook_script = source.replace("ATON_WORDS", words).replace(
        "ATON_PLAN", json.dumps(notebook_plan).replace("</", "<\\/")
    )
    update_words = json.dumps(site_update_words(), ensure_ascii=False).replace("</", "<\\/")
    updates = (ROOT / "scripts" / "site_updates.js").read_text(encoding="utf-8")
    updates = updates.replace("ATON_UPDATE_WORDS", update_words)
    for app in NOTEBOOK_APPS:  # the tutorials, the lab and the widget gallery (notebooks), JupyterLab (lab)
        page = out / app / "index.html"
        html = page.read_text(encoding="utf-8")
        if "</head>" not in html:
            raise SystemExit(f"build_site: {page} has no head for the loading line")
        # it says when this browser's copy of a notebook is older than the site's: the notebooks app of the one
        # notebook it opens (?path=), JupyterLab of every copy (its tabs come back from the last visit)
        every = "const ATON_UPDATE_EVERY = true;\n" if app == "lab" else ""
        loading = f'<script>const ATON_SITE_ROOT = "../";\n{every}{notebook_script}\n{updates}</script>\n</head>'
        page.write_text(html.replace("</head>", loading, 1), encoding="utf-8")
    for page in out.glob("voici/render/**/*.html"):
        html = page.read_text(encoding="utf-8")
        up = Path(os.path.relpath(out, page.parent)).as_posix() + "/"
        html = html.replace(FONT_AWESOME_CDN, f"{up}static/fontawesome/")
        match = CONFIG_TAG.search(html)
        if match is None:
            raise SystemExit(f"build_site: {page} has no JupyterLite settings")
        page_data = json.loads(match.group(2))
        if page in scripts:
            kernel_settings(page_data, dash_lock, dash_stdlib, PRELOADED)
        else:
            kernel_settings(page_data, full_lock, full_stdlib, PRELOADED)
        if not test_hooks:
            page_data.pop("exposeAppInBrowser", None)
        settings = json.dumps(page_data, ensure_ascii=False).replace("</", "<\\/")
        html = html[: match.start(2)] + settings + html[match.end(2) :]
        html = html.replace("<script", NO_APP_HANDLE + "<script", 1)  # in test builds too: no test needs it
        if page in scripts:
            loading = f'<script>const ATON_SITE_ROOT = "{up}";\n{scripts[page]}</script>\n</head>'
            html = html.replace("</head>", loading, 1)
        page.write_text(html, encoding="utf-8")


COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".ipynb", ".txt", ".map", ".ttf", ".eot")
"""Files worth sending compressed (wheels and zip files are compressed already)."""
HEADERS_DOC = """# Cache and compression headers for hosts that read a _headers file (Netlify, Cloudflare Pages).
# Files under /versioned/ are named by their content: kept for a year. Everything else is checked on every
# visit (a quick "not modified" when unchanged), so a returning student gets a new build at once.
# Other hosts: docs/teaching.md#hosting-the-static-site-for-a-class says what to set.
"""


def host_files(out: Path) -> None:
    """Write ``_headers`` (cache rules by folder) and a gzip copy (``name.gz``) of every file worth compressing.

    Hosts that can serve precompressed files (nginx ``gzip_static``, Apache, ``scripts/serve_site.py``) then
    send them without compressing on each request; the rules say which addresses may be cached for ever.
    """
    rules = [HEADERS_DOC, f"/{VERSIONED}/*\n  Cache-Control: public, max-age=31536000, immutable\n"]
    for entry in sorted(out.iterdir()):
        if entry.name in (VERSIONED, "_headers") or entry.name.startswith("."):
            continue
        pattern = f"/{entry.name}/*" if entry.is_dir() else f"/{entry.name}"
        rules.append(f"{pattern}\n  Cache-Control: no-cache\n")
    rules.append("/\n  Cache-Control: no-cache\n")
    (out / "_headers").write_text("".join(rules), encoding="utf-8")
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.suffix in COMPRESSED and path.stat().st_size > 1024:
            data = path.read_bytes()
            packed = gzip.compress(data, 9, mtime=0)
            if len(packed) < len(data) * 0.9:
                path.with_name(path.name + ".gz").write_bytes(packed)


def build(out: Path, pyodide: str, stand_ins: Path | None = None, test_hooks: bool = False) -> None:
    """Build the whole site into ``out``."""
    if pyodide not in ("cdn", "local"):
        raise SystemExit(f"build_site: Pyodide comes from 'cdn' or 'local', not {pyodide!r}")
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lite-", dir=CACHE) as folder:  # two builds may run at once
        build_in(Path(folder), out, pyodide, stand_ins, test_hooks)


def build_in(lite: Path, out: Path, pyodide: str, stand_ins: Path | None, test_hooks: bool = False) -> None:
    """Build the site into ``out`` from the JupyterLite folder ``lite`` (empty at first)."""
    left_out: list[str] = []
    if pyodide == "local":
        left_out = self_hosted_pyodide(lite / "static" / "pyodide", ROOTS, stand_ins)
    versions = contents(lite / "content", left_out)
    pypi = lite / "pypi"
    project_wheel(pypi)
    wanted = [(name, metadata.version(name)) for name in WIDGET_WHEELS] + runtime_pins()
    for wheel in download(wanted).values():
        shutil.copy2(wheel, pypi / wheel.name)
    precompile(sorted(pypi.glob("*.whl")))
    config = lite_config(pyodide == "local", test_hooks)
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    voici = Path(sys.executable).with_name("voici")
    apps = ["--apps", "lab", "--apps", "notebooks", "--apps", "tree"]
    command = [str(voici), "build", "--no-sourcemaps", *apps, "--contents", "content", "--lite-dir", "."]
    command += ["--output-dir", str(out.resolve())]
    log(" ".join(command[1:]))
    result = subprocess.run(command, cwd=lite, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"build_site: voici build failed ({result.returncode})")
    finish_pages(out, pyodide == "local", test_hooks)
    (out / NOTEBOOK_VERSIONS).write_text(json.dumps(versions, indent=1, sort_keys=True), encoding="utf-8")
    front_page(out, pyodide == "local")
    (out / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages serves folders starting with _
    host_files(out)
    files = [f for f in out.rglob("*") if f.is_file() and f.suffix != ".gz"]
    size = sum(f.stat().st_size for f in files)
    hooks = " (with test hooks: not for publishing)" if test_hooks else ""
    log(f"site in {out}: {len(files)} files, {size / 1e6:.1f} MB, Pyodide from {pyodide}{hooks}")


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    parser.add_argument(
        "--pyodide",
        choices=("cdn", "local"),
        default=os.environ.get("ATON_PYODIDE", "cdn") or "cdn",
        help="where the page loads Pyodide from (default: $ATON_PYODIDE, else cdn)",
    )
    parser.add_argument("--stand-ins", type=Path, help="tests only: folder of pure-Python stand-in packages")
    parser.add_argument(
        "--test-hooks",
        action="store_true",
        help="tests only: let browser tests drive JupyterLite",
    )
    args = parser.parse_args(argv)
    build(args.out, args.pyodide, args.stand_ins, args.test_hooks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
