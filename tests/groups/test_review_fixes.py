"""Fixes from a review of the group pages on a phone (360 px): the roster refuses a
name already on it in another case and explains why beside the field; a winner is
not drawn like a link; every average is written one way; and the player's chart
keeps its dots inside the plot and its labels readable and apart."""

import re
import uuid
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.urls import reverse

from groups import charts, formats, services
from groups.charts import average_chart
from groups.models import RosterPlayer
from groups.selectors import ChartPoint
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.services import HoleEntry

pytestmark = pytest.mark.django_db

MINUS = "\u2212"
GROUPS_CSS = Path(__file__).resolve().parents[2] / "groups/static/groups/groups.css"


class Elements(HTMLParser):
    """Every start tag's attributes by id, and the text inside each element with an id."""

    def __init__(self):
        super().__init__()
        self.by_id: dict[str, dict[str, str]] = {}
        self.text: dict[str, str] = {}
        self.open: list[str] = []
        self.messages = False

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        attributes["tag"] = tag
        if "id" in attributes:
            self.by_id[attributes["id"]] = attributes
            self.text[attributes["id"]] = ""
            self.open.append(attributes["id"])
        if "messages" in attributes.get("class", "").split():
            self.messages = True

    def handle_endtag(self, tag):
        if self.open and self.by_id[self.open[-1]]["tag"] == tag:
            self.open.pop()

    def handle_data(self, data):
        for element in self.open:
            self.text[element] += data


def parsed(response) -> Elements:
    found = Elements()
    found.feed(response.content.decode())
    return found


# 1. The roster: one name, whatever its case; the reason beside the field.


def add(client, group, name):
    return client.post(reverse("groups:roster_add", args=[group.pk]), {"name": name})


@pytest.mark.parametrize("typed", ["ann", "ANN", " aNn "])
def test_a_name_on_the_roster_in_another_case_is_refused(client, member, group, typed):
    client.force_login(member)
    response = add(client, group, typed)
    assert list(group.roster.values_list("name", flat=True)) == ["Ann"]
    assert response.status_code == 200
    assert "Ann is already on the roster." in response.content.decode()


def test_a_refused_name_is_explained_beside_the_field_and_kept(client, member, group):
    client.force_login(member)
    response = add(client, group, "ann")
    page = parsed(response)
    field = page.by_id["id_name"]
    assert field["tag"] == "input"
    assert field["value"] == "ann"  # what was typed, not emptied
    assert field["aria-invalid"] == "true"
    error_id = field["aria-describedby"]
    assert page.text[error_id].strip() == "Ann is already on the roster."
    # Said once, beside the field: not in the banner at the top as well.
    assert not page.messages
    # The browser goes straight back to the field, wherever it is on the page.
    assert "autofocus" in field


def test_an_empty_name_is_explained_beside_the_field(client, member, group):
    client.force_login(member)
    page = parsed(add(client, group, "   "))
    field = page.by_id["id_name"]
    assert field["aria-invalid"] == "true"
    assert page.text[field["aria-describedby"]].strip() == "Enter the player's name."


def test_the_same_name_exactly_is_still_refused_beside_the_field(client, member, group):
    client.force_login(member)
    page = parsed(add(client, group, "Ann"))
    field = page.by_id["id_name"]
    assert page.text[field["aria-describedby"]].strip() == "Ann is already on the roster."


def test_a_new_name_is_added_and_the_page_shown_again(client, member, group):
    client.force_login(member)
    response = add(client, group, "Annie")
    assert response.status_code == 302
    # Back to the roster, to see the new name there and add another.
    assert response["Location"] == reverse("groups:detail", args=[group.pk]) + "#roster"
    assert sorted(group.roster.values_list("name", flat=True)) == ["Ann", "Annie"]
    page = parsed(client.get(reverse("groups:detail", args=[group.pk])))
    assert page.by_id["roster"]["tag"] == "h2"
    assert "aria-invalid" not in page.by_id["id_name"]
    assert "autofocus" not in page.by_id["id_name"]


def test_the_service_folds_case_beyond_ascii(group):
    """Compared in Python: SQLite's LIKE folds the case of ASCII letters only."""
    services.roster_add(group=group, name="Zoë")
    services.roster_add(group=group, name="Straße")
    with pytest.raises(services.GroupActionError, match="Zoë is already on the roster."):
        services.roster_add(group=group, name="ZOË")
    with pytest.raises(services.GroupActionError, match="Straße is already on the roster."):
        services.roster_add(group=group, name="STRASSE")
    assert group.roster.count() == 3  # Ann, Zoë, Straße


