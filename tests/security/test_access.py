"""Who may see and do what, for EVERY URL of the site, in one table.

`test_every_url_is_in_the_table` walks the URL resolver: a new URL without a row
here fails the suite until someone states who may use it. Each row says, for each
method the view answers, what each kind of visitor gets:

- ``anonymous``: a browser with no account and no match in its session;
- ``keeper``: a browser with no account that started an anonymous match (it keeps
  it in its session);
- ``stranger``: signed in, not in the group, owns no match;
- ``member``: signed in, a member of the group (not its owner), owns no match;
- ``owner``: signed in, owns the group and the account's match;
- ``joined``: a browser with no account that joined both matches through their
  join links (a ``MatchKeeper`` row each), and started none.

Match URLs (``MATCH``) are checked twice: on the owner's match (only ``owner`` and
``joined`` may) and on the keeper's anonymous match (only ``keeper`` and ``joined``
may). A refusal must change nothing, and a 404 must not show what the page would
have shown.

To add a URL: add a row to ``TABLE`` with its arguments, the outcome per visitor
for each method (the constants below cover the usual cases), and a POST body.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from groups import services as group_services
from groups.models import Group, Invite, Membership, RosterPlayer
from scoring import services
from scoring.engine import RuleSet
from scoring.models import (
    Hole,
    Match,
    MatchKeeper,
    Player,
    ReplacedJoinLink,
    Score,
    SeatDraft,
)
from scoring.views.access import PHONE_KEY, SESSION_KEY
from tests.factories import MatchFactory, new_match_form
from tests.groups.factories import (
    GroupFactory,
    GroupMatchFactory,
    RosterPlayerFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "keeper", "stranger", "member", "owner", "joined")
#: The ``joined`` browser's id as a keeper, and another phone's that joined too.
JOINED_PHONE = "the-phone-that-joined"
OTHER_PHONE = "another-phone-at-the-table"

# Outcomes.
OK = "ok"  # GET: 200 with the page; POST: 200 or a redirect that is not to log in
LOGIN = "login"  # 302 to the log-in page, coming back here afterwards
NOT_FOUND = "404"  # as if it did not exist; nothing changes, nothing leaks
REFUSED = "refused"  # back to the group page with "Only the group's owner can do that."
ELSEWHERE = "elsewhere"  # 302 somewhere else (a signed-in user on the sign-up page)

PUBLIC = dict.fromkeys(ROLES, OK)
SIGNED_IN = {"anonymous": LOGIN, "keeper": LOGIN, "stranger": OK, "member": OK, "owner": OK}
SIGNED_IN["joined"] = LOGIN
SIGNED_OUT = {"anonymous": OK, "keeper": OK, "stranger": ELSEWHERE, "member": ELSEWHERE}
SIGNED_OUT.update(owner=ELSEWHERE, joined=OK)
GROUP_MEMBER = {**SIGNED_IN, "stranger": NOT_FOUND}
GROUP_OWNER = {**GROUP_MEMBER, "member": REFUSED}
BACK_TO_GROUP = {**GROUP_MEMBER, "member": ELSEWHERE, "owner": ELSEWHERE}
#: Only whoever keeps the match: its account owner, or the browser that started it.
MATCH = "match"
#: A page only a form posts to, opened as a page: whoever keeps the match is sent
#: on (ELSEWHERE), anyone else finds nothing.
MATCH_ONWARD = "match onward"
#: Only whoever started the match (its owner, the keeper): a phone that joined sees
#: the page but is sent back, nothing done (ELSEWHERE); anyone else finds nothing.
MATCH_STARTER = "match starter"
#: The join link: anyone who has it is asked, then joins; whoever keeps the match
#: already goes to it.
JOIN = {**PUBLIC, "owner": ELSEWHERE, "joined": ELSEWHERE}


@dataclass
class World:
    owner: User
    member: User
    stranger: User
    group: Group
    invite: Invite
    match: Match  # the owner's
    kept: Match  # the keeper's anonymous match
    target: Match  # the match a MATCH row is being checked on; each test picks it


@dataclass
class Row:
    """One URL: its arguments, who gets what per method, and the POST body."""

    args: Callable[[World], list[Any]] = lambda w: []
    get: dict[str, str] | str | None = None
    post: dict[str, str] | str | None = None
    data: Callable[[World], dict[str, Any]] = lambda w: {}
    json: bool = False
    #: Text an allowed GET shows and a refused one must not.
    shows: Callable[[World], str] | None = None


def match_args(*more: Any) -> Callable[[World], list[Any]]:
    return lambda w: [w.target.pk, *more]


def match_name(w: World) -> str:
    return w.target.players.order_by("-seat")[0].name


def hole_form(w: World, number: int, **more: Any) -> dict[str, Any]:
    return {
        "number": number,
        "token": str(uuid.uuid4()),
        "kind": "totals",
        "went_out": "",
        "total_0": 3,
        "total_1": 4,
        **more,
    }


NEW_MATCH = new_match_form()


def group_match(w: World) -> Match:
    """A match of the group's, for its rematch page."""
    return MatchFactory.create(players=["Xan", "Yve"], group=w.group, owner=w.owner)


