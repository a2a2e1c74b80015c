"""Open a class's worth of dashboard pages at once against a running server, play in some, print the figures.

    .venv/bin/python scripts/load_test.py --url http://127.0.0.1:8866/ [--sessions 30] [--players 5]
    .venv/bin/python scripts/load_test.py --serve --class 30 [--cull 60]   # starts (and stops) its own server
    .venv/bin/python scripts/load_test.py --short                          # the quick run the test suite does
    .venv/bin/python scripts/load_test.py --rooms 15 [rooms_load.py options] # rooms shared by two pages each

What it does, in order:

1. reads the server's memory (the Voila process and every kernel under it) while idle;
2. opens ``--sessions`` pages within ``--within`` seconds, evenly spread: ``--players`` of them in
   Chromium, the rest with light clients (below);
3. waits until every page shows its board; ``--players`` pages then play: each loads a position where
   it places counters and clicks squares, ``--rounds`` times, while every other page stays open;
4. reads the memory again with every page open, checks that no kernel died;
5. closes every page, as a browser tab does (the page tells the server to stop its kernel), or with
   ``--abandon`` by just dropping the connection (a laptop closed, a browser killed), and then waits
   until the server's memory is back to the idle figure: with ``--abandon`` that is the cull timeout's
   work, so give the server a short one (``--serve --cull 60``);
6. prints time to board (median, p95, failures), click to counter drawn (median, p95), errors, kernel
   deaths, memory (server plus kernels: idle, all open, per session) and the processor time the server
   and its kernels used.

Keeping the clients off the server's processors.  A headless Chromium page costs about 400 MiB and a
renderer busy for seconds while it loads: 30 of them on a 2-core machine measure the browsers, not the
server.  So only ``--players`` pages are real Chromium pages (they draw the board and take the clicks, so
the click figures are what a student sees); every other session is a light client: one Python coroutine
that does what the page's code does on the network and nothing more: it loads the page's HTML, asks for
its kernel's model, opens the kernel's websocket, sends the widget manager's ``request_states`` (ipywidgets
8's control comm) and every canvas's ``client_ready``, and waits for the board's first draw commands.  Its
time to board is the time to those commands arriving (a browser would then paint them in a few
milliseconds).  It does not fetch the page's JavaScript (about 2 MB, served from the disk cache of a
student's browser after the first visit).  Measured on the project's machine, one light client costs the
client side about 15 ms of processor time per session against about 3 s for a Chromium page.  Every client
(this process, Chromium and its renderers) runs at ``nice 19`` and, on a machine with several processors,
only on the last one (``--client-cpu``), so the server's processes always come first.

Bounded: at most 100 sessions and 20 players, a hard time limit (``--timeout``), loopback servers only
(the host must be 127.0.0.1, ::1 or localhost); every page is closed and every kernel it opened is shut
down at the end, whatever happened.  Exit code 0 when every page drew its board, no kernel died and the
memory came back; 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

MAX_SESSIONS = 100
MAX_PLAYERS = 20
PAGE_SIZE = 4096


# ---------------------------------------------------------------------------------------------- safety
def loopback_only(url: str) -> str:
    """The URL normalised to end with ``/``, or ``SystemExit`` if its host is not this machine's loopback."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise SystemExit(f"refusing {url!r}: give an http:// URL of a server on this machine")
    host = parts.hostname
    if host != "localhost":
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            raise SystemExit(f"refusing {url!r}: only 127.0.0.1, ::1 or localhost are load-tested") from None
        if not address.is_loopback:
            raise SystemExit(f"refusing {url!r}: {host} is not a loopback address of this machine")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


