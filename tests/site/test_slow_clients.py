"""The shipped gunicorn.conf.py on its own: clients that send their body a byte a
second (a phone on a poor signal) must not keep everybody else waiting.

Starts gunicorn as `make run` does (``golfsite.asgi -c gunicorn.conf.py``, nothing
else but the port) on a throw-away SQLite database, keeps 50 uploads trickling a
byte a second (far more than the old threaded workers' 2 x 8 threads), and asks
for /healthz meanwhile.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serving import ROOT, gunicorn, healthz

WORKERS = 2
#: Slow uploads held open at once (17 were enough to stall the threaded workers).
SLOW = 50


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    tmp = tmp_path_factory.mktemp("gunicorn")
    log = tmp / "gunicorn.log"
    url = f"sqlite:///{tmp / 'db.sqlite3'}"
    with gunicorn(database_url=url, workers=WORKERS, log=log) as port:
        yield port, log


def trickle(port: int, stop: threading.Event) -> None:
    """A POST that announces 1,000 bytes of body, then sends one a second."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(
            b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        )
        while not stop.wait(1):
            try:
                sock.sendall(b" ")
            except OSError:
                return


def test_slow_uploads_do_not_keep_others_waiting(server):
    port, log = server
    stop = threading.Event()
    uploads = [threading.Thread(target=trickle, args=(port, stop)) for _ in range(SLOW)]
    for upload in uploads:
        upload.start()
    try:
        time.sleep(2)  # every upload has connected and sent its first bytes
        for _ in range(5):
            assert healthz(port, timeout=1) == b"ok"
            time.sleep(1)
        assert all(upload.is_alive() for upload in uploads), "an upload was cut off"
    finally:
        stop.set()
        for upload in uploads:
            upload.join()
    assert "WORKER TIMEOUT" not in log.read_text()


def test_it_listens_on_loopback_unless_told_otherwise():
    sys.path.insert(0, str(ROOT))
    try:
        import runpy

        config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    finally:
        sys.path.remove(str(ROOT))
    host = config["bind"].rsplit(":", 1)[0]
    assert host in ("127.0.0.1", "[::1]", "localhost"), config["bind"]


def test_make_run_serves_with_the_shipped_configuration():
    """`make run` is what a newcomer runs: the same configuration, not flags of its own."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    [line] = [line for line in recipe.splitlines() if "gunicorn golfsite.asgi" in line]
    assert "-c gunicorn.conf.py" in line
    for flag in ("--bind", "--workers", "--worker-class", "--threads", "-b ", "-w "):
        assert flag not in line, flag