TABLE: dict[str, Row] = {
    # Public pages and the API.
    "home": Row(get=PUBLIC, shows=lambda w: "Golf, the card game"),
    "healthz": Row(get=PUBLIC, shows=lambda w: "ok"),
    "robots_txt": Row(get=PUBLIC, shows=lambda w: "User-agent"),
    "manifest": Row(get=PUBLIC, shows=lambda w: "standalone"),
    "service_worker": Row(get=PUBLIC, shows=lambda w: "golf-pages-"),
    "offline": Row(get=PUBLIC, shows=lambda w: "No signal"),
    "rules:guide": Row(get=PUBLIC),
    "rules:card_values": Row(get=PUBLIC),
    "rules:try": Row(get=PUBLIC),
    "rules:examples": Row(get=PUBLIC),
    "rules:variants": Row(get=PUBLIC),
    "rules:variant": Row(args=lambda w: ["nine-card"], get=PUBLIC),
    "rules:house_rules": Row(get=PUBLIC),
    "rules:house_rule": Row(args=lambda w: ["tied-shame"], get=PUBLIC),
    "rules:practice": Row(get=PUBLIC),
    # The play page keeps its game in the session: anyone may deal one.
    "rules:play": Row(
        get=PUBLIC,
        post=PUBLIC,
        data=lambda w: {
            "action": "start",
            "rules": "classic",
            "opponents": 1,
            "holes": 1,
            "strength": "easy",
        },
    ),
    "rules:faq": Row(get=PUBLIC),
    "rules:strategy": Row(get=PUBLIC),
    "rules:glossary": Row(get=PUBLIC),
    "api:score": Row(post=PUBLIC, json=True, data=lambda w: {"grid": "8 5 7 / 8 3 9"}),
    "api:score_hole": Row(
        post=PUBLIC,
        json=True,
        data=lambda w: {"players": [{"grid": "8 5 7 / 8 3 9"}, {"grid": "A 4 6 / A 4 6"}]},
    ),
    "api:rules": Row(get=PUBLIC),
    "api:openapi": Row(get=PUBLIC),
    # The scoresheet.
    "scoring:match_list": Row(get=PUBLIC),
    "scoring:match_new": Row(get=PUBLIC, post=PUBLIC, data=lambda w: NEW_MATCH),
    "scoring:match_shared": Row(
        args=lambda w: [w.match.share_token], get=PUBLIC, shows=lambda w: "Zed"
    ),
    "scoring:match_detail": Row(args=match_args(), get=MATCH, shows=match_name),
    "scoring:match_csv": Row(args=match_args(), get=MATCH, shows=match_name),
    "scoring:match_print": Row(args=match_args(), get=MATCH, shows=match_name),
    "scoring:match_end": Row(args=match_args(), get=MATCH, post=MATCH),
    "scoring:match_rematch": Row(
        args=match_args(), get=MATCH, post=MATCH, data=lambda w: {**NEW_MATCH, "token": ""}
    ),
    "scoring:match_delete": Row(args=match_args(), get=MATCH, post=MATCH_STARTER, shows=match_name),
    "scoring:match_share_replace": Row(
        args=match_args(), get=MATCH, post=MATCH, data=lambda w: {"confirm": "yes"}
    ),
    "scoring:hole_new": Row(
        args=match_args(), get=MATCH, post=MATCH, data=lambda w: hole_form(w, 2)
    ),
    "scoring:hole_preview": Row(
        args=match_args(), get=MATCH_ONWARD, post=MATCH, data=lambda w: hole_form(w, 2)
    ),
    "scoring:hole_detail": Row(args=match_args(1), get=MATCH, shows=match_name),
    "scoring:hole_edit": Row(
        args=match_args(1),
        get=MATCH,
        post=MATCH,
        data=lambda w: hole_form(w, 1, revision=1),
        shows=match_name,
    ),
    "scoring:hole_delete": Row(args=match_args(1), get=MATCH, post=MATCH),
    # The next hole, phone by phone: its progress (a POST confirms it) and one seat.
    "scoring:hole_seats": Row(
        args=match_args(2),
        get=MATCH,
        post=MATCH,
        data=lambda w: {"token": str(uuid.uuid4()), "seen": "stale", "went_out": ""},
        shows=match_name,
    ),
    "scoring:hole_seat": Row(
        args=match_args(2, 1),
        get=MATCH,
        post=MATCH,
        data=lambda w: {"number": 2, "grid_1": "8 5 7 / 8 3 9"},
        shows=match_name,
    ),
    # Handing the score over.
    "scoring:match_join": Row(
        args=lambda w: [w.match.join_token], get=JOIN, post=JOIN, shows=lambda w: "Zed"
    ),
    "scoring:match_join_qr": Row(args=match_args(), get=MATCH, shows=lambda w: "<svg"),
    "scoring:match_join_replace": Row(
        args=match_args(), get=MATCH, post=MATCH, data=lambda w: {"confirm": "yes"}
    ),
    "scoring:match_keeper_remove": Row(
        args=lambda w: [w.target.pk, w.target.keepers.get(phone=OTHER_PHONE).pk],
        get=MATCH_ONWARD,
        post=MATCH,
    ),
    # Accounts.
    "account": Row(get=SIGNED_IN),
    "signup": Row(get=SIGNED_OUT, post=SIGNED_OUT, data=lambda w: {"username": "new"}),
    "login": Row(get=PUBLIC, post=PUBLIC, data=lambda w: {"username": "x", "password": "y"}),
    "logout": Row(post=PUBLIC),
    "password_change": Row(get=SIGNED_IN, post=SIGNED_IN),
    "password_change_done": Row(get=SIGNED_IN),
    "password_reset": Row(get=PUBLIC, post=PUBLIC, data=lambda w: {"email": "a@example.com"}),
    "password_reset_done": Row(get=PUBLIC),
    "password_reset_confirm": Row(args=lambda w: ["MQ", "set-password"], get=PUBLIC, post=PUBLIC),
    "password_reset_complete": Row(get=PUBLIC),
    # Groups.
    "groups:list": Row(get=SIGNED_IN, post=SIGNED_IN, data=lambda w: {"name": "Sunday golf"}),
    "groups:detail": Row(
        args=lambda w: [w.group.pk], get=GROUP_MEMBER, shows=lambda w: w.group.name
    ),
    # A POST-only address opened again (a reloaded tab) goes back to the page
    # with its form; removing a member or handing the group over asks first.
    "groups:roster_add": Row(
        args=lambda w: [w.group.pk],
        get=BACK_TO_GROUP,
        post=GROUP_MEMBER,
        data=lambda w: {"name": "Bea"},
    ),
    "groups:invite_create": Row(args=lambda w: [w.group.pk], get=BACK_TO_GROUP, post=GROUP_OWNER),
    "groups:invite_revoke": Row(
        args=lambda w: [w.group.pk, w.invite.pk], get=BACK_TO_GROUP, post=GROUP_OWNER
    ),
    "groups:member_remove": Row(
        args=lambda w: [w.group.pk, w.member.pk], get=GROUP_MEMBER, post=GROUP_MEMBER
    ),
    "groups:ownership_transfer": Row(
        args=lambda w: [w.group.pk],
        get=BACK_TO_GROUP,
        post=GROUP_OWNER,
        data=lambda w: {"user": w.member.pk},
    ),
    "groups:history": Row(args=lambda w: [w.group.pk], get=GROUP_MEMBER),
    "groups:export_json": Row(args=lambda w: [w.group.pk], get=GROUP_MEMBER),
    "groups:export_csv": Row(args=lambda w: [w.group.pk], get=GROUP_MEMBER),
    "groups:player": Row(
        args=lambda w: [w.group.pk, w.group.roster.all()[0].pk],
        get=GROUP_MEMBER,
        shows=lambda w: w.group.roster.all()[0].name,
    ),
    "groups:match_new": Row(args=lambda w: [w.group.pk], get=GROUP_MEMBER, post=GROUP_MEMBER),
    "groups:match_ratings": Row(
        args=lambda w: [w.group.pk, w.group.matches.get().pk],
        get=GROUP_MEMBER,
        shows=lambda w: "Ratings change once the match is finished",
    ),
    "groups:match_rematch": Row(
        args=lambda w: [w.group.pk, group_match(w).pk],
        get=GROUP_MEMBER,
        post=GROUP_MEMBER,
        data=lambda w: {**NEW_MATCH, "token": ""},
        shows=lambda w: "Yve",
    ),
    # Moving a match into a group takes an account that keeps the match and is in
    # the group: only the owner here (the keeper's match has no account to move it).
    "groups:match_move": Row(
        args=lambda w: [w.match.pk],
        get={**SIGNED_IN, "stranger": ELSEWHERE, "member": ELSEWHERE, "owner": ELSEWHERE},
        post={
            "anonymous": LOGIN,
            "keeper": LOGIN,
            "stranger": NOT_FOUND,
            "member": NOT_FOUND,
            "owner": OK,
            "joined": LOGIN,
        },
        data=lambda w: {"group": w.group.pk},
    ),
    "groups:invite_accept": Row(
        args=lambda w: [w.invite.token], get=SIGNED_IN, post=SIGNED_IN, shows=lambda w: "Friday"
    ),
}

