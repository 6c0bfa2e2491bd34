"""The site takes no files: a form post carrying one is refused before any of it is
stored. (Django limits the size of form fields with DATA_UPLOAD_MAX_MEMORY_SIZE, but
not of uploaded files, which it would otherwise spool to disk, however large.)"""

from __future__ import annotations

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
