"""``golfsite.wording``: an engine message shown on its own reads as a sentence."""

from golfsite.wording import sentence


def test_a_message_becomes_a_sentence_once():
    assert sentence("card 3 of row 1 is empty") == "Card 3 of row 1 is empty."
    assert sentence("Hole 2 saved.") == "Hole 2 saved."
    assert sentence("−4 is not a total here") == "−4 is not a total here."


def test_short_names_tell_every_player_apart():
    from golfsite.wording import short_names

    names = ["Ann", "Anna", "Annabel", "Cara", "Dmitri", "Carl", "bob", "Bobby"]
    shorts = short_names(names)
    assert shorts == {
        "Ann": "Ann",
        "Anna": "Anna",
        "Annabel": "Annab",
        "Cara": "Cara",
        "Dmitri": "Dmi",
        "Carl": "Carl",
        "bob": "bob",
        "Bobby": "Bobb",
    }
    # Never shorter than asked, nor longer than the name.
    assert short_names(["Al", "Alexander"]) == {"Al": "Al", "Alexander": "Ale"}
