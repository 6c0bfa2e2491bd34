"""Finding a pattern the test needs in a page or a text."""

import re


def first_match(pattern: str, text: str, flags: int = 0) -> re.Match[str]:
    """The first match of ``pattern`` in ``text``; the test fails, naming the pattern,
    when there is none."""
    found = re.search(pattern, text, flags)
    assert found is not None, f"nothing matches {pattern!r}"
    return found
