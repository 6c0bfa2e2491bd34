"""`python manage.py bench_growth`: the history and statistics pages for a group of
10 matches and one of 10,000, side by side (see ``groups.growth``)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from groups.growth import LARGE, SMALL, growth_figures

#: The statistics pages, first view after a change, at 10,000 matches.
BUDGET_MS = 300
STATISTICS = ("player statistics", "group page")


class Command(BaseCommand):
    help = "Time the history and statistics pages at 10 and 10,000 matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--repeat", type=int, default=15, help="best of how many")
        parser.add_argument("--small", type=int, default=SMALL, help="matches in the small group")
        parser.add_argument("--large", type=int, default=LARGE, help="matches in the large group")

    def handle(self, *args: Any, **options: Any) -> None:
        small, large = options["small"], options["large"]
        self.stdout.write(
            f"Growth: {small:,} vs {large:,} matches (Django test client, best of "
            f"{options['repeat']}, milliseconds)"
        )
        for label, fast, slow in growth_figures(repeat=options["repeat"], small=small, large=large):
            line = f"  {label:<56} {fast * 1000:7.2f} {slow * 1000:8.2f}"
            if label.startswith(STATISTICS) and label.endswith("(first after a change)"):
                verdict = "ok" if slow * 1000 <= BUDGET_MS else "OVER"
                line += f"   (within {BUDGET_MS} ms: {verdict})"
            self.stdout.write(line)
