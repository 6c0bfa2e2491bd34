"""Messages as every page shows them. The engine and the services word their
messages to be read inside a sentence ("card 3 of row 1 is empty"); a page that
shows one on its own line makes it a sentence of its own."""

from __future__ import annotations


def sentence(message: str) -> str:
    """``message`` with a capital first letter and a closing full stop: "card 3 of
    row 1 is empty" reads "Card 3 of row 1 is empty."."""
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")


def short_names(names: list[str], least: int = 3) -> dict[str, str]:
    """Each name cut as short as it can be, but no shorter than ``least`` letters,
    while it still tells its player from every other (whatever the case): for a
    narrow row of names, such as who deals each hole on the paper card. "Ann" and
    "Anna" stay whole; "Dmitri" beside "Cara" is "Dmi"."""
    folded = [name.casefold() for name in names]
    shorts: dict[str, str] = {}
    for name, key in zip(names, folded, strict=True):
        others = [other for other in folded if other != key]
        size = least
        while size < len(name) and any(other.startswith(key[:size]) for other in others):
            size += 1
        shorts[name] = name[:size]
    return shorts
