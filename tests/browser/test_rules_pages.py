"""The rules pages in a phone's browser: each fits 360 px (and is kept as a
screenshot), the card-value table swaps in place and marks a refused choice, the
hole tables of a house rule share their columns, and a contents link that wraps
keeps its number."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import box, query

pytestmark = pytest.mark.django_db(transaction=True)


PAGES = {
    "home": reverse("home"),
    "guide": reverse("rules:guide"),
    "card-values": reverse("rules:card_values") + "?house_rules=one-eyed-jacks&jokers=eagle-eye",
    "try": reverse("rules:try") + "?variant=ten-card&grid=8+B+7+2+K+/+8+3+9",
    "examples": reverse("rules:examples"),
    "variants": reverse("rules:variants"),
    "variant-nine-card": reverse("rules:variant", args=["nine-card"]),
    "house-rules": reverse("rules:house_rules"),
    "house-rule-knock-penalty": reverse("rules:house_rule", args=["knock-penalty"]),
    "practice": reverse("rules:practice") + "?seed=3&answer=12",
    "faq": reverse("rules:faq"),
    "strategy": reverse("rules:strategy"),
    "glossary": reverse("rules:glossary"),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_each_page_fits_a_phone_and_is_kept_as_a_screenshot(
    page, live_server, screenshot_dir, name
):
    page.goto(live_server.url + PAGES[name])
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name} is {width}px wide on a 360px screen"
    assert page.locator("h1").count() == 1
    page.screenshot(path=str(screenshot_dir / f"rules-{name}.png"), full_page=True)


def test_changing_the_variant_in_card_values_swaps_the_table_in_place(page, live_server):
    page.goto(live_server.url + reverse("rules:card_values"))
    page.get_by_label("Variant").select_option("four-card")
    page.wait_for_selector("text=Nothing cancels in Four-card Golf")
    assert query(page)["variant"] == ["four-card"]


def test_card_values_marks_a_refused_choice_beside_it(page, live_server):
    page.goto(live_server.url + reverse("rules:card_values"))
    page.get_by_label("Deck").select_option("zsa")
    page.wait_for_selector("text=with the ZSA deck")
    jokers = page.get_by_label("Jokers")
    jokers.select_option("standard")
    error = page.locator("#id_jokers_error")
    expect(error).to_be_visible()
    expect(error).to_have_text("The ZSA deck has no jokers.")
    expect(jokers).to_have_accessible_description("The ZSA deck has no jokers.")


def test_hole_score_tables_share_their_column_widths_and_keep_player_names_whole(page, live_server):
    page.goto(live_server.url + reverse("rules:house_rule", args=["knock-penalty"]))
    tables = page.locator("table.hole")
    expect(tables).to_have_count(2)
    widths = [
        table.locator("thead th").evaluate_all("ths => ths.map(th => th.offsetWidth)")
        for table in tables.all()
    ]
    assert widths[0] == widths[1], widths
    for name in page.locator("table.hole .hole__name").all():
        line = name.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
        assert box(name)["height"] < 1.5 * line, name.inner_text()
    for header in page.locator("table.hole thead th").all():
        line = header.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
        if header.inner_text() in ("Player", "Grid", "Score"):
            assert box(header)["height"] < 3 * line, header.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_wrapped_contents_link_keeps_its_number_on_its_first_line(page, live_server):
    page.goto(live_server.url + reverse("rules:examples"))
    toc = page.locator(".toc")
    wrapped = 0
    for link in toc.locator("a").all():
        rects = link.evaluate(
            "el => Array.from(el.getClientRects()).map(r => ({top: r.top, bottom: r.bottom}))"
        )
        item_top = link.evaluate("el => el.closest('li').getBoundingClientRect().top")
        # The link starts on the item's first line, where the number is.
        assert rects[0]["top"] - item_top < 12
        wrapped += len(rects) > 1
    assert wrapped >= 1, "a title wraps at 360 px, so the check means something"
    # "10." fits beside its item instead of being cut at the screen's edge.
    room = toc.locator("ol").evaluate("el => parseFloat(getComputedStyle(el).paddingLeft)")
    ten = toc.locator("ol").evaluate(
        "el => { const s = document.createElement('span'); s.textContent = '10. ';"
        " el.appendChild(s); const w = s.getBoundingClientRect().width; s.remove(); return w; }"
    )
    assert ten <= room