# ---------------------------------------------------------------------------------------------- /proc
def children(pid: int) -> list[int]:
    """Every process whose ancestor is ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        current = frontier.pop()
        kids = [child for child, parent in parents.items() if parent == current]
        found += kids
        frontier += kids
    return found


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in KiB, from /proc/PID/smaps_rollup; (0, 0) if it is gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return (0, 0)
    values = dict(re.findall(r"^(Rss|Pss):\s+(\d+) kB", text, flags=re.MULTILINE))
    return (int(values.get("Rss", 0)), int(values.get("Pss", 0)))


def cpu_seconds(pid: int) -> float:
    """User plus system processor time of a process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def kernel_id_of(pid: int) -> str | None:
    """The Jupyter kernel id in a kernel process's command line (its connection file), if any."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None
    found = re.search(r"kernel-([0-9a-f-]{36})\.json", command)
    return found[1] if found else None


def listening_pid(port: int) -> int | None:
    """The process listening on a TCP port of this machine (socket inode in /proc/net/tcp, then /proc/*/fd)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            columns = line.split()
            if columns[3] == "0A" and int(columns[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(columns[9])
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            for fd in os.listdir(f"/proc/{entry}/fd"):
                target = os.readlink(f"/proc/{entry}/fd/{fd}")
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    return int(entry)
        except OSError:
            continue
    return None


@dataclass
class Snapshot:
    """Memory of the server and its kernels at one moment."""

    server_rss: int
    server_pss: int
    kernels: dict[str, tuple[int, int, int]]  # kernel id -> (pid, RSS KiB, PSS KiB)

    @property
    def total_pss(self) -> int:
        return self.server_pss + sum(pss for _, _, pss in self.kernels.values())

    @property
    def total_rss(self) -> int:
        return self.server_rss + sum(rss for _, rss, _ in self.kernels.values())


def snapshot(server: int) -> Snapshot:
    rss, pss = memory_kib(server)
    kernels = {}
    for pid in children(server):
        kernel = kernel_id_of(pid)
        if kernel is not None:
            kernels[kernel] = (pid, *memory_kib(pid))
    return Snapshot(rss, pss, kernels)


def cpu_of_tree(server: int) -> float:
    return cpu_seconds(server) + sum(cpu_seconds(pid) for pid in children(server))


def mib(kib: float) -> str:
    return f"{kib / 1024:.0f} MiB"


# ---------------------------------------------------------------------------------------------- light clients
@dataclass
class Session:
    """One page: how it went."""

    index: int
    kind: str  # "light" or "browser"
    kernel_id: str | None = None
    board_ms: float | None = None
    error: str | None = None
    died: bool = False
    messages: int = 0
    bytes_in: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""Jupyter's binary websocket protocol, the one JupyterLab and Voila's page speak (Voila's server
misreads the older JSON protocol's binary frames)."""


def _frame(data: str | bytes) -> dict[str, Any]:
    """A kernel message from a websocket frame of the v1 protocol (offsets, channel, four JSON parts, buffers)."""
    if isinstance(data, str):
        return dict(json.loads(data))
    count = int.from_bytes(data[:8], "little")
    offsets = [int.from_bytes(data[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    parts = [data[offsets[i] : offsets[i + 1]] for i in range(count - 1)]  # the last offset is the end
    header, parent, metadata, content = (json.loads(part) for part in parts[1:5])
    return {
        "channel": parts[0].decode(),
        "header": header,
        "parent_header": parent,
        "metadata": metadata,
        "content": content,
        "buffers": len(parts) - 5,
    }


def _message(
    msg_type: str, content: dict[str, Any], channel: str, session: str, metadata: dict[str, Any] | None = None
) -> bytes:
    """A kernel message as a v1 websocket frame."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "username": "load-test",
        "session": session,
        "msg_type": msg_type,
        "version": "5.3",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
    name = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(name))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets), name, *parts])


class LightClient:
    """One session without a browser: the page's network conversation, up to the board's first draw."""

    def __init__(self, base: str, record: Session, timeout: float) -> None:
        self.base = base
        self.record = record
        self.timeout = timeout
        self.socket: Any = None
        self.cookies = ""
        self.closed = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        from tornado.websocket import websocket_connect

        started = time.perf_counter()
        http = AsyncHTTPClient()
        page = await http.fetch(self.base, request_timeout=self.timeout)
        html = page.body.decode(errors="replace")
        found = re.search(
            r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', html, re.S
        )
        if not found:
            raise RuntimeError("the page has no kernel (no jupyter-config-data)")
        kernel = json.loads(found[1])["kernelId"]
        self.record.kernel_id = kernel
        cookies = [c.split(";", 1)[0] for c in page.headers.get_list("Set-Cookie")]
        if not any(c.startswith("_xsrf=") for c in cookies):
            cookies.append(f"_xsrf={uuid.uuid4().hex}")  # what a page's own cookie would hold
        self.cookies = "; ".join(cookies)
        headers = {"Cookie": self.cookies} if self.cookies else {}
        await http.fetch(f"{self.base}api/kernels/{kernel}", headers=headers, request_timeout=self.timeout)
        session = uuid.uuid4().hex
        ws_url = self.base.replace("http://", "ws://", 1) + f"api/kernels/{kernel}/channels?session_id={session}"
        request = HTTPRequest(ws_url, headers=headers, request_timeout=self.timeout)
        self.socket = await websocket_connect(request, subprotocols=[WS_PROTOCOL])
        self.socket.write_message(binary=True, message=_message("kernel_info_request", {}, "shell", session))
        control = uuid.uuid4().hex
        self.socket.write_message(
            binary=True,
            message=_message(
                "comm_open",
                {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                "shell",
                session,
                {"version": "1.0.0"},  # ipywidgets 8's control protocol
            ),
        )
        self.socket.write_message(
            binary=True,
            message=_message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, "shell", session),
        )
        board: set[str] = set()
        manager: set[str] = set()
        deadline = started + self.timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no board drawn in time")
            data = await asyncio.wait_for(self.socket.read_message(), left)
            if data is None:
                self.record.died = True
                raise RuntimeError("the kernel's websocket closed before the board was drawn")
            self.record.messages += 1
            self.record.bytes_in += len(data)
            message = _frame(data)
            kind = message.get("header", {}).get("msg_type")
            content = message.get("content", {})
            if kind == "status" and content.get("execution_state") in ("dead", "restarting"):
                self.record.died = True
                raise RuntimeError(f"kernel {content['execution_state']}")
            if kind != "comm_msg":
                continue
            payload = content.get("data", {})
            if content.get("comm_id") == control and payload.get("method") == "update_states":
                states = payload.get("states", {})
                self.record.extra["widgets"] = len(states)
                for model_id, entry in states.items():
                    state = entry.get("state", {})
                    if entry.get("model_name") == "CanvasManagerModel":
                        manager.add(model_id)  # ipycanvas sends every canvas's draw commands through it
                    if "aton-board" in state.get("_dom_classes", []):
                        board |= {ref.removeprefix("IPY_MODEL_") for ref in state.get("_canvases", [])}
                        board.add(model_id)
                for model_id, entry in states.items():
                    state = entry.get("state", {})
                    if entry.get("model_name") == "CanvasModel" and state.get("_send_client_ready_event", True):
                        self.socket.write_message(
                            binary=True,
                            message=_message(
                                "comm_msg",
                                {
                                    "comm_id": model_id,
                                    "data": {"method": "custom", "content": {"event": "client_ready"}},
                                },
                                "shell",
                                session,
                            ),
                        )
                if not board:
                    raise RuntimeError("the page has no board canvas")
            elif (
                content.get("comm_id") in board | manager
                and payload.get("method") == "custom"
                and message["buffers"]
                and (content.get("comm_id") in board or any(model.encode() in data for model in board))
            ):
                self.record.board_ms = (time.perf_counter() - started) * 1000
                self.reader = asyncio.ensure_future(self._watch())
                return

    async def _watch(self) -> None:
        """Keep reading the socket while the page stays open: a closed socket or a dead kernel is a death."""
        while True:
            data = await self.socket.read_message()
            if data is None:
                if not self.closed.is_set():
                    self.record.died = True
                return
            message = _frame(data)
            if message.get("header", {}).get("msg_type") == "status" and message.get("content", {}).get(
                "execution_state"
            ) in ("dead", "restarting"):
                self.record.died = True

    async def close(self, abandon: bool) -> None:
        from tornado.httpclient import AsyncHTTPClient

        self.closed.set()
        if self.record.kernel_id and not abandon:
            xsrf = re.search(r"_xsrf=([^;]+)", self.cookies)
            body = urllib.parse.urlencode({"_xsrf": xsrf[1] if xsrf else ""})
            try:
                await AsyncHTTPClient().fetch(
                    f"{self.base}voila/api/shutdown/{self.record.kernel_id}",
                    method="POST",
                    body=body,
                    headers={"Cookie": self.cookies, "Content-Type": "application/x-www-form-urlencoded"},
                    request_timeout=30,
                )
            except Exception as error:  # report, and go on closing the others
                self.record.extra["shutdown error"] = str(error)
        if self.socket is not None:
            self.socket.close()
        if self.reader is not None:
            self.reader.cancel()


class LightPool:
    """Light clients on an asyncio loop in a background thread."""

    def __init__(self) -> None:
        from tornado.httpclient import AsyncHTTPClient

        # Tornado's client queues requests beyond 10 at once by default: every page must ask at its own time.
        AsyncHTTPClient.configure(None, max_clients=2 * MAX_SESSIONS)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.clients: list[LightClient] = []

    def run(self, coroutine: Any, timeout: float | None = None) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def start(self, client: LightClient, at: float) -> Any:
        """Open ``client`` at ``at`` (time.perf_counter()); returns a concurrent future."""

        async def later() -> None:
            await asyncio.sleep(max(0.0, at - time.perf_counter()))
            try:
                await client.open()
            except Exception as error:
                client.record.error = f"{type(error).__name__}: {error}"

        self.clients.append(client)
        return asyncio.run_coroutine_threadsafe(later(), self.loop)

    def close_all(self, abandon: bool) -> None:
        async def everything() -> None:
            await asyncio.gather(*(client.close(abandon) for client in self.clients), return_exceptions=True)

        self.run(everything(), timeout=60)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


# ---------------------------------------------------------------------------------------------- browsers
class Players:
    """Chromium pages that open the dashboard and play (the timing code of scripts/bench_ui.py)."""

    def __init__(self, count: int) -> None:
        from playwright.sync_api import sync_playwright

        from aton.serving.launch import NO_CHROMIUM, find_chromium

        self.count = count
        self.pages: list[Any] = []
        self.bench: Any = None
        self.playwright: Any = None
        if count == 0:
            return
        chromium = find_chromium()
        if chromium is None:
            raise SystemExit(NO_CHROMIUM)
        import bench_ui

        self.playwright = sync_playwright().start()
        self.bench = bench_ui.Bench(self.playwright, chromium)

    def open(self, url: str) -> Any:
        page = self.bench.page()
        page.goto(url, wait_until="commit", timeout=120_000)
        self.pages.append(page)
        return page

    def board_ms(self, page: Any, timeout: float) -> float | None:
        """Milliseconds from navigation start to the board's yellow square drawn, or ``None``."""
        page.wait_for_function("() => window.__atonBoardDrawn !== undefined", timeout=timeout * 1000)
        value = page.evaluate("() => window.__atonBoardDrawn")
        return None if value is None else float(value)

    @staticmethod
    def kernel_id(page: Any) -> str | None:
        return page.evaluate(
            "() => { const e = document.getElementById('jupyter-config-data');"
            " return e ? JSON.parse(e.textContent).kernelId : null; }"
        )

    def close(self, abandon: bool) -> None:
        for page in self.pages:
            try:
                # Without its unload handlers the page never tells the server: a killed browser.
                page.close(run_before_unload=not abandon)
                if not abandon:
                    time.sleep(0.2)  # let the unload beacon leave
                page.context.close()
            except Exception:
                pass
        if self.bench is not None:
            self.bench.close()
        if self.playwright is not None:
            self.playwright.stop()


# ---------------------------------------------------------------------------------------------- serving
class OwnServer:
    """A Voila server started for this run, as ``./run dashboard --class N --cull S`` configures it."""

    def __init__(self, class_size: int, cull: int) -> None:
        from aton.serving.launch import SERVER_MODULE, classroom_options, free_port

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = Path(f"/tmp/aton-load-test-{os.getpid()}.log")
        args = [sys.executable, "-m", SERVER_MODULE, "notebooks/aton.ipynb", "--no-browser", f"--port={self.port}"]
        args += ["--Voila.port_retries=0", "--Voila.ip=127.0.0.1"]
        args += classroom_options(class_size, cull_seconds=cull)
        with self.log.open("wb") as sink:
            self.process = subprocess.Popen(args, cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT)
        self.pid = self.process.pid

    def wait_pool(self, size: int, timeout: float) -> None:
        from aton.serving.launch import wait_until_up

        wait_until_up(f"{self.url}voila/static/", self.process, timeout=timeout)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if "is filled with" in self.log.read_text(errors="replace"):
                break
            time.sleep(0.5)
        else:
            raise RuntimeError(f"the pool of {size} kernels did not fill within {timeout:.0f} s")
        # Filled means started; the kernels then run the notebook.  Wait until the server is quiet.
        while time.monotonic() < deadline:
            before = cpu_of_tree(self.pid)
            time.sleep(2)
            if cpu_of_tree(self.pid) - before < 0.3:
                return

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if os.environ.get("ATON_KEEP_LOG") is None:
            self.log.unlink(missing_ok=True)


# ---------------------------------------------------------------------------------------------- figures
def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.4999)))
    return ordered[rank - 1]


def spread(values: list[float], unit: str, scale: float = 1.0) -> str:
    if not values:
        return "no value"
    return (
        f"median {statistics.median(values) * scale:.2f} {unit}, p95 {percentile(values, 0.95) * scale:.2f} {unit}, "
        f"worst {max(values) * scale:.2f} {unit} (n={len(values)})"
    )


def out_of_time(*_: object) -> None:
    raise TimeoutError("the run hit --timeout")


def main() -> int:
    if "--rooms" in sys.argv[1:] or any(arg.startswith("--rooms=") for arg in sys.argv[1:]):
        import rooms_load  # the room store's load: move-to-seen latency, the teacher's overview, bytes, recovery

        rooms_load.main()
        return 0
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--url", help="the running dashboard (loopback only), e.g. http://127.0.0.1:8866/")
    parser.add_argument("--serve", action="store_true", help="start a server for this run (and stop it after)")
    parser.add_argument(
        "--class",
        dest="class_size",
        type=int,
        default=None,
        help="with --serve: the class size, i.e. the pool of preheated kernels (default: --sessions)",
    )
    parser.add_argument("--cull", type=int, default=60, help="with --serve: idle seconds before a kernel is culled")
    parser.add_argument("--sessions", type=int, default=30, help="pages opened (default 30)")
    parser.add_argument("--players", type=int, default=5, help="of which Chromium pages that play (default 5)")
    parser.add_argument("--within", type=float, default=10.0, help="seconds over which pages open (default 10)")
    parser.add_argument("--rounds", type=int, default=2, help="positions each player loads and places (default 2)")
    parser.add_argument("--abandon", action="store_true", help="drop pages without closing them (culling frees them)")
    parser.add_argument(
        "--settle",
        type=float,
        default=None,
        help="seconds to wait for memory to come back after closing (default: cull + 90 with --serve, else 120)",
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="hard limit for the whole run in seconds")
    parser.add_argument("--client-cpu", type=int, default=None, help="processor the clients run on (default: last)")
    parser.add_argument(
        "--short", action="store_true", help="a quick check: 3 sessions, 1 player (--serve without --url)"
    )
    parser.add_argument("--client-nice", type=int, default=19, help="the clients' niceness (default 19, the lowest)")
    options = parser.parse_args()
    if options.short:
        options.serve = not options.url
        options.sessions, options.players, options.rounds, options.within = 3, 1, 1, 2.0
        options.class_size = options.class_size or 3
        options.timeout = min(options.timeout, 300.0)
    if not 1 <= options.sessions <= MAX_SESSIONS:
        parser.error(f"--sessions must be 1 to {MAX_SESSIONS}")
    if not 0 <= options.players <= min(MAX_PLAYERS, options.sessions):
        parser.error(f"--players must be 0 to {MAX_PLAYERS} and at most --sessions")
    if options.serve == bool(options.url):
        parser.error("give either --url (a running server) or --serve")
    if options.settle is None:
        options.settle = options.cull + 90.0 if options.serve else 120.0

    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(int(options.timeout))
    own = None
    if options.serve:
        size = options.class_size or options.sessions
        own = OwnServer(size, options.cull)  # before the clients lower their priority: the server keeps its own
        try:
            print(f"starting a server: class of {size}, cull after {options.cull} s ...", flush=True)
            own.wait_pool(size, timeout=min(options.timeout, 60 + 8 * size))
            return measure(options, own.url, own.pid)
        finally:
            own.stop()
    return measure(options, loopback_only(options.url), None)


def measure(options: argparse.Namespace, base: str, server: int | None) -> int:
    """The run itself, against the server at ``base`` (its process ``server``, or found from the port)."""
    # The clients yield to the server: lowest priority, one processor.
    os.nice(max(0, options.client_nice - os.nice(0)))
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) > 1:
        os.sched_setaffinity(0, {options.client_cpu if options.client_cpu is not None else cpus[-1]})
    if server is None:
        port = urllib.parse.urlsplit(base).port or 80
        server = listening_pid(port)
        if server is None:
            raise SystemExit(f"nothing listens on port {port} of this machine")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min average) before the run", flush=True)

    records = [Session(i, "browser" if i < options.players else "light") for i in range(options.sessions)]
    pool = LightPool()
    players = Players(options.players)
    ok = True
    try:
        idle = snapshot(server)
        cpu_before = cpu_of_tree(server)
        print(
            f"idle: server {mib(idle.server_pss)} PSS,"
            f" {len(idle.kernels)} kernels {mib(idle.total_pss - idle.server_pss)}"
        )

        # Open: spread evenly over --within seconds, players first in line so they sit among the others.
        began = time.perf_counter()
        # The light clients are scheduled evenly over --within seconds on their own thread; the Chromium pages
        # are asked for first, spread over the first half (the browser takes a while to start each one).
        lights = [r for r in records if r.kind == "light"]
        gap = options.within / max(1, len(lights) - 1)
        futures = [
            pool.start(LightClient(base, record, timeout=options.timeout / 2), began + slot * gap)
            for slot, record in enumerate(lights)
        ]
        browser_pages: dict[int, Any] = {}
        for slot, record in enumerate(r for r in records if r.kind == "browser"):
            time.sleep(max(0.0, began + slot * options.within / 2 / max(1, options.players) - time.perf_counter()))
            browser_pages[record.index] = players.open(base)
        opened_in = time.perf_counter() - began
        for future in futures:
            future.result(timeout=options.timeout)
        for index, page in browser_pages.items():
            record = records[index]
            try:
                record.board_ms = players.board_ms(page, timeout=options.timeout / 2)
                record.kernel_id = Players.kernel_id(page)
                if record.board_ms is None:
                    record.error = "the board never showed"
            except Exception as error:
                record.error = f"{type(error).__name__}: {str(error)[:200]}"
        all_in = time.perf_counter() - began
        cpu_open = cpu_of_tree(server) - cpu_before
        print(
            f"{options.sessions} pages requested within {opened_in:.1f} s; all answered after {all_in:.1f} s",
            flush=True,
        )

        # Play.
        if players.bench is not None:
            players.bench.figures.clear()
            for _ in range(options.rounds):
                for index, page in browser_pages.items():
                    if records[index].error is None:
                        try:
                            players.bench.place_position(page)
                        except Exception as error:
                            records[index].error = f"while playing: {type(error).__name__}: {str(error)[:200]}"
        clicks = list(players.bench.figures.get("click square -> counter drawn", [])) if players.bench else []
        page_errors = list(players.bench.errors) if players.bench else []

        busy = snapshot(server)
        ids = {record.kernel_id for record in records if record.kernel_id}
        for record in records:
            if record.kernel_id and record.kernel_id not in busy.kernels and record.error is None:
                record.died = True
        session_kernels = [busy.kernels[k] for k in ids if k in busy.kernels]
    finally:
        closing = time.perf_counter()
        players.close(options.abandon)
        pool.close_all(options.abandon)

    # Back to idle?
    back_after = None
    deadline = time.perf_counter() + options.settle
    last = snapshot(server)
    while time.perf_counter() < deadline:
        last = snapshot(server)
        if (
            not (ids & set(last.kernels))
            and len(last.kernels) <= len(idle.kernels)
            and last.total_pss <= idle.total_pss * 1.10
        ):
            back_after = time.perf_counter() - closing
            break
        time.sleep(2)
    signal.alarm(0)

    # Report.
    boards = [r.board_ms / 1000 for r in records if r.board_ms is not None]
    light = [r.board_ms / 1000 for r in records if r.board_ms is not None and r.kind == "light"]
    browser = [r.board_ms / 1000 for r in records if r.board_ms is not None and r.kind == "browser"]
    failures = [r for r in records if r.board_ms is None or r.error]
    deaths = [r for r in records if r.died]
    n = options.sessions
    print()
    print(
        f"sessions: {n} ({options.players} Chromium pages that play, {n - options.players} light clients),"
        f" opened within {options.within:g} s"
    )
    print(f"time to board, all:     {spread(boards, 's')}")
    print(f"time to board, light:   {spread(light, 's')}")
    print(f"time to board, Chromium:{spread(browser, 's')}")
    print(f"pages without a board:  {sum(1 for r in records if r.board_ms is None)} of {n}")
    print(f"click to counter drawn: {spread(clicks, 'ms')}")
    print(
        f"errors:                 {len(failures)}"
        + "".join(f"\n  page {r.index} ({r.kind}): {r.error}" for r in failures if r.error)
    )
    if page_errors:
        print(f"page errors:            {page_errors[:5]}")
    print(f"kernel deaths:          {len(deaths)}")
    widgets = [r.extra["widgets"] for r in records if "widgets" in r.extra]
    if widgets:
        messages = [r.messages for r in records if "widgets" in r.extra]
        received = [r.bytes_in for r in records if "widgets" in r.extra]
        print(
            f"first paint (light):    {statistics.median(widgets):.0f} widget models, {statistics.median(messages):.0f}"
            f" messages, {statistics.median(received) / 1024:.0f} KiB from page request to board"
        )
    kernel_pss = [pss for _, _, pss in session_kernels]
    kernel_rss = [rss for _, rss, _ in session_kernels]
    print(
        f"memory idle:            {mib(idle.total_pss)} PSS ({mib(idle.total_rss)} RSS):"
        f" server {mib(idle.server_pss)}, "
        f"{len(idle.kernels)} kernels"
    )
    print(
        f"memory, all open:       {mib(busy.total_pss)} PSS ({mib(busy.total_rss)} RSS):"
        f" server {mib(busy.server_pss)}, "
        f"{len(busy.kernels)} kernels ({len(session_kernels)} of them the pages')"
    )
    if kernel_pss:
        per = statistics.mean(kernel_pss) + max(0, busy.server_pss - idle.server_pss) / n
        print(
            f"memory per session:     {mib(per)} PSS (its kernel {mib(statistics.mean(kernel_pss))} PSS,"
            f" {mib(statistics.mean(kernel_rss))} RSS, plus the server's growth per page)"
        )
    print(
        f"memory after closing:   {mib(last.total_pss)} PSS, {len(last.kernels)} kernels; "
        + (
            f"back to idle {back_after:.0f} s after the pages closed"
            if back_after is not None
            else f"NOT back to idle within {options.settle:.0f} s"
        )
    )
    print(
        f"processor time:         {cpu_open:.1f} s for the server and kernels while the pages opened"
        f" ({cpu_open / n:.2f} s per session)"
    )
    own_cpu = resource.getrusage(resource.RUSAGE_SELF)
    browsers = resource.getrusage(resource.RUSAGE_CHILDREN)
    light_n = max(1, n - options.players)
    print(
        f"clients' processor time: {own_cpu.ru_utime + own_cpu.ru_stime:.1f} s in this process (light clients and"
        f" the browser driver, {(own_cpu.ru_utime + own_cpu.ru_stime) / light_n:.2f} s per light client at most),"
        f" {browsers.ru_utime + browsers.ru_stime:.1f} s in Chromium"
        + (f" ({(browsers.ru_utime + browsers.ru_stime) / options.players:.1f} s per page)" if options.players else "")
    )
    print(f"load: {os.getloadavg()[0]:.2f} (1 min average) after the run")
    ok = not failures and not deaths and back_after is not None
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
