"""The paper card offers a print button where the script can print."""

import pytest
from playwright.sync_api import expect

from .helpers import start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("script", [True, False])
def test_the_paper_card_has_a_print_button_with_the_script(page, browser, live_server, script):
    start_match(page, live_server, names=("Ann", "Ben"))
    card = page.url.replace("holes/new/", "print/")
    context = browser.new_context(java_script_enabled=script)
    context.add_cookies(page.context.cookies())
    paper = context.new_page()
    paper.goto(card)
    expect(paper.get_by_role("heading", name="Score card")).to_be_visible()
    button = paper.get_by_role("button", name="Print the card")
    expect(button).to_be_visible(visible=script)
    if script:
        paper.evaluate("() => { window.print = () => { window.printed = true; }; }")
        button.click()
        assert paper.evaluate("() => window.printed") is True
    context.close()


#: Each dealer's name as drawn: its text, whether any of it is hidden, and the
#: widths of its cell and of a score's cell in the same column.
DEALERS = """() => [...document.querySelectorAll(".dealer-row .dealer")].map((name) => {
  const cell = name.closest("td");
  return {
    text: name.textContent,
    cut: name.scrollHeight > name.clientHeight + 1,
    width: cell.getBoundingClientRect().width,
  };
})"""


@pytest.mark.parametrize("media", ["screen", "print"])
def test_the_paper_card_names_each_dealer_as_far_as_fits(
    browser, live_server, media, screenshot_dir
):
    """A dealer's name is no longer cut to three letters; a column stays as narrow
    as its scores."""
    from scoring.engine import RuleSet
    from tests.factories import MatchFactory

    from .helpers import WIDTH, keep

    names = ["Bartholomew", "Barbara", "Featherstonehaugh-Smythe Junior III"]
    match = MatchFactory.create(players=names, rules=RuleSet(holes=9).to_dict())
    context = browser.new_context(viewport={"width": WIDTH, "height": 740}, has_touch=True)
    keep(context, live_server, match)
    paper = context.new_page()
    paper.emulate_media(media=media)
    paper.goto(live_server.url + f"/matches/{match.pk}/print/")
    expect(paper.get_by_role("heading", name="Score card")).to_be_visible()
    dealers = paper.evaluate(DEALERS)
    assert [d["text"] for d in dealers] == [names[n % 3] for n in range(9)]
    # Short and middling names whole; only a very long one loses its end.
    assert [d["cut"] for d in dealers[:3]] == [False, False, True]
    assert max(d["width"] for d in dealers) < 48
    paper.screenshot(path=screenshot_dir / f"paper-card-dealers-{media}.png", full_page=True)
    context.close()
