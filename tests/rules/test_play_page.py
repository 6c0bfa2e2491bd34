"""The play page: a learner sets up a table, plays a hole against computer players
with a coach, and sees it scored. Every move is checked by the engine, so these
tests drive the page with the moves the engine says are legal, and check that what
it refuses changes nothing."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from rules.play_state import SESSION_KEY, Table
from scoring.engine.coach import advise
from scoring.engine.play import Game, legal_moves
from tests.patterns import first_match

from .conftest import text_of
from .test_every_page import Page

pytestmark = pytest.mark.django_db

PLAY = reverse("rules:play")
SEED = 20261206


def start(client, **choices):
    data = {
        "action": "start",
        "rules": "classic",
        "opponents": 1,
        "strength": "normal",
        "holes": 1,
        "seed": SEED,
    }
    return client.post(PLAY, {**data, **choices})


def table_of(client) -> Table:
    return Table.from_dict(client.session[SESSION_KEY])


def saved(client):
    return client.session[SESSION_KEY]


def move(client, text, at=None, **extra):
    if at is None:
        at = table_of(client).hand.moves_made
    return client.post(PLAY, {"action": "move", "move": text, "at": at}, **extra)


def learner_turn(client) -> bool:
    hand = table_of(client).hand
    return not hand.over and hand.turn == 0


def to_learner(client):
    """Tap "Next move" until it is the learner's turn (or the hole is over)."""
    while not table_of(client).hand.over and not learner_turn(client):
        at = table_of(client).hand.moves_made
        assert client.post(PLAY, {"action": "advance", "at": at}).status_code == 302
        assert table_of(client).hand.moves_made == at + 1  # one move, no more


def play_hole(client, **extra):
    """Play the hole to its end: the learner's first legal move each time (a flip,
    a draw, a swap into the first place), the computer players one move a tap."""
    for _ in range(500):
        hand = table_of(client).hand
        if hand.over:
            return
        if hand.turn != 0:
            to_learner(client)
            continue
        response = move(client, str(legal_moves(hand)[0]), **extra)
        assert response.status_code == (200 if extra else 302)
    raise AssertionError("the hole never ended")


def page(client, url=PLAY) -> str:
    response = client.get(url)
    assert response.status_code == 200
    html: str = response.content.decode()
    return html


# -- the setup form ----------------------------------------------------------------------


def test_the_setup_form_asks_for_players_strength_holes_and_rules(client):
    html = page(client)
    text = text_of(html)
    for words in ("Computer players", "How well they play", "Holes", "Rules", "Deal the cards"):
        assert words in text
    for value in ("1", "2", "3"):
        assert f'name="opponents" value="{value}"' in html
    for value in ("easy", "normal", "hard"):
        assert f'name="strength" value="{value}"' in html
    for value in ("1", "9", "18"):
        assert f'name="holes" value="{value}"' in html
    assert "Classic six-card" in text and "Nine-card Golf" in text and "Ten-card Golf" in text


def test_a_variant_the_engine_cannot_play_is_shown_disabled_with_its_reason(client):
    html = page(client)
    radio = first_match(r'<input type="radio" name="rules" value="four-card"[^>]*>', html).group(0)
    assert "disabled" in radio
    assert "Not offered here yet: Four-card Golf is played face down from memory" in unescape(html)


def test_an_unplayable_variant_posted_anyway_is_refused_with_its_reason(client):
    response = start(client, rules="four-card")
    assert response.status_code == 200
    text = unescape(text_of(response.content.decode()))
    assert "Not offered here yet: Four-card Golf is played face down from memory" in text
    assert SESSION_KEY not in client.session
    # The deal asked for is kept while the rules are chosen again.
    assert f'name="seed" value="{SEED}"' in response.content.decode()


def test_starting_keeps_the_game_in_the_session_and_shows_the_table(client):
    response = start(client, opponents=3, strength="hard")
    assert response.status_code == 302 and response.url == PLAY
    # A move goes back to the table itself, where the learner's grid is in sight.
    assert move(client, "flip:0").url == PLAY + "#play-table"
    table = table_of(client)
    assert table.game.seats == 4 and table.game.seed == SEED
    assert [s.value for s in table.strengths] == ["hard"] * 3
    text = unescape(text_of(page(client)))
    assert "Hole 1 of 1" in text
    assert "you against Ada, Ben and Cleo" in text
    assert "Turn up 1 of your cards to start" in text


