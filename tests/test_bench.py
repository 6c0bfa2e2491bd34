"""`make bench` prints the engine figures with their budgets (timing itself is never
asserted: these machines are too noisy for that)."""

from io import StringIO

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
