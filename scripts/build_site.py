"""Build the static site: the dashboard as a Voici app, the tutorials and the simulation lab in JupyterLite.

    python scripts/build_site.py [--out site] [--pyodide cdn|local] [--stand-ins DIR]

Every student's Python then runs in their own browser (Pyodide, Python compiled to WebAssembly); the
output folder is plain files for any web host.  What the build does:

- copies the notebooks (``notebooks/aton.ipynb`` becomes the Voici app; the tutorials, English and
  French, the simulation lab and the widget gallery open in JupyterLite); a notebook that needs a
  package the kernel does not load at start (the lab's matplotlib) gets a first, hidden cell that
  installs it, so the reader has nothing to install;
- builds the project's wheel from a copy of the tree and puts it, with the pure-Python wheels the
  widgets need (``ipywidgets``, ``ipycanvas``, ``jupyterlab_widgets``, ``comm``, ``jedi``, ``parso``),
  in the site's own package index;
- writes the site's own Pyodide lock (Pyodide's packages and the site's wheels), from which the kernel
  loads everything the dashboard needs in one parallel step as Python starts: without it, the kernel
  installs its own packages one after another and the notebook then installs the project;
- chooses where Pyodide comes from (``--pyodide`` or the ``ATON_PYODIDE`` environment variable):
  ``cdn`` (default) loads it from the Pyodide CDN when the page opens, for a public host; ``local``
  assembles a self-hosted copy from the registries (the npm package ``pyodide`` and the pure-Python
  wheels of its lock from PyPI, whose ``sha256`` are rewritten; the WebAssembly builds of numpy and
  Pillow, which no registry has, come from the Pyodide CDN at build time), for a school network
  without outside access;
- adds a progress line to the dashboard's page while Python starts, and writes a front page
  (``index.html``, :mod:`aton.serving.site_page`), both in every language of the catalogs.

``--stand-ins DIR`` (tests only) replaces packages the build cannot download by small pure-Python
stand-ins found in ``DIR/<import name>/``: the browser test uses it for numpy and Pillow, which have no
WebAssembly build on any registry.  Downloads are cached in ``.cache/site/`` (ignored by git).
"""

from __future__ import annotations

import argparse
import base64
import email.parser
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
import urllib.request
import zipfile
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.version import Version

from aton.i18n import languages
from aton.serving.loading import site_progress_words
from aton.serving.site_page import front_page_html, tutorial_folder

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "site"
WHEELS = CACHE / "wheels"

DASHBOARD = "notebooks/aton.ipynb"
LAB = "notebooks/simulation-lab.ipynb"
GALLERY = "notebooks/widgets.ipynb"
WIDGET_WHEELS = ("ipywidgets", "ipycanvas", "jupyterlab_widgets", "comm", "jedi", "parso")
"""Pure-Python wheels the notebooks need beyond Pyodide's own packages, at the build environment's versions
(so the widgets' Python side matches the front-end extensions the build bundles)."""

