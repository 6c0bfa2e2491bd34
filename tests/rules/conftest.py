import re

import pytest


@pytest.fixture
def htmx_client(client):
    """A client whose requests say they come from htmx."""
    client.defaults["HTTP_HX_REQUEST"] = "true"
    return client


def text_of(html: str) -> str:
    """The visible text of a page, tags dropped and spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def table_values(html: str) -> dict[str, str]:
    """Card (its accessible name) -> points, as the first value table shows them."""
    table = html.split('<table class="values">')[1].split("</table>")[0]
    rows = re.findall(r'aria-label="([^"]+)".*?<td class="num">([^<]*)</td>', table, re.S)
    return dict(rows)


def div_at(html: str, start: str) -> str:
    """The ``<div>`` that begins at ``start``, up to its own closing tag."""
    begin = html.index(start)
    depth = 0
    for tag in re.finditer(r"<div\b|</div>", html[begin:]):
        depth += -1 if tag.group(0) == "</div>" else 1
        if depth == 0:
            return html[begin : begin + tag.end()]
    raise AssertionError(f"{start} is never closed")


def section_text(html: str, start: str, end: str) -> str:
    """The visible text of ``html`` between ``start`` and ``end``."""
    return text_of(html.split(start, 1)[1].split(end, 1)[0])


def page_text(client, url):
    """The visible text of the page at ``url``, which must answer 200."""
    response = client.get(url)
    assert response.status_code == 200
    return text_of(response.content.decode())
