"""The shipped gunicorn.conf.py on its own: a few clients that send their body a byte
at a time must not keep everybody else waiting.

Starts gunicorn as `make run` does (``-c gunicorn.conf.py``, nothing else but the
port) on a throw-away SQLite database, holds more slow uploads open than the old
sync workers had workers, and asks for /healthz meanwhile.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")
WORKERS = 2
#: Slow uploads held open at once: three times the workers (sync workers: all stuck).
SLOW = 3 * WORKERS
READ_TIMEOUT = 2


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    tmp = tmp_path_factory.mktemp("gunicorn")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}",
        "SECRET_KEY": "slow-clients-test",
        "DEBUG": "0",
        "PORT": str(free_port()),
        "WEB_CONCURRENCY": str(WORKERS),
        "GUNICORN_READ_TIMEOUT": str(READ_TIMEOUT),
    }
    env.pop("GUNICORN_BIND", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "contenttypes"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    log = tmp / "gunicorn.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(GUNICORN), "golfsite.wsgi", "-c", "gunicorn.conf.py"],
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
            yield port, log
        finally:
            process.terminate()
            process.wait(timeout=30)


def slow_upload(port: int) -> socket.socket:
    """A POST that announces 100 bytes and sends one."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(
        b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
    )
    return sock


def test_slow_uploads_do_not_keep_others_waiting(server):
    port, log = server
    stalled = [slow_upload(port) for _ in range(SLOW)]
    try:
        time.sleep(0.5)  # every slow upload has reached a worker and is being read
        for _ in range(3):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                assert r.read() == b"ok"
        # Each slow upload is given up on after the read timeout (an answer or a
        # closed connection), not held until a worker is killed.
        for sock in stalled:
            sock.settimeout(READ_TIMEOUT + 20)
            answer = sock.recv(1024)
            assert answer == b"" or answer.startswith(b"HTTP/1.1 4"), answer[:80]
    finally:
        for sock in stalled:
            sock.close()
    text = log.read_text()
    assert "WORKER TIMEOUT" not in text
    assert "Traceback" not in text


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
    [line] = [line for line in recipe.splitlines() if "gunicorn golfsite.wsgi" in line]
    assert "-c gunicorn.conf.py" in line
    for flag in ("--bind", "--workers", "--worker-class", "--threads", "-b ", "-w "):
        assert flag not in line, flag
