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
