"""Fixes from the phone review of the try page, as a 360 px phone shows them: problems
numbered right under the grid and above the keypad, and an empty page when no grid
was typed, filled in by tapping."""

from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

TRY = reverse("rules:try")


def box(locator):
    return locator.bounding_box()


def test_problems_are_numbered_under_the_grid_and_each_slot_names_its_number(
    page, live_server, screenshot_dir
):
    page.goto(live_server.url + TRY + "?grid=K+K+K+%2F+K+K+3")
    keys = page.locator("[data-keys]")
    expect(keys).to_be_visible()  # the script has run
    problems = page.get_by_role("list", name="Problems with this grid")
    expect(problems.get_by_role("listitem")).to_have_text(
        ["Five kings in this grid, but one deck has four."]
    )
    # A visible number, not a bare line of red text.
    marker = problems.evaluate("el => getComputedStyle(el).listStyleType")
    assert marker == "decimal"
    grid = page.locator("[data-editor]")
    assert box(grid)["y"] + box(grid)["height"] <= box(problems)["y"]
    assert box(problems)["y"] + box(problems)["height"] <= box(keys)["y"]
    # Nothing but the slots inside the grid: no lists between its rows.
    assert grid.locator("ul, ol, li").count() == 0
    # Each of the five kings carries the number in its own cell, and its description
    # is the problem itself.
    for row, column in [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)]:
        slot = page.locator(f'.slot[data-row="{row}"][data-column="{column}"]')
        cell = page.locator(".slot-cell").filter(has=slot)
        mark = cell.locator(".slot__mark")
        expect(mark).to_have_text("Problem\u00a01")
        cell_box, mark_box = box(cell), box(mark)
        assert cell_box["x"] <= mark_box["x"]
        assert mark_box["x"] + mark_box["width"] <= cell_box["x"] + cell_box["width"] + 0.5
        line = mark.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
        assert mark_box["height"] < 1.5 * line, "the number stays on the line of its word"
        expect(slot).to_have_accessible_description(
            "Five kings in this grid, but one deck has four."
        )
    expect(page.locator('.slot[data-row="2"][data-column="3"]')).not_to_have_attribute(
        "aria-describedby", "grid-problem-1"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(screenshot_dir / "rules-try-problems.png"), full_page=True)


