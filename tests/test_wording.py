"""``golfsite.wording``: an engine message shown on its own reads as a sentence."""

from golfsite.wording import sentence


def test_a_message_becomes_a_sentence_once():
    assert sentence("card 3 of row 1 is empty") == "Card 3 of row 1 is empty."
    assert sentence("Hole 2 saved.") == "Hole 2 saved."
    assert sentence("−4 is not a total here") == "−4 is not a total here."
