"""Serve a built static site as a careful host would: its ``_headers`` rules and its precompressed files.

    python scripts/serve_site.py [--port 8000] [--bind 127.0.0.1] [SITE]

Like ``python -m http.server --directory SITE``, plus what ``scripts/build_site.py`` prepares for hosts:

- the ``Cache-Control`` of the site's ``_headers`` file (``/versioned/*`` kept for a year, everything else
  checked on every visit, answered "304 Not Modified" when unchanged);
- ``name.gz`` sent with ``Content-Encoding: gzip`` when the browser accepts it;
- ``.wasm`` as ``application/wasm``.

Each request's log line ends with the bytes sent (``scripts/bench_site.py`` adds them up).  For trying
a build on a laptop, and for the tests and the benchmark; a school's own web server does the same with
the settings in ``docs/teaching.md``.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os
import sys
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit


def read_headers(site: Path) -> list[tuple[str, dict[str, str]]]:
    """The rules of ``site/_headers``: (path pattern, headers) in order; a pattern may end with ``*``."""
    rules: list[tuple[str, dict[str, str]]] = []
    path = site / "_headers"
    if not path.is_file():
        return rules
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), {}))
        elif rules and ":" in line:
            name, value = line.split(":", 1)
            rules[-1][1][name.strip()] = value.strip()
    return rules


def headers_for(rules: list[tuple[str, dict[str, str]]], path: str) -> dict[str, str]:
    """The headers of every rule whose pattern matches the URL path ``path``, later rules winning.

    >>> rules = [("/versioned/*", {"Cache-Control": "immutable"}), ("/", {"Cache-Control": "no-cache"})]
    >>> headers_for(rules, "/versioned/ab/x.whl"), headers_for(rules, "/"), headers_for(rules, "/other")
    ({'Cache-Control': 'immutable'}, {'Cache-Control': 'no-cache'}, {})
    """
    found: dict[str, str] = {}
    for pattern, headers in rules:
        if (pattern.endswith("*") and path.startswith(pattern[:-1])) or path == pattern:
            found.update(headers)
    return found


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """``http.server``'s file handler with the site's header rules and precompressed files."""

    rules: ClassVar[list[tuple[str, dict[str, str]]]] = []
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
    }

    def send_head(self) -> Any:
        self.gzipped = False
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            return super().send_head()  # the folder's index.html (through a redirect when needed)
        packed = path + ".gz"
        gzip_ok = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (gzip_ok and os.path.isfile(packed) and os.path.isfile(path)):
            return super().send_head()
        stat = os.stat(packed)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime):
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        source = open(packed, "rb")  # noqa: SIM115 - closed by the caller, as http.server does
        self.gzipped = True
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return source

    def end_headers(self) -> None:
        path = unquote(urlsplit(self.path).path)
        for name, value in headers_for(self.rules, path).items():
            self.send_header(name, value)
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """The usual log line, with the bytes of the file sent (its gzip copy's when that went) for a 200."""
        if str(int(code) if isinstance(code, int) else code) == "200":
            path = self.translate_path(self.path)
            if os.path.isdir(path):
                path = os.path.join(path, "index.html")
            sent = path + ".gz" if getattr(self, "gzipped", False) else path
            size = os.path.getsize(sent) if os.path.isfile(sent) else size
        super().log_request(code, size)


def serve(site: Path, port: int, bind: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """A server of ``site`` on ``bind:port`` (not started: call ``serve_forever``)."""
    handler = type("Handler", (SiteHandler,), {"rules": read_headers(site)})
    return http.server.ThreadingHTTPServer((bind, port), functools.partial(handler, directory=str(site)))


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=Path(__file__).resolve().parents[1] / "site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"no site in {args.site}: build it first with ./run site")
    server = serve(args.site, args.port, args.bind)
    print(f"serving {args.site} at http://{args.bind}:{args.port}/", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
