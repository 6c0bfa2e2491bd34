"""Edits by hand through the admin's own pages, as a member of staff makes them."""

from __future__ import annotations

from typing import Any

from django.db.models import Model
from django.forms import MultiWidget
from django.test import Client
from django.urls import reverse


def form_data(response: Any) -> dict[str, Any]:
    """What the browser would post back from an admin change page, unchanged."""
    forms = [response.context["adminform"].form]
    for inline in response.context["inline_admin_formsets"]:
        forms += [inline.formset.management_form, *inline.formset.forms]
    data: dict[str, Any] = {}
    for form in forms:
        for field in form:
            value = field.value()
            widget = field.field.widget
            if isinstance(widget, MultiWidget):
                parts = widget.decompress(value)
                assert parts is not None, field.html_name
                # django-stubs leaves out MultiWidget.widgets_names, which Django sets.
                names = widget.widgets_names  # type: ignore[attr-defined]
                for suffix, part in zip(names, parts, strict=True):
                    if part is not None:
                        data[field.html_name + suffix] = part
            elif value is True:
                data[field.html_name] = "on"
            elif value is not None and value is not False:
                data[field.html_name] = value
    return data


def _url(obj: Model, view: str) -> str:
    meta = obj._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{view}", args=[obj.pk])


def admin_change(client: Client, obj: Model, **changes: Any) -> None:
    """Change ``obj`` on its admin page: its form as shown, with ``changes``."""
    url = _url(obj, "change")
    data = {**form_data(client.get(url)), **changes, "_save": "Save"}
    answer = client.post(url, data)
    assert answer.status_code == 302, answer.content.decode()[:3000]


def admin_delete(client: Client, obj: Model) -> None:
    """Delete ``obj`` from its admin page, confirming."""
    answer = client.post(_url(obj, "delete"), {"post": "yes"})
    assert answer.status_code == 302, answer.status_code
