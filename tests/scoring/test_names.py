"""Names pasted from a message can carry what no one sees; a name is kept tidy, and
two names that look the same are one (``scoring.names``)."""

import pytest

from scoring.names import name_key, tidy_name

ZWSP = "\u200b"  # zero-width space
NBSP = "\u00a0"  # no-break space


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ann  ", "Ann"),
        (f"Ann{ZWSP}", "Ann"),
        (f"{ZWSP} Ann {ZWSP}", "Ann"),
        (f"Ann{NBSP} Lee", "Ann Lee"),
        (f"Ann {ZWSP} Lee", "Ann Lee"),
        ("\u202eAnn", "Ann"),  # a direction mark
        ("Jose\u0301", "José"),  # the accent typed apart from its letter
        (ZWSP, ""),
        (f" {ZWSP} {NBSP} ", ""),
        # Needed inside a word: Persian's zero-width non-joiner, an emoji's joiner.
        (
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
        ),
        ("\U0001f468\u200d\U0001f469", "\U0001f468\u200d\U0001f469"),
    ],
)
def test_a_name_is_kept_tidy(typed, kept):
    assert tidy_name(typed) == kept


@pytest.mark.parametrize(
    "other",
    ["ann", " ANN ", f"Ann{ZWSP}", f"A{ZWSP}nn", "\u202eANN"],
)
def test_names_that_look_the_same_are_one(other):
    assert name_key(other) == name_key("Ann")


def test_one_name_however_its_letters_are_made():
    assert name_key("Jose\u0301") == name_key("José") == name_key("JOSÉ")
    assert name_key("STRASSE") == name_key("Straße")
    assert name_key(f"Ann{NBSP}Lee") == name_key("ann  lee")


def test_different_names_stay_different():
    assert name_key("Ann") != name_key("Anna")
    assert name_key("Ann Lee") != name_key("AnnLee")
    assert name_key("Jose") != name_key("José")


#: Every bidirectional control: embeddings, overrides, isolates and marks.
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


@pytest.mark.parametrize("control", list(BIDI_CONTROLS), ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_keeps_no_bidirectional_control_anywhere(control):
    """A name "Bob" + RIGHT-TO-LEFT OVERRIDE + "evil" would show "live" and turn round the
    text after it on every page the name is on."""
    assert tidy_name(f"Bob{control}evil") == "Bobevil"
    assert tidy_name(f"Bob {control}evil{control}") == "Bob evil"
    assert name_key(f"Bob{control}evil") == name_key("Bobevil")


def test_a_right_to_left_name_keeps_its_letters():
    assert tidy_name("\u05d3\u05d5\u05d3 2") == "\u05d3\u05d5\u05d3 2"


def test_a_group_keeps_no_bidirectional_control_in_its_name(db):
    from groups import services
    from tests.groups.factories import UserFactory

    group = services.group_create(owner=UserFactory.create(), name="Friday\u202e golf")
    assert group.name == "Friday golf"
