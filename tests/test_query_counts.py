"""Every page costs the same number of queries however much there is to show
(issue "Performance"): the same page in a small world and in a large one, and no
more queries in the large.

`test_every_page_has_a_case` walks the URL resolver: a site URL that answers GET
in ``tests/security/test_access.py``'s table, or a named admin page, without a case here
fails the suite, and so does a page that varies on ``HX-Request`` without a case
for its htmx fragment. Each page is requested by a visitor who may see it, twice:
first with an empty cache (cold), then again (warm); neither may grow.

To add a page: add a :class:`Case` to ``CASES`` with its arguments, its visitor and
what it must show (so it cannot pass by showing nothing). A page whose count grows
today says why in ``grows``: it is an expected failure until someone fixes it.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group as AuthGroup
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from groups import services as group_services
from groups import transfer
from groups.models import Group, Invite, Membership, RosterPlayer
from groups.tasks import ratings_catch_up
from scoring import services
from scoring.engine import RuleSet, apply_hole_rules
from scoring.models import Match
from scoring.views.access import SESSION_KEY
from scoring.views.matches import list_cursor
from tests.security.test_access import ADMIN_NAMESPACE, TABLE, site_urls
from tests.tables import EIGHT_PLAYERS

pytestmark = pytest.mark.django_db


# -- the two worlds -------------------------------------------------------------------


@dataclass(frozen=True)
class Size:
    """How much of everything a world holds."""

    #: Seats at every match.
    players: int
    #: Holes saved in each of the group's matches and in the owner's match in play
    #: (the matches in play have one more to go).
    holes: int
    #: Finished matches in the group, finished one-hole matches the owner keeps
    #: outside any group, and anonymous matches the keeper's session keeps.
    matches: int
    #: Members of the group besides its owner.
    members: int
    #: Regular players on the group's roster.
    roster: int
    #: Open invitation links (and as many revoked ones).
    invites: int
    #: Groups the owner belongs to.
    groups: int
    #: Phones that joined each match in play through its join link.
    keepers: int = 1


SMALL = Size(players=2, holes=1, matches=1, members=1, roster=2, invites=1, groups=1)
LARGE = Size(players=8, holes=18, matches=31, members=10, roster=20, invites=5, groups=4, keepers=8)


@dataclass
class World:
    size: Size
    tag: str  # in every name of the world, so an admin search finds just its rows
    owner: User  # owns the group and the lone matches
    member: User  # a member of the group (not its owner)
    stranger: User  # signed in, in no group, with an invitation link to use
    staff: User  # may use the admin
    group: Group
    invite: Invite
    roster: list[RosterPlayer]
    own: Match  # the owner's match in play, in no group
    played: Match  # the group's match in play
    finished: Match  # the group's latest finished match
    owned: list[Match]  # the owner's finished matches in no group, oldest first
    kept: list[Match]  # the keeper's anonymous matches, oldest first
    groups: list[Group] = field(default_factory=list)  # every group the owner is in
    job: DBTaskResult[Any, Any] | None = None  # a ratings job waiting on the queue


def _grids(players: int) -> services.HoleEntry:
    return services.HoleEntry(kind="grids", grids=tuple(EIGHT_PLAYERS[:players]), went_out=0)


def _play(match: Match, holes: int, entry: services.HoleEntry) -> None:
    for number in range(1, holes + 1):
        services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=number)


def _finished_data(
    n: int, seated: list[RosterPlayer], size: Size, when: datetime
) -> dict[str, Any]:
    """A finished match of hand-counted totals, as an export holds it."""
    rules = RuleSet(holes=size.holes)
    snapshot = rules.to_dict()
    holes = []
    for number in range(1, size.holes + 1):
        out = number % len(seated)
        totals = [(n + number * 3 + seat * 5) % 17 for seat in range(len(seated))]
        scored = apply_hole_rules(totals, rules, out)
        holes.append(
            {
                "number": number,
                "kind": "totals",
                "went_out": out,
                "rules": snapshot,
                "scores": [
                    {
                        "seat": seat,
                        "grid_score": result.grid_score,
                        "score": result.score,
                        "went_out": result.went_out,
                        "breakdown": services.breakdown_data(result),
                    }
                    for seat, result in enumerate(scored.players)
                ],
            }
        )
    return {
        "created_at": when.isoformat(),
        "finished_at": (when + timedelta(hours=1)).isoformat(),
        "rules": snapshot,
        "holes_planned": size.holes,
        "first_dealer": 0,
        "players": [{"seat": s, "name": p.name, "roster": p.pk} for s, p in enumerate(seated)],
        "holes": holes,
    }


def _lone_matches(count: int, size: Size, owner: User | None, tag: str) -> list[Match]:
    """Finished matches in no group, one hole each, oldest first."""
    names = [f"Lone {n} {tag}" for n in range(1, size.players + 1)]
    made = []
    for _ in range(count):
        match = services.match_create(
            names=names, first_dealer=0, rules=RuleSet(holes=1), owner=owner
        )
        _play(match, 1, services.HoleEntry(kind="totals", totals=tuple(range(size.players))))
        made.append(match)
    return made


def build(size: Size, tag: str) -> World:
    """A world of ``size``; ``tag`` keeps its names apart from the other world's."""
    users = User.objects.bulk_create(
        User(username=f"{tag}-{name}")
        for name in ["olive", "milo", "stan", *[f"member-{n:02}" for n in range(size.members - 1)]]
    )
    owner, member, stranger, *others = users
    staff = User.objects.create(username=f"{tag}-boss", is_staff=True, is_superuser=True)
    AuthGroup.objects.create(name=f"Helpers {tag}")
    group = group_services.group_create(owner=owner, name=f"Friday golf {tag}")
    Membership.objects.bulk_create(Membership(group=group, user=u) for u in [member, *others])
    invites = [group_services.invite_create(group=group, by=owner) for _ in range(size.invites)]
    for _ in range(size.invites):
        revoked = group_services.invite_create(group=group, by=owner)
        group_services.invite_revoke(invite=revoked, by=owner)
    roster = RosterPlayer.objects.bulk_create(
        RosterPlayer(group=group, name=f"Regular {n:02} {tag}") for n in range(size.roster)
    )
    groups = [group]
    for n in range(1, size.groups):
        other = group_services.group_create(owner=owner, name=f"Group {n:02} {tag}")
        Membership.objects.bulk_create(Membership(group=other, user=u) for u in [member, *others])
        groups.append(other)

    # The group's history: finished matches on days gone by, then one in play. The
    # first two regulars play every match; the others take turns in the other seats.
    def seated(n: int) -> list[RosterPlayer]:
        turns = roster[2:]
        return roster[:2] + [turns[(n + k) % len(turns)] for k in range(size.players - 2)]

    now = timezone.now()
    transfer.matches_create(
        group=group,
        matches=[
            _finished_data(n, seated(n), size, now - timedelta(days=3 * (size.matches - n)))
            for n in range(size.matches)
        ],
        roster={p.pk: p for p in roster},
    )
    played = group_services.group_match_create(
        group=group,
        by=owner,
        picked=seated(size.matches),
        new_names=[],
        first_dealer=0,
        rules=RuleSet(holes=size.holes + 1),
    )
    _play(played, size.holes, _grids(size.players))

    owned = _lone_matches(size.matches, size, owner, tag)
    own = services.match_create(
        names=[f"Player {n} {tag}" for n in range(1, size.players + 1)],
        first_dealer=0,
        rules=RuleSet(holes=size.holes + 1),
        owner=owner,
    )
    _play(own, size.holes, _grids(size.players))
    for match in (own, played):
        for n in range(size.keepers):
            services.match_join(match=match, phone=f"phone-{n}-{tag}")
    # The next hole entered phone by phone: every seat is in at the owner's match
    # (the table checked and every card shown), all but one at the group's.
    for match, seats in ((own, size.players), (played, size.players - 1)):
        for player in match.players.order_by("seat")[:seats]:
            services.seat_draft_save(
                match=match,
                number=size.holes + 1,
                player=player,
                grid=EIGHT_PLAYERS[player.seat],
                went_out=player.seat == 0,
                phone=f"phone-{player.seat}-{tag}",
            )
    kept = _lone_matches(size.matches, size, None, tag)
    job = DBTaskResult.objects.get(pk=ratings_catch_up.enqueue(group.pk).id)
    return World(
        size=size,
        tag=tag,
        owner=owner,
        member=member,
        stranger=stranger,
        staff=staff,
        group=group,
        invite=invites[0],
        roster=roster,
        own=own,
        played=played,
        finished=Match.objects.filter(group=group, finished_at__isnull=False).latest("pk"),
        owned=owned,
        kept=kept,
        groups=groups,
        job=job,
    )


