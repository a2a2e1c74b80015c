"""``./run dashboard`` starts quietly: its notebooks are trusted, and its kernels talk over local sockets.

Jupyter warned "Notebook aton.ipynb is not trusted" and "Kernel is running over TCP without encryption" for each
kernel started: alarming words for a teacher, about nothing that matters on one machine.  The server now signs
the notebooks it serves at start, and its kernels use IPC sockets in the server's private folder (``voila.json``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
from jupyter_server.services.contents.largefilemanager import LargeFileManager
from nbformat.sign import NotebookNotary

from aton.serving.launch import SERVER_MODULE, free_port, wait_until_up
from aton.serving.server import trust_notebooks

ROOT = Path(__file__).resolve().parent.parent
NOISE = ("is not trusted", "without encryption")


def test_the_served_notebooks_are_signed_once(tmp_path: Path) -> None:
    manager = LargeFileManager(root_dir=str(tmp_path))
    manager.notary = NotebookNotary(db_file=":memory:", secret=b"a secret for this test only")
    copies = []
    for name in ("aton.ipynb", "class.ipynb"):
        copy = tmp_path / name
        copy.write_text((ROOT / "notebooks" / name).read_text(encoding="utf-8"), encoding="utf-8")
        copies.append(copy)
    notebook = nbformat.read(str(copies[0]), as_version=4)
    assert not manager.notary.check_signature(notebook)
    assert trust_notebooks(manager, [*copies, tmp_path / "missing.ipynb"]) == 2
    assert trust_notebooks(manager, copies) == 0  # signed already
    assert manager.notary.check_signature(nbformat.read(str(copies[0]), as_version=4))
    assert manager.get("aton.ipynb")["content"].cells[0].metadata.get("trusted") is True


def test_the_kernels_use_local_sockets() -> None:
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["KernelManager"]["transport"] == "ipc"


def test_the_server_says_nothing_alarming_when_pages_open(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    command = [sys.executable, "-m", SERVER_MODULE, "notebooks/aton.ipynb", "--no-browser", f"--port={port}"]
    command += ["--Voila.port_retries=0", "--Voila.ip=127.0.0.1", "--VoilaExecutor.iopub_timeout=60"]
    # a home of its own: no signature kept from an earlier run, so the server must sign at start
    env = {"ATON_ROOMS": f"sqlite:///{tmp_path / 'rooms.db'}", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    with log.open("wb") as sink:
        server = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(f"{base}/voila/static/", server)
        for path in ("/", "/class", "/tutorials/fr/01-le-plateau.ipynb"):
            with urllib.request.urlopen(base + path, timeout=300) as answer:  # a loaded machine: minutes
                assert answer.status == 200, path
        deadline = time.monotonic() + 300
        while "Kernel pool of aton.ipynb is filled" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.5)
        said = log.read_text()
        assert "Kernel pool of aton.ipynb is filled" in said and "Kernel started" in said, said
    finally:
        server.terminate()
        server.wait(timeout=30)
    said = log.read_text()
    for noise in NOISE:
        assert noise not in said, said
