"""Make a new group from a JSON export, owned by an existing account."""

import json
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from groups.transfer import ImportRejected, group_import


class Command(BaseCommand):
    help = "Import a group's history from a file written by export_group."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the JSON file export_group wrote")
        parser.add_argument("--owner", required=True, help="username of the new group's owner")

    def handle(self, *args: Any, **options: Any) -> None:
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(f"There is no account called {options['owner']!r}.")
        try:
            with open(options["file"], encoding="utf-8") as source:
                data = json.load(source)
        except (OSError, ValueError, RecursionError) as exc:
            # (RecursionError: JSON nested deeper than Python's parser goes.)
            raise CommandError(f"Could not read {options['file']}: {exc}") from exc
        try:
            group = group_import(data=data, owner=owner)
        except ImportRejected as exc:
            raise CommandError(f"Not imported: {exc}") from exc
        self.stdout.write(
            f"Imported {group.name} (group {group.pk}) with {group.matches.count()} matches."
        )
