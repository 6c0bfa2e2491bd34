"""The scoresheet's pages, one module per part: ``access`` (who may see a match),
``matches``, ``board``, ``holes``, ``exports``, and ``api`` (the JSON API)."""
