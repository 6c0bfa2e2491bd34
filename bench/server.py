"""The site served as `make run` serves it (gunicorn, 2 workers, no control socket),
on a free loopback port, started and stopped by the bench so a measurement never
depends on something left running."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

#: The repository: gunicorn runs there, as `make run` does (and so reads
#: gunicorn.conf.py, as `make run` does).
ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """gunicorn on loopback. ``env``: the server's environment on top of ours (the
    bench's throw-away ``DATABASE_URL``)."""

    def __init__(self, *, env: dict[str, str], workers: int = 2) -> None:
        self.port = free_port()
        self.workers = workers
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Server:
        gunicorn = Path(sys.executable).with_name("gunicorn")
        self.process = subprocess.Popen(
            [
                str(gunicorn),
                "golfsite.asgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--no-control-socket",
                "--log-level",
                "warning",
                "--access-logfile",
                "/dev/null",
            ],
            cwd=ROOT,
            env={**os.environ, "DEBUG": "0", **self.env},
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url("/healthz"), timeout=1) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        self.__exit__()
        raise RuntimeError("gunicorn did not answer /healthz within 30 s")

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def __exit__(self, *exc: Any) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None