@pytest.fixture(scope="module")
def worlds(django_db_setup, django_db_blocker) -> Iterator[dict[str, World]]:
    """Both worlds, built once for the module inside a transaction rolled back at its
    end (each test runs in a savepoint within it, as usual)."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield {"small": build(SMALL, "small"), "large": build(LARGE, "large")}
        transaction.set_rollback(True)


def client_for(visitor: str, w: World) -> Client:
    client = Client()
    if visitor in ("owner", "member", "stranger", "staff"):
        client.force_login(getattr(w, visitor))
    if visitor == "keeper":
        session = client.session
        session[SESSION_KEY] = [m.pk for m in w.kept]
        session.save()
    return client


# -- the pages --------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One page as one visitor sees it."""

    name: str
    visitor: str
    args: Callable[[World], list[Any]] = lambda w: []
    params: Callable[[World], dict[str, Any]] = lambda w: {}
    #: The htmx fragment instead of the whole page.
    htmx: bool = False
    #: Text the page must show in both worlds: proof it drew what the world holds.
    shows: Callable[[World], str] | None = None
    #: Tells two cases of one page and visitor apart.
    label: str = ""
    #: Why the page's count grows today (the case is an expected failure until fixed).
    grows: str = ""

    @property
    def id(self) -> str:
        parts = [self.name, self.visitor, self.label, "htmx" if self.htmx else ""]
        return "-".join(p for p in parts if p)


