"""The site takes no files: a form post carrying one is refused before any of it is
stored. (Django limits the size of form fields with DATA_UPLOAD_MAX_MEMORY_SIZE, but
not of uploaded files, which it would otherwise spool to disk, however large.)"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler


class NoFileUploads(FileUploadHandler):
    """Refuses the first file of a multipart body; Django answers with the 400 page."""

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        raise RequestDataTooBig("This site does not accept file uploads.")

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        return None  # pragma: no cover - new_file has already refused

    def file_complete(self, file_size: int) -> None:
        return None  # pragma: no cover


class OneLineRefusal(logging.Filter):
    """A request refused for its size as one warning line, "POST /path refused: why".

    Django logs each as an error with the traceback of where the body was read: a
    visitor's oversized form, not a fault of the site, and a flood of them would
    bury the real errors. Attached to Django's loggers of those refusals in settings.LOGGING."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if request is not None:
            why = record.getMessage()
            record.msg = "%s %s refused (400): %s"
            record.args = (request.method, request.path, why)
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
