"""Players' and groups' names: how a typed name is tidied before it is kept, and
when two names are one.

A name pasted from a message can carry characters no one sees: a zero-width space
at its end, a no-break space between two words, an accented letter made of two
characters (an "e" and its accent) where a keyboard types one. Kept as they came,
"Ann" and "Ann" + a zero-width space would be two players with one name, and a
name of nothing visible would be a blank chip on the roster.
"""

from __future__ import annotations

import unicodedata

#: The characters that steer the direction of text (Unicode's Bidi_Control):
#: embeddings, overrides, isolates and marks. "Bob" + a right-to-left override +
#: "evil" would show as "Boblive" and turn round whatever follows it on the page, so
#: no name keeps one anywhere. (Pages isolate every name with <bdi> besides.)
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)


def _invisible(character: str) -> bool:
    """A space of any kind, or a character that only steers the text (a zero-width
    space or joiner, a direction mark): nothing of a name that can be seen."""
    return character.isspace() or unicodedata.category(character) == "Cf"


def tidy_name(name: str) -> str:
    """``name`` as it is kept: its letters composed (an accent with its letter), one
    plain space between its words, no direction control anywhere (``BIDI_CONTROLS``),
    and nothing invisible at either end. A name of
    nothing visible comes back empty. Invisible characters inside a word stay: some
    scripts need them (the zero-width non-joiner of Persian, the joiner of an emoji
    of a family)."""
    name = "".join(character for character in name if character not in BIDI_CONTROLS)
    words = unicodedata.normalize("NFC", name).split()
    # (A "word" of nothing visible between two spaces goes with its spaces.)
    text = " ".join(word for word in words if not all(map(_invisible, word)))
    start, end = 0, len(text)
    while start < end and _invisible(text[start]):
        start += 1
    while end > start and _invisible(text[end - 1]):
        end -= 1
    return text[start:end]


def name_key(name: str) -> str:
    """The form in which two names are one name: tidied, its case folded ("Ann",
    "ANN", "ann "; "Straße", "STRASSE"), without the characters no one sees, and
    composed again after folding. Never longer than three times the name."""
    seen = "".join(
        character for character in tidy_name(name) if unicodedata.category(character) != "Cf"
    )
    return " ".join(unicodedata.normalize("NFC", seen.casefold()).split())