def last_seat(target: str) -> Callable[[World], str]:
    return lambda w: getattr(w, target).players.order_by("-seat").first().name


def on(target: str, *more: Callable[[World], Any]) -> Callable[[World], list[Any]]:
    """Arguments for a match page: the ``target`` match, then ``more``."""
    return lambda w: [getattr(w, target).pk, *(m(w) for m in more)]


def last_hole(w: World) -> int:
    return w.size.holes


def next_hole(w: World) -> int:
    return w.size.holes + 1


def last_seat_number(w: World) -> int:
    return w.size.players - 1


def match_cases() -> Iterator[Case]:
    """Each match page on the owner's match in play (no group) and on the group's (as a
    member), then the pages of a finished match."""
    for target, visitor in (("own", "owner"), ("played", "member")):
        shows = last_seat(target)
        label = "group" if target == "played" else ""
        for name, args, shown in [
            ("scoring:match_detail", on(target), shows),
            ("scoring:match_csv", on(target), shows),
            ("scoring:match_print", on(target), shows),
            ("scoring:match_end", on(target), lambda w: f"end it after hole {w.size.holes}"),
            ("scoring:hole_new", on(target), shows),
            ("scoring:hole_detail", on(target, last_hole), shows),
            ("scoring:hole_edit", on(target, last_hole), shows),
            ("scoring:hole_delete", on(target, last_hole), lambda w: "Yes, delete hole"),
            ("scoring:match_delete", on(target), shows),
            ("scoring:match_share_replace", on(target), lambda w: "make a new link"),
            ("scoring:match_join_qr", on(target), lambda w: "<svg"),
            ("scoring:match_join_replace", on(target), lambda w: "make a new link"),
            ("scoring:hole_seats", on(target, next_hole), shows),
            ("scoring:hole_seat", on(target, next_hole, last_seat_number), shows),
        ]:
            yield Case(name, visitor, args=args, shows=shown, label=label)
        yield Case(
            "scoring:hole_seats",
            visitor,
            args=on(target, next_hole),
            shows=shows,
            label=label,
            htmx=True,
        )
        yield Case(
            "scoring:match_detail", visitor, args=on(target), shows=shows, label=label, htmx=True
        )
        # The join link, opened by a phone that keeps nothing yet.
        joining = lambda w, target=target: [getattr(w, target).join_token]  # noqa: E731
        yield Case("scoring:match_join", "anonymous", args=joining, shows=shows, label=label)
        token = lambda w, target=target: [getattr(w, target).share_token]  # noqa: E731
        for htmx in (False, True):
            yield Case(
                "scoring:match_shared",
                "anonymous",
                args=token,
                shows=shows,
                label=label,
                htmx=htmx,
            )
    # A finished match's pages show its winners and every hole, with nothing to come.
    winner = lambda w: "Winner"  # noqa: E731
    for name, args, shown in [
        ("scoring:match_detail", on("finished"), winner),
        ("scoring:match_csv", on("finished"), last_seat("finished")),
        ("scoring:match_print", on("finished"), last_seat("finished")),
        ("scoring:hole_detail", on("finished", last_hole), last_seat("finished")),
    ]:
        yield Case(name, "member", args=args, shows=shown, label="finished")