#: Django's admin, as a whole: staff only (nobody in these roles is staff). Checked on
#: every admin URL that takes no arguments.
ADMIN_NAMESPACE = "admin"
ADMIN_OPEN = {"admin:login"}
ADMIN_POST_ONLY = {"admin:logout"}


def site_urls(patterns: list[Any] | None = None, namespace: str = "") -> Iterator[str]:
    """Every URL name of the site, namespaced (unnamed patterns are named for what
    they match, so they cannot hide)."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from site_urls(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern):
            yield namespace + (pattern.name or f"<unnamed {pattern.pattern}>")


def test_every_url_is_in_the_table():
    names = set(site_urls())
    missing = {n for n in names - set(TABLE) if not n.startswith(f"{ADMIN_NAMESPACE}:")}
    assert not missing, (
        f"say who may use these URLs in tests/security/test_access.py: {sorted(missing)}"
    )
    assert not set(TABLE) - names, "rows for URLs that no longer exist"


# -- the world every check runs in ------------------------------------------------------


@pytest.fixture
def world() -> World:
    owner, member, stranger = (
        UserFactory.create(username=name) for name in ("olive", "milo", "stan")
    )
    group = GroupFactory.create(owner=owner, name="Friday golf")
    invite = group_services.invite_create(group=group, by=owner)
    group_services.invite_accept(token=invite.token, user=member)
    RosterPlayerFactory.create(group=group, name="Ann")
    rules = RuleSet(holes=3).to_dict()
    match = MatchFactory.create(players=["Ann", "Zed"], rules=rules, owner=owner)
    kept = MatchFactory.create(players=["Kim", "Lou"], rules=rules)
    GroupMatchFactory.create(group=group, players=["Ann", "Bea"], rules=rules)
    for m in (match, kept):
        entry = services.HoleEntry(kind="totals", totals=(5, 6))
        services.hole_record(match=m, entry=entry, token=uuid.uuid4(), number=1)
        services.match_join(match=m, phone=JOINED_PHONE)
        services.match_join(match=m, phone=OTHER_PHONE)
    return World(owner, member, stranger, group, invite, match, kept, target=match)


def client_for(role: str, w: World) -> Client:
    client = Client()
    if role in ("stranger", "member", "owner"):
        client.force_login(getattr(w, role))
    if role == "keeper":
        session = client.session
        session[SESSION_KEY] = [w.kept.pk]
        session.save()
    if role == "joined":
        session = client.session
        session[PHONE_KEY] = JOINED_PHONE
        session.save()
    return client


def state() -> tuple[Any, ...]:
    """Everything any URL could change."""
    return (
        list(
            Match.objects.order_by("pk").values_list(
                "pk", "finished_at", "share_token", "join_token"
            )
        ),
        list(MatchKeeper.objects.order_by("pk").values_list("pk", "match", "phone")),
        ReplacedJoinLink.objects.count(),
        list(Hole.objects.order_by("pk").values_list("pk", "revision", "kind")),
        Score.objects.count(),
        Player.objects.count(),
        list(SeatDraft.objects.order_by("pk").values_list("pk", "grid", "phone")),
        list(Group.objects.order_by("pk").values_list("pk", "name", "owner")),
        list(Membership.objects.order_by("pk").values_list("group", "user")),
        list(Invite.objects.order_by("pk").values_list("pk", "revoked_at")),
        list(RosterPlayer.objects.order_by("pk").values_list("pk", "name")),
        list(User.objects.order_by("pk").values_list("pk", "password")),
    )


# -- the checks -------------------------------------------------------------------------


def cases() -> Iterator[Any]:
    for name, row in TABLE.items():
        for method in ("get", "post"):
            rule = getattr(row, method)
            other = row.post if method == "get" else row.get
            for role in ROLES:
                if rule in MATCH_RULES or (rule is None and other == MATCH):
                    targets = ["owner's match", "keeper's match"]
                else:
                    targets = [""]
                for target in targets:
                    yield pytest.param(
                        name,
                        method,
                        role,
                        target,
                        id=f"{name}-{method}-{role}" + (f"-{target.split()[0]}" if target else ""),
                    )


_TOKEN = re.compile(r"[A-Za-z0-9_-]{32,}")


def _without_tokens(page: str) -> str:
    """The page without its CSRF token, whose random letters can spell a player's name."""
    return _TOKEN.sub("", page)


