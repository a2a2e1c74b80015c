"""One address for a class served by several dashboard servers: the nginx configuration in front of them.

Each page's kernel lives on one server, so everything a page asks (the page itself, its websocket, Voila's
close call) must reach that server.  nginx pins a browser to a server with a cookie (``aton_server``) that
names the server which answered last; a browser without it is sent to a server at random.  Every server
is the others' backup: when a server dies, nginx sends its pages to another one, whose answer rewrites the
cookie, and the pages' own reconnection (the heartbeat script) finds their seats again because the seat
keys are kept per address in the browser, and the address stays the same.  The servers share one
PostgreSQL room store (``--rooms postgresql://...``), so every room is on every server.

>>> text = nginx_config(8866, [8871, 8872], folder="/tmp/aton-nginx")
>>> "listen 8866;" in text and "server 127.0.0.1:8872 backup;" in text
True
>>> nginx_config(8866, [8871])
Traceback (most recent call last):
...
ValueError: a class across servers needs at least two servers, not 1

Written by hand or by ``python -m aton.serving.proxy --listen 8866 --servers 8871 8872 --folder DIR``; see
``docs/rooms.md`` ("A class across several servers").
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

COOKIE = "aton_server"
"""The cookie that pins a browser to the server holding its kernel."""


def _names(ports: Sequence[int]) -> list[str]:
    return [f"aton_{index}" for index in range(1, len(ports) + 1)]


def nginx_config(
    listen: int | str,
    servers: Sequence[int],
    *,
    host: str = "127.0.0.1",
    folder: str | None = None,
    run_as: str | None = None,
) -> str:
    """A whole ``nginx.conf``: listen on ``listen`` (a port, or ``address:port``) and spread the browsers over
    the dashboard servers at ``host:port`` for each port of ``servers``.

    ``folder``: where nginx keeps its pid, logs and temporary files (a folder of one's own lets nginx run as
    any user, outside the system's service); ``None`` keeps Debian's defaults.  ``run_as``: the ``user``
    nginx's workers run as (only when nginx is started as root)."""
    if len(servers) < 2:
        raise ValueError(f"a class across servers needs at least two servers, not {len(servers)}")
    names = _names(servers)
    lines: list[str] = []
    if run_as:
        lines.append(f"user {run_as};")
    if folder:
        lines += [f"pid {folder}/nginx.pid;", f"error_log {folder}/error.log warn;"]
    lines += ["worker_processes 1;", "events { worker_connections 4096; }", "http {"]
    if folder:
        lines += [
            f"  access_log {folder}/access.log;",
            *(f"  {name}_temp_path {folder}/{name};" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")),
        ]
    lines.append("  map $http_upgrade $connection_upgrade { default upgrade; '' close; }")
    # a browser without the cookie: any server, by its request's id
    share = 100 / len(servers)
    lines.append('  split_clients "${request_id}" $aton_new_server {')
    for name in names[:-1]:
        lines.append(f"    {share:.2f}% {name};")
    lines += [f"    * {names[-1]};", "  }"]
    # the cookie names a server: keep it; anything else (a forged value too): a new one
    lines.append(f"  map $cookie_{COOKIE} $aton_server {{")
    lines += [f"    {name} {name};" for name in names]
    lines += ["    default $aton_new_server;", "  }"]
    # the server that did answer (its address is the last one nginx tried) is the one to keep
    lines.append("  map $upstream_addr $aton_answered {")
    pattern = host.replace(".", "\\.")
    lines += [f"    ~{pattern}:{port}$ {name};" for name, port in zip(names, servers, strict=True)]
    lines += ["    default $aton_server;", "  }"]
    for name, port in zip(names, servers, strict=True):
        lines.append(f"  upstream {name} {{")
        lines.append(f"    server {host}:{port};")
        lines += [f"    server {host}:{other} backup;" for other in servers if other != port]
        lines.append("  }")
    lines += [
        "  server {",
        f"    listen {listen};",
        "    client_max_body_size 20m;",
        "    location / {",
        "      proxy_pass http://$aton_server;",
        "      proxy_http_version 1.1;",
        "      proxy_set_header Host $http_host;",
        "      proxy_set_header X-Real-IP $remote_addr;",
        "      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "      proxy_set_header Upgrade $http_upgrade;",
        "      proxy_set_header Connection $connection_upgrade;",
        "      proxy_read_timeout 1d;",
        "      proxy_connect_timeout 2s;",
        "      proxy_next_upstream error timeout http_502;",
        f'      add_header Set-Cookie "{COOKIE}=$aton_answered; Path=/; SameSite=Lax; HttpOnly" always;',
        "    }",
        "  }",
        "}",
    ]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    """Print the configuration (the command line of ``docs/rooms.md``)."""
    parser = argparse.ArgumentParser(prog="python -m aton.serving.proxy", description=__doc__.split("\n\n")[0])
    parser.add_argument("--listen", default="8866", help="the class's address: a port, or address:port")
    parser.add_argument("--servers", type=int, nargs="+", required=True, help="the dashboard servers' ports")
    parser.add_argument("--host", default="127.0.0.1", help="the machine the dashboard servers run on")
    parser.add_argument("--folder", default=None, help="nginx's pid, logs and temporary files (default: Debian's)")
    parser.add_argument("--user", default=None, help="the user nginx's workers run as (when started as root)")
    arguments = parser.parse_args(argv)
    try:
        text = nginx_config(
            arguments.listen, arguments.servers, host=arguments.host, folder=arguments.folder, run_as=arguments.user
        )
    except ValueError as error:
        parser.error(str(error))
    print(text, end="")


if __name__ == "__main__":
    main()
