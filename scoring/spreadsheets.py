"""CSV downloads a spreadsheet opens as they are meant: names with their accents,
and cells that it shows but never runs (formula injection)."""

from __future__ import annotations

from django.http import HttpResponse

#: What makes a spreadsheet read a cell as a formula (or a hidden control).
FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A cell a spreadsheet will show, never run: text starting = + - @ (or a tab or
    carriage return) gets a leading apostrophe. Numbers stay numbers."""
    if isinstance(value, str) and value[:1] in FORMULA_LEADS:
        return "'" + value
    return value


def csv_download(filename: str) -> HttpResponse:
    """An empty CSV download named ``filename``, to write the rows into. It opens
    with a byte-order mark: without one, Excel reads the file in the computer's old
    character set and "José" comes out as "JosÃ©". Other spreadsheets skip it."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    return response
