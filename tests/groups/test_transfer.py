"""Export and import: the JSON round trip into an empty database gives identical
standings and statistics; CSV cells cannot run as formulas; the commands; demo data."""

import csv
import io
import json
import random

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from groups import selectors, services, transfer
from groups.models import Group, RosterPlayer
from scoring.engine import HouseRule, RuleSet, table_problems
from scoring.engine.grid import Grid
from scoring.models import Hole, Match, Player, Score
from scoring.spreadsheets import spreadsheet_safe

pytestmark = pytest.mark.django_db

KNOCK = RuleSet(holes=1, house_rules=frozenset({HouseRule.KNOCK_PENALTY}))


@pytest.fixture
def played(group, owner, play):
    play(group, owner, {"Ann": [3, 5], "Bob": [4, 6], "=cmd()": [1, 1]})
    play(group, owner, {"Ann": [7], "Bob": [7]})
    play(group, owner, {"Ann": [9], "Bob": [2]}, rules=KNOCK, went_out=[0])
    play(group, owner, {"Ann": [1], "Bob": [9]}, rules=RuleSet(holes=9), finish=False)
    roster = {r.name: r for r in group.roster.all()}
    for name in transfer.DEMO_NAMES:
        if name not in roster:
            roster[name] = RosterPlayer.objects.create(group=group, name=name)
    demo = transfer.demo_matches(6, random.Random(5))
    transfer.matches_create(group=group, matches=demo, roster=roster)
    return group


def summary(group):
    """Everything the pages show, by name and date, so ids do not matter."""
    history = [
        (
            r.match.created_at,
            r.match.finished_at,
            r.match.rules,
            [
                (p.name, p.total, p.place, p.roster_player.name if p.roster_player else None)
                for p in r.players
            ],
            [p.name for p in r.winners],
        )
        for r in selectors.history_rows(selectors.group_matches(group=group))
    ]
    stats = {}
    roster = list(group.roster.order_by("name"))
    for person in roster:
        s = selectors.player_stats(player=person)
        stats[person.name] = (
            s.matches,
            s.wins,
            s.holes,
            s.average,
            s.best_hole,
            s.worst_hole,
            s.pairs,
            s.times_out,
            s.knock_penalties,
            s.streaks,
            [(p.label, p.average) for p in s.chart],
            [
                (
                    o.name,
                    vars(selectors.head_to_head(player=person, other=o))
                    | {"player": None, "other": None},
                )
                for o in roster
                if o != person
            ],
        )
    leaders = (
        [(x.name, x.value, x.out_of) for x in selectors.leaders_by_wins(group=group)],
        [(x.name, x.value, x.out_of) for x in selectors.leaders_by_average(group=group)],
    )
    grids = sorted(
        Score.objects.filter(hole__match__group=group).values_list("grid", "score", "breakdown"),
        key=repr,
    )
    return history, stats, leaders, grids


def test_json_round_trip_into_an_empty_database(played, tmp_path):
    before = summary(played)
    path = tmp_path / "friday.json"
    call_command("export_group", str(played.pk), output=str(path))
    for model in (Score, Hole, Player, Match, RosterPlayer, Group):
        model.objects.all().delete()
    User.objects.all().delete()
    User.objects.create_user("newowner", password="x-long-pass-phrase")
    out = io.StringIO()
    call_command("import_group", str(path), owner="newowner", stdout=out)
    group = Group.objects.get()
    assert "with 10 matches" in out.getvalue()
    assert group.owner.username == "newowner"
    assert group.memberships.filter(user__username="newowner").exists()
    assert summary(group) == before


def test_export_holds_every_hole_grid_rule_set_and_link(played):
    data = transfer.group_export(group=played)
    assert data["format"] == transfer.FORMAT and len(data["matches"]) == 10
    knock = next(m for m in data["matches"] if m["rules"]["house_rules"] == ["knock-penalty"])
    assert knock["holes"][0]["scores"][0]["knock_penalty"] is True
    roster_ids = {r["id"] for r in data["roster"]}
    assert all(p["roster"] in roster_ids for m in data["matches"] for p in m["players"])
    demo = data["matches"][0]  # the demo matches are the oldest
    grid = demo["holes"][0]["scores"][0]["grid"]
    assert Grid.parse(grid).notation() == grid
    assert demo["holes"][0]["scores"][0]["breakdown"]["grid"]["columns"]


