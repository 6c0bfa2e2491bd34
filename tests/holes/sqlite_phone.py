"""One "phone" for the SQLite stress test, run as its own process (like a gunicorn
worker): ``python -m tests.holes.sqlite_phone MATCH_ID PHONE SIGNALS``.

Once set up it leaves ``ready-PHONE`` in the directory SIGNALS and waits there for
``go``, so every phone starts at once however long each took to start.

It keeps saving the match's next hole through the service until the match is
finished, and prints one JSON line per attempt: what it sent and what it was told.
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from pathlib import Path


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "golfsite.settings")
    import django

    django.setup()
    from django.db import DatabaseError

    from scoring import services
    from scoring.models import Match

    match_id, phone, signals = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    (signals / f"ready-{phone}").touch()
    while not (signals / "go").exists():
        time.sleep(0.005)
    for turn in range(200):
        match = Match.objects.get(pk=match_id)
        if match.is_finished:
            break
        number = match.holes.count() + 1
        token = uuid.uuid4()
        totals = (phone, turn)
        entry = services.HoleEntry(kind="totals", totals=totals)
        try:
            services.hole_record(match=match, entry=entry, token=token, number=number)
        except (services.HoleConflict, services.HoleRejected, DatabaseError) as exc:
            told, accepted = str(exc), False
        else:
            told, accepted = "", True
        line = {"token": str(token), "number": number, "totals": totals}
        print(json.dumps({**line, "accepted": accepted, "told": told}), flush=True)


if __name__ == "__main__":
    main()
