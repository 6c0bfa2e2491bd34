import pytest

from tests.groups.factories import UserFactory

#: The password of every account ``make_user`` makes.
PASSWORD = "a-long-pass-phrase-9"


@pytest.fixture
def make_user(db):
    """``make_user("ann")``: an account named ann, with ``PASSWORD``."""

    def make(username):
        return UserFactory.create(username=username, password=PASSWORD)

    return make
