"""What the scoresheet tells the rest of the site about changes it makes."""

from django.dispatch import Signal

#: Sent with ``match`` when deleting the last hole of a finished match opens it again:
#: its results no longer count among the finished matches (statistics, leaders).
match_reopened = Signal()
