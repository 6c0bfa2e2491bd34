"""A match taken away: its score card as CSV, and as a paper card to print."""

from __future__ import annotations

import csv

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from golfsite.offline import keep_offline
from scoring import selectors
from scoring.engine import RuleSet
from scoring.engine.match import dealer_for_hole
from scoring.spreadsheets import csv_download, spreadsheet_safe
from scoring.views.access import (
    match_for_request,
)

#: The match's CSV: a row per player per hole, for a spreadsheet to filter.
CSV_HEADER = [
    "Hole",
    "Seat",
    "Player",
    "Cards",
    "Score",
    "Went out",
    "Won hole",
    "Running total",
    "Total",
    "Place",
    "Rules",
]


@never_cache
@require_safe
def match_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The score card as CSV: a row per player per hole, with the cards (empty for a
    hole entered as totals), who went out and won it, the running total, the final
    (or so far) total and place, and the rules the hole was played under."""
    match = match_for_request(request, pk)
    board = selectors.match_board(match=match)
    holes = selectors.hole_sheets(match=match)
    outlines: dict[int, str] = {}
    response = csv_download(f"golf-match-{match.pk}.csv")
    writer = csv.writer(response)
    writer.writerow(CSV_HEADER)
    for index, number in enumerate(board.hole_numbers):
        hole = holes[number]
        if number not in outlines:
            outlines[number] = "; ".join(RuleSet.from_dict(hole.rules).outline())
        for row in board.rows:
            cell = row.cells[index]
            line = [
                number,
                row.player.seat + 1,
                row.player.name,
                hole.grids.get(row.player.seat, ""),
                cell.score,
                "yes" if cell.went_out else "",
                "yes" if cell.won else "",
                row.running[index],
                row.total,
                row.place,
                outlines[number],
            ]
            writer.writerow([spreadsheet_safe(value) for value in line])
    return response


@keep_offline
@require_safe
def match_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The match as a paper score card: every hole still to play or played (a match
    ended early stops at its last), who dealt it, the totals."""
    match = match_for_request(request, pk)
    board = selectors.match_board(match=match)
    count = len(board.players)
    last = board.holes_played if match.is_finished else match.holes_planned
    # Each dealer by their whole name: the card writes it up the column, as much
    # of it as fits.
    holes = [
        {"number": n, "dealer": board.players[dealer_for_hole(match.first_dealer, n, count)].name}
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