def group_args(*more: Callable[[World], Any]) -> Callable[[World], list[Any]]:
    return lambda w: [w.group.pk, *(m(w) for m in more)]


def regular(n: int) -> Callable[[World], Any]:
    return lambda w: w.roster[n].pk


TRY = {"variant": "six-card", "grid": "8 5 7 / 8 3 9"}

CASES: list[Case] = [
    # Pages anyone may see, as the visitor with the most of everything.
    Case("home", "owner", shows=lambda w: "Golf, the card game"),
    Case("healthz", "owner", shows=lambda w: "ok"),
    Case("robots_txt", "owner", shows=lambda w: "User-agent"),
    Case("manifest", "owner", shows=lambda w: "standalone"),
    Case("service_worker", "owner", shows=lambda w: "golf-pages-"),
    Case("offline", "owner", shows=lambda w: "No signal"),
    Case("rules:guide", "owner"),
    Case("rules:card_values", "owner"),
    Case("rules:card_values", "owner", htmx=True, params=lambda w: {"variant": "nine-card"}),
    Case("rules:try", "owner", params=lambda w: TRY),
    Case("rules:try", "owner", params=lambda w: TRY, htmx=True),
    Case("rules:examples", "owner"),
    Case("rules:variants", "owner"),
    Case("rules:variant", "owner", args=lambda w: ["nine-card"]),
    Case("rules:house_rules", "owner"),
    Case("rules:house_rule", "owner", args=lambda w: ["tied-shame"]),
    Case("rules:practice", "owner"),
    Case("rules:practice", "owner", htmx=True),
    Case("rules:play", "owner", shows=lambda w: "Deal the cards"),
    Case("rules:play", "owner", shows=lambda w: "Deal the cards", htmx=True),
    Case("rules:faq", "owner"),
    Case("rules:strategy", "owner"),
    Case("rules:glossary", "owner"),
    Case("api:rules", "owner"),
    Case("api:openapi", "owner"),
    # The scoresheet.
    Case(
        "scoring:match_list",
        "owner",
        # The newest: a page holds the newest 25.
        shows=lambda w: reverse("scoring:match_detail", args=[w.owned[-1].pk]),
    ),
    Case(
        "scoring:match_list",
        "keeper",
        shows=lambda w: reverse("scoring:match_detail", args=[w.kept[-1].pk]),
    ),
    # A later page, going on from the newest match.
    Case(
        "scoring:match_list",
        "owner",
        params=lambda w: {"before": list_cursor(w.owned[-1])},
        label="older",
    ),
    Case("scoring:match_new", "owner", shows=lambda w: w.groups[-1].name),
    *match_cases(),
    # Accounts.
    Case("account", "owner", shows=lambda w: w.groups[-1].name),
    Case("signup", "keeper"),
    Case("login", "owner"),
    Case("password_change", "owner"),
    Case("password_change_done", "owner"),
    Case("password_reset", "owner"),
    Case("password_reset_done", "owner"),
    Case("password_reset_confirm", "owner", args=lambda w: ["MQ", "set-password"]),
    Case("password_reset_complete", "owner"),
    # Groups.
    Case("groups:list", "owner", shows=lambda w: w.groups[-1].name),
    Case(
        "groups:detail",
        "owner",
        args=group_args(),
        shows=lambda w: w.invite.token,
    ),
    Case("groups:detail", "member", args=group_args(), shows=lambda w: w.roster[-1].name),
    Case("groups:history", "member", args=group_args(), shows=last_seat("played")),
    Case(
        "groups:history",
        "member",
        args=group_args(),
        params=lambda w: {"player": w.roster[0].pk},
        shows=lambda w: w.roster[1].name,
        label="player",
    ),
    Case(
        "groups:history",
        "member",
        args=group_args(),
        params=lambda w: {"player": w.roster[0].pk, "page": 2},
        shows=lambda w: w.roster[1].name,
        label="player",
        htmx=True,
    ),
    Case("groups:export_json", "member", args=group_args(), shows=lambda w: w.roster[-1].name),
    Case("groups:export_csv", "member", args=group_args(), shows=lambda w: w.roster[-1].name),
    Case(
        "groups:player",
        "member",
        args=group_args(regular(0)),
        params=lambda w: {"versus": w.roster[1].pk},
        shows=lambda w: w.roster[-1].name,
    ),
    Case("groups:match_new", "member", args=group_args(), shows=lambda w: w.roster[-1].name),
    # Every rated regular's move at the group's latest finished match.
    Case(
        "groups:match_ratings",
        "member",
        args=group_args(lambda w: w.finished.pk),
        shows=last_seat("finished"),
    ),
    # The rematch's question: the table of the match before, then the rules.
    Case("scoring:match_rematch", "owner", args=on("own"), shows=last_seat("own")),
    Case(
        "groups:match_rematch",
        "member",
        args=group_args(lambda w: w.finished.pk),
        shows=last_seat("finished"),
    ),
    # The questions asked before removing a member and handing the group over.
    Case(
        "groups:member_remove",
        "owner",
        args=group_args(lambda w: w.member.pk),
        shows=lambda w: f"Remove {w.member.username}",
    ),
    Case(
        "groups:ownership_transfer",
        "owner",
        args=group_args(),
        params=lambda w: {"user": w.member.pk},
        shows=lambda w: f"Make {w.member.username} the owner",
    ),
    Case(
        "groups:invite_accept",
        "stranger",
        args=lambda w: [w.invite.token],
        shows=lambda w: w.group.name,
    ),
]