MATCH_RULES = (MATCH, MATCH_ONWARD, MATCH_STARTER)


def expected(rule: dict[str, str] | str | None, role: str, target: str) -> str:
    if rule in MATCH_RULES:
        starter = role == "owner" if target == "owner's match" else role == "keeper"
        if not starter and role != "joined":
            return NOT_FOUND
        if rule == MATCH_ONWARD or (rule == MATCH_STARTER and not starter):
            return ELSEWHERE
        return OK
    assert isinstance(rule, dict), rule
    return rule[role]


@pytest.mark.parametrize(("name", "method", "role", "target"), list(cases()))
def test_access(name, method, role, target, world):
    row = TABLE[name]
    world.target = world.kept if target == "keeper's match" else world.match
    url = reverse(name, args=row.args(world))
    rule = getattr(row, method)
    client = client_for(role, world)
    before = state()
    # Read before the request: a deletion takes what it names with it.
    shows = row.shows(world) if row.shows else None
    if method == "get":
        response = client.get(url)
    elif row.json:
        response = client.post(url, row.data(world), content_type="application/json")
    else:
        response = client.post(url, row.data(world))

    if rule is None:
        # The view does not answer this method: 405, unless it asks to log in first.
        other = row.post if method == "get" else row.get
        if expected(other, role, target) == LOGIN:
            assert_login(response, url)
        else:
            assert response.status_code == 405, (url, response.status_code)
        assert state() == before
        return

    outcome = expected(rule, role, target)
    page = response.content.decode(errors="replace")
    if outcome == OK:
        if method == "get":
            assert response.status_code == 200, (url, response.status_code)
            if shows:
                assert shows in page, (url, shows)
        else:
            assert response.status_code in (200, 302), (url, response.status_code)
            if response.status_code == 302:
                assert not response["Location"].startswith(reverse("login")), url
    elif outcome == LOGIN:
        assert_login(response, url)
        assert state() == before
    elif outcome == NOT_FOUND:
        assert response.status_code == 404, (url, response.status_code)
        if shows:
            assert shows not in _without_tokens(page), (url, shows)
        assert state() == before
    elif outcome == REFUSED:
        assert response.status_code == 302, (url, response.status_code)
        assert response["Location"] == world.group.get_absolute_url()
        assert (
            "Only the group&#x27;s owner can do that."
            in client.get(response["Location"]).content.decode()
        )
        assert state() == before
    elif outcome == ELSEWHERE:
        assert response.status_code == 302, (url, response.status_code)
        assert response["Location"] != url
        assert state() == before
    else:  # pragma: no cover - a typo in the table
        raise AssertionError(f"unknown outcome {outcome!r}")


