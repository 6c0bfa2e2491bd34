"""The group pages, one module per part: ``groups`` (the list and a group's page),
``members`` (roster, members and invitations), ``matches`` (history, starting a
match, moving one in), ``players`` (statistics and ratings) and ``exports``;
``common`` holds what they share."""