# -- the admin: every page of every registered model, as staff --------------------------

#: The object each model's admin pages are checked on: the one with the most inside it.
ADMIN_OBJECTS: dict[str, Callable[[World], Any]] = {
    "auth.group": lambda w: AuthGroup.objects.get(name=f"Helpers {w.tag}"),
    "auth.user": lambda w: w.owner,
    "scoring.match": lambda w: w.played,
    "scoring.hole": lambda w: w.played.holes.get(number=w.size.holes),
    "scoring.player": lambda w: w.played.players.get(seat=0),
    "scoring.score": lambda w: w.played.holes.get(number=w.size.holes).scores.get(seat=0),
    "scoring.matchkeeper": lambda w: w.played.keepers.all()[0],
    "scoring.seatdraft": lambda w: w.played.seat_drafts.all()[0],
    "groups.group": lambda w: w.group,
    "groups.membership": lambda w: w.group.memberships.get(user=w.member),
    "groups.invite": lambda w: w.invite,
    "groups.rosterplayer": lambda w: w.roster[0],
    "django_tasks_database.dbtaskresult": lambda w: w.job,
}

#: The admin's pages of one object.
VIEWS = ("change", "history", "delete")

#: Admin URLs that are not pages, with the reason.
ADMIN_NOT_PAGES = {
    "admin:login": "redirects to the site's log-in (golfsite/urls.py)",
    "admin:logout": "answers POST only",
    "admin:view_on_site": "redirects to the object's page on the site",
    "admin:scoring_score_add": "scores are never added in the admin (403)",
    "admin:scoring_matchkeeper_add": "phones join through a join link, never the admin (403)",
    "admin:scoring_seatdraft_add": "a seat's cards are entered on its page, never the admin (403)",
    "admin:django_tasks_database_dbtaskresult_add": "jobs are queued by the site (403)",
    "admin:django_tasks_database_dbtaskresult_delete": "the queue's jobs are never deleted (403)",
}


