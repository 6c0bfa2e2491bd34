"""A right-to-left name cannot turn round what follows it (issue 24, item 8).

Bidirectional controls are refused in every name the site keeps
(``tests/scoring/test_names.py``), but a name written in Hebrew or Arabic letters is
a real name and stays. Shown bare, such a name carries the score, the comma or the
next player's name after it into its own direction ("דוד 12" reads "12 דוד"). Each
page therefore isolates every name it shows in a ``<bdi>``; the chart, whose SVG
text cannot hold one, puts the name between the isolate characters FSI and PDI.

Each page is parsed, and every piece of its text that holds the name must sit inside
a ``<bdi>``; only the places that cannot hold markup (the ``<title>``, a list's
``<option>``) are left out.
"""

from __future__ import annotations

import uuid
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from groups import services
from scoring import services as scoring_services
from scoring.charts import FSI, PDI
from scoring.engine import RuleSet
from scoring.services import HoleEntry
from scoring.views.access import SESSION_KEY

pytestmark = pytest.mark.django_db

#: "David" in Hebrew and "Layla" in Arabic: right-to-left letters, no control among them.
HEBREW = "\u05d3\u05d5\u05d3"
ARABIC = "\u0644\u064a\u0644\u0649"
#: A group called "Golf" in Hebrew.
GROUP = "\u05d2\u05d5\u05dc\u05e3"

#: Elements whose content is text only: a name there cannot be put in a <bdi>.
NO_MARKUP = {"title", "option", "textarea", "script", "style"}
#: Classes whose element lays its children out as flex items (``.button``), or whose
#: links do (``.link-line a`` and the like, in site.css and groups.css).
FLEX = {"button"}
FLEX_LINKS = {"link-line", "history__head", "leaders"}
#: Elements that never have an end tag.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}


