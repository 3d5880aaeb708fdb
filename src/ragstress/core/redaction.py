"""Secrets out of text before it is printed or written: one rule for every URL and message the tool records."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

REDACTED = "[redacted]"
_SECRET_QUERY_KEY = re.compile(r"key|token|secret|pass|auth|sig|cred", re.IGNORECASE)
# Anything shaped like a key (sk-..., key_..., token-...) is hidden even when it is not the key configured here.
_KEYLIKE = re.compile(r"\b(sk|key|token)[-_][A-Za-z0-9*._-]{4,}", re.IGNORECASE)
# A key shorter than this is not searched for in text: "x" or "abc" would blank out letters of every
# word that holds them ("te[redacted]t"), and a key that short protects nothing a message could leak.
MIN_SECRET_CHARS = 8
# A key counts only as a whole token: not glued to letters, digits or underscores on either side.
# ASCII only, so a key written next to Chinese text (no spaces there) is still found.
_TOKEN_EDGE = "A-Za-z0-9_"


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


def redact_secret(text: str, secret: str | None) -> str:
    """`text` with the key `secret` (where it stands as a token) and anything key-shaped replaced.

    A key of fewer than MIN_SECRET_CHARS characters is left to the key-shaped rule alone.
    """
    if secret and len(secret) >= MIN_SECRET_CHARS:
        token = re.compile(f"(?<![{_TOKEN_EDGE}]){re.escape(secret)}(?![{_TOKEN_EDGE}])")
        text = token.sub(REDACTED, text)
    return _KEYLIKE.sub(REDACTED, text)
