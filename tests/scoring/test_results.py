"""Each seat's stored results, summed from its scores (scoring/results.py): one
definition for the scoresheet and the import."""

from scoring.results import HoleResult, seat_results


def hole(score, pairs=0, out=False, knock=False):
    return HoleResult(score, pairs, out, knock)


def test_each_seat_sums_its_holes_and_ties_share_a_place():
    results = seat_results(
        [0, 1, 2],
        [
            (0, hole(5, pairs=1, out=True)),
            (1, hole(3)),
            (2, hole(9, knock=True)),
            (0, hole(-2, pairs=2)),
            (1, hole(0)),
            (2, hole(1)),
        ],
    )
    assert results[0] == {
        "total": 3,
        "place": 1,
        "holes_played": 2,
        "best_hole": -2,
        "worst_hole": 5,
        "pairs": 3,
        "times_out": 1,
        "knock_penalties": 0,
    }
    assert results[1]["total"] == 3 and results[1]["place"] == 1  # level: both first
    assert results[2]["place"] == 3
    assert results[2]["knock_penalties"] == 1


def test_before_the_first_hole_nobody_has_a_place_or_a_best_hole():
    results = seat_results([0, 1], [])
    assert results[0] == {
        "total": 0,
        "place": None,
        "holes_played": 0,
        "best_hole": None,
        "worst_hole": None,
        "pairs": 0,
        "times_out": 0,
        "knock_penalties": 0,
    }