def test_import_refuses_a_file_that_is_not_an_export(tmp_path, owner):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(CommandError, match="not a group history"):
        call_command("import_group", str(bad), owner=owner.username)
    bad.write_text(json.dumps({"format": transfer.FORMAT, "version": 1, "group": {}}))
    with pytest.raises(CommandError, match="incomplete or damaged"):
        call_command("import_group", str(bad), owner=owner.username)
    with pytest.raises(CommandError, match="no account"):
        call_command("import_group", str(bad), owner="nobody")
    assert not Group.objects.filter(name="").exists()


def test_csv_has_a_row_per_player_and_defuses_formulas(client, member, played):
    client.force_login(member)
    response = client.get(reverse("groups:export_csv", args=[played.pk]))
    assert response["Content-Type"].startswith("text/csv")
    # With a byte-order mark, for Excel to read the names in UTF-8.
    assert response.content.startswith(b"\xef\xbb\xbfDate,")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == transfer.CSV_HEADER
    assert len(rows) - 1 == Player.objects.filter(match__group=played).count()
    names = [row[7] for row in rows[1:]]
    assert "'=cmd()" in names and "=cmd()" not in names
    at = names.index("'=cmd()")
    first = rows[at - 1 : at + 2]
    assert [(r[7], r[9], r[10], r[11]) for r in first] == [
        ("Ann", "8", "2", ""),
        ("Bob", "10", "3", ""),
        ("'=cmd()", "2", "1", "yes"),
    ]


