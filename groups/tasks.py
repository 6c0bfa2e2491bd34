"""The groups app's jobs, run after the response by the site's queue (Django's
tasks framework: ``settings.TASKS``; ``manage.py db_worker`` runs them)."""

from __future__ import annotations

from django_tasks import task


@task()
def ratings_catch_up(group_id: int) -> int:
    """Bring a group's ratings up to date after a change too big to re-rate inside
    its request (``ratings.ratings_defer``). Returns how many matches were rated."""
    from . import ratings  # ratings enqueues this job

    return ratings.ratings_catch_up(group_id=group_id)