def test_the_same_name_in_another_group_is_fine(owner, group):
    other = services.group_create(owner=owner, name="Sunday golf")
    assert services.roster_add(group=other, name="ann").name == "ann"


def test_renaming_in_the_admin_has_the_same_check(client, group):
    """There is no renaming on the site; the admin's is held to the same rule."""
    bob = services.roster_add(group=group, name="Bob")
    admin = User.objects.create_superuser("root", password="a-long-pass-phrase-9")
    client.force_login(admin)
    url = reverse("admin:groups_rosterplayer_change", args=[bob.pk])
    response = client.post(url, {"group": group.pk, "name": "ANN", "user": ""})
    assert response.status_code == 200
    assert "Ann is already on the roster." in response.content.decode()
    bob.refresh_from_db()
    assert bob.name == "Bob"
    # A change of case to one's own name is no clash.
    ann = group.roster.get(name="Ann")
    ann.name = "ANN"
    ann.full_clean()
    with pytest.raises(ValidationError) as refused:
        RosterPlayer(group=group, name="aNN").full_clean()
    assert refused.value.message_dict["name"] == ["Ann is already on the roster."]


def test_an_entry_may_change_the_case_of_its_own_name_but_not_take_another(group):
    ann = group.roster.get(name="Ann")
    ann.name = "ANN"
    ann.full_clean()
    ann.name = "Annie"
    ann.full_clean()
    with pytest.raises(ValidationError):
        RosterPlayer(group=group, name="aNN").full_clean()


# 2. A winner is marked, not underlined like a link.


def css_rules(path):
    text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    return re.findall(r"([^{}]+)\{([^{}]*)\}", text)


def test_nothing_but_a_link_is_underlined_on_the_group_pages():
    for selectors, body in css_rules(GROUPS_CSS):
        if re.search(r"text-decoration[^;]*underline", body):
            for selector in selectors.split(","):
                assert re.search(r"(^|\s|>)a(\W|$)", selector.strip()), selector


def test_the_winner_is_still_marked_in_the_history(client, member, group, owner, play):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    client.force_login(member)
    page = client.get(reverse("groups:history", args=[group.pk])).content.decode()
    assert "Won by <strong><bdi>Ann</bdi></strong>" in page
    assert (
        '<li class="history__winner"><bdi>Ann</bdi> <span class="history__total">3</span></li>'
        in page
    )
    assert '<li><bdi>Bob</bdi> <span class="history__total">4</span></li>' in page


# 3. One way of writing an average, everywhere.


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (35 / 6, "5.83"),
        (4.0, "4.00"),
        (4, "4.00"),
        (13 / 3, "4.33"),
        (0.125, "0.13"),  # half up, as by hand (Python's round() gives 0.12)
        (2.675, "2.68"),  # the decimal a person reads, not the binary float below it
        (-1.5, f"{MINUS}1.50"),
        (-0.001, "0.00"),  # no minus sign on nothing
        (None, ""),
    ],
)
def test_an_average_has_two_decimals_and_a_real_minus(value, written):
    assert formats.average(value) == written


def test_points_have_a_real_minus():
    assert [formats.points(v) for v in (-4, 0, 12, None)] == [f"{MINUS}4", "0", "12", ""]


def leader_line(page, name):
    found = re.search(rf"><bdi>{name}</bdi></a>: (\S+) a hole", page)
    assert found, name
    return found.group(1)


def stat(page, term):
    found = re.search(rf"<dt>{term}</dt><dd>([^<]*)</dd>", page)
    assert found, term
    return found.group(1)


def test_the_group_page_and_the_player_pages_agree(client, member, group, owner, play):
    # Ann: 1 point over 8 holes (0.125); Bob: 4 a hole exactly; Cy: 3, 4, 6 (4.333...);
    # Dee: -2 and -1 (-1.5).
    play(group, owner, {"Ann": [1, 0, 0, 0, 0, 0, 0, 0], "Bob": [4] * 8})
    play(group, owner, {"Cy": [3, 4, 6], "Dee": [-2, -1, 5]})
    client.force_login(member)
    detail = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    expected = {"Ann": "0.13", "Bob": "4.00", "Cy": "4.33", "Dee": "0.67"}
    for name, written in expected.items():
        assert leader_line(detail, name) == written
        player = group.roster.get(name=name)
        url = reverse("groups:player", args=[group.pk, player.pk])
        page = client.get(url).content.decode()
        assert stat(page, "Average hole") == written, name
        assert f": {written} over " in page  # the chart's dot says the same


