"""A score card wider than the phone says that it scrolls: a shadow on its right
edge while holes are hidden there, none once the last column is in view."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)

#: The wrapper's scroll state and the layers of its background: the shadow fixed
#: to the box ("scroll") and the cover that moves with the content ("local").
STATE = """
(wrap) => {
  const style = getComputedStyle(wrap);
  return {
    hidden: wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft,
    images: style.backgroundImage,
    attachments: style.backgroundAttachment.split(",").map((s) => s.trim()),
  };
}
"""


def kinds(images: str) -> list[str]:
    """The function name of each layer of a computed background-image."""
    found, depth, start = [], 0, 0
    for i, char in enumerate(images + ","):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            found.append(images[start:i].strip().split("(")[0])
            start = i + 1
    return found


def test_a_wide_score_card_shows_it_scrolls(page, live_server):
    from scoring.management.commands.bench import eight_player_match

    match = eight_player_match(played=18)
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    wrap = page.locator(".scorecard-wrap")
    state = wrap.evaluate(STATE)
    assert state["hidden"] > 0  # 18 holes do not fit 360 px
    layers = list(zip(kinds(state["images"]), state["attachments"], strict=False))
    # A cover that travels with the content over a shadow that stays on the edge.
    assert layers[:2] == [("linear-gradient", "local"), ("radial-gradient", "scroll")], layers
    wrap.evaluate("(wrap) => { wrap.scrollLeft = wrap.scrollWidth; }")
    assert wrap.evaluate(STATE)["hidden"] <= 1