def test_without_a_seed_each_game_is_a_new_deal(client):
    data = {"action": "start", "rules": "classic", "opponents": 1, "strength": "easy", "holes": 1}
    client.post(PLAY, data)
    first = table_of(client).game.seed
    client.post(PLAY, data)
    assert table_of(client).game.seed != first


# -- playing -------------------------------------------------------------------------------


def test_a_whole_hole_is_played_to_the_end_with_the_pages_buttons(client):
    """Driven by the page alone: each learner move is one of the buttons the page
    drew, posted with its own position."""
    start(client, opponents=2)
    for _ in range(500):
        html = page(client)
        if "is over" in html:
            break
        if 'id="advance"' in html:
            at = first_match(
                r'name="action" value="advance"><input type="hidden" name="at" value="(\d+)"', html
            ).group(1)
            client.post(PLAY, {"action": "advance", "at": at})
            continue
        at = first_match(r'data-at="(\d+)"', html).group(1)
        buttons = re.findall(r'name="move" value="([^"]+)"', html)
        hand = table_of(client).hand
        assert sorted(buttons) == sorted(str(m) for m in legal_moves(hand))
        assert move(client, buttons[0], at=at).status_code == 302
    else:
        raise AssertionError("the hole never ended")
    hand = table_of(client).hand
    assert hand.over


def test_the_learners_cards_are_buttons_where_a_swap_or_flip_is_legal(client):
    start(client)
    html = page(client)
    label = re.search(r'aria-label="(Turn up the top-left card)"', html)
    assert label, "a face-down card is a button at the starting flips"
    move(client, "flip:0")
    move(client, "flip:1")
    to_learner(client)
    move(client, "draw")
    html = unescape(page(client))
    held = table_of(client).hand.held
    assert held is not None
    assert f"Swap the {held.display} into the top-right (face-down card)" in html
    assert f"Discard the {held.display}" in html
    assert "tap a card of your grid to swap it in, or discard it" in html