@pytest.mark.parametrize("value", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_spreadsheet_safe_neutralises_formulas(value):
    assert spreadsheet_safe(value) == "'" + value
    assert spreadsheet_safe(-3) == -3
    assert spreadsheet_safe("Ann") == "Ann"


def test_json_download_for_members_only(client, member, stranger, played):
    url = reverse("groups:export_json", args=[played.pk])
    assert client.get(url)["Location"].startswith(reverse("login"))
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    assert client.get(reverse("groups:export_csv", args=[played.pk])).status_code == 404
    client.force_login(member)
    response = client.get(url)
    assert response.json()["group"]["name"] == "Friday golf"
    assert "attachment" in response["Content-Disposition"]


def test_seed_demo_makes_legal_realistic_matches_once_when_asked_if_empty():
    out = io.StringIO()
    call_command("seed_demo", matches=12, seed=3, stdout=out)
    assert "with 12 matches" in out.getvalue() and "Demo account: demo" in out.getvalue()
    # The printed password is the demo account's, and it is not a fixed one.
    password = out.getvalue().split("Password:")[1].split()[0]
    group = Group.objects.get()
    assert group.owner.check_password(password)
    assert len(password) >= 12
    assert group.matches.count() == 12 and group.owner.username == "demo"
    assert not group.matches.filter(finished_at__isnull=True).exists()
    for hole in Hole.objects.filter(match__group=group).prefetch_related("scores")[:40]:
        rules = RuleSet.from_dict(hole.rules)
        grids = [Grid.parse(s.grid, rules.layout) for s in hole.scores.all()]
        assert table_problems(grids, rules, [s.went_out for s in hole.scores.all()]) == []
    # Statistics have something to show.
    person = group.roster.get(name="Ann")
    assert selectors.player_stats(player=person).holes > 0
    call_command("seed_demo", if_empty=True, stdout=io.StringIO())
    assert Group.objects.count() == 1
    call_command("seed_demo", matches=2, owner="demo", stdout=io.StringIO())
    assert Group.objects.count() == 2
    with pytest.raises(CommandError):
        call_command("seed_demo", matches=0)


def test_import_refuses_a_damaged_history_and_keeps_nothing(played, owner):
    data = transfer.group_export(group=played)
    data["matches"][0]["holes"].append(dict(data["matches"][0]["holes"][0]))  # hole 1 twice
    before = Group.objects.count()
    with pytest.raises(transfer.ImportRejected, match="the file lists 7 holes for a match of 6"):
        transfer.group_import(data=data, owner=owner)
    assert Group.objects.count() == before
    data = transfer.group_export(group=played)
    data["matches"][1]["players"][0]["seat"] = 7  # scores name a seat nobody sits in
    with pytest.raises(transfer.ImportRejected):
        transfer.group_import(data=data, owner=owner)
    assert Group.objects.count() == before


def test_matches_stored_in_bulk_show_at_once(client, member, group, owner, play):
    """``matches_create`` bypasses the signals that keep cached pages current, so it
    says itself that the history changed."""
    play(group, owner, {"Ann": [3], "Bob": [4]})
    client.force_login(member)
    url = reverse("groups:history", args=[group.pk])
    assert "1 match." in client.get(url).content.decode()
    roster = {r.name: r for r in group.roster.all()}
    transfer.matches_create(
        group=group, matches=transfer.demo_matches(2, random.Random(1)), roster=roster
    )
    assert "3 matches." in client.get(url).content.decode()


@pytest.mark.parametrize(
    ("name", "ending"), [("groups:export_json", "json"), ("groups:export_csv", "csv")]
)
def test_a_download_is_named_for_its_group_and_day(client, member, played, name, ending):
    """Backups taken month after month are told apart by their names."""
    client.force_login(member)
    response = client.get(reverse(name, args=[played.pk]))
    day = timezone.localdate().isoformat()
    expected = f'attachment; filename="golf-group-{played.pk}-{day}.{ending}"'
    assert response["Content-Disposition"] == expected


def test_the_group_page_says_what_a_json_backup_is_good_for(client, member, played):
    client.force_login(member)
    html = client.get(reverse("groups:detail", args=[played.pk])).content.decode()
    assert "whoever runs this site can make the group again from it." in html


def test_seed_demo_prints_the_password_last_in_a_frame_and_how_to_change_it():
    """`make run` prints this just before "Serving on": the password must stand out
    of the set-up's output, and a later run says how to choose a new one."""
    out = io.StringIO()
    call_command("seed_demo", if_empty=True, matches=2, seed=1, stdout=out)
    lines = out.getvalue().strip().splitlines()
    bar = lines[-1]
    assert set(bar) == {"#"} and len(bar) > 20
    box = lines[lines.index(bar) : len(lines)]
    assert all(line.startswith("# ") and line.endswith(" #") for line in box[1:-1])
    password = next(line for line in box if "Password:" in line).split()[2]
    assert User.objects.get(username="demo").check_password(password)
    assert any("manage.py changepassword demo" in line for line in box)
    # A later `make run` has nothing to seed, and says how to get in again.
    again = io.StringIO()
    call_command("seed_demo", if_empty=True, stdout=again)
    assert password not in again.getvalue()
    assert "changepassword demo" in again.getvalue().strip().splitlines()[-2]


def test_the_csv_gives_holes_played_and_each_matchs_status(client, member, group, owner, play):
    play(group, owner, {"Ann": [3, 5], "Bob": [4, 6]})
    play(group, owner, {"Ann": [1, 2], "Bob": [2, 2]}, rules=RuleSet(holes=9))
    play(group, owner, {"Ann": [7], "Bob": [2]}, rules=RuleSet(holes=9), finish=False)
    services.group_match_create(
        group=group,
        by=owner,
        picked=[],
        new_names=["Cy", "Dee"],
        first_dealer=0,
        rules=RuleSet(holes=3),
    )
    client.force_login(member)
    response = client.get(reverse("groups:export_csv", args=[group.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    seen = [
        (r["Player"], r["Status"], r["Holes played"], r["Holes planned"], r["Total"], r["Won"])
        for r in rows
    ]
    assert seen == [
        ("Ann", "finished", "2", "2", "8", "yes"),
        ("Bob", "finished", "2", "2", "10", ""),
        ("Ann", "ended early", "2", "9", "3", "yes"),
        ("Bob", "ended early", "2", "9", "4", ""),
        ("Ann", "in progress", "1", "9", "7", ""),
        ("Bob", "in progress", "1", "9", "2", ""),
        ("Cy", "in progress", "0", "3", "0", ""),
        ("Dee", "in progress", "0", "3", "0", ""),
    ]
    assert "Holes" not in rows[0]
