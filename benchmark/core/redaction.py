"""Secrets out of URLs before they are printed or written: one rule for every URL the tool records."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

REDACTED = "[redacted]"
_SECRET_QUERY_KEY = re.compile(r"key|token|secret|pass|auth|sig|cred", re.IGNORECASE)


def redact_url(url: str) -> str:
    """The URL without a password and without the values of secret-looking query parameters."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if parts.password is not None:
        netloc = netloc.replace(f":{parts.password}@", f":{REDACTED}@")
    elif parts.username is not None:  # a bare token as the user name (https://TOKEN@host/)
        netloc = netloc.replace(f"{parts.username}@", f"{REDACTED}@")
    if not parts.query:
        return urlunsplit(parts._replace(netloc=netloc))
    query = [
        (k, REDACTED if _SECRET_QUERY_KEY.search(k) else v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
    ]
    return urlunsplit(parts._replace(netloc=netloc, query=urlencode(query, safe="[]")))