#: Admin pages whose count grows today, and why (scoring/admin.py, groups/admin.py and
#: the models' ``__str__`` are where the fixes lie). None does.
ADMIN_GROWS: dict[str, str] = {}


def fixed(*values: Any) -> Callable[[World], list[Any]]:
    """URL arguments that are the same in every world."""
    return lambda w: list(values)


def admin_cases() -> Iterator[Case]:
    def pk_of(label: str) -> Callable[[World], list[Any]]:
        return lambda w: [ADMIN_OBJECTS[label](w).pk]

    yield Case("admin:index", "staff")
    yield Case("admin:password_change", "staff")
    yield Case("admin:password_change_done", "staff")
    yield Case("admin:jsi18n", "staff")
    yield Case(
        "admin:autocomplete",
        "staff",
        params=lambda w: {
            "app_label": "groups",
            "model_name": "membership",
            "field_name": "user",
            "term": w.tag,
        },
        shows=lambda w: f"{w.tag}-olive",
    )
    for app in sorted({model._meta.app_label for model in admin.site._registry}):
        yield Case("admin:app_list", "staff", args=fixed(app), label=app)
    for model in sorted(admin.site._registry, key=lambda m: m._meta.label_lower):
        meta = model._meta
        prefix = f"admin:{meta.app_label}_{meta.model_name}"
        label = meta.label_lower
        views = [
            (f"{prefix}_changelist", lambda w: [], lambda w: {"q": w.tag}),
            (f"{prefix}_add", lambda w: [], lambda w: {}),
            *[(f"{prefix}_{view}", pk_of(label), lambda w: {}) for view in VIEWS],
        ]
        if label == "auth.user":
            views.append((f"{prefix}_password_change", pk_of(label), lambda w: {}))
        for name, args, query in views:
            yield Case(name, "staff", args=args, params=query, grows=ADMIN_GROWS.get(name, ""))


CASES += [case for case in admin_cases() if case.name not in ADMIN_NOT_PAGES]


# -- the checks -------------------------------------------------------------------------


#: Site URLs that answer GET only to send the visitor elsewhere: a POST-only address
#: opened again (a reloaded tab) goes back to the page with its form.
SITE_NOT_PAGES = {
    "groups:roster_add": "redirects to the group's roster",
    "groups:invite_create": "redirects to the group's page",
    "groups:invite_revoke": "redirects to the group's page",
    "groups:match_move": "redirects to the match",
    "scoring:hole_preview": "redirects to the next hole's form",
    "scoring:match_keeper_remove": "redirects to the match",
}


def get_pages() -> set[str]:
    """Every page: the site's URLs that answer GET, and the admin's named URLs that
    are pages (its unnamed ones only redirect)."""
    admin_pages = {
        name
        for name in site_urls()
        if name.startswith(f"{ADMIN_NAMESPACE}:") and "<unnamed" not in name
    }
    site = {name for name, row in TABLE.items() if row.get is not None} - set(SITE_NOT_PAGES)
    return site | (admin_pages - set(ADMIN_NOT_PAGES))


