"""Write a group's whole history as JSON, for a backup or a move."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groups.models import Group
from groups.transfer import group_export


class Command(BaseCommand):
    help = "Export a group's history (every match, hole, grid, rule set and roster link) as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("group", type=int, help="the group's id (see the admin or its URL)")
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        group = Group.objects.filter(pk=options["group"]).first()
        if group is None:
            raise CommandError(f"There is no group {options['group']}.")
        text = json.dumps(group_export(group=group), indent=1, ensure_ascii=False)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as out:
                out.write(text + "\n")
            self.stderr.write(f"Wrote {group.name} to {options['output']}.")
        else:
            self.stdout.write(text)