def assert_login(response: Any, url: str) -> None:
    assert response.status_code == 302, (url, response.status_code)
    assert response["Location"].startswith(reverse("login") + "?next="), response["Location"]


def admin_urls() -> Iterator[str]:
    for name in site_urls():
        if not name.startswith(f"{ADMIN_NAMESPACE}:") or "<unnamed" in name:
            continue
        if name in ADMIN_POST_ONLY:
            continue
        try:
            yield reverse(name)
        except Exception:  # needs arguments: covered by the same admin_view guard
            continue


@pytest.mark.parametrize("role", ROLES)
def test_the_admin_is_for_staff_only(role, world):
    client = client_for(role, world)
    urls = list(admin_urls())
    assert len(urls) > 5
    for url in urls:
        response = client.get(url)
        if url == reverse("admin:login"):
            # The admin's log-in is the site's, with its limits.
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("login"))
            continue
        assert response.status_code == 302, (url, response.status_code)
        assert response["Location"].startswith(reverse("admin:login")), url


def head_cases() -> Iterator[Any]:
    """Every URL that answers GET, with a visitor it answers (the first role whose
    GET is not refused or sent to log in)."""
    for name, row in TABLE.items():
        if row.get is None:
            continue
        for role in ROLES:
            target = "owner's match" if role == "owner" else "keeper's match"
            if expected(row.get, role, target) in (OK, ELSEWHERE):
                yield pytest.param(name, role, target, id=name)
                break


@pytest.mark.parametrize(("name", "role", "target"), list(head_cases()))
def test_head_is_answered_wherever_get_is(name, role, target, world):
    """HEAD (a link checker, a monitor, curl -I) gets what GET gets, without the body."""
    row = TABLE[name]
    world.target = world.kept if target == "keeper's match" else world.match
    url = reverse(name, args=row.args(world))
    client = client_for(role, world)
    got = client.get(url)
    before = state()
    head = client.head(url)
    assert head.status_code == got.status_code, (url, head.status_code, got.status_code)
    assert head.content == b""
    assert head.get("Content-Type") == got.get("Content-Type")
    assert state() == before


def test_every_url_that_answers_get_is_checked_with_head():
    names = {case.values[0] for case in head_cases()}
    assert names == {name for name, row in TABLE.items() if row.get is not None}
