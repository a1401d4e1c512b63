"""What `studdraw dashboard` hands the app through the environment, and the guard in
front of it, in a module that loads no Streamlit: the command reads it before it
becomes the server, and Streamlit loaded outside its runtime (an `st.cache_data`
decorated at import) logs "No runtime found" on the console."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any
from urllib.parse import urlsplit

DATASET_VARIABLE = "STUDDRAW_PARQUET"
"""The Parquet dataset folder to show instead of a database (`--parquet DIR`)."""

FOLDERS_VARIABLE = "STUDDRAW_FOLDERS"
"""Folders the Import page may read besides the clients' (`--folder DIR`), joined by
`os.pathsep`."""

HOSTS_VARIABLE = "STUDDRAW_ALLOWED_HOSTS"
"""Host names the dashboard answers besides localhost's (`--allow-host NAME`), a comma
between two."""

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The names a browser on this machine reaches the dashboard by, with any port."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def allowed_hosts(environ: Mapping[str, str] | None = None) -> frozenset[str]:
    """localhost's names, and those `--allow-host` added."""
    environ = os.environ if environ is None else environ
    added = (name.strip().lower() for name in environ.get(HOSTS_VARIABLE, "").split(","))
    return frozenset(LOCAL_HOSTS) | {name.strip("[]").rstrip(".") for name in added if name}


def host_is_allowed(host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a request's `Host` header names one of `allowed` (any port, IPv6 in
    brackets): a page of another site whose name was made to resolve to this machine
    (DNS rebinding) sends its own name, and is refused."""
    if not host:
        return False
    try:
        parts = urlsplit(f"//{host}")
        parts.port  # noqa: B018 - a port that is no number is refused
    except ValueError:
        return False
    if parts.hostname is None or parts.username or parts.password or parts.path:
        return False
    return parts.hostname.rstrip(".") in set(allowed)


class HostGuard:
    """ASGI middleware in front of the whole dashboard: a request (page, health check,
    upload) whose Host is not allowed gets 403, a websocket is closed before it opens
    (uvicorn answers its handshake 403 too)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = LOCAL_HOSTS) -> None:
        self.app = app
        self.allowed = frozenset(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        host = headers.get(b"host", b"").decode("latin-1")
        if host_is_allowed(host, self.allowed):
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        else:
            body = (
                b"Forbidden: this dashboard answers only to localhost; another name must be "
                b"allowed with `studdraw dashboard --allow-host NAME`.\n"
            )
            await send(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": [
                        (b"content-type", b"text/plain; charset=utf-8"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
