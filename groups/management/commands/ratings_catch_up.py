"""Bring up to date every group whose ratings were left behind: a job of the queue
that failed (its error is in the admin, Tasks › Task results), or one lost with a
worker. Safe at any time, and run by ``make run`` before the site starts."""

from typing import Any

from django.core.management.base import BaseCommand

from groups import ratings
from groups.models import Group


class Command(BaseCommand):
    help = (
        "Re-rate every group whose ratings are behind (a job that failed or was lost), "
        "in this process, and say how many."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        behind = list(
            Group.objects.filter(ratings_behind_since__isnull=False)
            .order_by("pk")
            .values_list("pk", "name")
        )
        if not behind:
            if options["verbosity"] > 0:
                self.stdout.write("Every group's ratings are up to date.")
            return
        for pk, name in behind:
            rated = ratings.ratings_catch_up(group_id=pk)
            self.stdout.write(f"{name}: ratings brought up to date ({rated} matches rated).")
