"""The live board says how it stays up to date: by itself with the script, by a
reload without it (nothing refreshes it then)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("script", [True, False])
def test_the_live_board_says_how_new_scores_arrive(browser, live_server, script):
    from tests.factories import eight_player_match

    match = eight_player_match(played=2, holes=9)
    context = browser.new_context(
        java_script_enabled=script, viewport={"width": 360, "height": 800}
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    expect(page.get_by_text("Updates every few seconds.")).to_be_visible(visible=script)
    expect(page.get_by_text("New scores show when you reload.")).to_be_visible(visible=not script)
    context.close()
