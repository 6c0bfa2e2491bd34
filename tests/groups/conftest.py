import pytest
from django.contrib.auth.models import User

from groups import services


@pytest.fixture
def make_user(db):
    def make(username):
        return User.objects.create_user(username=username, password="a-long-pass-phrase-9")

    return make


@pytest.fixture
def owner(make_user):
    return make_user("olive")


@pytest.fixture
def member(make_user):
    return make_user("milo")


@pytest.fixture
def stranger(make_user):
    return make_user("stan")


@pytest.fixture
def group(owner, member):
    group = services.group_create(owner=owner, name="Friday golf")
    invite = services.invite_create(group=group, by=owner)
    services.invite_accept(token=invite.token, user=member)
    services.roster_add(group=group, name="Ann")
    return group


@pytest.fixture
def play(db):
    """Play a group match from hand-counted totals: ``play(group, owner, {"Ann": [3, 5],
    "Bob": [4, 4]})`` seats the names (joining the roster) and saves every hole."""
    import uuid

    from scoring import services as scoring_services
    from scoring.engine import RuleSet
    from scoring.services import HoleEntry

    def play_match(group, by, table, rules=None, went_out=None, finish=True):
        names = list(table)
        holes = len(next(iter(table.values())))
        rules = rules or RuleSet(holes=holes)
        match = services.group_match_create(
            group=group, by=by, picked=[], new_names=names, first_dealer=0, rules=rules
        )
        for number in range(1, holes + 1):
            totals = tuple(table[name][number - 1] for name in names)
            out = went_out[number - 1] if went_out else None
            scoring_services.hole_record(
                match=match,
                entry=HoleEntry(kind="totals", totals=totals, went_out=out),
                token=uuid.uuid4(),
                number=number,
            )
        if finish and not match.is_finished:
            scoring_services.match_end(match=match)
        match.refresh_from_db()
        return match

    return play_match
