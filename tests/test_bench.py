"""`make bench` prints the engine figures with their budgets (timing itself is never
asserted: these machines are too noisy for that)."""

import gzip
from io import StringIO

import pytest
from django.core.management import call_command


def test_bench_prints_every_engine_figure_with_its_budget():
    out = StringIO()
    call_command("bench", "--engine-only", stdout=out)
    lines = out.getvalue().splitlines()
    for label, budget in [
        ("score a parsed six-card grid", "6 us"),
        ("parse, validate and score a grid from notation", "20 us"),
        ("validate and score an 8-player hole", "250 us"),
    ]:
        line = next(line for line in lines if label in line)
        assert f"(budget {budget})" in line
        assert float(line.split(label)[1].split("us")[0]) > 0


def test_bench_times_the_peer_beside_us_when_given_a_checkout(tmp_path, monkeypatch):
    from tests.test_peer import fake_peer

    monkeypatch.setenv("GOLF_PEER_DIR", str(fake_peer(tmp_path)))
    out = StringIO()
    call_command("bench", "--engine-only", stdout=out)
    line = next(x for x in out.getvalue().splitlines() if "scored by the peer engine" in x)
    assert float(line.split("engine")[1].split("us")[0]) > 0
    assert "x as fast (held to at least 1, aim 2: " in line


def test_bench_says_how_to_time_the_peer_without_a_checkout(monkeypatch):
    monkeypatch.delenv("GOLF_PEER_DIR", raising=False)
    out = StringIO()
    call_command("bench", "--engine-only", stdout=out)
    assert "peer not measured: set GOLF_PEER_DIR" in out.getvalue()


def test_each_server_ratio_is_the_median_of_rounds_run_back_to_back():
    from scoring.management.commands.bench import paired_rates

    # Round 2 ran while the machine was busy: both figures halved, the ratio kept.
    bases, targets = iter([1000.0, 500.0, 900.0]), iter([400.0, 200.0, 270.0])
    paired = paired_rates(lambda: next(bases), lambda: next(targets), rounds=3)
    assert paired.ratio == 0.4
    assert (paired.base, paired.target) == (900.0, 270.0)


@pytest.mark.django_db
def test_the_save_load_carries_on_from_hole_to_hole_across_runs():
    """Each run of the save load must pick up at the next hole, or every save after
    the first run would be a conflict and the bench would time the wrong thing."""
    from scoring.management.commands.bench import hole_save_requests

    requests = hole_save_requests(matches=8)
    first = next(requests(0))
    second = next(requests(0))
    assert "number=1&" in first[2]
    assert "number=2&" in second[2]
    assert first[1] == second[1]
    assert first[3]["HX-Request"] == "true"


def test_the_python_load_stops_the_bench_when_a_worker_fails_or_runs_out():
    """A worker thread that stopped early (a refused request, or no holes left to
    save) must stop the bench, not leave a rate that only looks lower."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from scoring.management.commands.bench import python_rps

    class Answer(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/phone":
                # Compressed, as the site answers a phone, which asks for it.
                assert "gzip" in self.headers["Accept-Encoding"]
                body = gzip.compress(b"Hole 1 saved.")
                self.send_response(200)
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            status = 500 if self.path == "/broken" else 200
            self.send_response(status)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        assert python_rps(url, 1, None, threads=2) > 0

        def two(worker):
            yield from [("GET", "/", None, {})] * 2

        with pytest.raises(RuntimeError, match="ran out of requests"):
            python_rps(url, 1, None, requests=two, threads=2)
        with pytest.raises(RuntimeError, match="answered 500"):
            python_rps(url + "broken", 1, None, threads=2)
        # The answer is read as the phone would read it, uncompressed.
        assert python_rps(url + "phone", 1, None, threads=2, expect=b"saved.") > 0
        with pytest.raises(RuntimeError, match="did not answer"):
            python_rps(url + "phone", 1, None, threads=2, expect=b"refused")
    finally:
        server.shutdown()
        server.server_close()
