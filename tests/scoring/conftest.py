import uuid

import pytest

from scoring import services
from scoring.services import HoleEntry


@pytest.fixture
def save_hole():
    """Save the next hole of a match from grids (or totals) through the service."""

    def save(match, grids=None, totals=None, went_out=None, token=None):
        number = match.holes.count() + 1
        if totals is not None:
            entry = HoleEntry(kind="totals", totals=tuple(totals), went_out=went_out)
        else:
            entry = HoleEntry(kind="grids", grids=tuple(grids), went_out=went_out)
        return services.hole_record(
            match=match, entry=entry, token=token or uuid.uuid4(), number=number
        )

    return save
