"""What the scoresheet tells the rest of the site about changes it makes."""

from django.dispatch import Signal

#: Sent by the services (``scoring.services``), inside the transaction that made the
#: change, with ``match`` and ``group_ids`` (the ids of the groups whose history holds
#: the match, or held it before a move by hand), when what a group's history and
#: statistics read of the match changed: it started, finished, was ended early,
#: opened again or deleted, a hole of it was corrected after it finished, or it was
#: edited by hand. Not sent for a hole saved before a match's end: histories read
#: matches in play afresh, and statistics count finished matches only.
match_results_changed = Signal()