def test_a_negative_average_and_best_hole_have_a_real_minus(client, member, group, owner, play):
    play(group, owner, {"Ann": [-2, -1], "Bob": [4, 4]})
    client.force_login(member)
    detail = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert leader_line(detail, "Ann") == f"{MINUS}1.50"
    ann = group.roster.get(name="Ann")
    page = client.get(reverse("groups:player", args=[group.pk, ann.pk])).content.decode()
    assert stat(page, "Average hole") == f"{MINUS}1.50"
    assert stat(page, "Best hole") == f"{MINUS}2"
    assert stat(page, "Worst hole") == f"{MINUS}1"
    history = client.get(reverse("groups:history", args=[group.pk])).content.decode()
    assert f'<bdi>Ann</bdi> <span class="history__total">{MINUS}3</span>' in history


def test_pairs_a_hole_are_written_as_averages(client, member, group, owner):
    match = services.group_match_create(
        group=group,
        by=owner,
        picked=[],
        new_names=["Ann", "Bob"],
        first_dealer=0,
        rules=RuleSet(holes=3),
    )
    two_pairs, one_pair, none = "4 4 J / 4 4 Q", "4 5 J / 4 6 Q", "8 5 7 / 9 3 K"
    for number, ann in enumerate([two_pairs, one_pair, two_pairs], start=1):
        scoring_services.hole_record(
            match=match,
            entry=HoleEntry(kind="grids", grids=(ann, none)),
            token=uuid.uuid4(),
            number=number,
        )
    match.refresh_from_db()
    if not match.is_finished:
        scoring_services.match_end(match=match)
    client.force_login(member)
    ann = group.roster.get(name="Ann")
    page = client.get(reverse("groups:player", args=[group.pk, ann.pk])).content.decode()
    assert stat(page, "Pairs a hole") == "1.67"  # 5 pairs over 3 holes


# 4. The player's chart: every dot inside the plot, labels readable and apart.

#: How wide the chart is drawn at 360 px: the page's 1rem padding on each side.
PHONE_WIDTH = 360 - 2 * 16


def chart_of(averages, labels=None):
    labels = labels or [f"{n + 1} Mar" for n in range(len(averages))]
    points = [ChartPoint(label, value, 9) for label, value in zip(labels, averages, strict=True)]
    return ET.fromstring(str(average_chart(points)))


def tag(element):
    return element.tag.rsplit("}", 1)[-1]


def plot_area(svg):
    lines = [e for e in svg.iter() if tag(e) == "line"]
    ys = [float(line.get("y1")) for line in lines]
    return (
        min(float(line.get("x1")) for line in lines),
        max(float(line.get("x2")) for line in lines),
        min(ys),
        max(ys),
    )


CHARTS = {
    "rounded down at the top": [4.0, 8.4],
    "a half at the top": [8.5, 3.25],
    "negative": [-1.5, 2.0, -3.4],
    "all negative": [-2.6, -0.4],
    "just below zero": [-0.6, 0.5],
    "one point": [5.83],
    "level": [0.0, 0.0],
    "large": [12.5, 27.2, 31.9],
    "many": [4 + (n % 7) * 0.9 for n in range(48)],
}


@pytest.mark.parametrize("name", CHARTS)
def test_every_dot_is_inside_the_plot(name):
    svg = chart_of(CHARTS[name])
    left, right, top, bottom = plot_area(svg)
    circles = [e for e in svg.iter() if tag(e) == "circle"]
    assert len(circles) == len(CHARTS[name])
    for circle in circles:
        assert left <= float(circle.get("cx")) <= right, name
        assert top <= float(circle.get("cy")) <= bottom, name
    # Zero is always on the axis, and in the plot.
    ticks = [e.text for e in svg.iter() if tag(e) == "text" and e.get("class") == "tick"]
    assert "0" in ticks


def test_the_axis_writes_negative_values_with_a_real_minus():
    svg = chart_of([-1.5, 2.0, -3.4])
    ticks = [e.text for e in svg.iter() if tag(e) == "text" and e.get("class") == "tick"]
    assert f"{MINUS}4" in ticks and "-4" not in ticks


