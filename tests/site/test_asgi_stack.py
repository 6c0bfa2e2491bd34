"""Served by golfsite.asgi, a request runs the whole middleware stack in its own
thread, as the views do, instead of stepping between that thread and the event
loop around each middleware.

Django runs the middleware below the lowest synchronous-only one in asynchronous
mode, and each of its own (sessions, CSRF, authentication, messages...) then hands
its request and response work to the request's thread and waits for it:
seventeen hand-overs for a rules page, against five with
``golfsite.middleware.sync_to_the_view`` last in MIDDLEWARE. In the card room of
`make bench` that took a read from 41-44 ms to 35-36 ms at the median
(docs/performance.md). Django's AsyncClient runs requests through the same
asynchronous handler as the ASGI server."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import SyncToAsync, async_to_sync
from django.conf import settings
from django.test import AsyncClient
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)  # the request runs in another thread


def hand_overs(request: Callable[[], Awaitable[Any]]) -> tuple[Any, list[str]]:
    """``request``'s answer, and what was handed to a thread on the way, by name."""
    names: list[str] = []
    hand_over = SyncToAsync.__call__

    def counted(self: SyncToAsync[Any, Any], *args: Any, **kwargs: Any) -> Any:
        names.append(getattr(self.func, "__qualname__", repr(self.func)))
        return hand_over(self, *args, **kwargs)

    # In a thread of its own, as a server's event loop would: an xdist worker that
    # ran browser tests before has Playwright's event loop in its main thread, and
    # async_to_sync refuses to run there.
    with mock.patch.object(SyncToAsync, "__call__", counted), ThreadPoolExecutor(1) as thread:
        response = thread.submit(async_to_sync(request)).result()
    return response, names


def test_the_middleware_runs_in_the_requests_thread_without_hand_overs():
    async def guide() -> Any:
        return await AsyncClient().get(reverse("rules:guide"))

    response, names = hand_overs(guide)
    assert response.status_code == 200
    per_middleware = [n for n in names if n.endswith(("process_request", "process_response"))]
    assert per_middleware == []
    # The request-started signal, the stack, CSRF's look at the view, the view, and
    # closing the response.
    assert len(names) <= 5, names


def test_the_synchronous_step_is_the_last_middleware():
    assert settings.MIDDLEWARE[-1] == "golfsite.middleware.sync_to_the_view"
