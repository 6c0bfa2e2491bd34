"""Benchmarks and load tests of the site, kept apart from it: nothing in the apps
imports this package, and no test does. (It borrows the tests' eight-player table,
``tests.tables``, which needs no Django.)

- ``__main__``: `python -m bench` (what `make bench`, `make loadtest` and `make audit`
  run), the engine's figures and the table.
- ``measure``: one database's run, in its own process, on a throw-away database
  (``database``) and a gunicorn started as `make run` starts it (``server``).
- ``browser``: a phone's browser over HTTP: cookies, forms, a stopwatch.
- ``play``: a match played through the forms; ``room``: a busy card room, with
  ``seats``: a table of four phones each entering its own cards;
  ``stats``: the statistics pages of a group of 10,000 matches (``growth`` builds it).
- ``engine`` and ``peer``: the rules engine's cost, beside the peer engine's.
- ``audit``: Lighthouse on the key pages.
"""
