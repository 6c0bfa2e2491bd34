"""Reading numbers out of query strings and forms, where anything may be typed."""


def int_param(value: object) -> int:
    """``value`` as a whole number, or 0 for anything else (missing, a word, a
    made-up link): no id is 0, so 0 finds nothing."""
    try:
        return int(str(value))
    except ValueError:
        return 0