def test_each_action_with_htmx_draws_the_table_part_alone(client):
    start(client)
    response = move(client, "flip:0", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="play-table"')
    assert "<html" not in html
    assert "Turn up 1 of your cards to start" in html
    assert response["Vary"].count("HX-Request") == 1


def test_next_move_plays_one_computer_move_and_skip_plays_up_to_the_learners_turn(client):
    start(client, opponents=3)
    move(client, "flip:0")
    move(client, "flip:1")
    html = unescape(page(client))
    assert "Ada’s turn" in html and "Next move" in html and "Skip to my turn" in html
    at = table_of(client).hand.moves_made
    client.post(PLAY, {"action": "advance", "at": at})
    assert table_of(client).hand.moves_made == at + 1
    # The same "Next move" again (a double tap, an old page): nothing more is played.
    client.post(PLAY, {"action": "advance", "at": at})
    assert table_of(client).hand.moves_made == at + 1
    client.post(PLAY, {"action": "skip"})
    assert learner_turn(client)
    assert "Your turn: draw from the stock or take the" in unescape(page(client))


def test_the_last_moves_are_told_in_words(client):
    start(client)
    move(client, "flip:0")
    move(client, "flip:1")
    to_learner(client)
    move(client, "draw")
    hand = table_of(client).hand
    assert hand.held is not None
    drawn = hand.held.display
    move(client, "swap:2")
    top = table_of(client).hand.top_discard
    assert top is not None
    replaced = top.display
    text = unescape(text_of(page(client)))
    assert f"You drew the {drawn} from the stock and swapped it into the top-right, " in text
    assert f"throwing out the {replaced}." in text
    assert "Ada turned up the" in text and "to start." in text


def test_after_each_move_the_coach_says_how_it_compares(client):
    start(client)
    move(client, "flip:0")
    move(client, "flip:1")
    to_learner(client)
    move(client, "draw")
    table = table_of(client)
    reviewed = table.reviews[-1]
    assert reviewed.move == "draw" and reviewed.hole == 1
    text = unescape(text_of(page(client)))
    assert "Your last move" in text
    assert reviewed.words in text


def test_the_coach_says_what_it_would_do_with_the_points_of_each_choice(client):
    start(client)
    move(client, "flip:0")
    move(client, "flip:1")
    to_learner(client)
    advice = advise(table_of(client).hand)
    text = unescape(text_of(page(client, PLAY + "?coach=1")))
    assert advice.words in text
    for option in advice.options:
        points = f"{option.points:.1f}".replace("-", "\u2212")
        assert f"{option.words} {points}" in text
    moves_made = table_of(client).hand.moves_made
    fragment = client.get(PLAY + "?coach=1", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    html = unescape(fragment.content.decode())
    assert html.lstrip().startswith("<section") and advice.words in html
    # Asking changes nothing.
    assert table_of(client).hand.moves_made == moves_made


# -- what the engine refuses ------------------------------------------------------------


def test_a_move_from_an_old_page_is_refused_with_nothing_changed(client):
    start(client)
    move(client, "flip:0")
    before = saved(client)
    response = move(client, "flip:1", at=0)
    assert response.status_code == 400
    html = unescape(response.content.decode())
    assert re.search(r'role="alert"[^>]*>The table has moved on since that page was drawn', html)
    assert 'id="play-table"' in html and "<html" in html
    assert saved(client) == before


def test_a_made_up_move_is_refused_with_nothing_changed_also_with_htmx(client):
    start(client)
    before = saved(client)
    for text in ("fly:3", "", "swap", "flip:99", "draw" * 400):
        response = move(client, text, HTTP_HX_REQUEST="true")
        assert response.status_code == 400, text
        html = unescape(response.content.decode())
        assert 'role="alert"' in html and html.lstrip().startswith("<section")
        assert saved(client) == before
    assert "That is not a move in Golf; choose one of the buttons" in unescape(
        move(client, "fly:3").content.decode()
    )


def test_a_move_when_it_is_a_computer_players_turn_is_refused(client):
    start(client)
    move(client, "flip:0")
    move(client, "flip:1")
    before = saved(client)
    response = move(client, "draw")
    assert response.status_code == 400
    assert "It is not your turn yet" in response.content.decode()
    assert saved(client) == before


@pytest.mark.parametrize(
    "data",
    [
        {"action": "next-hole"},
        {"action": "dance"},
        {"action": "advance", "at": "x" * 50},
        {"action": "move", "move": "take", "at": "-3"},
    ],
)
def test_other_made_up_posts_never_break_the_game(client, data):
    start(client)
    before = saved(client)
    response = client.post(PLAY, data)
    assert response.status_code in (302, 400)
    assert saved(client) == before


def test_a_session_that_no_longer_reads_as_a_game_gives_the_setup_form(client):
    start(client)
    session = client.session
    session[SESSION_KEY] = {"game": {"rules": "nonsense"}}
    session.save()
    assert "Deal the cards" in page(client)
    assert client.post(PLAY, {"action": "move", "move": "draw", "at": 0}).status_code == 302


def test_a_post_with_no_game_goes_back_to_the_setup_form(client):
    response = client.post(PLAY, {"action": "move", "move": "draw", "at": 0})
    assert response.status_code == 302 and response.url == PLAY


# -- reloading, the end of a hole, replaying ------------------------------------------------


def test_a_reload_shows_the_same_hand(client):
    start(client, opponents=2)
    move(client, "flip:0")
    move(client, "flip:4")
    first = page(client)
    again = page(client)
    table = re.compile(r'<section id="play-table".*</section>', re.S)
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
    assert token.sub("", first_match(table.pattern, first, re.S).group(0)) == token.sub(
        "", first_match(table.pattern, again, re.S).group(0)
    )
    assert table_of(client).hand.face_up[0][4]


def test_the_end_of_a_hole_scores_every_grid_and_shows_the_costliest_choices(client):
    start(client, opponents=2, holes=9)
    play_hole(client)
    table = table_of(client)
    score = table.hand.score()
    html = unescape(page(client))
    text = text_of(html)
    assert "Hole 1 is over" in text
    assert html.count('class="scored-grid"') == 3
    for name, player in zip(("You", "Ada", "Ben"), score.players, strict=True):
        total = str(player.score).replace("-", "\u2212")
        assert f"{name}: {total} point" in text
    # The learner's costliest choices: at most three, the dearest first.
    costly = sorted((r for r in table.reviews if round(r.cost, 1) > 0), key=lambda r: -r.cost)
    section = html.split("Your costliest choices this hole")[1].split('class="scored"')[0]
    if costly:
        assert costly[0].words in section
        assert section.count("<li>") == min(3, len(costly))
    # Each grid opens on the try page.
    notation = table.hand.grid(0).notation().replace(" ", "+").replace("/", "%2F")
    link = rf'href="{reverse("rules:try")}\?variant=six-card[^"]*&grid={re.escape(notation)}"'
    assert re.search(link, html)
    href = first_match(r'href="([^"]+)">Score your grid on the try page', page(client))
    own = score.players[0].grid
    assert own is not None
    grid_total = str(own.total).replace("-", "\u2212")
    assert f"It scores {grid_total}" in text_of(page(client, unescape(href.group(1))))
    # Running totals, and the next hole.
    assert "The match so far" in text and "Next hole" in text
    assert client.post(PLAY, {"action": "next-hole"}).status_code == 302
    kept = sorted(table.reviews, key=lambda r: -r.cost)[:3]
    table = table_of(client)
    assert table.game.hole == 2 and table.game.scores == [list(score.scores)]
    # Of hole 1 the session keeps the three costliest reviews.
    assert set(table.reviews) == set(kept)
    assert "Hole 2 of 9" in page(client)


def test_the_last_hole_of_the_match_says_who_is_lowest_and_offers_a_new_game(client):
    start(client)
    play_hole(client, HTTP_HX_REQUEST="true")
    text = unescape(text_of(page(client)))
    assert "The match is over. Lowest total:" in text
    assert "Next hole" not in text and "New game" in text
    assert client.post(PLAY, {"action": "next-hole"}).status_code == 400


def test_the_replay_link_deals_the_same_cards_to_a_friend(client):
    start(client, opponents=2, strength="easy", holes=9, seed=777)
    link = unescape(first_match(r'href="([^"]+)"[^>]*>Replay this deal', page(client)).group(1))
    assert "seed=777" in link
    friend = Client()
    html = page(friend, link)
    assert 'name="seed" value="777"' in html
    assert re.search(r'name="opponents" value="2"[^>]*checked', html)
    assert re.search(r'name="strength" value="easy"[^>]*checked', html)
    form = {"action": "start", "rules": "classic", "opponents": 2, "strength": "easy"}
    friend.post(PLAY, {**form, "holes": 9, "seed": 777})
    assert table_of(friend).hand.cards == table_of(client).hand.cards
    assert table_of(friend).hand.stock == table_of(client).hand.stock


def test_the_setup_form_with_a_game_going_offers_the_way_back(client):
    start(client)
    move(client, "flip:0")
    text = unescape(text_of(page(client, PLAY + "?new=1")))
    assert "You have a game going: hole 1 of 1" in text and "Back to your game" in text
    assert table_of(client).hand.moves_made == 1


def test_the_page_is_linked_from_the_home_page_and_the_guide(client):
    for name in ("home", "rules:guide"):
        html = page(client, reverse(name))
        assert first_match(rf'<a[^>]+href="{PLAY}"[^>]*>[^<]*[Pp]lay', html), name


def test_a_game_in_the_session_reads_back_as_the_engine_saved_it(client):
    start(client)
    data = saved(client)
    assert Game.from_dict(data["game"]).to_dict() == data["game"]


def test_a_post_from_an_htmx_page_with_no_game_loads_the_setup_form_whole(client):
    response = client.post(PLAY, {"action": "skip"}, HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == PLAY


def test_every_id_the_table_points_at_is_there_once(client):
    start(client, opponents=3, holes=9)
    seen = [page(client), page(client, PLAY + "?coach=1")]
    play_hole(client)
    seen.append(page(client))
    for html in seen:
        parsed = Page(html)
        assert len(parsed.ids) == len(set(parsed.ids))
        assert all(ref[2] in parsed.ids for ref in parsed.refs)