class NamePlaces(HTMLParser):
    """Every piece of text holding ``name``, with the elements it sits in; and every
    flex box (a button, say) with a ``<bdi>`` and something else as children."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.open: list[str] = []
        self.open_classes: list[set[str]] = []  # the classes of each open element
        self.children: list[list[str]] = []  # the children of each open element
        self.found: list[tuple[tuple[str, ...], str]] = []
        self.split_flex: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.children:
            self.children[-1].append(tag)
        if tag not in VOID:
            classes = set((dict(attrs).get("class") or "").split())
            in_links = any(FLEX_LINKS & outer for outer in self.open_classes)
            flex = tag == "button" or bool(FLEX & classes) or (tag == "a" and in_links)
            self.open.append(f"{tag}.flex" if flex else tag)
            self.open_classes.append(classes)
            self.children.append([])

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.children:
            self.children[-1].append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not any(open_tag.split(".")[0] == tag for open_tag in self.open):
            return
        while True:
            closed, children = self.open.pop(), self.children.pop()
            self.open_classes.pop()
            if closed.endswith(".flex") and "bdi" in children and len(children) > 1:
                self.split_flex.append(children)
            if closed.split(".")[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if data.strip() and self.children:
            self.children[-1].append("text")
        if self.name in data:
            self.found.append((tuple(self.open), data))


def places(html: str, name: str) -> list[tuple[tuple[str, ...], str]]:
    return parsed(html, name).found


def parsed(html: str, name: str) -> NamePlaces:
    parser = NamePlaces(name)
    parser.feed(html)
    parser.close()
    return parser


def assert_every_name_isolated(html: str, name: str) -> int:
    """Fail on any text showing ``name`` outside a ``<bdi>`` (or, in the chart,
    outside FSI … PDI); answer how many times the name is shown isolated."""
    page = parsed(html, name)
    # Beside other words straight inside a flex box (a button), a <bdi> is a flex
    # item of its own: the spaces around it are lost, on screen and in the
    # accessible name ("Annabel , Bartholomew").
    assert not page.split_flex, f"a <bdi> is a flex item beside {page.split_flex}"
    isolated = 0
    for inside, text in page.found:
        if NO_MARKUP & set(inside):
            continue
        if "svg" in inside:
            assert f"{FSI}{name}{PDI}" in text, f"the chart shows {text!r} unisolated"
        else:
            assert "bdi" in inside, f"{text!r} is shown in {' > '.join(inside)}, not in a <bdi>"
            # The name alone: nothing it could turn round shares its <bdi>.
            assert text == name, f"{text!r} shares its <bdi> with more than the name"
        isolated += 1
    return isolated


@pytest.fixture
def world(client):
    """A group with an RTL name, whose owner's username is RTL too, one finished
    match and one being played, each between a Hebrew, an Arabic and a Latin name."""
    owner = User.objects.create_user(username=HEBREW, password="a-long-pass-phrase-9")
    group = services.group_create(owner=owner, name=GROUP)

    def play(holes: int, played: int):
        match = services.group_match_create(
            group=group,
            by=owner,
            picked=[],
            new_names=[HEBREW, ARABIC, "Ann"],
            first_dealer=0,
            rules=RuleSet(holes=holes),
        )
        for number in range(1, played + 1):
            scoring_services.hole_record(
                match=match,
                entry=HoleEntry(kind="totals", totals=(3, 5, 9), went_out=0),
                token=uuid.uuid4(),
                number=number,
            )
        match.refresh_from_db()
        return match

    finished, playing = play(holes=2, played=2), play(holes=3, played=2)
    assert finished.is_finished and not playing.is_finished
    # The next hole entered phone by phone, every seat in, the table impossible
    # (five kings) and two players each saying they went out first: every
    # problem names players.
    kings = ["K K K / 2 3 4", "K K 5 / 6 7 8", "A 2 3 / 4 5 6"]
    for player in playing.players.order_by("seat"):
        scoring_services.seat_draft_save(
            match=playing,
            number=3,
            player=player,
            grid=kings[player.seat],
            went_out=player.seat < 2,
        )
    client.force_login(owner)
    hebrew = group.roster.get(name=HEBREW)
    arabic = group.roster.get(name=ARABIC)
    return {
        "scoreboard": reverse("scoring:match_detail", args=[playing.pk]),
        "finished scoreboard": reverse("scoring:match_detail", args=[finished.pk]),
        "hole form": reverse("scoring:hole_new", args=[playing.pk]),
        "hole phone by phone": reverse("scoring:hole_seats", args=[playing.pk, 3]),
        # Seat 1's page: its player's name, and who deals and plays first.
        "seat": reverse("scoring:hole_seat", args=[playing.pk, 3, 1]),
        "hole": reverse("scoring:hole_detail", args=[playing.pk, 1]),
        "paper card": reverse("scoring:match_print", args=[finished.pk]),
        "my matches": reverse("scoring:match_list"),
        "history": reverse("groups:history", args=[group.pk]),
        "group": reverse("groups:detail", args=[group.pk]),
        "player": reverse("groups:player", args=[group.pk, hebrew.pk]) + f"?versus={arabic.pk}",
        "match ratings": reverse("groups:match_ratings", args=[group.pk, finished.pk]),
        "account": reverse("account"),
        "new match": reverse("groups:match_new", args=[group.pk]),
        "rematch": reverse("groups:match_rematch", args=[group.pk, finished.pk]),
    }


PAGES = [
    "scoreboard",
    "finished scoreboard",
    "hole form",
    "hole phone by phone",
    "seat",
    "hole",
    "paper card",
    "my matches",
    "history",
    "group",
    "player",
    "match ratings",
    "account",
    "new match",
    "rematch",
]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("name", [HEBREW, ARABIC], ids=["hebrew", "arabic"])
def test_every_name_a_page_shows_is_isolated(client, world, page, name):
    response = client.get(world[page])
    assert response.status_code == 200
    assert assert_every_name_isolated(response.content.decode(), name) >= 1


@pytest.mark.parametrize("page", ["group", "history", "account", "my matches", "match ratings"])
def test_the_groups_name_is_isolated(client, world, page):
    html = client.get(world[page]).content.decode()
    assert assert_every_name_isolated(html, GROUP) >= 1


@pytest.mark.parametrize("name", [HEBREW, ARABIC], ids=["hebrew", "arabic"])
def test_the_rematch_pages_seat_buttons_isolate_each_name(client, name):
    """A match without a group: its rematch page names each player in the buttons
    that move them."""
    match = scoring_services.match_create(
        names=[HEBREW, ARABIC, "Ann"], first_dealer=0, rules=RuleSet(holes=1)
    )
    session = client.session
    session[SESSION_KEY] = [match.pk]
    session.save()
    html = client.get(reverse("scoring:match_rematch", args=[match.pk])).content.decode()
    assert assert_every_name_isolated(html, name) >= 3  # up, down and remove


def test_the_scoreboard_isolates_each_name_where_a_number_or_a_name_follows(client, world):
    """The places the issue saw turned round: the standings (a name, then its total),
    the card's heading (a name, then the next one) and the chart's labels."""
    html = client.get(world["scoreboard"]).content.decode()
    assert f'<span class="standings__name"><bdi>{HEBREW}</bdi></span>' in html
    assert f'<th scope="col" class="scorecard__name is-leading"><bdi>{HEBREW}</bdi>' in html
    assert f'<th scope="col" class="scorecard__name"><bdi>{ARABIC}</bdi></th>' in html
    assert f">{FSI}{HEBREW}{PDI} 6</text>" in html


def test_the_hole_form_isolates_the_names_of_who_went_out(client, world):
    """A radio button's label can hold markup, so "Who went out first" isolates each
    name; the first dealer's list on the new-match page is an <option> and cannot."""
    html = client.get(world["hole form"]).content.decode()
    assert f"<span><bdi>{ARABIC}</bdi></span></label>" in html


