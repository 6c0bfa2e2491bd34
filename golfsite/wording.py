"""Messages as every page shows them. The engine and the services word their
messages to be read inside a sentence ("card 3 of row 1 is empty"); a page that
shows one on its own line makes it a sentence of its own."""

from __future__ import annotations


def sentence(message: str) -> str:
    """``message`` with a capital first letter and a closing full stop: "card 3 of
    row 1 is empty" reads "Card 3 of row 1 is empty."."""
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