def test_every_page_has_a_case():
    names = {n for n in site_urls() if not n.startswith(f"{ADMIN_NAMESPACE}:")}
    assert names <= set(TABLE), "say who may use these URLs in tests/security/test_access.py first"
    covered = {case.name for case in CASES}
    missing = get_pages() - covered
    assert not missing, f"add a query-count case for these pages: {sorted(missing)}"
    assert not covered - get_pages(), "cases for URLs that are not pages"
    registered = {model._meta.label_lower for model in admin.site._registry}
    assert registered <= set(ADMIN_OBJECTS), "name the object to check in ADMIN_OBJECTS"
    assert set(ADMIN_GROWS) <= {case.name for case in CASES}, "ADMIN_GROWS names no page"
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), "two cases with the same id: give one a label"


Query = tuple[str, Any]


class Queries:
    """Every statement sent to the database with its parameters, however many
    (Django's own query log keeps only the last 9000)."""

    def __init__(self) -> None:
        self.sent: list[Query] = []

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context):
        self.sent.append((sql, params))
        return execute(sql, params, many, context)


class Visit:
    """A visitor on one page of one world, the cache emptied first."""

    def __init__(self, case: Case, w: World) -> None:
        self.case, self.world = case, w
        self.client = client_for(case.visitor, w)
        self.url = reverse(case.name, args=case.args(w))
        cache.clear()

    def queries(self) -> list[Query]:
        """The queries of one more request for the page."""
        case, w = self.case, self.world
        headers = {"HX-Request": "true"} if case.htmx else {}
        queries = Queries()
        with connection.execute_wrapper(queries):
            response = self.client.get(self.url, case.params(w), headers=headers)
        if response.status_code != 200:
            pytest.fail(
                f"{case.id} in the {w.tag} world: {self.url} answered {response.status_code}"
            )
        if case.shows and case.shows(w) not in response.content.decode():
            pytest.fail(f"{case.id} in the {w.tag} world does not show {case.shows(w)!r}")
        fragment = any(c.name == case.name and c.htmx for c in CASES)
        if "HX-Request" in response.get("Vary", "") and not fragment:
            pytest.fail(f"{case.name} has an htmx fragment: add a case for it")
        return queries.sent


_LIST = re.compile(r"%s(?:, %s)+")


def shape(query: Query) -> str:
    """A query without its values, so repeats of one query look the same."""
    return _LIST.sub("%s, ...", query[0])


#: How many of the large world's queries a failure lists.
LISTED = 60


def growth_report(case: Case, when: str, small: list[Query], large: list[Query]) -> str:
    more = Counter(map(shape, large))
    more.subtract(Counter(map(shape, small)))
    repeats = [f"  +{n} {sql}" for sql, n in more.most_common() if n > 0]
    listed = [f"  {n}. {sql} {params}" for n, (sql, params) in enumerate(large[:LISTED], 1)]
    if len(large) > LISTED:
        listed.append(f"  ... and {len(large) - LISTED} more")
    return "\n".join(
        [
            f"{case.id} ({when}): {len(large)} queries in the large world, "
            f"{len(small)} in the small one.",
            "Queries the large world runs more often than the small one:",
            *repeats,
            "The large world's queries:",
            *listed,
        ]
    )


def params() -> Iterator[Any]:
    for case in CASES:
        grows = pytest.mark.xfail(strict=True, raises=AssertionError, reason=case.grows)
        marks = [grows] if case.grows else []
        yield pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", list(params()))
def test_queries_do_not_grow(case, worlds):
    small, large = Visit(case, worlds["small"]), Visit(case, worlds["large"])
    # The first request after a change fills the cache; the next ones read it.
    for when in ("cold", "warm"):
        few, many = small.queries(), large.queries()
        assert len(many) <= len(few), growth_report(case, when, few, many)
