"""``{% url %}`` for every template, remembering the links it has made.

Django's ``reverse()`` tries each pattern a name could mean, quotes the arguments
and checks the result against the pattern: about 40 microseconds a link. A
scoreboard has a dozen links (half of them the header's), which was over half
the time of drawing a scoreboard already in the fragment cache. A link depends
only on the URL name, its arguments, the URLconf in use, the script prefix, the
language and the current namespace, so each is made once per process and then
remembered (a bounded LRU, so per-match links cannot grow it without limit).

Installed as a template builtin (``TEMPLATES[...]["OPTIONS"]["builtins"]``), it
takes over the ``url`` tag everywhere: same syntax, same output, same errors.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings
from django.template import Context, Library, Node
from django.template.base import FilterExpression, Parser, Token
from django.template.defaulttags import url as parse_url
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.translation import get_language

register = Library()


@lru_cache(maxsize=4096)
def _link(
    urlconf: Any,
    prefix: str,
    language: str | None,
    name: str,
    args: tuple[Any, ...],
    kwargs: tuple[tuple[str, Any], ...],
    namespace: str | None,
) -> str:
    # ``prefix`` and ``language`` are only part of the key: reverse() reads them
    # for itself.
    return reverse(name, urlconf=urlconf, args=args, kwargs=dict(kwargs), current_app=namespace)


def _plain(value: Any) -> bool:
    """Whether a link argument can be remembered: equal ints and strings make equal
    links, but 1, True and 1.0 are equal keys and different links."""
    return type(value) is int or type(value) is str


#: What a link depends on besides its name and arguments: the URLconf, the script
#: prefix, the language and the current namespace.
Where = tuple[Any, str, "str | None", "str | None"]


def where(request: Any = None) -> Where:
    """For the request being served (``request``: for its namespace)."""
    namespace = getattr(request, "current_app", None)
    if namespace is None:
        namespace = getattr(getattr(request, "resolver_match", None), "namespace", None)
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return (urlconf, get_script_prefix(), get_language(), namespace)


def link(
    name: str,
    args: tuple[Any, ...] = (),
    kwargs: dict[str, Any] | None = None,
    at: Where | None = None,
) -> str:
    """``reverse(name, args=..., kwargs=...)``, remembered when every argument is a
    plain int or string (otherwise reversed afresh). ``at``: :func:`where`, if the
    caller has it. Raises NoReverseMatch as reverse() does; a failure is not
    remembered."""
    urlconf, prefix, language, namespace = at or where()
    kwargs = kwargs or {}
    if not (all(_plain(a) for a in args) and all(_plain(v) for v in kwargs.values())):
        return reverse(name, urlconf=urlconf, args=args, kwargs=kwargs, current_app=namespace)
    key = tuple(sorted(kwargs.items())) if kwargs else ()
    return _link(urlconf, prefix, language, name, tuple(args), key, namespace)


class LinkNode(Node):
    def __init__(
        self,
        name: FilterExpression,
        args: list[FilterExpression],
        kwargs: dict[str, FilterExpression],
        asvar: str | None,
    ) -> None:
        self.name, self.args, self.kwargs, self.asvar = name, args, kwargs, asvar

    def render(self, context: Context) -> str:
        args = tuple(arg.resolve(context) for arg in self.args)
        kwargs = {key: value.resolve(context) for key, value in self.kwargs.items()}
        # Worked out once a page: it is the same for every link of one request.
        at: Where | None = getattr(context, "_links_at", None)
        if at is None:
            at = where(getattr(context, "request", None))
            context._links_at = at  # type: ignore[attr-defined]
        try:
            url = link(self.name.resolve(context), args, kwargs, at)
        except NoReverseMatch:
            if self.asvar is None:
                raise
            url = ""  # ``{% url ... as name %}`` leaves the name empty, as Django's does
        if self.asvar is not None:
            context[self.asvar] = url
            return ""
        return str(conditional_escape(url)) if context.autoescape else url


@register.tag
def url(parser: Parser, token: Token) -> LinkNode:
    """``{% url 'name' arg ... [as variable] %}``, parsed by Django's own tag."""
    parsed = parse_url(parser, token)
    return LinkNode(parsed.view_name, parsed.args, parsed.kwargs, parsed.asvar)
