"""The form renderer: Django's own, with its plainest widgets written out in Python.

A text box, a hidden field, a checkbox or one radio button is a single ``<input>``,
but Django draws each through two or three templates, and the hole form has about
thirty of them: drawing its inputs was half the page's time. For exactly those
templates, as Django ships them, :class:`FormRenderer` writes the same HTML
directly; every other template (and a widget whose label it would have to wrap)
goes to Django's templates as before. ``tests/test_renderer.py`` holds the two to
the same output for every form field of the site.
"""

from __future__ import annotations

from typing import Any

from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeData, SafeString, mark_safe

_WIDGETS = "django/forms/widgets/"

#: Templates that are ``input.html`` and nothing more (Django strips the newlines
#: their files end with).
_INPUTS = {
    f"{_WIDGETS}{name}.html"
    for name in (
        "text",
        "hidden",
        "number",
        "email",
        "url",
        "password",
        "search",
        "tel",
        "checkbox",
        "date",
        "datetime",
        "time",
    )
}
#: One option of a group (``input_option.html``): the same, when its label is not
#: wrapped round it.
_OPTIONS = {f"{_WIDGETS}radio_option.html", f"{_WIDGETS}checkbox_option.html"}


def _text(value: Any) -> str:
    """``{{ value|stringformat:'s' }}`` as Django's templates draw it."""
    text = str(value)
    return text if isinstance(value, SafeData) else str(escape(text))


def _shown(value: Any) -> str:
    """``{{ value }}`` as Django's templates draw a name or a type."""
    return str(conditional_escape(value if isinstance(value, str) else str(value)))


def _input(widget: dict[str, Any]) -> str:
    """``django/forms/widgets/input.html``, without its closing newline."""
    parts = [f'<input type="{_shown(widget["type"])}" name="{_shown(widget["name"])}"']
    if widget["value"] is not None:
        parts.append(f' value="{_text(widget["value"])}"')
    for name, value in widget["attrs"].items():
        if value is False:
            continue
        parts.append(f" {_shown(name)}" if value is True else f' {_shown(name)}="{_text(value)}"')
    parts.append(">")
    return "".join(parts)


class FormRenderer(DjangoTemplates):
    """Django's template renderer, with single inputs written out (see the module)."""

    def render(
        self, template_name: str, context: dict[str, Any], request: Any = None
    ) -> SafeString:
        widget = context.get("widget")
        if (
            isinstance(widget, dict)
            and type(widget.get("attrs")) is dict
            and "type" in widget
            and "value" in widget
            and (
                template_name in _INPUTS
                or (template_name in _OPTIONS and not widget.get("wrap_label"))
            )
        ):
            return mark_safe(_input(widget))
        return super().render(template_name, context, request)  # type: ignore[no-any-return]
