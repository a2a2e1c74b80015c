"""Move -> seen with real pages: many rooms open at once, on one server or on two behind nginx, PostgreSQL.

    .venv/bin/python scripts/rooms_pages.py --rooms 15 --servers 1|2 [--moves 6]
        [--postgres postgresql://aton:aton@127.0.0.1/aton_test]

Starts the dashboard server(s) on a fresh schema of the PostgreSQL store (two: behind nginx, as
``docs/rooms.md`` configures it, with each room's Red pinned to the first server and Blue to the second, so
every move crosses), creates the rooms with both seats taken, and opens every player's page in Chromium
(one browser context each, the seat key in its storage, as a join leaves it).  Once every page is in its
seat, the rooms play in turn: both lay their cards, then ``--moves`` squares each; every move is timed from
the click on the mover's page to the opponent's page showing it.  Printed: page count, time to open them
all, and move -> seen (median, 95th percentile, max).  The pages and kernels of all the rooms stay open
meanwhile, so the servers carry the whole class's load while each move is timed.  Uses the browser tests'
page drivers (``tests/browser``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import urllib.parse
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the page drivers of the browser tests

from dashboard_page import DashboardPage, local_page  # noqa: E402
from test_behind_nginx import Proxy, in_step, pinned_context, play_one  # noqa: E402
from test_connection_lost import Server, playable, until  # noqa: E402

import aton  # noqa: E402
from aton import rooms  # noqa: E402
from aton.serving.launch import CHROMIUM_FLAGS, NO_CHROMIUM, find_chromium  # noqa: E402


def fresh_schema(url: str) -> tuple[str, str]:
    """A new empty schema on the server at ``url``: (its store URL, its name)."""
    import psycopg

    schema = f"pages_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    options = urllib.parse.quote(f"-csearch_path={schema}")
    return f"{url}{'&' if '?' in url else '?'}options={options}", schema


def drop_schema(url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA {schema} CASCADE")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(share * len(ordered)) - 1)]


def report_lost_move(mover: DashboardPage, other: DashboardPage, folder: Path) -> None:
    """Print what both pages of a room show when a move was not seen (status, messages), and screenshot them."""
    for name, dash in (("mover", mover), ("other", other)):
        messages = dash.page.evaluate(
            "() => Array.from(document.querySelectorAll('#aton-connection, .aton-board-area .aton-message'))"
            ".map(e => e.innerText.trim()).filter(t => t)"
        )
        dash.page.screenshot(path=str(folder / f"lost-{name}.png"))
        print(f"{name}: {dash.status()} {messages} {folder / f'lost-{name}.png'}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=15)
    parser.add_argument("--servers", type=int, choices=(1, 2), default=1)
    parser.add_argument("--moves", type=int, default=6, help="squares each player plays after the cards")
    parser.add_argument("--postgres", default=os.environ.get("ATON_TEST_POSTGRES", ""))
    arguments = parser.parse_args()
    if not arguments.postgres:
        parser.error("--postgres (or ATON_TEST_POSTGRES) names the PostgreSQL server")
    chromium = find_chromium()
    if chromium is None:
        parser.error(NO_CHROMIUM)
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if arguments.servers == 2 and nginx is None:
        parser.error("two servers need nginx (Debian's package `nginx`)")
    store_url, schema = fresh_schema(arguments.postgres)
    folder = Path(tempfile.mkdtemp(prefix="aton-pages-"))
    from playwright.sync_api import sync_playwright

    with contextlib.ExitStack() as closing:
        closing.callback(drop_schema, arguments.postgres, schema)
        servers = []
        for number in range(arguments.servers):
            (folder / f"server{number}").mkdir()
            server = Server(folder / f"server{number}", store_url)
            server.start()
            closing.callback(server.stop)
            servers.append(server)
        if arguments.servers == 2:
            assert nginx is not None
            proxy = Proxy(nginx, folder, servers)
            closing.callback(proxy.stop)
            base = proxy.base
        else:
            base = servers[0].base
        store = rooms.open_store(store_url)
        seats: list[dict[str, str]] = []
        try:
            for number in range(arguments.rooms):
                code = store.create(seed=100 + number)
                keys = {
                    "red": store.join(code, aton.RED, nickname=f"R{number}"),
                    "blue": store.join(code, aton.BLUE, nickname=f"B{number}"),
                }
                seats.append({colour: json.dumps({"code": code, "token": key}) for colour, key in keys.items()})
        finally:
            store.dispose()

        playwright = closing.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_FLAGS))
        closing.callback(browser.close)
        errors: list[str] = []
        pages: list[tuple[DashboardPage, DashboardPage]] = []
        opened = time.monotonic()
        for saved in seats:
            pair = []
            for colour, server_name in (("red", "aton_1"), ("blue", "aton_2")):
                context = pinned_context(browser, base, server_name, saved[colour])
                page = local_page(context, errors, 300_000)  # a loaded server may take minutes for a page
                page.goto(base + "/", timeout=300_000)
                pair.append(DashboardPage(page, base + "/", timeout=300_000))
            for dash, colour in zip(pair, ("red", "blue"), strict=True):
                until(dash.page, playable(colour), 300)
            pages.append((pair[0], pair[1]))
        took = time.monotonic() - opened
        print(f"{2 * len(pages)} pages in their seats on {arguments.servers} server(s): {took:.0f} s", flush=True)

        seen: list[float] = []
        for red, blue in pages:  # the cards: Red's seen by Blue, then Blue's by Red
            red.assign(sorted(red.hand(), reverse=True))
            started = time.monotonic()
            blue.wait_status(to_act="blue")
            seen.append(time.monotonic() - started)
            before = red.status()["shown"]
            blue.assign(sorted(blue.hand()))
            started = time.monotonic()
            red.page.wait_for_function(
                "before => document.querySelector('.aton-status-line').dataset.shown !== before", arg=before
            )
            seen.append(time.monotonic() - started)
        for _ in range(2 * arguments.moves):
            for red, blue in pages:
                status = in_step(red, blue, seconds=120)
                if status["over"] == "true" or status["phase"] == "assign" or status["to-act"] not in ("red", "blue"):
                    continue
                mover, other = (red, blue) if status["to-act"] == "red" else (blue, red)
                try:
                    seen.append(play_one(mover, other))
                except Exception:
                    report_lost_move(mover, other, folder)
                    raise
        if errors:
            print(f"the pages raised errors: {errors[:3]}")
        print(
            f"move -> seen, {len(pages)} rooms, {arguments.servers} server(s)"
            f"{' behind nginx' if arguments.servers == 2 else ''}, PostgreSQL: median {statistics.median(seen):.2f} s,"
            f" p95 {percentile(seen, 0.95):.2f} s, max {max(seen):.2f} s over {len(seen)} moves"
        )


if __name__ == "__main__":
    main()
