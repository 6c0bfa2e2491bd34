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


def test_a_list_in_a_sentence_is_joined_with_commas_and_a_last_word():
    from django.template import engines

    page = engines["django"].from_string(
        "{% load golf_numbers %}"
        "{% for n in names %}{{ n }}{{ forloop|separator }}{% endfor %}."
        " {% for n in names %}{{ n }}{{ forloop|separator:'or' }}{% endfor %}?"
    )
    assert page.render({"names": ["Ann", "Bob", "Cy"]}) == "Ann, Bob and Cy. Ann, Bob or Cy?"
    assert page.render({"names": ["Ann"]}) == "Ann. Ann?"