def test_a_wrong_card_is_numbered_and_fixing_it_clears_the_list(page, live_server):
    page.goto(live_server.url + TRY + "?grid=8+B+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    problems = page.get_by_role("list", name="Problems with this grid")
    item = problems.get_by_role("listitem")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Card 2 of row 1: 'B' is not a rank")
    wrong = page.locator('.slot[data-row="1"][data-column="2"]')
    expect(wrong).to_have_accessible_description(item.inner_text())
    expect(page.locator(".slot__mark")).to_have_text(["Problem\u00a01"])
    # Put a 3 there: the list and the mark go, and the grid is scored.
    wrong.tap()
    expect(wrong).to_have_attribute("aria-pressed", "true")
    page.locator('.key[data-rank="3"]').tap()
    expect(page.get_by_role("heading", name="It scores 16")).to_be_visible()
    expect(problems).to_have_count(0)
    expect(page.locator(".slot__mark")).to_have_count(0)


def test_with_no_grid_the_page_is_empty_and_tapping_fills_it(page, live_server):
    page.goto(live_server.url + TRY)
    field = page.get_by_label("Grid, row by row")
    expect(field).to_have_value("")
    expect(page.locator(".slot .card--empty")).to_have_count(6)
    expect(page.locator("#try-empty")).to_be_visible()
    expect(page.get_by_role("heading", name="It scores")).to_have_count(0)
    expect(page.locator(".slot--wrong")).to_have_count(0)
    # Tap the first slot, then six ranks: each tap moves on to the next slot.
    page.locator('.slot[data-row="1"][data-column="1"]').tap()
    typed = []
    for n, rank in enumerate(["8", "5", "7", "8", "3", "9"]):
        expect(page.locator(".slot[aria-pressed=true]")).to_have_attribute(
            "data-column", str(n % 3 + 1)
        )
        page.locator(f'.key[data-rank="{rank}"]').tap()
        typed.append(rank)
        cells = typed + ["?"] * (6 - len(typed))
        expect(field).to_have_value(" ".join(cells[:3]) + " / " + " ".join(cells[3:]))
        if len(typed) == 1:
            # One card in: no score, no problem list, the empty slots just named.
            expect(page.locator("#try-result")).to_contain_text("No score yet")
            expect(page.get_by_role("list", name="Problems with this grid")).to_have_count(0)
    expect(page.get_by_role("heading", name="It scores 24")).to_be_visible()
    assert parse_qs(urlsplit(page.url).query)["grid"] == ["8 5 7 / 8 3 9"]


def test_the_example_link_puts_its_grid_in_the_field(page, live_server):
    page.goto(live_server.url + TRY + "?variant=four-card")
    page.get_by_role("link", name="Start from an example grid").tap()
    expect(page.get_by_role("heading", name="It scores")).to_be_visible()
    grid = parse_qs(urlsplit(page.url).query)["grid"][0]
    expect(page.get_by_label("Grid, row by row")).to_have_value(grid)


def test_with_the_script_the_page_speaks_of_the_slots_not_the_fallback(page, live_server):
    """The slots and keys replace the pick-one-by-one lists, which are for a browser
    without the script: the page no longer points to them, nor says "Tap a slot
    first." before anything was tapped."""
    page.goto(live_server.url + TRY)
    expect(page.locator("[data-keys]")).to_be_visible()
    expect(page.locator("summary", has_text="Pick the cards one by one")).to_be_hidden()
    empty = page.locator("#try-empty")
    expect(empty.locator(".js-only")).to_be_visible()
    said = empty.inner_text()  # what shows, not the hidden fallback's words
    assert "or tap the slots of the grid" in said
    assert "Pick the cards one by one" not in said
    expect(page.locator("[data-status]")).to_have_text("No slot chosen yet.")
    # The grid is typed in even spaces, as on the scoresheet.
    font = page.get_by_label("Grid, row by row").evaluate("(el) => getComputedStyle(el).fontFamily")
    assert "monospace" in font


# -- second review: layout at 360 px -------------------------------------------------


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


def test_without_the_script_the_card_lists_follow_the_grids_columns(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + TRY + "?variant=ten-card&grid=8+5+7+2+K+%2F+8+3+9+4+5")
    page.locator("summary", has_text="Pick the cards one by one").click()
    for column in range(1, 6):
        top, bottom = box(page.locator(f"#slot-1-{column}")), box(page.locator(f"#slot-2-{column}"))
        assert abs(top["x"] - bottom["x"]) < 1, column
        assert top["y"] + top["height"] <= bottom["y"]
        if column > 1:
            left = box(page.locator(f"#slot-1-{column - 1}"))
            assert abs(left["y"] - top["y"]) < 1 and left["x"] < top["x"]
    # Each list still names its row and card to a screen reader.
    expect(page.locator("#slot-2-4")).to_have_accessible_name("Row 2, card 4")
    expect(page.locator("#slot-2-4")).to_have_value("4")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


def test_in_dark_mode_red_and_black_suit_keys_share_one_background(browser, live_server):
    context = browser.new_context(color_scheme="dark", viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + TRY + "?grid=8+5+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()

    def background(name):
        return page.get_by_role("button", name=name).evaluate(
            "el => getComputedStyle(el).backgroundColor"
        )

    assert background("Hearts") == background("Spades") == background("Diamonds")
    page_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background("Hearts") != "rgb(255, 255, 255)", page_background
    red = page.get_by_role("button", name="Hearts").evaluate("el => getComputedStyle(el).color")
    black = page.get_by_role("button", name="Spades").evaluate("el => getComputedStyle(el).color")
    assert red != black
    context.close()
