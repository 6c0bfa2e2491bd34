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