def test_a_name_in_the_title_or_a_list_is_left_as_text(client, world):
    """What cannot hold a <bdi> is still escaped text, and the checks above skip it
    on purpose: here is where it is."""
    html = client.get(world["player"]).content.decode()
    titles = [inside for inside, _ in places(html, HEBREW) if "title" in inside]
    options = [inside for inside, _ in places(html, ARABIC) if "option" in inside]
    assert titles and options


def test_the_parser_finds_a_name_left_bare():
    """The check would fail on a page that forgot one."""
    with pytest.raises(AssertionError, match="not in a <bdi>"):
        assert_every_name_isolated(f"<p><strong>{HEBREW}</strong> 12</p>", HEBREW)
    with pytest.raises(AssertionError, match="shares its <bdi>"):
        assert_every_name_isolated(f"<p><bdi>{HEBREW} 12</bdi></p>", HEBREW)
    with pytest.raises(AssertionError, match="a flex item"):
        assert_every_name_isolated(f'<a class="button">Go to <bdi>{HEBREW}</bdi></a>', HEBREW)
    with pytest.raises(AssertionError, match="a flex item"):
        html = f'<p class="link-line"><a href="/">Back to <bdi>{HEBREW}</bdi></a></p>'
        assert_every_name_isolated(html, HEBREW)
    assert assert_every_name_isolated(f'<a class="button"><bdi>{HEBREW}</bdi></a>', HEBREW) == 1
    assert assert_every_name_isolated(f"<p><bdi>{HEBREW}</bdi> 12</p>", HEBREW) == 1
    html = f'<a class="button"><span>Go to <bdi>{HEBREW}</bdi></span></a>'
    assert assert_every_name_isolated(html, HEBREW) == 1


def test_names_in_a_sentence_are_each_escaped_and_isolated():
    from golfsite.lists import names_in_words

    assert names_in_words([]) == ""
    assert names_in_words(["<b>"]) == "<bdi>&lt;b&gt;</bdi>"
    assert names_in_words([HEBREW, "Ann", "<b>"]) == (
        f"<bdi>{HEBREW}</bdi>, <bdi>Ann</bdi> and <bdi>&lt;b&gt;</bdi>"
    )


def test_a_question_and_a_message_naming_a_member_isolate_the_name(client):
    """The pages asking before a change and the messages after it are written in
    Python: the name is isolated there too, and the page's title keeps it as text."""
    owner = User.objects.create_user(username="olive", password="a-long-pass-phrase-9")
    member = User.objects.create_user(username=HEBREW, password="a-long-pass-phrase-9")
    group = services.group_create(owner=owner, name="<b>Golf</b>")
    invite = services.invite_create(group=group, by=owner)
    services.invite_accept(token=invite.token, user=member)
    client.force_login(owner)
    url = reverse("groups:member_remove", args=[group.pk, member.pk])
    html = client.get(url).content.decode()
    assert f"<h1>Remove <bdi>{HEBREW}</bdi> from <bdi>&lt;b&gt;Golf&lt;/b&gt;</bdi>?</h1>" in html
    assert f"<title>Remove {HEBREW} from &lt;b&gt;Golf&lt;/b&gt;? · Golf scorer</title>" in html
    assert assert_every_name_isolated(html, HEBREW) == 4  # heading, twice in the text, button
    html = client.post(url, follow=True).content.decode()
    assert f"<bdi>{HEBREW}</bdi> is no longer a member." in html
    assert "<b>Golf</b>" not in html
