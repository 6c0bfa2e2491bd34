"""The site served as `make run` serves it, for tests of the serving itself:
gunicorn started from the repository with the shipped configuration
(``golfsite.asgi -c gunicorn.conf.py``), nothing else but the port, the database
and the number of workers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def gunicorn(*, database_url: str, workers: int, log: Path) -> Iterator[int]:
    """gunicorn serving the site on ``database_url`` (its tables made first) with
    ``workers`` workers, its output in ``log``; yields its port once /healthz
    answers, and stops it after."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": "serving-test",
        "DEBUG": "0",
        "PORT": str(free_port()),
        "WEB_CONCURRENCY": str(workers),
    }
    for name in ("GUNICORN_BIND", "CONN_MAX_AGE", "DATABASE_POOL", "DATABASE_POOL_SIZE"):
        env.pop(name, None)
    # /healthz asks for Django's content types: the only table it needs.
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "contenttypes"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(GUNICORN), "golfsite.asgi", "-c", "gunicorn.conf.py"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        port = int(env["PORT"])
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                        break
                except OSError:
                    assert process.poll() is None, log.read_text()
                    assert time.monotonic() < deadline, log.read_text()
                    time.sleep(0.2)
            yield port
        finally:
            process.terminate()
            process.wait(timeout=30)


def healthz(port: int, *, timeout: float = 5) -> bytes:
    """What /healthz answers, within ``timeout`` seconds."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout) as answer:
        return bytes(answer.read())
