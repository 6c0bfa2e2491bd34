"""A demo group full of realistic matches, so the history and statistics pages have
something to show."""

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from groups.transfer import demo_group_create
from scoring.models import Match

DEMO_USER = "demo"


class Command(BaseCommand):
    help = "Create a demo group with realistic matches (random legal deals scored by the engine)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--matches", type=int, default=40, help="how many (default 40)")
        parser.add_argument(
            "--owner",
            help=f"username to own the group (default: a '{DEMO_USER}' account, made if missing)",
        )
        parser.add_argument("--seed", type=int, help="repeat the same matches")
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="do nothing when the database already holds a match (for `make run`)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["matches"] < 1:
            raise CommandError("--matches needs a number from 1 up.")
        users = get_user_model().objects
        if options["if_empty"] and Match.objects.exists():
            # `make run` every time after the first: say again how to get in, as
            # the password itself was shown once and may be long gone.
            if not options["owner"] and users.filter(username=DEMO_USER).exists():
                self.stdout.write(framed([f"Demo account: {DEMO_USER}", *NEW_PASSWORD]))
            return
        password = None
        if options["owner"]:
            owner = users.filter(username=options["owner"]).first()
            if owner is None:
                raise CommandError(f"There is no account called {options['owner']!r}.")
        else:
            owner = users.filter(username=DEMO_USER).first()
            if owner is None:
                # A fresh random password each time: a fixed one would be a known
                # way into any server where the demo was ever seeded.
                password = secrets.token_urlsafe(12)
                owner = users.create_user(username=DEMO_USER, password=password)
        group = demo_group_create(owner=owner, matches=options["matches"], seed=options["seed"])
        made = f"Made {group.name} (group {group.pk}) with {options['matches']} matches."
        self.stdout.write(made)
        # Last, and framed: `make run` prints this just before "Serving on ...".
        lines = [f"Log in as {owner.get_username()} to see it."]
        if password is not None:
            lines = [
                f"Demo account: {DEMO_USER}",
                f"Password:     {password}",
                "(shown only this once)",
                *NEW_PASSWORD,
            ]
        self.stdout.write(framed(lines))


#: How to choose a new demo password (also in the README).
NEW_PASSWORD = [f"New password: .venv/bin/python manage.py changepassword {DEMO_USER}"]


def framed(lines: list[str]) -> str:
    """``lines`` in a box of ``#``, with a blank line above and below, to stand out
    of the set-up's output."""
    width = max(len(line) for line in lines)
    bar = "#" * (width + 4)
    return "\n".join(["", bar, *(f"# {line.ljust(width)} #" for line in lines), bar, ""])
