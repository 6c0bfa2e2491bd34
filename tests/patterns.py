"""Finding a pattern the test needs in a page, a style sheet or a text."""

import re
from html.parser import HTMLParser
from pathlib import Path

from django.http import HttpResponse


def first_match(pattern: str, text: str, flags: int = 0) -> re.Match[str]:
    """The first match of ``pattern`` in ``text``; the test fails, naming the pattern,
    when there is none."""
    found = re.search(pattern, text, flags)
    assert found is not None, f"nothing matches {pattern!r}"
    return found


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def visible_text(html: str) -> str:
    """What a page says, as a reader sees it: tags dropped without leaving a gap
    (so "<bdi>Ann</bdi>, <bdi>Cy</bdi>" reads "Ann, Cy"), characters unescaped, and
    runs of white space made one space."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return re.sub(r"\s+", " ", "".join(parser.parts))


def text(response: HttpResponse) -> str:
    """A response's body as the page's HTML."""
    return response.content.decode()


def css_rules(path: Path) -> list[tuple[str, str]]:
    """A style sheet's rules as (selectors, declarations) pairs, comments left out."""
    sheet = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    return re.findall(r"([^{}]+)\{([^{}]*)\}", sheet)
