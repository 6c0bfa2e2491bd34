"""A match taken away: its score card as CSV, and as a paper card to print."""

from __future__ import annotations

import csv

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from golfsite.wording import short_names
from scoring import selectors
from scoring.engine.match import dealer_for_hole
from scoring.spreadsheets import csv_download, spreadsheet_safe
from scoring.views.access import (
    match_for_request,
)


@never_cache
@require_safe
def match_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The score card as CSV: a row per player, a column per hole, then the total."""
    match = match_for_request(request, pk)
    board = selectors.match_board(match=match)
    response = csv_download(f"golf-match-{match.pk}.csv")
    writer = csv.writer(response)
    writer.writerow(
        ["Player", *[f"Hole {number}" for number in board.hole_numbers], "Total", "Place"]
    )
    for row in board.rows:
        writer.writerow(
            [spreadsheet_safe(row.player.name), *[c.score for c in row.cells], row.total, row.place]
        )
    return response


@require_safe
def match_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The match as a paper score card: every hole still to play or played (a match
    ended early stops at its last), who dealt it, the totals."""
    match = match_for_request(request, pk)
    board = selectors.match_board(match=match)
    count = len(board.players)
    last = board.holes_played if match.is_finished else match.holes_planned
    # The dealers' row is narrow: each name as short as still tells it apart.
    shorts = short_names([player.name for player in board.players])
    holes = [
        {
            "number": n,
            "dealer": shorts[board.players[dealer_for_hole(match.first_dealer, n, count)].name],
        }
        for n in range(1, last + 1)
    ]
    rows = [
        {"row": row, "cells": [c.score for c in row.cells] + [None] * (last - len(row.cells))}
        for row in board.rows
    ]
    return render(
        request,
        "scoring/match_print.html",
        {"match": match, "board": board, "holes": holes, "rows": rows, "rules": match.rule_set},
    )
