"""A table with a long name at 360 px: the hole form does not scroll sideways, and
the standings keep every total in one column."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services
from scoring.engine import RuleSet
from scoring.services import HoleEntry
from tests.factories import MatchFactory

from .helpers import keep

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ann", "Bartholomew Featherstonehaugh-Smythe", "Cara", "Dmitri"]
GRIDS = ("8 5 7 / 8 3 9", "K Q J / K 10 2", "7 7 3 / 4 6 6", "A 2 3 / 4 A 6")


@pytest.fixture
def holes():
    """Holes the match has (two are played)."""
    return 9


@pytest.fixture
def match(page, live_server, holes):
    import uuid

    made = MatchFactory.create(players=NAMES, rules=RuleSet(holes=holes).to_dict())
    for number in (1, 2):
        services.hole_record(
            match=made,
            entry=HoleEntry(kind="grids", grids=GRIDS, went_out=0),
            token=uuid.uuid4(),
            number=number,
        )
    keep(page.context, live_server, made)  # the phone that started it
    return made


def test_the_hole_form_fits_the_phone_with_a_long_name(page, live_server, match):
    page.goto(live_server.url + reverse("scoring:hole_new", args=[match.pk]))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_standings_totals_line_up(page, live_server, match):
    page.goto(live_server.url + reverse("scoring:match_detail", args=[match.pk]))
    totals = page.locator(".standings__total")
    assert totals.count() == 4
    right_edges = {round(b["x"] + b["width"]) for b in (t.bounding_box() for t in totals.all())}
    assert len(right_edges) == 1, right_edges
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


EIGHT = [
    "Bartholomew Featherstonehaugh-Smythe",
    "Wolfeschlegelsteinhausenbergerdorffschmi",
    "Anastasia Konstantinopoulou",
    "Maximilian von Habsburg-Lothringen",
    "Guinevere Pendragon of Camelot",
    "Dmitri Ivanovich Petrovsky",
    "Oluwaseun Adebayo-Okonkwo",
    "Rosalind Montgomery-Fitzgerald",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_finished_matchs_summary_fits_the_phone_with_eight_long_names(
    browser, live_server, scheme
):
    """Nothing to scroll sideways, and every name shown whole, not cut."""
    import uuid

    made = MatchFactory.create(players=EIGHT, rules=RuleSet(holes=2).to_dict())
    for number in (1, 2):
        services.hole_record(
            match=made,
            entry=HoleEntry(kind="grids", grids=GRIDS * 2, went_out=0),
            token=uuid.uuid4(),
            number=number,
        )
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    keep(context, live_server, made)
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:match_detail", args=[made.pk]))
    table = page.locator(".summary")
    expect(table.get_by_role("rowheader")).to_have_count(8)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert table.evaluate("(t) => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
    box = table.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    for name in EIGHT:
        cell = table.get_by_role("rowheader", name=name)
        expect(cell).to_be_visible()
        assert cell.evaluate("(th) => th.scrollWidth <= th.clientWidth"), name


#: The longest name a seat takes (40 characters), with no space to break at.
UNBROKEN = "Wolfeschlegelsteinhausenbergerdorffschmi"


@pytest.mark.parametrize("js", [True, False], ids=["script", "no script"])
def test_a_name_without_a_space_never_widens_a_page(browser, live_server, js):
    """Every page of a match, its seat named with the longest name a seat holds and
    no space in it, fits 360 px: the name breaks where it must."""
    import uuid

    assert len(UNBROKEN) == 40
    made = MatchFactory.create(
        players=[UNBROKEN, "Bob"], first_dealer=1, rules=RuleSet(holes=9).to_dict()
    )
    services.hole_record(
        match=made,
        entry=HoleEntry(kind="grids", grids=GRIDS[:2], went_out=0),
        token=uuid.uuid4(),
        number=1,
    )
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=js)
    keep(context, live_server, made)
    page = context.new_page()
    pages = [
        reverse("scoring:match_detail", args=[made.pk]),
        reverse("scoring:hole_new", args=[made.pk]),
        reverse("scoring:hole_detail", args=[made.pk, 1]),
        reverse("scoring:hole_edit", args=[made.pk, 1]),
        reverse("scoring:hole_delete", args=[made.pk, 1]),
        reverse("scoring:match_end", args=[made.pk]),
        reverse("scoring:match_print", args=[made.pk]),
        reverse("scoring:match_list"),
        reverse("scoring:match_shared", args=[made.share_token]),
    ]
    wide = {}
    for path in pages:
        page.goto(live_server.url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 360:
            wide[path] = width
    assert wide == {}
    context.close()


def test_a_board_with_no_hole_shows_a_long_name_whole(page, live_server):
    """Nothing scrolls before the first hole, so the name is not cut to "Barthol…"."""
    made = MatchFactory.create(players=NAMES, rules=RuleSet(holes=9).to_dict())
    keep(page.context, live_server, made)
    page.goto(live_server.url + reverse("scoring:match_detail", args=[made.pk]))
    name = page.locator(".scorecard thead th", has_text="Bartholomew")
    assert name.evaluate("(th) => th.scrollWidth <= th.clientWidth")
    assert "Featherstonehaugh-Smythe" in name.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
