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
