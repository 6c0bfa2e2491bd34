"""A small browser for the bench: cookies, forms and a stopwatch, over HTTP only.

It does what a phone's browser does without JavaScript (or with htmx): GET a page,
read its form (the CSRF token, the one-time form token and every default value),
POST it back with the cookies the site set. Each request is timed from sending to
the last byte of the answer. Standard library only.
"""

from __future__ import annotations

import gzip
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.client import HTTPConnection
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

Value = str | Sequence[str]


class BenchError(RuntimeError):
    """The site did not answer as a player's browser expects."""


@dataclass
class Answer:
    method: str
    path: str
    status: int
    headers: dict[str, str]
    text: str
    seconds: float

    @property
    def location(self) -> str:
        """Where a redirect points, as a path."""
        return urlsplit(self.headers.get("location", "")).path


@dataclass
class Form:
    """A form as a browser would send it untouched: every field's default value."""

    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)

    def filled(self, values: Mapping[str, Value]) -> list[tuple[str, str]]:
        """The defaults with ``values`` typed over them (a list ticks several boxes)."""
        kept = [(name, value) for name, value in self.fields if name not in values]
        for name, value in values.items():
            if isinstance(value, str):
                kept.append((name, value))
            else:
                kept.extend((name, item) for item in value)
        return kept

    def value(self, name: str) -> str:
        return next(value for key, value in self.fields if key == name)


class _FormReader(HTMLParser):
    """Every <form> of a page with its fields' defaults, as the HTML standard says a
    form is submitted: checked boxes only, the selected (else the first) option,
    no buttons."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: tuple[str, list[str], list[str]] | None = None  # name, selected, all
        self._textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self._form = Form(action=a.get("action", ""))
            self.forms.append(self._form)
        if self._form is None or "disabled" in a:
            return
        name = a.get("name", "")
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in {"submit", "button", "image", "reset", "file"}:
                return
            if kind in {"checkbox", "radio"} and "checked" not in a:
                return
            self._form.fields.append((name, a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select" and name:
            self._select = (name, [], [])
        elif tag == "option" and self._select is not None and "value" in a:
            self._select[2].append(a["value"])
            if "selected" in a:
                self._select[1].append(a["value"])
        elif tag == "textarea" and name:
            self._textarea = (name, [])

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._form is None:
            return
        if tag == "select" and self._select is not None:
            name, selected, options = self._select
            for value in selected or options[:1]:
                self._form.fields.append((name, value))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self._form.fields.append((self._textarea[0], "".join(self._textarea[1])))
            self._textarea = None
        elif tag == "form":
            self._form = None


def forms_of(html: str) -> list[Form]:
    reader = _FormReader()
    reader.feed(html)
    return reader.forms


class Browser:
    """One phone: its own cookies, every request timed. Asks for compressed pages, as a
    phone's browser does (compressing them is part of the server's work)."""

    def __init__(self, base_url: str, *, timeout: float = 30) -> None:
        parts = urlsplit(base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.timeout = timeout
        self.cookies: dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        *,
        data: Sequence[tuple[str, str]] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        body = urlencode(data) if data is not None else None
        sent = {"Accept-Encoding": "gzip", **(headers or {})}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        # A new connection each time: gunicorn's sync workers close it after every
        # answer, so a browser reconnects too.
        connection = HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            start = time.perf_counter()
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            raw = response.read()
            seconds = time.perf_counter() - start
        finally:
            connection.close()
        answer_headers = {k.lower(): v for k, v in response.getheaders()}
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        if answer_headers.get("content-encoding") == "gzip":
            raw = gzip.decompress(raw)
        return Answer(
            method, path, response.status, answer_headers, raw.decode(errors="replace"), seconds
        )

    def get(self, path: str, *, headers: Mapping[str, str] | None = None) -> Answer:
        return self.request("GET", path, headers=headers)

    def submit(
        self,
        page: Answer,
        values: Mapping[str, Value],
        *,
        action: str,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        """Fill in the form of ``page`` that posts to ``action`` and post it."""
        form = form_of(page, action=action)
        return self.request("POST", action, data=form.filled(values), headers=headers)


def form_of(page: Answer, *, action: str) -> Form:
    """The form of ``page`` that posts to ``action`` (a page's header may hold
    another, such as "Log out")."""
    for form in forms_of(page.text):
        if form.action == action:
            return form
    raise BenchError(f"no form posting to {action} on {page.path}")