def test_labels_are_at_least_13_px_on_a_phone():
    svg = chart_of([4.0, 8.4])
    width = float(svg.get("viewBox").split()[2])
    size = float(svg.get("font-size"))
    assert size * PHONE_WIDTH / width >= 13
    assert all(text.get("font-size") is None for text in svg.iter() if tag(text) == "text")
    # And no style sheet of the group pages shrinks them again.
    for selectors, body in css_rules(GROUPS_CSS):
        if ".chart" in selectors:
            assert "font-size" not in body, selectors


def font_size(svg):
    """The labels' size, in the chart's units (11 where the chart left it to the
    style sheet, as it did)."""
    return float(svg.get("font-size", 11))


def extent(text, size):
    """Where a label runs along the bottom, at 0.6 em a character."""
    width = len(text.text) * size * 0.6
    x = float(text.get("x"))
    shift = {"start": 0, "middle": width / 2, "end": width}[text.get("text-anchor")]
    return x - shift, x - shift + width


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
LABELS = {
    "days": lambda n: [f"{1 + k % 28} {'Mar' if k < 28 else 'Apr'}" for k in range(n)],
    "months": lambda n: [f"{MONTHS[k % 12]} {2020 + k // 12}" for k in range(n)],
    "years": lambda n: [str(2000 + k) for k in range(n)],
}


@pytest.mark.parametrize("kind", LABELS)
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6, 9, 13, 25, 50])
def test_dates_along_the_bottom_never_touch(kind, count):
    labels = LABELS[kind](count)
    svg = chart_of([5.0] * count, labels)
    size = font_size(svg)
    width = float(svg.get("viewBox").split()[2])
    bottom = [e for e in svg.iter() if tag(e) == "text" and e.get("class") is None]
    assert bottom, "at least one date"
    assert bottom[0].text == labels[0]  # the first is always dated
    spans = sorted(extent(text, size) for text in bottom)
    for (_, right), (left, _) in zip(spans, spans[1:], strict=False):
        assert left - right >= 0.25 * size, (kind, count)
    assert spans[0][0] >= 0 and spans[-1][1] <= width
    if count > 1:
        assert bottom[-1].text == labels[-1]  # the latest is always dated


def test_values_up_the_side_never_touch():
    for averages in CHARTS.values():
        svg = chart_of(averages)
        size = font_size(svg)
        ys = sorted(
            float(e.get("y")) for e in svg.iter() if tag(e) == "text" and e.get("class") == "tick"
        )
        assert all(b - a >= size * 1.2 for a, b in zip(ys, ys[1:], strict=False)), averages


def box(text, size):
    """The box a label is drawn in, at 0.6 em a character, 0.8 em above its baseline
    and 0.2 em below."""
    left, right = extent(text, size)
    y = float(text.get("y"))
    return left, y - 0.8 * size, right, y + 0.2 * size


@pytest.mark.parametrize("name", CHARTS)
def test_every_label_is_inside_the_chart_and_clear_of_the_others(name):
    svg = chart_of(CHARTS[name])
    size = font_size(svg)
    _, _, width, height = (float(v) for v in svg.get("viewBox").split())
    boxes = [box(e, size) for e in svg.iter() if tag(e) == "text"]
    for left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, name
    for n, a in enumerate(boxes):
        for b in boxes[n + 1 :]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (name, a, b)


def test_the_scale_takes_in_zero_and_every_value():
    for values in CHARTS.values():
        low, high, step = charts.value_scale(values)
        assert low <= min(0, *values) and high >= max(0, *values)
        assert low % step == 0 and high % step == 0
        assert 2 <= (high - low) // step + 1 <= 8


def test_moving_an_entry_into_a_group_that_has_the_name_is_refused(owner, group):
    other = services.group_create(owner=owner, name="Sunday golf")
    ann = services.roster_add(group=other, name="ann")
    ann.group = group  # Friday golf has "Ann" already
    with pytest.raises(ValidationError) as refused:
        ann.full_clean()
    assert refused.value.message_dict["name"] == ["Ann is already on the roster."]


def test_the_history_says_after_how_many_holes_a_match_ended(client, owner, group, play):
    from scoring.engine import RuleSet

    play(group, owner, {"Ann": [3, 5], "Bob": [4, 4]}, rules=RuleSet(holes=9))
    play(group, owner, {"Ann": [1, 2], "Bob": [2, 2]})
    client.force_login(owner)
    for url in (
        reverse("groups:history", args=[group.pk]),
        reverse("groups:detail", args=[group.pk]),
    ):
        text = " ".join(client.get(url).content.decode().split())
        assert "ended after 2 of 9 holes" in text, url
        assert "· 2 holes" in text, url  # played to the end: its length as planned
