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