REQUIRED_BINARIES = ("numpy", "pillow")
"""Packages of Pyodide's lock that ipycanvas imports: a self-hosted site without them cannot draw a board."""
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
    """A wheel of the stand-in package in ``source`` (test only), named like the package it replaces."""
    dist = f"{re.sub(r'[-.]+', '_', name)}-{version}"
    path = dest / f"{dist}-py3-none-any.whl"
    files: dict[str, bytes] = {}
    for file in sorted(source.rglob("*.py")):
        files[f"{source.name}/{file.relative_to(source).as_posix()}"] = file.read_bytes()
    files[f"{dist}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: test-only stand-in\n"
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
    Pyodide compiles it, under Node.  Files the site never reads are left out on the way.
    """
    if not wheels:
        return
    with tempfile.TemporaryDirectory(prefix="aton-pyc-") as tmp:
        folders = []
        for number, wheel in enumerate(wheels):
            folder = Path(tmp) / str(number)
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(folder)
            for name in unused_files(wheel):
                (folder / name).unlink()
            folders.append(folder)
        script = ROOT / "scripts" / "compile_wheels.mjs"
        subprocess.run(["node", str(script), str(node_pyodide()), tmp], check=True)
        for wheel, folder in zip(wheels, folders, strict=True):
            repack(folder, wheel)


def compiled_stdlib(out: Path) -> None:
    """Write Pyodide's standard library with the browser's bytecode into the site (``SITE_STDLIB``).

    Pyodide ships its standard library as sources in a zip file, so a page compiled every module
    it imported from there (150 modules, about a second, for the kernel alone).  The bytecode sits
    beside each module, where the zip importer finds it.
    """
    script = ROOT / "scripts" / "compile_wheels.mjs"
    with tempfile.TemporaryDirectory(prefix="aton-stdlib-") as tmp:
        with zipfile.ZipFile(node_pyodide() / "python_stdlib.zip") as archive:
            archive.extractall(tmp)
        subprocess.run(["node", str(script), str(node_pyodide()), tmp, "--stdlib"], check=True)
        target = out / SITE_STDLIB
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(Path(tmp).rglob("*")):  # folders too, as in Pyodide's own zip
                archive.write(path, path.relative_to(tmp).as_posix())


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
        for path in files:
            archive.write(path, path.relative_to(folder).as_posix())


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

    Returns the names of the packages left out (the build says which).
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
    for name in wanted:
        entry = dict(packages[name])
        wheel: Path | None = None
        if name in wheels:
            wheel = Path(shutil.copy2(wheels[name], dest / wheels[name].name))
            compiled.append(wheel)
        elif stand_ins is not None and (stand_ins / entry["imports"][0]).is_dir():
            log(f"using the test-only stand-in for {entry['name']}")
            wheel = stand_in_wheel(stand_ins / entry["imports"][0], entry["name"], entry["version"], dest)
        elif cdn_reachable:
            wheel = from_cdn(version, entry["file_name"], entry["sha256"], dest)
            cdn_reachable = wheel is not None
        if wheel is None:
            if name in REQUIRED_BINARIES:
                raise SystemExit(
                    f"build_site: no WebAssembly build of {entry['name']}: the Pyodide CDN is unreachable and no "
                    "registry has one; build with ATON_PYODIDE=cdn, or where the CDN can be reached"
                )
            continue
        kept[name] = {**entry, "file_name": wheel.name}
    precompile(compiled)
    for entry in kept.values():
        entry["sha256"] = sha256(dest / entry["file_name"])
    left_out = sorted(set(wanted) - set(kept))
    for entry in kept.values():
        entry["depends"] = [d for d in entry["depends"] if normalize(d) in kept]
    lock["packages"] = kept
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return left_out


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
    for entry in packages.values():
        entry["depends"] = [name for name in entry["depends"] if normalize(name) in packages]
    missing = [name for name in PRELOADED if normalize(name) not in packages]
    if missing:
        raise SystemExit(f"build_site: the site's lock has no {', '.join(missing)}")
    lock = {**pyodide, "packages": packages}
    target = out / SITE_LOCK
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return lock


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


def site_notebook(source: Path, dest: Path, missing: Iterable[str] = ()) -> None:
    """Copy a notebook for the Pyodide kernel, with an install cell first if it needs more than the kernel loads.

    A package the site does not have (``missing``: a self-hosted Pyodide built without the CDN) gets no
    install cell: the notebook then runs without it (the lab says where its plots would be).
    """
    notebook = json.loads(source.read_text(encoding="utf-8"))
    text = "".join("".join(cell["source"]) for cell in notebook["cells"])
    packages = [name for name in ("matplotlib",) if name in text and name not in (*PRELOADED, *missing)]
    if packages:
        notebook["cells"].insert(0, install_cell(packages))
    notebook["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def contents(dest: Path, missing: Iterable[str] = ()) -> None:
    """The notebooks of the site: the dashboard, the lab and the widget gallery at the top, the tutorials below."""
    for notebook in (DASHBOARD, LAB, GALLERY):
        site_notebook(ROOT / notebook, dest / Path(notebook).name, missing)
    for lang in languages():
        folder = tutorial_folder(lang)
        for notebook in sorted((ROOT / folder).glob("*.ipynb")):
            site_notebook(notebook, dest / folder / notebook.name, missing)


# ----------------------------------------------------------------- the build
def lite_config(local: bool) -> dict[str, Any]:
    """``jupyter-lite.json``: the kernel starts Python with the site's lock and finds every package on the site.

    Self-hosted, it looks nowhere else.  The packages it loads with Pyodide, all at once, are the
    ones it would otherwise install one by one (and the notebooks after it).
    """
    kernel: dict[str, Any] = {
        "disablePyPIFallback": local,
        "loadPyodideOptions": {"lockFileURL": SITE_LOCK, "stdLibURL": SITE_STDLIB, "packages": list(PRELOADED)},
    }
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Aton",
            "exposeAppInBrowser": True,  # window.jupyterapp: lets the browser test run a notebook's cells
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
        },
    }


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


FIRST_OPEN_MEGABYTES = 33
"""What a first open of the dashboard downloads, as ``scripts/bench_site.py`` measured it (said on the front page)."""


def front_page(out: Path, local: bool) -> None:
    """The site's front page, in every language (JupyterLite's own would go straight to JupyterLab)."""
    tutorials = {
        lang: [path.name for path in sorted((ROOT / tutorial_folder(lang)).glob("*.ipynb"))] for lang in languages()
    }
    html = front_page_html(tutorials, megabytes=FIRST_OPEN_MEGABYTES, local=local)
    (out / "index.html").write_text(html, encoding="utf-8")


PYODIDE_CORE = ("pyodide.asm.js",)
"""The files of Pyodide's own folder it loads when it starts, but ``pyodide.asm.wasm`` and the standard library
(the site's, ``SITE_STDLIB``): the worker fetches those two in a way that does not take them from a
prefetch (measured: each came twice)."""


def preloads(lock: dict[str, Any], local: bool) -> list[str]:
    """What a page fetches to start Python, as paths in the site or CDN addresses, given the site's ``lock``.

    The Python worker fetches these as it needs them, Pyodide's core files one after another;
    announced in the page they download in parallel while the page itself starts, and the worker
    finds them in the browser's cache.
    """
    packages = lock["packages"]
    core = "static/pyodide/" if local else cdn_base()
    urls = [core + name for name in PYODIDE_CORE] + [SITE_LOCK]
    lock_dir = posixpath.dirname(SITE_LOCK) + "/"
    for name in closure(packages, PRELOADED):
        file_name = packages[name]["file_name"]
        urls.append(file_name if is_url(file_name) else posixpath.normpath(lock_dir + file_name))
    return urls


def finish_pages(out: Path, local: bool) -> None:
    """Write the site's lock; serve the pages' icons from the site; give each page its preloads and start-up line."""
    lock = site_lock(out, *pyodide_lock(out, local))
    compiled_stdlib(out)
    icons = out / "static" / "fontawesome"
    font_awesome(icons)
    words = json.dumps(site_progress_words(), ensure_ascii=False).replace("</", "<\\/")
    script = (ROOT / "scripts" / "site_progress.js").read_text(encoding="utf-8").replace("ATON_WORDS", words)
    script = f"<script>{script}</script>"
    fetched = preloads(lock, local)
    for page in out.glob("voici/render/**/*.html"):
        html = page.read_text(encoding="utf-8")
        up = Path(os.path.relpath(out, page.parent)).as_posix() + "/"
        html = html.replace(FONT_AWESOME_CDN, f"{up}static/fontawesome/")
        if "aton-site-progress" not in html:
            links = "".join(
                f'<link rel="prefetch" href="{url if url.startswith("https:") else up + url}" crossorigin>\n'
                for url in fetched
            )
            html = html.replace("</head>", f"{links}</head>", 1).replace("</body>", f"{script}\n</body>", 1)
        page.write_text(html, encoding="utf-8")


def build(out: Path, pyodide: str, stand_ins: Path | None) -> None:
    """Build the whole site into ``out``."""
    if pyodide not in ("cdn", "local"):
        raise SystemExit(f"build_site: Pyodide comes from 'cdn' or 'local', not {pyodide!r}")
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lite-", dir=CACHE) as folder:  # two builds may run at once
        build_in(Path(folder), out, pyodide, stand_ins)


def build_in(lite: Path, out: Path, pyodide: str, stand_ins: Path | None) -> None:
    """Build the site into ``out`` from the JupyterLite folder ``lite`` (empty at first)."""
    left_out: list[str] = []
    if pyodide == "local":
        left_out = self_hosted_pyodide(lite / "static" / "pyodide", ROOTS, stand_ins)
        if left_out:
            log(f"self-hosted Pyodide without: {', '.join(left_out)}")
    contents(lite / "content", left_out)
    pypi = lite / "pypi"
    project_wheel(pypi)
    wanted = [(name, metadata.version(name)) for name in WIDGET_WHEELS] + runtime_pins()
    for wheel in download(wanted).values():
        shutil.copy2(wheel, pypi / wheel.name)
    precompile(sorted(pypi.glob("*.whl")))
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(pyodide == "local"), indent=1), encoding="utf-8")
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
    finish_pages(out, pyodide == "local")
    front_page(out, pyodide == "local")
    (out / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages serves folders starting with _
    files = [f for f in out.rglob("*") if f.is_file()]
    size = sum(f.stat().st_size for f in files)
    log(f"site in {out}: {len(files)} files, {size / 1e6:.1f} MB, Pyodide from {pyodide}")


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
    args = parser.parse_args(argv)
    build(args.out, args.pyodide, args.stand_ins)
    return 0


if __name__ == "__main__":
    sys.exit(main())
